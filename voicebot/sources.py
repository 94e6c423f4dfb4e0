"""Audio sources: a recording replayed at real-time pace (or as fast as possible) as AudioIn frames."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator

import numpy as np

from voicebot.frames import AudioIn

RATE = 16000


async def replay(
    samples: np.ndarray,
    realtime: bool = True,
    chunk_ms: int = 20,
    trailing_silence_s: float = 1.5,
    t0: float | None = None,
) -> AsyncIterator[AudioIn]:
    """Yield 16 kHz chunks; in real time, chunk k is yielded when the wall clock reaches its end.

    Trailing silence is appended so that the VAD can end the last turn of a recording that stops
    right where speech stops.
    """
    audio = np.concatenate([samples.astype(np.float32), np.zeros(int(trailing_silence_s * RATE), np.float32)])
    step = RATE * chunk_ms // 1000
    t0 = time.monotonic() if t0 is None else t0
    for i in range(0, len(audio), step):
        chunk = audio[i : i + step]
        if realtime:
            delay = t0 + (i + len(chunk)) / RATE - time.monotonic()
            if delay > 0:
                await asyncio.sleep(delay)
        else:
            await asyncio.sleep(0)  # let the other stages run
        yield AudioIn(chunk, i / RATE)
