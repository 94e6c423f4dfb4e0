"""Where reply audio goes. A Player says when each sample is heard, so latency counts real playout."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import numpy as np

AUDIBLE = 10 ** (-40 / 20)  # a sample louder than -40 dBFS counts as audible


def first_audible(samples: np.ndarray) -> int | None:
    idx = np.flatnonzero(np.abs(samples) > AUDIBLE)
    return int(idx[0]) if len(idx) else None


class Player(Protocol):
    def play(self, turn_id: int, samples: np.ndarray, rate: int) -> float:
        """Queue audio after what is already queued; return the wall time its first sample is heard."""
        ...

    def stop(self) -> int:
        """Stop at once, drop what is queued; return how many samples of the current turn were heard."""
        ...

    def pause(self) -> None:
        """Hold the queued audio (the user may be interrupting); `resume` plays it on, `stop` drops it."""
        ...

    def resume(self) -> None: ...

    def is_playing(self) -> bool:
        """Audio is playing or held by a pause."""
        ...


@dataclass
class _Segment:
    turn_id: int
    start_wall: float
    start_s: float  # on the input clock
    samples: np.ndarray
    rate: int


class VirtualPlayer:
    """A speaker that is always ready: for recorded input. Keeps the reply audio on the input's timeline."""

    def __init__(self, clock: Callable[[int, float], float]) -> None:
        self.clock = clock
        self.segments: list[_Segment] = []
        self._busy_until = 0.0
        self._held: list[tuple[int, np.ndarray, int]] = []  # (turn, samples, rate) not played when paused

    def play(self, turn_id: int, samples: np.ndarray, rate: int) -> float:
        """A reply's audio follows its own earlier audio, not another reply's: a reply is over when the sink says
        so (played out live; all queued in a replay faster than real time, whose next reply waited behind the
        last one's wall-clock playout, 3.4 s more on each turn of a three-turn `run --fast`)."""
        now = time.monotonic()
        start = max(now, self._busy_until) if self.segments and self.segments[-1].turn_id == turn_id else now
        self._busy_until = start + len(samples) / rate
        self.segments.append(_Segment(turn_id, start, self.clock(turn_id, start), samples, rate))
        return start

    def is_playing(self) -> bool:
        return bool(self._held) or time.monotonic() < self._busy_until

    def pause(self) -> None:
        now, kept = time.monotonic(), []
        for seg in self.segments:
            played = min(len(seg.samples), max(0, int((now - seg.start_wall) * seg.rate)))
            if played < len(seg.samples):
                self._held.append((seg.turn_id, seg.samples[played:], seg.rate))
            if played > 0:
                kept.append(_Segment(seg.turn_id, seg.start_wall, seg.start_s, seg.samples[:played], seg.rate))
        self.segments = kept
        self._busy_until = min(self._busy_until, now)

    def resume(self) -> None:
        held, self._held = self._held, []
        for turn_id, samples, rate in held:
            self.play(turn_id, samples, rate)

    def stop(self) -> int:
        now = time.monotonic()
        self._held = []
        if not self.segments:
            return 0
        turn = self.segments[-1].turn_id
        heard, kept = 0, []
        for seg in self.segments:
            n = len(seg.samples)
            played = min(n, max(0, int((now - seg.start_wall) * seg.rate)))
            if seg.turn_id == turn:
                heard += played
            if played > 0:
                kept.append(_Segment(seg.turn_id, seg.start_wall, seg.start_s, seg.samples[:played], seg.rate))
        self.segments = kept
        self._busy_until = min(self._busy_until, now)
        return heard

    def render(self, rate: int) -> np.ndarray:
        """The reply audio placed where it played on the input clock (silence elsewhere)."""
        if not self.segments:
            return np.zeros(0, np.float32)
        end = max(round(s.start_s * rate) + len(s.samples) for s in self.segments)
        out = np.zeros(end, np.float32)
        cursor = 0
        for s in self.segments:
            assert s.rate == rate, "one voice per session"
            i = max(round(s.start_s * rate), cursor)  # never overlap: push a late segment back
            if i + len(s.samples) > len(out):
                out = np.concatenate([out, np.zeros(i + len(s.samples) - len(out), np.float32)])
            out[i : i + len(s.samples)] = s.samples
            cursor = i + len(s.samples)
        return out
