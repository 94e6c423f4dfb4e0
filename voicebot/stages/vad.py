"""VAD stage: turns a stream of input audio into turn events plus the audio of each user turn."""

from __future__ import annotations

from audio.vad import Endpointer, SpeechEnd, SpeechPause, SpeechResume, SpeechStart, VadEvent, VadOptions
from voicebot import frames as fr
from voicebot.pipeline import Stage

RATE = 16000


class VadStage(Stage):
    name = "vad"

    def __init__(self, opts: VadOptions, continuation_ms: int = 0, first_turn_id: int = 1) -> None:
        super().__init__()
        self.endpointer = Endpointer(opts, rate=RATE)
        self.continuation_s = continuation_ms / 1000
        self.next_turn_id = first_turn_id
        self.turn_id: int | None = None
        self._last_end: tuple[int, float] | None = None  # (turn id, endpoint_s) of the last turn

    async def handle(self, frame: fr.Frame) -> None:
        if not isinstance(frame, fr.AudioIn):
            return
        started = await self._events(self.endpointer.feed(frame.samples))
        if self.turn_id is not None and not started:  # a new turn's first audio already holds this chunk
            await self.emit(fr.UserAudio(self.turn_id, frame.samples, frame.t_s))

    async def finish(self) -> None:
        await self._events(self.endpointer.finish())

    async def _events(self, events: list[VadEvent]) -> bool:
        """Emit frames for the VAD's events; True when a turn started (its audio so far was emitted)."""
        started = False
        for ev in events:
            if isinstance(ev, SpeechStart):
                self.turn_id = self.next_turn_id
                self.next_turn_id += 1
                continues = None
                if self._last_end is not None and ev.t_s - self._last_end[1] <= self.continuation_s:
                    continues = self._last_end[0]  # the user only paused: the turns merge
                await self.emit(fr.SpeechStarted(self.turn_id, ev.t_s, continues))
                turn = self.endpointer.turn
                assert turn is not None
                await self.emit(fr.UserAudio(self.turn_id, turn.samples(), turn.start_s))
                started = True
            elif self.turn_id is None:
                continue
            elif isinstance(ev, SpeechPause):
                await self.emit(fr.SpeechPaused(self.turn_id, ev.t_s))
            elif isinstance(ev, SpeechResume):
                await self.emit(fr.SpeechResumed(self.turn_id, ev.t_s))
            elif isinstance(ev, SpeechEnd):
                await self.emit(fr.TurnEnded(self.turn_id, ev.speech_end_s, ev.endpoint_s))
                self._last_end = (self.turn_id, ev.endpoint_s)
                self.turn_id = None
        return started
