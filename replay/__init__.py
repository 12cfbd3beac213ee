"""Matches and their replays, by job:

- ``log``: matches and their append-only event logs (creating, appending, notes, the
  database guards, the interchange format, backups);
- ``runs``: a log replayed through its engine under one reading (replaying, steps read back,
  head states, comparisons, engine changes, samples);
- ``reading``: who may read, what the pages read, the caches, and the reading pages;
- ``recorder``: recording a match move by move;
- ``variations``: what-if branches and lines of play;
- ``api``: the JSON twin of all of it.

``models`` is the app's schema; ``tasks`` its Celery tasks; ``urls`` its pages.
"""
