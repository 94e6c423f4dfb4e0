"""One voice session: a conversation and its pipeline, VAD → ASR → LLM → TTS → player.

Barge-in: when the user starts speaking while a reply is still being made or played, the reply's turn is
cancelled everywhere (queued frames dropped, LLM request and TTS aborted, playback stopped) and the
conversation keeps only the part of the reply that was heard.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterable, Callable

from voicebot import frames as fr
from voicebot.config import Config
from voicebot.conversation import Conversation, heard_prefix
from voicebot.models import Models
from voicebot.observer import TurnObserver
from voicebot.options import chunking, vad_options
from voicebot.pipeline import Pipeline
from voicebot.playback import Player
from voicebot.report import TurnRecord
from voicebot.stages.asr import AsrStage
from voicebot.stages.llm import LlmStage
from voicebot.stages.sink import SinkStage
from voicebot.stages.tts import TtsStage
from voicebot.stages.vad import VadStage


class Session:
    def __init__(
        self,
        cfg: Config,
        models: Models,
        player: Player | Callable[[TurnObserver], Player],
        realtime: bool = True,
        on_turn: Callable[[TurnRecord], None] | None = None,
        on_frame: Callable[[fr.Frame], None] | None = None,
        barge_in: bool = True,
    ) -> None:
        self.cfg = cfg
        self.conversation = Conversation(cfg.llm.system_prompt, cfg.llm.history_turns)
        self.observer = TurnObserver(cfg.budgets_ms.model_dump(), realtime=realtime, on_turn=on_turn)
        self.player = player(self.observer) if callable(player) else player
        self.sink = SinkStage(self.player, self.observer.on_audible, self._turn_done)
        self.pipeline = Pipeline(
            [
                VadStage(vad_options(cfg), cfg.vad.continuation_ms),
                AsrStage(models.asr, cfg.asr.partial_interval_ms),
                LlmStage(models.llm, self.conversation, models.reply_params, cfg.llm.preemptive),
                TtsStage(models.tts, chunking(cfg), models.priority if cfg.tts.first_audio_priority else None),
                self.sink,
            ],
            on_frame=self._on_frame,
        )
        self.on_frame = on_frame
        self.barge_in = barge_in
        self.replying: int | None = None  # the turn whose reply is being made or played
        self._reply_made = False  # TTS has finished making the replying turn's audio

    def _on_frame(self, frame: fr.Frame, wall: float) -> None:
        self.observer.on_frame(frame, wall)
        if isinstance(frame, fr.SpeechStarted):
            if frame.continues is not None:  # the user only paused: merge, and drop the first turn's reply
                self._cancel(frame.continues, merged=True)
            elif self.replying is not None and self.barge_in and not self.is_idle():
                self._cancel(self.replying)
            if self.is_idle():
                self.replying = None
        elif isinstance(frame, fr.Transcript) and frame.final and frame.text.strip():
            self.replying, self._reply_made = frame.turn_id, False
        if self.on_frame is not None:
            self.on_frame(frame)

    def _turn_done(self, turn_id: int) -> None:
        self.observer.on_turn_done(turn_id)
        if self.replying == turn_id:
            self._reply_made = True

    def interrupt(self) -> None:
        """Barge-in: cancel the current reply and keep only what the user heard of it."""
        if self.replying is not None:
            self._cancel(self.replying)

    def _cancel(self, turn: int, merged: bool = False) -> None:
        self.pipeline.interrupt(turn)
        heard = ""
        if self.sink.active_turn == turn:
            heard = heard_prefix(self.sink.spoken, self.player.stop())
        if self.replying == turn:
            self.replying = None
        if merged:
            self.conversation.retract(turn)
        else:
            self.conversation.record_reply(turn, heard)
            self.observer.on_turn_done(turn, interrupted=True, heard_text=heard)

    def is_idle(self) -> bool:
        """No reply is being made or played."""
        return self.replying is None or (self._reply_made and not self.player.is_playing())

    async def run(self, source: AsyncIterable[fr.AudioIn], t0: float | None = None) -> list[TurnRecord]:
        self.observer.start(time.monotonic() if t0 is None else t0)
        await self.pipeline.run(source)
        return self.observer.turns

    async def close(self) -> None:
        await self.pipeline.close()
