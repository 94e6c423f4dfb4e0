"""Timestamps each turn's events from outside the stages, on one clock.

The pipeline calls `on_frame` for every frame as it is sent: a turn's record opens when the turn-taking
stage releases it (`TurnEnded`); the sink calls `on_audible` when the first non-silent reply sample would
reach the listener and `on_turn_done` once the reply's audio is all queued; a cut reply amends it.
Wall times are mapped to the input-audio clock: in real-time mode input second t was fed at wall t0 + t,
so an event's input-clock time is wall - t0. In fast mode the input runs ahead of the wall clock, so times
after the endpoint are anchored to it: endpoint_s + (wall - wall at endpoint).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from voicebot import frames as fr
from voicebot.report import TurnRecord

STALL_MIN_S = 0.02  # a shorter hole between two phrases is not heard as a break


class TurnObserver:
    def __init__(
        self,
        budgets_ms: dict[str, float],
        realtime: bool = True,
        on_turn: Callable[[TurnRecord], None] | None = None,
    ) -> None:
        self.budgets_ms = budgets_ms
        self.realtime = realtime
        self.on_turn = on_turn
        self.t0 = time.monotonic()
        self.turns: list[TurnRecord] = []
        self._open: dict[int, TurnRecord] = {}
        self._anchor: dict[int, tuple[float, float]] = {}  # turn -> (endpoint_s, wall at endpoint)
        self._audio_end: dict[int, float] = {}  # turn -> wall time its audio queued so far ends

    def start(self, t0: float | None = None) -> None:
        """Mark wall time of input second 0."""
        self.t0 = time.monotonic() if t0 is None else t0

    def to_input_clock(self, turn_id: int, wall: float) -> float:
        return self._clock(turn_id, wall)

    def _clock(self, turn_id: int, wall: float) -> float:
        if self.realtime or turn_id not in self._anchor:
            return wall - self.t0
        endpoint_s, endpoint_wall = self._anchor[turn_id]
        return endpoint_s + (wall - endpoint_wall)

    def on_frame(self, frame: fr.Frame, wall: float | None = None) -> None:
        wall = time.monotonic() if wall is None else wall
        if isinstance(frame, fr.Interrupt | fr.ReplyFinished):
            if isinstance(frame, fr.Interrupt) and frame.merged:  # answered again as part of a longer turn
                self._drop(frame.turn_id)
            elif isinstance(frame, fr.ReplyFinished) and frame.interrupted:
                self.on_turn_done(frame.turn_id, interrupted=True, heard_text=frame.heard_text)
            return
        if not isinstance(frame, fr.TurnFrame):
            return
        if isinstance(frame, fr.TurnEnded):  # a turn exists once the turn-taking stage releases it
            self._open[frame.turn_id] = TurnRecord(
                frame.turn_id,
                speech_start_s=round(frame.speech_start_s, 3),
                speech_end_s=round(frame.speech_end_s, 3),
                endpoint_s=round(frame.endpoint_s, 3),
                p_complete=None if frame.p_complete is None else round(frame.p_complete, 4),
                end_verdict=frame.verdict,
            )
            self._anchor[frame.turn_id] = (frame.endpoint_s, wall)
            return
        rec = self._open.get(frame.turn_id)
        if rec is None:
            return
        if isinstance(frame, fr.Transcript) and frame.final:
            rec.transcript = frame.text
            rec.asr_final_s = self._stamp(rec.asr_final_s, frame.turn_id, wall)
        elif isinstance(frame, fr.LLMText):  # the reply so far: one cut before its LLMDone is not left empty
            rec.reply_text += frame.text
            if frame.text.strip():
                rec.llm_first_token_s = self._stamp(rec.llm_first_token_s, frame.turn_id, wall)
        elif isinstance(frame, fr.LLMDone):
            rec.reply_text = frame.text
            rec.error = frame.error
        elif isinstance(frame, fr.TTSAudio):
            rec.tts_first_audio_s = self._stamp(rec.tts_first_audio_s, frame.turn_id, wall)

    def _stamp(self, current: float | None, turn_id: int, wall: float) -> float:
        return current if current is not None else round(self._clock(turn_id, wall), 3)

    def waiting_s(self, now: float | None = None) -> float:
        """How long the user has waited for a reply: the oldest released turn with nothing audible yet."""
        now = time.monotonic() if now is None else now
        walls = [self._anchor[t][1] for t, rec in self._open.items() if rec.first_audible_reply_s is None]
        return max((now - w for w in walls), default=0.0)

    def on_audible(self, turn_id: int, wall: float) -> None:
        rec = self._open.get(turn_id)
        if rec is not None:
            rec.first_audible_reply_s = self._stamp(rec.first_audible_reply_s, turn_id, wall)

    def on_played(self, turn_id: int, start_wall: float, duration_s: float) -> None:
        """A chunk of the reply starts playing at start_wall: if the previous one had ended by then, the
        listener hears a break mid-reply (a stall: the next phrase came late)."""
        rec = self._open.get(turn_id)
        if rec is None:
            return
        end = self._audio_end.get(turn_id)
        if end is not None and start_wall - end >= STALL_MIN_S:
            rec.stalls += 1
            rec.stall_ms = round(rec.stall_ms + (start_wall - end) * 1000, 1)
        self._audio_end[turn_id] = max(end or 0.0, start_wall + duration_s)

    def on_turn_done(self, turn_id: int, interrupted: bool = False, heard_text: str | None = None) -> None:
        self._audio_end.pop(turn_id, None)
        rec = self._open.pop(turn_id, None)
        if rec is None:  # already reported: a barge-in during playout amends it
            for done in self.turns:
                if done.turn_id == turn_id and interrupted:
                    done.interrupted, done.heard_text = True, heard_text
            return
        if rec.endpoint_s is None:
            return
        rec.interrupted = interrupted
        rec.heard_text = heard_text
        rec.reply_text = rec.reply_text.strip()
        rec.finish(self.budgets_ms)
        self.turns.append(rec)
        if self.on_turn is not None:
            self.on_turn(rec)

    def _drop(self, turn_id: int) -> None:
        self._open.pop(turn_id, None)
        self._audio_end.pop(turn_id, None)
        self._anchor.pop(turn_id, None)
        self.turns = [t for t in self.turns if t.turn_id != turn_id]
