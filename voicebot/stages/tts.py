"""TTS stage: speaks the reply phrase by phrase while the LLM is still writing it."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from audio.chunker import PhraseChunker
from audio.io import trim_leading_silence
from audio.tts import Tts
from voicebot import frames as fr
from voicebot.pipeline import Stage
from voicebot.priority import CpuPriority
from voicebot.stages.worker import Worker


@dataclass(frozen=True)
class _Ready:
    """A first phrase synthesized while its reply was held back (`HeldReply`)."""

    turn_id: int
    phrase: str
    rate: float
    chunks: list[np.ndarray]

    def fits(self, turn_id: int, phrase: str, rate: float) -> bool:
        return (self.turn_id, self.phrase, self.rate) == (turn_id, phrase, rate)


class TtsStage(Stage):
    name = "tts"

    def __init__(
        self, tts: Tts, chunking: dict[str, int] | None = None, priority: CpuPriority | None = None
    ) -> None:
        """priority: held while a reply's first phrase is synthesized, so LLM decoding yields the CPU and
        the phrase runs on the backend's first-phrase threads."""
        super().__init__()
        self.tts = tts
        self.priority = priority
        self.chunker_args = chunking or {}  # PhraseChunker's keyword arguments
        self.worker = Worker("tts")
        self._turn_id: int | None = None
        self._chunker = PhraseChunker(**self.chunker_args)
        self._spoken: list[str] = []
        self._cancelled: set[int] = set()
        self._ready: _Ready | None = None
        self._last_spoken = 0  # the latest turn whose reply was spoken: a held reply older than it is stale
        self._rate = 1.0  # the session's speaking rate (frames.SpeakingRate)

    def _begin(self, turn_id: int) -> None:
        if turn_id != self._turn_id:
            self._turn_id, self._last_spoken = turn_id, max(self._last_spoken, turn_id)
            self._chunker = PhraseChunker(**self.chunker_args)
            self._spoken = []

    async def handle(self, frame: fr.Frame) -> None:
        if isinstance(frame, fr.SpeakingRate):
            self._rate = frame.rate
        elif isinstance(frame, fr.HeldReply):
            await self._prepare(frame.turn_id, frame.text)
        elif isinstance(frame, fr.LLMText):
            self._begin(frame.turn_id)
            for phrase in self._chunker.push(frame.text):
                await self._speak(frame.turn_id, phrase)
        elif isinstance(frame, fr.LLMDone):
            self._begin(frame.turn_id)
            for phrase in self._chunker.flush(whole=frame.finish_reason == "repetition"):
                await self._speak(frame.turn_id, phrase)
            await self.emit(fr.TTSDone(frame.turn_id, list(self._spoken)))
            self._turn_id = None

    async def _prepare(self, turn_id: int, text: str) -> None:
        """Synthesize the first phrase of a reply held back while the user may go on (the turn-taking stage
        waits out the silence: `turns.unsure_ms` for an unsure verdict), so its audio is ready when the turn ends."""
        if turn_id <= self._last_spoken or turn_id in self._cancelled:
            return
        phrases = PhraseChunker(**self.chunker_args).push(text)
        ready, rate = self._ready, self._rate
        if not phrases or (ready is not None and ready.fits(turn_id, phrases[0], rate)):
            return
        chunks = await self.worker.run(self._synthesize_all, phrases[0], rate)
        self._ready = _Ready(turn_id, phrases[0], rate, chunks)

    def _synthesize_all(self, phrase: str, rate: float) -> list[np.ndarray]:
        if self.priority is None:
            return list(self.tts.synthesize(phrase, False, rate))
        with self.priority.hold(exclusive=True):
            return list(self.tts.synthesize(phrase, True, rate))

    async def _speak(self, turn_id: int, phrase: str) -> None:
        index = len(self._spoken)
        self._spoken.append(phrase)
        ready = None
        if index == 0:
            ready, self._ready = self._ready, None
        # synthesized while held, at the rate that holds now (a "speak slower" turn changes it at its end)
        held = ready is not None and ready.fits(turn_id, phrase, self._rate)
        first = index == 0 and self.priority is not None and not held
        if held:
            assert ready is not None
            chunks = iter(ready.chunks)
        else:
            chunks = iter(await self.worker.run(self.tts.synthesize, phrase, first, self._rate))
        lead = index == 0  # the reply's first sound: its leading silence would only delay it
        sample_rate = self.tts.sample_rate
        while turn_id not in self._cancelled:
            if held:
                chunk = next(chunks, None)
            else:
                chunk = await self.worker.run(self._next_urgent if first else next, chunks, None)
            if chunk is None:
                return
            if lead:
                chunk = trim_leading_silence(chunk, sample_rate)
            await self.emit(fr.TTSAudio(turn_id, chunk, sample_rate, phrase, index))
            first = lead = False

    def _next_urgent(self, chunks: Iterator[np.ndarray], default: None) -> np.ndarray | None:
        """The first phrase's audio with the CPU to itself: the engine step under way ends first, and no
        other starts until it is done, so the backend may use every core (`first=True`)."""
        assert self.priority is not None
        with self.priority.hold(exclusive=True):
            return next(chunks, default)

    def interrupt(self, turn_id: int) -> None:
        self._cancelled.add(turn_id)
        if len(self._cancelled) > 64:  # only the turn being spoken can still be running
            self._cancelled.discard(min(self._cancelled))

    async def close(self) -> None:
        self.worker.close()
