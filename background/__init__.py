"""Sending work off the request, by the task's name (so a service never imports the task module
that calls it back).

- A broker is configured: the task goes to the Celery workers once the transaction that made
  its rows has committed, so a worker always finds them.
- No broker (the embedded default): the task runs in a thread of this process after the
  commit, so a curator's request answers at once and the page's progress bar follows the work;
  ``wait=True`` (a command that prints the result) or ``LUDOTECA_TASKS_INLINE`` (the tests)
  runs it here and now instead.

Work sent to a thread is lost if the process is killed; what it was doing shows no sign of
life, and asking again starts it again (studies and replays both resume from what they
wrote). Work sent with a delay that is still waiting when the process ends normally (a
command that appended, then returned) runs before it exits.
"""

from __future__ import annotations

import atexit
import logging
import threading
from concurrent.futures import ThreadPoolExecutor
from importlib import import_module

from django.conf import settings
from django.db import close_old_connections, connections, transaction

logger = logging.getLogger(__name__)

_pool: ThreadPoolExecutor | None = None
_pool_lock = threading.Lock()
# Work sent while a task runs here (the next part of a chain) runs here too, right after it.
_here = threading.local()
# Delayed work still waiting, by its timer; whoever takes it out runs it (the timer, or the
# process's exit).
_waiting: dict[threading.Timer, tuple[str, tuple]] = {}


def send(task_name: str, *args, wait: bool = False, delay: float = 0) -> None:
    """Run the Celery task ``task_name`` with ``args``, where the configuration says;
    ``delay`` seconds after the commit at the earliest (not when it runs here and now)."""
    from config.celery import app

    if not settings.CELERY_TASK_ALWAYS_EAGER:
        transaction.on_commit(
            lambda: app.send_task(task_name, args=args, countdown=delay or None))
        return
    if wait or settings.LUDOTECA_TASKS_INLINE or getattr(_here, "running", False):
        _run_here(task_name, args)
        return
    if delay:
        transaction.on_commit(lambda: _submit_later(delay, task_name, args))
        return
    transaction.on_commit(lambda: _threads().submit(_run_in_thread, task_name, args))


def _submit_later(delay: float, task_name: str, args: tuple) -> None:
    def due() -> None:
        with _pool_lock:
            work = _waiting.pop(timer, None)
        if work is None:
            return  # the process's exit took it
        try:
            _threads().submit(_run_in_thread, task_name, args)
        except RuntimeError:  # the process is ending and its thread takes no more: the exit runs it
            with _pool_lock:
                _waiting[timer] = work

    timer = threading.Timer(delay, due)
    timer.daemon = True  # the exit does not wait for the delay: it runs the work at once
    with _pool_lock:
        _waiting[timer] = (task_name, args)
    timer.start()


def run_waiting_now() -> None:
    """Run here, now, the delayed work still waiting for its time (called at the process's
    exit, so that a command's last appends still get their head states kept)."""
    with _pool_lock:
        waiting = list(_waiting.items())
        _waiting.clear()
    for timer, (task_name, args) in waiting:
        timer.cancel()
        try:
            _run_here(task_name, args)
        except Exception:  # the task records its own failure; the others still run
            logger.exception("background task %s%r failed at exit", task_name, args)


def _run_here(task_name: str, args: tuple) -> None:
    outer = getattr(_here, "running", False)
    _here.running = True
    try:
        _task(task_name).apply(args=args, throw=True)
    finally:
        _here.running = outer


def _task(task_name: str):
    """The registered task, its module imported by name the first time (a worker imports
    every app's tasks at start; a web process only those it sends)."""
    from config.celery import app

    if task_name not in app.tasks:
        import_module(task_name.rpartition(".")[0])
    return app.tasks[task_name]


def _threads() -> ThreadPoolExecutor:
    """One thread: work runs in the order it was sent, and SQLite sees one writer from it."""
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ludoteca-background")
        return _pool


def _run_in_thread(task_name: str, args: tuple) -> None:
    close_old_connections()
    try:
        _run_here(task_name, args)
    except Exception:  # the task records its own failure; the thread must go on serving
        logger.exception("background task %s%r failed", task_name, args)
    finally:
        connections.close_all()


# At a normal exit, after the thread has finished what it was given (nothing waiting: a no-op).
atexit.register(run_waiting_now)
