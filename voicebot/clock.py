"""The input clock: seconds of user audio seen. Turn-taking waits on it, not on the wall clock.

The turn-taking stage advances it from the VAD's `Tick` frames, which arrive in order with the speech
events, so a timer never fires before an event that came earlier in the input. In real time the input
and wall clocks advance together; replaying a recording faster than real time (`--fast`), only the
input clock gives a silence its true length. In that mode turn-taking also `hold`s the input while it
thinks (an end-of-turn score, a reply being made): the VAD waits (`released`) before each chunk, as if
thinking took no time, so the turn is decided and answered as it would be live, only sooner.
"""

from __future__ import annotations

import asyncio
import contextlib


class InputClock:
    def __init__(self, realtime: bool = True) -> None:
        self.realtime = realtime
        self.now_s = 0.0
        self.end_s = float("inf")  # where the input stopped, once it has
        self._waiters: list[tuple[float, asyncio.Future[None]]] = []
        self._holds: set[object] = set()
        self._released = asyncio.Event()
        self._released.set()

    async def released(self) -> None:
        """Returns when no hold is on (at once in real time)."""
        await self._released.wait()

    async def advance(self, t_s: float) -> None:
        """The input up to t_s has been seen: wake the waits that are due."""
        if t_s == float("inf"):
            self.end()
            return
        self.now_s = max(self.now_s, t_s)
        due = [f for t, f in self._waiters if t <= self.now_s]
        self._waiters = [(t, f) for t, f in self._waiters if t > self.now_s]
        for f in due:
            if not f.done():
                f.set_result(None)
        if due:
            await asyncio.sleep(0)  # let the woken stage act before more input is fed

    def end(self) -> None:
        """The input is over: every wait ends now and nothing is held back any more."""
        self.end_s = min(self.end_s, self.now_s)
        self.now_s = float("inf")
        for _, f in self._waiters:
            if not f.done():
                f.set_result(None)
        self._waiters = []
        self._holds.clear()
        self._released.set()

    async def wait_until(self, t_s: float) -> None:
        if self.now_s >= t_s:
            return
        f: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiters.append((t_s, f))
        try:
            await f
        finally:
            with contextlib.suppress(ValueError):
                self._waiters.remove((t_s, f))

    def hold(self, key: object) -> None:
        """Stop the input from advancing until `release(key)` (faster-than-real-time replay only)."""
        if not self.realtime and self.now_s != float("inf"):
            self._holds.add(key)
            self._released.clear()

    def release(self, key: object) -> None:
        self._holds.discard(key)
        if not self._holds:
            self._released.set()
