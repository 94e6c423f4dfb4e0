"""Typed frames: the only things that travel between pipeline stages.

Audio inside the pipeline is mono float32 in [-1, 1]; input audio is at 16 kHz, TTS audio keeps the voice's
own rate. Every frame of a conversation turn carries the turn's id so that an interruption can drop the
frames of a cancelled turn wherever they are queued.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np


@dataclass(frozen=True)
class Frame:
    """Base class; frames are immutable once emitted."""


@dataclass(frozen=True)
class AudioIn(Frame):
    """A chunk of microphone/file audio; t_s is where it starts on the input clock."""

    samples: np.ndarray
    t_s: float


@dataclass(frozen=True)
class TurnFrame(Frame):
    turn_id: int


@dataclass(frozen=True)
class SpeechStarted(TurnFrame):
    """The user started speaking; `continues` names the turn they resumed within the continuation window."""

    t_s: float
    continues: int | None = None


@dataclass(frozen=True)
class UserAudio(TurnFrame):
    """Audio of the user's current turn (pre-roll included), in order, for the ASR; starts at t_s."""

    samples: np.ndarray
    t_s: float


@dataclass(frozen=True)
class SpeechPaused(TurnFrame):
    """Voiced audio stopped at t_s; the turn may end there (the ASR can start its final pass early)."""

    t_s: float


@dataclass(frozen=True)
class SpeechResumed(TurnFrame):
    t_s: float


@dataclass(frozen=True)
class TurnEnded(TurnFrame):
    """The VAD decided the user's turn is over: speech stopped at speech_end_s, decided at endpoint_s."""

    speech_end_s: float
    endpoint_s: float


@dataclass(frozen=True)
class Transcript(TurnFrame):
    text: str
    final: bool
    committed: str = ""


@dataclass(frozen=True)
class EarlyTranscript(TurnFrame):
    """The final transcript if the turn ends at the current pause; empty text revokes it (speech resumed)."""

    text: str


@dataclass(frozen=True)
class LLMText(TurnFrame):
    """A streamed piece of the assistant's reply."""

    text: str


@dataclass(frozen=True)
class LLMDone(TurnFrame):
    text: str
    finish_reason: str | None = None
    error: str | None = None


@dataclass(frozen=True)
class TTSAudio(TurnFrame):
    samples: np.ndarray
    sample_rate: int
    text: str = ""  # the phrase this audio speaks
    phrase_index: int = 0


@dataclass(frozen=True)
class TTSDone(TurnFrame):
    spoken_text: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class EndOfStream(Frame):
    """Sent once after the source is exhausted; each stage finishes its in-flight work, then passes it on."""
