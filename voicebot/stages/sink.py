"""Sink stage: hands reply audio to a Player and tells earlier stages what the listener heard.

Upstream it reports `ReplyStarted` (first audio queued) and `ReplyFinished` (played out, or cut by an
Interrupt after `heard_text`), the facts the turn-taking and LLM stages act on. Control frames stop,
pause and resume the player at once.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from voicebot import frames as fr
from voicebot.conversation import heard_prefix
from voicebot.pipeline import Stage
from voicebot.playback import Player, first_audible


class SinkStage(Stage):
    name = "sink"

    def __init__(
        self,
        player: Player,
        on_audible: Callable[[int, float], None],
        on_done: Callable[[int], None],
        wait_playout: bool = True,
        on_played: Callable[[int, float, float], None] | None = None,
    ) -> None:
        """on_audible / on_done / on_played: the observer's hooks (first audible sample, all audio queued,
        each chunk's start and duration).
        wait_playout: a reply is finished when its audio has played (False: when it is all queued, for
        replays faster than real time)."""
        super().__init__()
        self.player = player
        self.on_audible = on_audible
        self.on_done = on_done
        self.wait_playout = wait_playout
        self.on_played = on_played
        self.active_turn: int | None = None
        self.spoken: list[tuple[str, int]] = []  # (phrase, samples) of the active turn, in order
        self._heard_audible = False
        self._cut: int | None = None  # the last turn an Interrupt cut (it has had its ReplyFinished)
        self._tasks: set[asyncio.Future[None]] = set()

    async def handle(self, frame: fr.Frame) -> None:
        if isinstance(frame, fr.TTSAudio):
            if frame.turn_id != self.active_turn:
                self.active_turn, self.spoken, self._heard_audible = frame.turn_id, [], False
                await self.emit(fr.ReplyStarted(frame.turn_id))
            start = self.player.play(frame.turn_id, frame.samples, frame.sample_rate)
            if self.on_played is not None:
                self.on_played(frame.turn_id, start, len(frame.samples) / frame.sample_rate)
            if not self._heard_audible and (i := first_audible(frame.samples)) is not None:
                self._heard_audible = True
                self.on_audible(frame.turn_id, start + i / frame.sample_rate)
            if self.spoken and len(self.spoken) - 1 == frame.phrase_index:
                text, n = self.spoken[-1]
                self.spoken[-1] = (text, n + len(frame.samples))
            else:
                self.spoken.append((frame.text, len(frame.samples)))
        elif isinstance(frame, fr.TTSDone):
            self.on_done(frame.turn_id)
            self._spawn(self._finished(frame.turn_id, " ".join(frame.spoken_text)))

    async def _finished(self, turn_id: int, text: str) -> None:
        while self.wait_playout and self.active_turn == turn_id and self.player.is_playing():
            await asyncio.sleep(0.02)
        if self._cut != turn_id:
            await self.emit(fr.ReplyFinished(turn_id, text))

    def control(self, frame: fr.Control) -> None:
        if isinstance(frame, fr.PauseReply) and frame.turn_id == self.active_turn:
            self.player.pause()
        elif isinstance(frame, fr.ResumeReply) and frame.turn_id == self.active_turn:
            self.player.resume()
        elif isinstance(frame, fr.Interrupt):
            heard, self._cut = "", frame.turn_id
            if self.active_turn == frame.turn_id:
                heard = heard_prefix(self.spoken, self.player.stop())
                self.active_turn, self.spoken = None, []
            self._spawn(self.emit(fr.ReplyFinished(frame.turn_id, heard, interrupted=True)))

    def _spawn(self, work) -> None:  # type: ignore[no-untyped-def]
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def finish(self) -> None:
        """End of input: nobody waits for the last reply to finish playing any more."""
        await self.close()

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
