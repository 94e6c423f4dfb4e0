"""Who has the CPU: urgent work on the live turn's path outranks background LLM engine steps.

Why: on 2 cores the engine (2 threads), Whisper (2 threads) and Piper share the same cores, and running
them at once makes each slower than running them one after the other (threads of one runtime wait on
each other at every barrier while the other runtime holds the core). Seen on 2 AVX2 cores: the ASR pass
at a pause took 210 ms next to a 6-token warm-up prefill (107 ms) instead of ~110 ms alone.

- `asr.pause_priority`: the ASR's pass at a pause (what the end-of-turn decision waits for) holds the CPU
  exclusively: it starts once the engine step under way is done, and no new step starts until it is over.
- `tts.first_audio_priority` (on): a reply's first phrase holds it exclusively and is synthesized on
  more threads (`tts.first_threads`); decoding the rest of the reply can wait, the listener cannot.
  Measured on 2 AVX2 cores: the first phrase's audio took 193-340 ms beside decoding steps, ~100 ms alone.

`asr.pause_priority` is off: two A/B pairs of the voice-to-voice bench on 2 AVX2 cores showed no gain.

A step need not run to its end first: the engine calls `pause_point` between its layers, so exclusive urgent
work gets the cores within one layer (~3 ms for the 0.5B model on 2 AVX2 cores) instead of the rest of a
step (a decode step is ~70 ms there; the first phrase is ready just as the next step has begun).

Background steps never wait longer than `max_wait_s`, so urgent work that is stuck (or a stream of it from
many sessions) cannot stall the other sessions' replies.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager


class CpuPriority:
    def __init__(self, max_wait_s: float = 0.5) -> None:
        self.max_wait_s = max_wait_s
        self._cond = threading.Condition()
        self._holders = 0
        self._stepping = False
        self._step_waited = 0.0  # how long the step under way has waited so far (the cap is per step)

    @contextmanager
    def hold(self, exclusive: bool = False) -> Iterator[None]:
        """Urgent work runs inside: background steps wait until it is done. exclusive: first let the step
        under way finish (at most `max_wait_s`), so the two never share the cores."""
        with self._cond:
            self._holders += 1
            if exclusive:
                self._cond.wait_for(lambda: not self._stepping, self.max_wait_s)
        try:
            yield
        finally:
            with self._cond:
                self._holders -= 1
                if not self._holders:
                    self._cond.notify_all()

    @contextmanager
    def step(self) -> Iterator[None]:
        """Background work (each engine step) runs inside, once no urgent work is held (or after
        `max_wait_s`)."""
        with self._cond:
            t0 = time.monotonic()
            self._cond.wait_for(lambda: not self._holders, self.max_wait_s)
            self._stepping, self._step_waited = True, time.monotonic() - t0
        try:
            yield
        finally:
            with self._cond:
                self._stepping = False
                self._cond.notify_all()

    def pause_point(self) -> None:
        """Called by a step between its parts (engine layers): if urgent work is waiting, the step pauses
        here until it is done. A step waits at most `max_wait_s` in all, before it and inside it."""
        if not self._holders:  # the common case: one unlocked read
            return
        with self._cond:
            left = self.max_wait_s - self._step_waited
            if not self._holders or left <= 0:
                return
            t0 = time.monotonic()
            self._stepping = False
            self._cond.notify_all()
            self._cond.wait_for(lambda: not self._holders, left)
            self._stepping = True
            self._step_waited += time.monotonic() - t0
