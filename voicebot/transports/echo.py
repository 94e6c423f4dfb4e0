"""Keep the bot's own voice, coming back through the microphone, from triggering barge-in or the ASR.

Strategies (config `echo.strategy`):
- `none`: headphones, or a browser/OS echo canceller already removed it.
- `half_duplex`: the microphone is muted while the reply plays (plus a short tail); no voice barge-in.
- `gate`: while the reply plays, mic audio passes only when its level clearly exceeds the expected echo,
  i.e. the level just played times the speaker→mic coupling (`echo_gain_db`) plus `margin_db`. A user
  talking over the bot opens the gate (and barges in); the bot's echo alone does not.
Muted audio is replaced by silence, not dropped, so the input clock keeps running.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterable, AsyncIterator
from dataclasses import dataclass
from typing import Literal

import numpy as np

from voicebot.frames import AudioIn
from voicebot.transports.playout import PullPlayer

Strategy = Literal["none", "half_duplex", "gate"]


@dataclass(frozen=True)
class EchoOptions:
    strategy: Strategy = "gate"
    margin_db: float = 10.0  # how far above the expected echo the mic must be to count as the user
    echo_gain_db: float = -10.0  # expected echo level relative to the played level (laptop speaker → mic)
    floor_db: float = -50.0  # the gate never opens below this mic level during playback
    tail_ms: int = 250  # after playback ends, room reverb and device buffers still carry echo
    hold_ms: int = 400  # once open, the gate stays open this long after the level drops


def _db_to_amp(db: float) -> float:
    return float(10 ** (db / 20))


class EchoGate:
    def __init__(self, opts: EchoOptions, player: PullPlayer) -> None:
        self.opts = opts
        self.player = player
        self._open_until = -1e9
        self.muted_s = 0.0  # seconds of mic audio muted (for logs and tests)

    def _echo_expected(self, now: float) -> bool:
        return self.player.is_playing() or now < self.player.audible_until() + self.opts.tail_ms / 1000

    def process(self, samples: np.ndarray) -> np.ndarray:
        if self.opts.strategy == "none":
            return samples
        now = time.monotonic()
        if not self._echo_expected(now):
            return samples
        if self.opts.strategy == "gate":
            level = float(np.sqrt(np.mean(samples**2))) if len(samples) else 0.0
            threshold = max(
                self.player.recent_level() * _db_to_amp(self.opts.echo_gain_db + self.opts.margin_db),
                _db_to_amp(self.opts.floor_db),
            )
            if level > threshold:
                self._open_until = now + self.opts.hold_ms / 1000
            if now < self._open_until:
                return samples
        self.muted_s += len(samples) / 16000
        return np.zeros_like(samples)


async def gated(source: AsyncIterable[AudioIn], gate: EchoGate) -> AsyncIterator[AudioIn]:
    """The source with echo muted according to the gate's strategy."""
    async for frame in source:
        yield AudioIn(gate.process(frame.samples), frame.t_s)
