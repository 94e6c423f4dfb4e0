"""VAD stage: turns a stream of input audio into turn events plus the audio of each user turn."""

from __future__ import annotations

import numpy as np

from audio.vad import Endpointer, SpeechEnd, SpeechPause, SpeechResume, SpeechStart, VadOptions
from voicebot import frames as fr
from voicebot.pipeline import Stage

RATE = 16000


class VadStage(Stage):
    name = "vad"

    def __init__(self, opts: VadOptions, first_turn_id: int = 1) -> None:
        super().__init__()
        self.opts = opts
        self.endpointer = Endpointer(opts, rate=RATE)
        self.next_turn_id = first_turn_id
        self.turn_id: int | None = None
        # Recent audio (absolute sample offset of its first sample), for the pre-roll of a new turn.
        self._recent = np.zeros(0, np.float32)
        self._recent_start = 0
        self._keep = int(RATE * (opts.pre_roll_ms + opts.start_ms + 2 * opts.frame_ms) / 1000)

    async def handle(self, frame: fr.Frame) -> None:
        if not isinstance(frame, fr.AudioIn):
            return
        self._remember(frame.samples)
        started_now = False  # the chunk that starts a turn is already inside its pre-roll audio
        for ev in self.endpointer.feed(frame.samples):
            if isinstance(ev, SpeechStart):
                self.turn_id = self.next_turn_id
                self.next_turn_id += 1
                await self.emit(fr.SpeechStarted(self.turn_id, ev.t_s))
                start = max(0.0, ev.t_s - self.opts.pre_roll_ms / 1000)
                first = max(int(start * RATE), self._recent_start)
                audio = self._recent[first - self._recent_start :]
                await self.emit(fr.UserAudio(self.turn_id, audio, first / RATE))
                started_now = True
            elif self.turn_id is None:
                continue
            elif isinstance(ev, SpeechPause):
                await self.emit(fr.SpeechPaused(self.turn_id, ev.t_s))
            elif isinstance(ev, SpeechResume):
                await self.emit(fr.SpeechResumed(self.turn_id, ev.t_s))
            elif isinstance(ev, SpeechEnd):
                await self.emit(fr.TurnEnded(self.turn_id, ev.speech_end_s, ev.endpoint_s))
                self.turn_id = None
        if self.turn_id is not None and not started_now:
            await self.emit(fr.UserAudio(self.turn_id, frame.samples, frame.t_s))

    def _remember(self, samples: np.ndarray) -> None:
        self._recent = np.concatenate([self._recent, samples.astype(np.float32, copy=False)])
        drop = len(self._recent) - self._keep
        if drop > 0:
            self._recent = self._recent[drop:]
            self._recent_start += drop
