"""Stages joined by bounded queues, each stage an asyncio task; an interruption flushes a turn everywhere.

A stage only sees frames sent to it and emits what the next stage needs. Control frames (an interrupt,
a pause) skip the queues and reach every later stage at once; upstream frames (what was heard) go back
to every earlier stage. The observer sees every frame as it is sent, so latency is measured from outside
the stages. All stages share one input clock (voicebot/clock.py).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterable, Callable

from voicebot import frames as fr
from voicebot.clock import InputClock
from voicebot.tasks import cancel_and_wait


class Stage:
    """A pipeline stage. Subclasses override `handle`, and `finish`/`interrupt` if they keep work in flight.

    `handle` may await long work (an LLM reply, a TTS phrase): frames wait in the bounded inbox, which is
    the back-pressure. Blocking model calls go to the stage's own worker thread, never the event loop.
    """

    name = "stage"
    wants_upstream = False  # upstream frames (what the listener heard) reach only stages that ask

    def __init__(self) -> None:
        self._emit: Callable[[fr.Frame], asyncio.Future | None] | None = None
        self._pipeline: Pipeline | None = None

    async def start(self) -> None:
        """Load models etc. before the first frame."""

    async def handle(self, frame: fr.Frame) -> None:
        raise NotImplementedError

    async def finish(self) -> None:
        """End of stream: complete in-flight work before EndOfStream moves on."""

    def interrupt(self, turn_id: int) -> None:
        """Cancel work of `turn_id` (barge-in); must not block."""

    def control(self, frame: fr.Control) -> None:
        """A control frame from an earlier stage; must not block. By default an Interrupt cancels the turn."""
        if isinstance(frame, fr.Interrupt):
            self.interrupt(frame.turn_id)

    async def close(self) -> None:
        """Release resources (threads, models)."""

    async def emit(self, frame: fr.Frame) -> None:
        assert self._pipeline is not None, "stage is not part of a running pipeline"
        await self._pipeline._send(self, frame)

    @property
    def clock(self) -> InputClock:
        assert self._pipeline is not None, "stage is not part of a running pipeline"
        return self._pipeline.clock


class Pipeline:
    def __init__(
        self,
        stages: list[Stage],
        on_frame: Callable[[fr.Frame, float], None] | None = None,
        maxsize: int = 256,
        clock: InputClock | None = None,
    ) -> None:
        self.stages = stages
        self.on_frame = on_frame
        self.clock = clock or InputClock()
        self.fed_s = 0.0  # input time of the latest audio taken from the source
        self._queues: list[asyncio.Queue[fr.Frame]] = [asyncio.Queue(maxsize) for _ in stages]
        self._index = {id(s): i for i, s in enumerate(stages)}
        # turn id -> index of the stage that cancelled it: only frames that stage and later ones send are
        # dropped (earlier stages number their own segments, which may share the id)
        self.cancelled_turns: dict[int, int] = {}
        for s in stages:
            s._pipeline = self

    def _is_cancelled(self, frame: fr.Frame, sender: int) -> bool:
        """`sender`: index of the stage that sent the frame (-1: the source)."""
        return isinstance(frame, fr.TurnFrame) and sender >= self.cancelled_turns.get(frame.turn_id, len(self.stages))

    async def _send(self, stage: Stage, frame: fr.Frame) -> None:
        """Called by `stage.emit`: a data frame goes to the next stage's inbox (the last stage's go nowhere)."""
        i = self._index[id(stage)]
        if self._is_cancelled(frame, i):
            return
        if self.on_frame is not None:
            self.on_frame(frame, time.monotonic())
        if isinstance(frame, fr.Control):
            if isinstance(frame, fr.Interrupt):
                self._flush(frame.turn_id, i)
            for later in self.stages[i + 1 :]:
                later.control(frame)
        elif isinstance(frame, fr.Upstream):
            for earlier, q in zip(self.stages[:i], self._queues[:i], strict=True):
                if earlier.wants_upstream:
                    await q.put(frame)
        elif i + 1 < len(self._queues):
            await self._queues[i + 1].put(frame)

    async def _feed(self, source: AsyncIterable[fr.Frame]) -> None:
        async for frame in source:
            if isinstance(frame, fr.AudioIn):
                self.fed_s = frame.t_s
            await self._queues[0].put(frame)
        await self._queues[0].put(fr.EndOfStream())  # only at the source's end: a cancelled feed ends no stage

    async def _run_stage(self, i: int) -> None:
        stage, inbox = self.stages[i], self._queues[i]
        while True:
            frame = await inbox.get()
            if isinstance(frame, fr.EndOfStream):
                await stage.finish()
                if i + 1 < len(self._queues):
                    await self._queues[i + 1].put(frame)
                return
            if not self._is_cancelled(frame, i - 1):
                await stage.handle(frame)

    async def start(self) -> None:
        for s in self.stages:
            await s.start()

    async def run(self, source: AsyncIterable[fr.Frame]) -> None:
        """Run until the source is exhausted and every stage has finished its work."""
        tasks = [asyncio.create_task(self._feed(source), name="feed")]
        tasks += [asyncio.create_task(self._run_stage(i), name=s.name) for i, s in enumerate(self.stages)]
        try:
            # The first failure cancels the rest; the normal end is every task done.
            done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_EXCEPTION)
            for t in done:
                if t.exception() is not None:
                    raise t.exception()  # type: ignore[misc]
        finally:
            await cancel_and_wait(tasks)

    def backlog_s(self) -> float:
        """Seconds of input taken from the source that turn-taking has not yet seen (its clock lags): how
        far the stages run behind the audio arriving. 0 once the input has ended."""
        now = self.clock.now_s
        return 0.0 if now == float("inf") else max(0.0, self.fed_s - now)

    def _flush(self, turn_id: int, by: int) -> None:
        """Drop `turn_id`'s frames queued after stage `by`; what `by` and later stages send of it from now on
        is dropped too."""
        self.cancelled_turns[turn_id] = min(by, self.cancelled_turns.get(turn_id, by))
        if len(self.cancelled_turns) > 64:  # only recent turns can still have frames in flight
            del self.cancelled_turns[min(self.cancelled_turns)]
        for i, q in enumerate(self._queues[by + 1 :], start=by + 1):
            kept = [f for f in _drain(q) if not self._is_cancelled(f, i - 1)]
            for f in kept:
                q.put_nowait(f)

    def interrupt(self, turn_id: int) -> None:
        """Cancel `turn_id` in every stage (tests; in a session the turn-taking stage sends an Interrupt)."""
        self._flush(turn_id, -1)
        for s in self.stages:
            s.control(fr.Interrupt(turn_id))

    async def close(self) -> None:
        for s in self.stages:
            await s.close()


def _drain(q: asyncio.Queue[fr.Frame]) -> list[fr.Frame]:
    items = []
    while True:
        try:
            items.append(q.get_nowait())
        except asyncio.QueueEmpty:
            return items
