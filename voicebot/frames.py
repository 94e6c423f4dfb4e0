"""Typed frames: the only things that travel between pipeline stages.

Audio inside the pipeline is mono float32 in [-1, 1]; input audio is at 16 kHz, TTS audio keeps the voice's
own rate. Every frame of a conversation turn carries the turn's id so that an interruption can drop the
frames of a cancelled turn wherever they are queued.

Three kinds travel differently (voicebot/pipeline.py):
- data frames (the default) go to the next stage's inbox, in order;
- control frames (`Control`: interrupt, pause, resume a reply) reach every later stage at once, ahead of
  anything queued, because a barge-in cannot wait behind a reply's audio;
- upstream frames (`Upstream`: what the listener heard) go back to every earlier stage's inbox; the
  sink is the only stage that knows when a reply was really played.

Turn ids: the VAD numbers each stretch of speech (a segment). The turn-taking stage joins segments the
user meant as one utterance, and a released turn takes the id of its last segment.
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
class Tick(Frame):
    """The VAD has processed the input up to t_s (after every chunk; inf at the end of the input). It
    travels in order with the segment events, so turn-taking's timers never run ahead of what it saw."""

    t_s: float


@dataclass(frozen=True)
class TurnFrame(Frame):
    turn_id: int


@dataclass(frozen=True)
class SpeechStarted(TurnFrame):
    """The user started speaking (a new segment)."""

    t_s: float


@dataclass(frozen=True)
class UserAudio(TurnFrame):
    """Audio of the user's current turn (pre-roll included), in order, for the ASR; starts at t_s.
    quiet_s: where the voiced audio stopped when the chunk ends unvoiced mid-speech (None otherwise)."""

    samples: np.ndarray
    t_s: float
    quiet_s: float | None = None


@dataclass(frozen=True)
class SpeechPaused(TurnFrame):
    """Voiced audio stopped at t_s; the segment may end there (the ASR can start its final pass early)."""

    t_s: float


@dataclass(frozen=True)
class SpeechResumed(TurnFrame):
    t_s: float


@dataclass(frozen=True)
class SpeechEnded(TurnFrame):
    """The VAD closed the segment: voiced audio stopped at speech_end_s (seen at t_s). Not yet a turn end."""

    speech_end_s: float
    t_s: float


@dataclass(frozen=True)
class TurnEnded(TurnFrame):
    """The turn-taking stage decided the user is done: speech ran from speech_start_s (its first segment)
    to speech_end_s and the decision came at endpoint_s; p_complete is the end-of-turn score it used."""

    speech_start_s: float
    speech_end_s: float
    endpoint_s: float
    p_complete: float | None = None
    verdict: str = ""  # complete | unsure | unfinished | silence-only (voicebot/turn_policy.py)


@dataclass(frozen=True)
class TurnState(Frame):
    """The conversation's state changed: listening | user_speaking | paused | bot_speaking | interrupted."""

    state: str


@dataclass(frozen=True)
class SegmentText(TurnFrame):
    """The ASR's text of one speech segment (turn_id is the segment's id): while it is spoken ("partial"),
    at a pause ("pause": the final text if the segment ends there), or once it closed ("final")."""

    text: str
    kind: str  # partial | pause | final
    committed: str = ""  # partial: the words two passes agreed on (they will not change)


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
class Control(Frame):
    """Delivered to every later stage at once (Stage.control), ahead of queued frames."""

    turn_id: int


@dataclass(frozen=True)
class Interrupt(Control):
    """Cancel turn_id's reply everywhere. merged: the user only paused, and the turn is answered again as
    part of a longer utterance (its user text is withdrawn); otherwise a barge-in (the heard part stays)."""

    merged: bool = False


@dataclass(frozen=True)
class PauseReply(Control):
    """The user may be interrupting: hold the reply's audio until Interrupt or ResumeReply."""


@dataclass(frozen=True)
class ResumeReply(Control):
    """It was a backchannel ("uh-huh") or a noise: go on playing the held reply."""


@dataclass(frozen=True)
class Upstream(Frame):
    """Sent back to every earlier stage (the sink tells what the listener heard)."""

    turn_id: int


@dataclass(frozen=True)
class ReplyStarted(Upstream):
    """The reply's first audio was handed to the player."""


@dataclass(frozen=True)
class ReplyFinished(Upstream):
    """The reply is over: played to the end, or cut (interrupted) after heard_text."""

    heard_text: str
    interrupted: bool = False


@dataclass(frozen=True)
class LLMText(TurnFrame):
    """A streamed piece of the assistant's reply."""

    text: str


@dataclass(frozen=True)
class HeldReply(TurnFrame):
    """The reply so far to words the user may not have finished: held back until the turn ends (it may
    never be heard). The TTS may synthesize its first phrase meanwhile, so its audio is ready at once."""

    text: str


@dataclass(frozen=True)
class SpeakingRate(TurnFrame):
    """The user asked the voice to speak slower or faster: the session's rate from this turn's reply on
    (1.0: the voice's own pace; voicebot/speaking_rate.py)."""

    rate: float


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
