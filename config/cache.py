"""Django's Redis cache, asking each connection pool's client once.

Django's ``RedisCacheClient`` makes a new ``redis.Redis`` for every call, and its constructor
builds its table of reply parsers (about two hundred entries) each time: a step read from the
cache paid for that more than for the round trip. A client is thread-safe and each holds only
its pool, so one per pool is kept and reused.
"""

from __future__ import annotations

from django.core.cache.backends import redis as django_redis


class RedisCacheClient(django_redis.RedisCacheClient):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients = {}

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


class RedisCache(django_redis.RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = RedisCacheClient
