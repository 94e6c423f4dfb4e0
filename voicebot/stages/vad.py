"""VAD stage: turns a stream of input audio into speech segments (start, pauses, end) and their audio.

A segment ends after a silence of `end_silence_ms`; whether the user's *turn* ended is the turn-taking
stage's decision (voicebot/stages/turns.py), made at each pause. After every chunk this stage sends a
`Tick` with the input time reached, and before each chunk it waits while the input clock is held
(a faster-than-real-time replay waiting for a decision).
"""

from __future__ import annotations

from audio.vad import Endpointer, SpeechEnd, SpeechPause, SpeechResume, SpeechStart, VadEvent, VadOptions
from voicebot import frames as fr
from voicebot.pipeline import Stage

RATE = 16000


class VadStage(Stage):
    name = "vad"

    def __init__(self, opts: VadOptions, first_turn_id: int = 1, max_segment_ms: int = 30000) -> None:
        """max_segment_ms: a segment is closed at this length even if the user never pauses, so the
        audio held for it (and the ASR's window) stays bounded; the turn-taking stage joins what follows."""
        super().__init__()
        self.endpointer = Endpointer(opts, rate=RATE)
        self.max_segment_s = max_segment_ms / 1000
        self.next_turn_id = first_turn_id
        self.turn_id: int | None = None

    async def handle(self, frame: fr.Frame) -> None:
        if not isinstance(frame, fr.AudioIn):
            return
        await self.clock.released()
        started = await self._events(self.endpointer.feed(frame.samples))
        if self.turn_id is not None and not started:  # a new segment's first audio already holds this chunk
            await self.emit(fr.UserAudio(self.turn_id, frame.samples, frame.t_s, self.endpointer.quiet_since_s))
        held = self.endpointer.turn
        if held is not None and self.endpointer.now_s - held.start_s > self.max_segment_s:
            await self._events(self.endpointer.finish())
        await self.emit(fr.Tick(frame.t_s + len(frame.samples) / RATE))

    async def finish(self) -> None:
        await self._events(self.endpointer.finish())
        await self.emit(fr.Tick(float("inf")))  # the input is over: every wait ends

    async def _events(self, events: list[VadEvent]) -> bool:
        """Emit frames for the VAD's events; True when a segment started (its audio so far was emitted)."""
        started = False
        for ev in events:
            if isinstance(ev, SpeechStart):
                self.turn_id = self.next_turn_id
                self.next_turn_id += 1
                await self.emit(fr.SpeechStarted(self.turn_id, ev.t_s))
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
                await self.emit(fr.SpeechEnded(self.turn_id, ev.speech_end_s, ev.endpoint_s))
                self.turn_id = None
        return started
