"""First audio first: on a few cores, the live turn's first phrase of speech outranks LLM decoding.

Why: with 2 cores, Piper synthesizing the first phrase (1 thread) and the engine decoding the rest of the
reply (2 threads) slow each other down, and the user waits for that first phrase. While a first phrase is
being synthesized, the engine thread waits before its next step (never longer than `max_wait_s`, so a
stuck synthesis cannot stall other sessions' replies). The rest of the reply catches up while the first
phrase plays.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager


class FirstAudioPriority:
    def __init__(self, max_wait_s: float = 0.5) -> None:
        self.max_wait_s = max_wait_s
        self._lock = threading.Lock()
        self._holders = 0
        self._clear = threading.Event()
        self._clear.set()

    @contextmanager
    def hold(self) -> Iterator[None]:
        """Urgent work runs inside: background steps wait until it is done."""
        with self._lock:
            self._holders += 1
            self._clear.clear()
        try:
            yield
        finally:
            with self._lock:
                self._holders -= 1
                if not self._holders:
                    self._clear.set()

    def wait(self) -> None:
        """Called by background work (the engine thread) before each step."""
        self._clear.wait(self.max_wait_s)
