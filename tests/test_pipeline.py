"""The stage runner: order, end of stream, back-pressure, and interruption flushing a turn."""

import asyncio
from collections.abc import AsyncIterator

from voicebot import frames as fr
from voicebot.pipeline import Pipeline, Stage


class Upper(Stage):
    """Turns each LLMText into upper case, slowly, so frames queue up behind it."""

    name = "upper"

    def __init__(self, delay: float = 0.0) -> None:
        super().__init__()
        self.delay = delay
        self.interrupted: list[int] = []
        self.finished = False

    async def handle(self, frame: fr.Frame) -> None:
        if isinstance(frame, fr.LLMText):
            await asyncio.sleep(self.delay)
            await self.emit(fr.LLMText(frame.turn_id, frame.text.upper()))

    def interrupt(self, turn_id: int) -> None:
        self.interrupted.append(turn_id)

    async def finish(self) -> None:
        self.finished = True


class Collect(Stage):
    name = "collect"

    def __init__(self) -> None:
        super().__init__()
        self.got: list[fr.Frame] = []

    async def handle(self, frame: fr.Frame) -> None:
        self.got.append(frame)


async def _source(frames: list[fr.Frame]) -> AsyncIterator[fr.Frame]:
    for f in frames:
        yield f


async def test_frames_flow_in_order_and_every_stage_finishes() -> None:
    seen: list[fr.Frame] = []
    up, out = Upper(), Collect()
    pipe = Pipeline([up, out], on_frame=lambda f, wall: seen.append(f), maxsize=2)
    await pipe.run(_source([fr.LLMText(1, w) for w in ["a", "b", "c", "d", "e"]]))
    assert [f.text for f in out.got] == ["A", "B", "C", "D", "E"]  # type: ignore[attr-defined]
    assert up.finished
    assert [f.text for f in seen] == ["A", "B", "C", "D", "E"]  # type: ignore[attr-defined]


async def test_interrupt_drops_queued_frames_of_that_turn_only() -> None:
    up, out = Upper(delay=0.02), Collect()
    pipe = Pipeline([up, out])
    frames = [fr.LLMText(1, f"x{i}") for i in range(10)] + [fr.LLMText(2, "keep")]

    async def interrupt_soon() -> None:  # once some of turn 1 got through: an event, not a sleep
        async with asyncio.timeout(10):
            while not out.got:
                await asyncio.sleep(0.001)
        pipe.interrupt(1)

    await asyncio.gather(pipe.run(_source(frames)), interrupt_soon())
    texts = [f.text for f in out.got]  # type: ignore[attr-defined]
    assert texts[-1] == "KEEP"
    assert 0 < len(texts) - 1 < 10, texts  # some of turn 1 got through before the interruption, not all
    assert up.interrupted == [1]


async def test_a_failing_stage_stops_the_pipeline_with_its_error() -> None:
    class Boom(Stage):
        async def handle(self, frame: fr.Frame) -> None:
            raise RuntimeError("boom")

    pipe = Pipeline([Boom(), Collect()])
    try:
        await asyncio.wait_for(pipe.run(_source([fr.LLMText(1, "a")])), 5)
    except RuntimeError as e:
        assert str(e) == "boom"
    else:
        raise AssertionError("the error was swallowed")


async def test_a_cancelled_pipeline_ends_even_when_its_source_swallows_the_cancel() -> None:
    """On Python 3.11 `asyncio.wait_for` inside a source can lose a cancel (voicebot/tasks.py): the source
    runs on into a full queue whose stage is gone. The pipeline must still end (the soak's leaked sessions)."""

    async def deaf_source() -> AsyncIterator[fr.Frame]:
        deaf = True
        for i in range(1000):  # more than the queue holds
            try:
                await asyncio.sleep(0.001)
            except asyncio.CancelledError:
                if not deaf:
                    raise
                deaf = False  # the first cancel is lost, as wait_for loses it
            yield fr.LLMText(1, f"x{i}")

    pipe = Pipeline([Upper(delay=0.01), Collect()], maxsize=4)
    run = asyncio.create_task(pipe.run(deaf_source()))
    await asyncio.sleep(0.05)
    run.cancel()
    done, _ = await asyncio.wait({run}, timeout=3)
    assert run in done and run.cancelled()


class SlowClock(Stage):
    """Advances the input clock past each chunk only when allowed to: a stage that cannot keep up."""

    name = "slow"

    def __init__(self) -> None:
        super().__init__()
        self.go = asyncio.Event()

    async def handle(self, frame: fr.Frame) -> None:
        if isinstance(frame, fr.AudioIn):
            await self.go.wait()
            await self.clock.advance(frame.t_s + len(frame.samples) / 16000)


async def test_backlog_is_the_audio_taken_in_that_the_stages_have_not_reached() -> None:
    import numpy as np

    slow = SlowClock()
    pipe = Pipeline([slow, Collect()], maxsize=100)
    chunks = [fr.AudioIn(np.zeros(320, np.float32), 0.02 * i) for i in range(50)]  # 1 s of audio
    run = asyncio.create_task(pipe.run(_source(chunks)))
    for _ in range(100):
        await asyncio.sleep(0)
    assert 0.97 <= pipe.backlog_s() <= 0.99  # all fed, none processed: a second behind
    slow.go.set()
    await run
    assert pipe.backlog_s() == 0.0  # caught up, and the input is over
