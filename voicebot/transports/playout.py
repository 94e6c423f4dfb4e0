"""A Player fed from the pull side: a sound card callback or a WebRTC track asks for the next n samples.

Because the consumer pulls at the real output clock, this player knows exactly which samples went out:
`play` predicts when a turn's first sample is heard from what is queued ahead of it, `stop` counts the
samples of the current turn that were really handed to the output, and the echo gate reads the level of
what was just played. Pull happens on the sound card's thread, so everything shared is under a lock.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from dataclasses import dataclass

import numpy as np

from audio.io import resample


@dataclass
class _Chunk:
    turn_id: int
    samples: np.ndarray  # at the output rate
    src_rate: int  # the rate the sink counts this turn's samples in
    src_len: int
    pos: int = 0  # samples already pulled


class PullPlayer:
    """Player protocol (voicebot.playback.Player) over a queue that an output clock drains.

    latency_s: time from a sample being pulled to it being heard (sound card buffer, network); it is
    added to the predicted first-audible time.
    """

    def __init__(self, rate: int, latency_s: float = 0.0, level_window_s: float = 0.3) -> None:
        self.rate = rate
        self.latency_s = latency_s
        self._lock = threading.Lock()
        self._queue: deque[_Chunk] = deque()
        self._queued = 0  # output samples not yet pulled
        self._turn: int | None = None  # the turn of the last chunk queued or pulled
        self._heard: dict[int, float] = {}  # turn -> samples pulled, in the turn's source rate
        self._play_end = 0.0  # wall time the output finishes the audio pulled so far (before latency)
        self._levels: deque[tuple[float, float]] = deque()  # (wall, rms) of recent pulls
        self._level_window_s = level_window_s
        self.stopped_at: float | None = None  # wall time the last stop() or pause() silenced playing audio
        self._paused = False

    # ---- Player protocol (event loop side) -------------------------------------------------------

    def play(self, turn_id: int, samples: np.ndarray, rate: int) -> float:
        out = resample(np.asarray(samples, np.float32), rate, self.rate)
        with self._lock:
            ahead = self._queued
            self._queue.append(_Chunk(turn_id, out, rate, len(samples)))
            self._queued += len(out)
            self._turn = turn_id
            now = time.monotonic()
            return max(now, self._play_end) + ahead / self.rate + self.latency_s

    def pause(self) -> None:
        with self._lock:
            if self._queued > 0 and not self._paused:
                self.stopped_at = time.monotonic()
            self._paused = True

    def resume(self) -> None:
        with self._lock:
            self._paused = False

    def stop(self) -> int:
        with self._lock:
            had_audio = self._queued > 0 and not self._paused  # a paused reply went silent at the pause
            self._paused = False
            self._queue.clear()
            self._queued = 0
            now = time.monotonic()
            if had_audio:
                self.stopped_at = now
            self._play_end = min(self._play_end, now)
            return int(self._heard.get(self._turn, 0)) if self._turn is not None else 0

    def is_playing(self) -> bool:
        with self._lock:
            return self._queued > 0 or time.monotonic() < self._play_end + self.latency_s

    # ---- output side (sound card thread or track task) -------------------------------------------

    def pull(self, n: int) -> np.ndarray:
        """The next n output samples; silence where nothing is queued."""
        out = np.zeros(n, np.float32)
        with self._lock:
            filled = 0
            while filled < n and self._queue and not self._paused:
                c = self._queue[0]
                k = min(n - filled, len(c.samples) - c.pos)
                out[filled : filled + k] = c.samples[c.pos : c.pos + k]
                c.pos += k
                filled += k
                self._queued -= k
                if c.turn_id != self._turn:  # only the current turn's count is ever asked for
                    self._heard = {c.turn_id: self._heard.get(c.turn_id, 0)}
                self._heard[c.turn_id] = self._heard.get(c.turn_id, 0) + k * c.src_len / len(c.samples)
                self._turn = c.turn_id
                if c.pos >= len(c.samples):
                    self._queue.popleft()
            now = time.monotonic()
            if filled:
                self._play_end = max(self._play_end, now) + filled / self.rate
            self._levels.append((now, float(np.sqrt(np.mean(out**2))) if n else 0.0))
            while self._levels and self._levels[0][0] < now - self._level_window_s - self.latency_s:
                self._levels.popleft()
        return out

    def recent_level(self) -> float:
        """Peak RMS of what was played during the last window (the reference for the echo gate)."""
        with self._lock:
            return max((lvl for _, lvl in self._levels), default=0.0)

    def audible_until(self) -> float:
        """Wall time the last sample handed to the output is heard (in the past when idle)."""
        with self._lock:
            return self._play_end + self.latency_s
