"""TTS stage: speaks the reply phrase by phrase while the LLM is still writing it."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from audio.chunker import PhraseChunker
from audio.tts import Tts
from voicebot import frames as fr
from voicebot.pipeline import Stage
from voicebot.priority import CpuPriority
from voicebot.stages.worker import Worker


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

    def _begin(self, turn_id: int) -> None:
        if turn_id != self._turn_id:
            self._turn_id = turn_id
            self._chunker = PhraseChunker(**self.chunker_args)
            self._spoken = []

    async def handle(self, frame: fr.Frame) -> None:
        if isinstance(frame, fr.LLMText):
            self._begin(frame.turn_id)
            for phrase in self._chunker.push(frame.text):
                await self._speak(frame.turn_id, phrase)
        elif isinstance(frame, fr.LLMDone):
            self._begin(frame.turn_id)
            for phrase in self._chunker.flush():
                await self._speak(frame.turn_id, phrase)
            await self.emit(fr.TTSDone(frame.turn_id, list(self._spoken)))
            self._turn_id = None

    async def _speak(self, turn_id: int, phrase: str) -> None:
        index = len(self._spoken)
        self._spoken.append(phrase)
        first = index == 0 and self.priority is not None
        chunks = iter(await self.worker.run(self.tts.synthesize, phrase, first))
        while turn_id not in self._cancelled:
            chunk = await self.worker.run(self._next_urgent if first else next, chunks, None)
            first = False
            if chunk is None:
                return
            await self.emit(fr.TTSAudio(turn_id, chunk, self.tts.sample_rate, phrase, index))

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
