"""The events a client sees during a call: pipeline frames and turn records as typed JSON messages.

`voicebot serve` sends each event as one JSON text message on the call's WebRTC data channel (the one
the page opens, labelled "events"); the page in web/ draws the conversation from them, and any other
client can do the same. They are the events the observer (voicebot/observer.py) times a turn by, so a
client can show what the server measured. docs/EVENTS.md is the reference, with examples.

Every event is an object with `v` (SCHEMA_VERSION: raised when a field changes meaning or goes away;
new event types or fields do not raise it, so clients ignore what they do not know) and `type`, plus
the fields SCHEMA lists for that type. Times ending in `_s` are seconds on the session's input clock
(0 = the first microphone sample); latencies are in ms. `turn` is the turn id the turn-taking stage
gives a user turn; partial transcripts carry the id the turn will get when it is released.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, fields

from voicebot import frames as fr
from voicebot.report import STAGES, TurnRecord

SCHEMA_VERSION = 1

# type -> its fields (besides `v` and `type`), all always present (null where the docs say so).
SCHEMA: dict[str, tuple[str, ...]] = {
    "session": ("budgets_ms", "stages"),
    "state": ("state",),
    "partial": ("turn", "text", "committed"),
    "final": ("turn", "text"),
    "turn_end": ("turn", "speech_start_s", "speech_end_s", "endpoint_s", "p_complete", "verdict"),
    "reply_delta": ("turn", "text"),
    "reply": ("turn", "text", "finish_reason", "error"),
    "reply_started": ("turn",),
    "interrupted": ("turn", "merged"),
    "reply_finished": ("turn", "heard_text", "interrupted"),
    # a finished turn: report.json's turn record (voicebot/report.py), its turn_id as `turn`
    "turn": ("turn", *(f.name for f in fields(TurnRecord) if f.name != "turn_id")),
    "error": ("error",),
}
STATES = ("listening", "user_speaking", "paused", "bot_speaking", "interrupted")


def _event(type_: str, **fields: object) -> dict[str, object]:
    return {"v": SCHEMA_VERSION, "type": type_, **fields}


def session_event(budgets_ms: dict[str, float]) -> dict[str, object]:
    """Sent first: the latency budgets a turn is judged against, and the stages in the order they happen."""
    return _event("session", budgets_ms=dict(budgets_ms), stages=[name for name, _, _ in STAGES])


def frame_event(frame: fr.Frame) -> dict[str, object] | None:
    """The client's view of a pipeline frame; None for frames a client has no use for (audio, ticks...)."""
    if isinstance(frame, fr.TurnState):
        return _event("state", state=frame.state)
    if isinstance(frame, fr.Transcript):
        if frame.final:
            return _event("final", turn=frame.turn_id, text=frame.text)
        return _event("partial", turn=frame.turn_id, text=frame.text, committed=frame.committed)
    if isinstance(frame, fr.TurnEnded):
        return _event(
            "turn_end", turn=frame.turn_id, speech_start_s=frame.speech_start_s, speech_end_s=frame.speech_end_s,
            endpoint_s=frame.endpoint_s, p_complete=frame.p_complete, verdict=frame.verdict,
        )  # fmt: skip
    if isinstance(frame, fr.LLMText):
        return _event("reply_delta", turn=frame.turn_id, text=frame.text)
    if isinstance(frame, fr.LLMDone):
        return _event(
            "reply", turn=frame.turn_id, text=frame.text, finish_reason=frame.finish_reason, error=frame.error
        )
    if isinstance(frame, fr.ReplyStarted):
        return _event("reply_started", turn=frame.turn_id)
    if isinstance(frame, fr.Interrupt):
        return _event("interrupted", turn=frame.turn_id, merged=frame.merged)
    if isinstance(frame, fr.ReplyFinished):
        return _event("reply_finished", turn=frame.turn_id, heard_text=frame.heard_text, interrupted=frame.interrupted)
    return None


def turn_event(rec: TurnRecord) -> dict[str, object]:
    """A finished turn's record, as report.json has it (turn_id is `turn` here, like every other event)."""
    record = asdict(rec)
    record["turn"] = record.pop("turn_id")
    return _event("turn", **{k: record[k] for k in SCHEMA["turn"]})


def error_event(message: str) -> dict[str, object]:
    """The session failed and is ending."""
    return _event("error", error=message)


def encode(event: dict[str, object]) -> str:
    """Strict JSON (a NaN or infinity becomes null: JSON.parse rejects them and the message would be lost)."""
    return json.dumps(_finite(event), allow_nan=False)


def _finite(x: object) -> object:
    if isinstance(x, float) and not math.isfinite(x):
        return None
    if isinstance(x, dict):
        return {k: _finite(v) for k, v in x.items()}
    if isinstance(x, list | tuple):
        return [_finite(v) for v in x]
    return x
