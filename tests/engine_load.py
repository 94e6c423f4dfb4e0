"""A real engine with every batch slot taken: long requests from another caller, for overload tests."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from engine import Engine, SamplingParams


@asynccontextmanager
async def engine_full(engine: Engine, max_tokens: int) -> AsyncIterator[list[asyncio.Task[None]]]:
    """Fill every batch slot with a long request (yields their tasks once all run); cancelled on exit."""

    async def hog() -> None:
        ids = engine.tokenizer.encode_chat([{"role": "user", "content": "Count to a thousand."}])
        async for _ in engine.generate_ids(ids, SamplingParams(max_tokens=max_tokens, ignore_eos=True)):
            pass

    hogs = [asyncio.create_task(hog()) for _ in range(engine.options.max_batch)]
    try:
        deadline = time.monotonic() + 30
        while engine.stats()["running"] < engine.options.max_batch:
            assert time.monotonic() < deadline, "timed out waiting for the engine to fill"
            await asyncio.sleep(0.01)
        yield hogs
    finally:
        for t in hogs:
            t.cancel()
        await asyncio.gather(*hogs, return_exceptions=True)
