"""One voice session: a conversation and its pipeline, VAD → ASR → turn-taking → LLM → TTS → player.

Nothing here reaches into the stages: the turn-taking stage decides when the user is done and when the
bot must stop, and says so with frames (voicebot/stages/turns.py); the LLM stage owns the conversation.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterable, Callable

from voicebot import frames as fr
from voicebot.clock import InputClock
from voicebot.config import Config
from voicebot.conversation import Conversation
from voicebot.indirect import direct_question
from voicebot.models import Models
from voicebot.notes import TurnNotes, local_clock, model_label
from voicebot.observer import TurnObserver
from voicebot.options import chunking, turn_options, vad_options
from voicebot.pipeline import Pipeline
from voicebot.playback import Player
from voicebot.report import TurnRecord
from voicebot.stages.asr import AsrStage
from voicebot.stages.llm import LlmStage
from voicebot.stages.sink import SinkStage
from voicebot.stages.tts import TtsStage
from voicebot.stages.turns import TurnTakingStage
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
        timezone: str | None = None,
    ) -> None:
        """timezone: the user's IANA zone (the browser's) for the clock note; None: this machine's."""
        self.cfg = cfg
        max_tokens = models.reply_params.token_budget
        notes = TurnNotes(
            local_clock(timezone) if cfg.llm.clock_note else None,
            cfg.llm.limits_note,
            cfg.llm.exact_note,
            cfg.llm.chance_note,
            model_label(getattr(getattr(models.llm, "engine", None), "model_name", cfg.llm.model))
            if cfg.llm.about_note
            else None,
            models.tts.rates,
            cfg.llm.entertain_note,
        )
        self.conversation = Conversation(
            cfg.llm.system_prompt,
            cfg.llm.history_turns,
            fits=lambda m: models.llm.fits(m, max_tokens),
            note=notes,
            opener=notes.opener,
            asked=direct_question if cfg.llm.direct_questions else None,
        )
        self.observer = TurnObserver(cfg.budgets_ms.model_dump(), realtime=realtime, on_turn=on_turn)
        self.player = player(self.observer) if callable(player) else player
        self.llm = LlmStage(
            models.llm, self.conversation, models.reply_params, cfg.llm.preemptive, cfg.llm.error_reply,
            speaking_rate=models.tts.rates,
        )  # fmt: skip
        scorer = self.llm.end_of_turn if cfg.turns.end_of_turn == "model" else None

        def knows(text: str) -> bool:  # a question the notes have the fact for is a whole one
            conv = self.conversation
            return notes.known(conv.question(text), conv.user_words(), conv.last_reply())

        self.turns = TurnTakingStage(turn_options(cfg), scorer, knows=knows)
        self.pipeline = Pipeline(
            [
                VadStage(vad_options(cfg), max_segment_ms=cfg.vad.max_segment_ms),
                AsrStage(
                    models.asr,
                    cfg.asr.partial_interval_ms,
                    models.priority if cfg.asr.pause_priority else None,
                    cfg.asr.workers,
                ),
                self.turns,
                self.llm,
                TtsStage(models.tts, chunking(cfg), models.priority if cfg.tts.first_audio_priority else None),
                SinkStage(
                    self.player,
                    self.observer.on_audible,
                    self.observer.on_turn_done,
                    wait_playout=realtime,
                    on_played=self.observer.on_played,
                ),
            ],
            on_frame=self._on_frame,
            clock=InputClock(realtime),
        )
        self.on_frame = on_frame

    def _on_frame(self, frame: fr.Frame, wall: float) -> None:
        self.observer.on_frame(frame, wall)
        if self.on_frame is not None:
            self.on_frame(frame)

    async def run(self, source: AsyncIterable[fr.AudioIn], t0: float | None = None) -> list[TurnRecord]:
        await self.pipeline.start()  # before the clock starts: the user may talk from the first sample
        self.observer.start(time.monotonic() if t0 is None else t0)
        await self.pipeline.run(source)
        return self.observer.turns

    def lag_s(self, now: float | None = None) -> float:
        """How far this session runs behind real time: audio received that the stages have not yet reached,
        or a user kept waiting for a reply beyond the voice-to-voice budget. A server turns new callers
        away while a session lags (voicebot/transports/server.py): another call would slow every call."""
        waiting = self.observer.waiting_s(now) - self.cfg.budgets_ms.voice_to_voice / 1000
        return max(0.0, self.pipeline.backlog_s(), waiting)

    async def close(self) -> None:
        await self.pipeline.close()
