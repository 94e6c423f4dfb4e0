"""Stopping asyncio tasks for certain, on Python 3.11.

Why: on 3.11 a cancellation can be lost. `asyncio.wait_for` returns the inner result, swallowing the
cancel, when the awaited thing completes in the same loop iteration (fixed in 3.12), which is common on a
loaded CPU where frames arrive in bursts. A task that lost its cancel runs on; whoever awaited it after one
`cancel()` waits for ever (the soak's two leaked sessions: a feed task blocked on a full queue). So: cancel
again until the tasks end, and wait with a bound where the caller must move on.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from typing import Any

RECANCEL_S = 0.2  # how long a cancelled task gets before it is cancelled again


async def cancel_and_wait(
    tasks: Iterable[asyncio.Future[Any]], timeout: float | None = None
) -> set[asyncio.Future[Any]]:
    """Cancel `tasks` (again every RECANCEL_S) until they end or `timeout` passes; returns those still running.

    A cancellation of the caller meanwhile is held until the tasks have ended, then raised: the caller's
    teardown is not cut short half way. Exceptions of the tasks are retrieved (and dropped)."""
    loop = asyncio.get_running_loop()
    deadline = None if timeout is None else loop.time() + timeout
    tasks = list(tasks)
    pending = {t for t in tasks if not t.done()}
    interrupted = False
    while pending:
        left = RECANCEL_S if deadline is None else min(RECANCEL_S, deadline - loop.time())
        if left <= 0:
            break
        for t in pending:
            t.cancel()
        try:
            await asyncio.wait(pending, timeout=left)
        except asyncio.CancelledError:
            interrupted = True
        pending = {t for t in pending if not t.done()}
    for t in tasks:
        if t.done() and not t.cancelled():
            t.exception()  # retrieved: no "exception was never retrieved" at exit
    if interrupted:
        raise asyncio.CancelledError
    return pending
