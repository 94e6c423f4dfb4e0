"""ASR stage: partial transcripts while the user speaks, the final one as soon as the turn ends.

The final pass starts early, at the first pause (`SpeechPaused`), on the audio up to that point: if the
turn then ends at that same pause, its result is already there (or nearly) when the VAD decides, which
hides most of the ASR time inside the end-of-turn silence. If the user goes on, the early pass is dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, field

import numpy as np

from audio.asr import LocalAgreement, WhisperAsr
from voicebot import frames as fr
from voicebot.pipeline import Stage
from voicebot.stages.worker import Worker

RATE = 16000
TAIL_PAD_S = 0.15  # trailing silence given to Whisper after the speech end: it ends sentences better


@dataclass
class _Turn:
    turn_id: int
    start_s: float
    chunks: list[np.ndarray] = field(default_factory=list)
    n: int = 0
    partial_at: int = 0  # samples covered by the last partial
    partial: asyncio.Task[None] | None = None
    early: tuple[float, asyncio.Task[str]] | None = None  # (speech end it assumed, final pass)

    def audio_until(self, t_s: float) -> np.ndarray:
        audio = np.concatenate(self.chunks) if self.chunks else np.zeros(0, np.float32)
        self.chunks, self.n = [audio], len(audio)
        return audio[: max(0, int((t_s - self.start_s) * RATE))]


class AsrStage(Stage):
    name = "asr"

    def __init__(self, asr: WhisperAsr, partial_interval_ms: int = 600) -> None:
        super().__init__()
        self.asr = asr
        self.partial_every = int(RATE * partial_interval_ms / 1000)
        self.worker = Worker("asr")
        self.agreement = LocalAgreement()
        self.turn: _Turn | None = None

    async def _transcribe(self, audio: np.ndarray) -> str:
        return (await self.worker.run(self.asr.transcribe, audio)).strip()

    async def handle(self, frame: fr.Frame) -> None:
        if isinstance(frame, fr.SpeechStarted):
            self._drop_turn()
            self.turn = _Turn(frame.turn_id, frame.t_s)
            self.agreement.reset()
            return
        turn = self.turn
        if turn is None or not isinstance(frame, fr.TurnFrame) or frame.turn_id != turn.turn_id:
            return
        if isinstance(frame, fr.UserAudio):
            if not turn.chunks:
                turn.start_s = frame.t_s
            turn.chunks.append(frame.samples)
            turn.n += len(frame.samples)
            busy = turn.early is not None or (turn.partial is not None and not turn.partial.done())
            if not busy and turn.n - turn.partial_at >= self.partial_every:
                turn.partial_at = turn.n
                turn.partial = asyncio.create_task(self._partial(turn, turn.audio_until(1e9)))
        elif isinstance(frame, fr.SpeechPaused):
            audio = turn.audio_until(frame.t_s + TAIL_PAD_S)
            turn.early = (frame.t_s, asyncio.create_task(self._transcribe(audio)))
        elif isinstance(frame, fr.SpeechResumed):
            if turn.early is not None:
                turn.early[1].cancel()
            turn.early = None
        elif isinstance(frame, fr.TurnEnded):
            text = await self._final(turn, frame.speech_end_s)
            self.turn = None
            await self.emit(fr.Transcript(turn.turn_id, text, final=True, committed=text))

    async def _final(self, turn: _Turn, speech_end_s: float) -> str:
        if turn.early is not None and abs(turn.early[0] - speech_end_s) < 0.05:
            with contextlib.suppress(asyncio.CancelledError):
                return await turn.early[1]
        return await self._transcribe(turn.audio_until(speech_end_s + TAIL_PAD_S))

    async def _partial(self, turn: _Turn, audio: np.ndarray) -> None:
        text = await self._transcribe(audio)
        if self.turn is turn and turn.early is None and text:
            committed, _tentative = self.agreement.update(text)
            await self.emit(fr.Transcript(turn.turn_id, text, final=False, committed=committed))

    def _drop_turn(self) -> None:
        if self.turn is not None:
            for task in (self.turn.partial, self.turn.early[1] if self.turn.early else None):
                if task is not None:
                    task.cancel()
        self.turn = None

    def interrupt(self, turn_id: int) -> None:
        if self.turn is not None and self.turn.turn_id == turn_id:
            self._drop_turn()

    async def finish(self) -> None:
        self._drop_turn()

    async def close(self) -> None:
        self.worker.close()
