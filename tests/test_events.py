"""The call-event schema (voicebot/events.py): every event has its version, type and exactly the fields
SCHEMA lists, is strict JSON, and docs/EVENTS.md describes every type and field."""

from __future__ import annotations

import asyncio
import json
import math
import re
from dataclasses import fields
from pathlib import Path

import numpy as np
import pytest

from voicebot import events
from voicebot import frames as fr
from voicebot.metrics import Metrics
from voicebot.observer import TurnObserver
from voicebot.playback import VirtualPlayer
from voicebot.report import STAGES, TurnRecord
from voicebot.stages.sink import SinkStage

DOC = Path(__file__).resolve().parents[1] / "docs" / "EVENTS.md"
BUDGETS = {name: 1000.0 for name, _, _ in STAGES}

SHOWN = [
    (fr.TurnState("user_speaking"), "state"),
    (fr.Transcript(3, "at that high", False, committed="at that"), "partial"),
    (fr.Transcript(3, "At that high level the air is pure.", True), "final"),
    (fr.TurnEnded(3, 0.5, 3.2, 3.44, p_complete=0.21, verdict="complete"), "turn_end"),
    (fr.TurnEnded(3, 0.5, 3.2, 3.44), "turn_end"),
    (fr.LLMText(3, "The air"), "reply_delta"),
    (fr.LLMDone(3, "The air is pure.", finish_reason="stop"), "reply"),
    (fr.LLMDone(3, "", error="backend down"), "reply"),
    (fr.ReplyStarted(3), "reply_started"),
    (fr.Interrupt(3), "interrupted"),
    (fr.Interrupt(3, merged=True), "interrupted"),
    (fr.ReplyFinished(3, "The air", interrupted=True), "reply_finished"),
    (fr.ReplyFinished(3, "The air is pure."), "reply_finished"),
]
NOT_SHOWN = [
    fr.AudioIn(np.zeros(320, np.float32), 0.0),
    fr.Tick(1.0),
    fr.SpeechStarted(3, 0.5),
    fr.SpeechPaused(3, 1.0),
    fr.SpeechEnded(3, 3.2, 3.3),
    fr.UserAudio(3, np.zeros(320, np.float32), 0.5),
    fr.SegmentText(3, "at that", "partial"),
    fr.EarlyTranscript(3, "at that"),
    fr.PauseReply(3),
    fr.ResumeReply(3),
    fr.TTSAudio(3, np.zeros(160, np.float32), 16000, "The air"),
    fr.TTSDone(3, ["The air"]),
    fr.EndOfStream(),
]


def _strict(text: str) -> object:
    def bad(constant: str) -> None:
        raise ValueError(f"not strict JSON: {constant}")

    return json.loads(text, parse_constant=bad)


def _check(event: dict[str, object], type_: str) -> None:
    assert event["v"] == events.SCHEMA_VERSION and event["type"] == type_
    assert set(event) == {"v", "type", *events.SCHEMA[type_]}, event
    assert _strict(events.encode(event)) == event


@pytest.mark.parametrize(("frame", "type_"), SHOWN, ids=[f"{type(f).__name__}-{t}" for f, t in SHOWN])
def test_each_frame_a_client_needs_is_a_typed_event(frame: fr.Frame, type_: str) -> None:
    event = events.frame_event(frame)
    assert event is not None
    _check(event, type_)
    if "turn" in event:
        assert event["turn"] == frame.turn_id  # type: ignore[attr-defined]


def test_the_fields_carry_the_frames_values() -> None:
    assert events.frame_event(fr.Transcript(2, "at that high", False, "at that")) == {
        "v": 1, "type": "partial", "turn": 2, "text": "at that high", "committed": "at that"
    }  # fmt: skip
    assert events.frame_event(fr.Interrupt(5, merged=True)) == {
        "v": 1,
        "type": "interrupted",
        "turn": 5,
        "merged": True,
    }
    cut = events.frame_event(fr.ReplyFinished(5, "The air", interrupted=True))
    assert cut is not None and cut["heard_text"] == "The air" and cut["interrupted"] is True
    assert events.frame_event(fr.TurnState("paused")) == {"v": 1, "type": "state", "state": "paused"}


@pytest.mark.parametrize("frame", NOT_SHOWN, ids=[type(f).__name__ for f in NOT_SHOWN])
def test_frames_a_client_has_no_use_for_are_not_sent(frame: fr.Frame) -> None:
    assert events.frame_event(frame) is None


def _observed_turn() -> TurnRecord:
    """A turn as the observer records it from frames (fast mode, so the times are the endpoint's plus
    wall time since it)."""
    got: list[TurnRecord] = []
    obs = TurnObserver(BUDGETS, realtime=False, on_turn=got.append)
    obs.start(0.0)
    wall = 100.0
    obs.on_frame(fr.TurnEnded(1, 0.5, 3.2, 3.44, 0.21, "complete"), wall)
    obs.on_frame(fr.Transcript(1, "At that high level the air is pure.", True), wall + 0.015)
    obs.on_frame(fr.LLMText(1, "The air"), wall + 0.1)
    obs.on_frame(fr.TTSAudio(1, np.zeros(160, np.float32), 16000, "The air"), wall + 0.4)
    obs.on_audible(1, wall + 0.45)
    obs.on_frame(fr.LLMDone(1, "The air is pure."), wall + 0.5)
    obs.on_turn_done(1)
    assert len(got) == 1
    return got[0]


def test_a_turn_event_is_the_observers_record() -> None:
    rec = _observed_turn()
    event = events.turn_event(rec)
    _check(event, "turn")
    assert event["turn"] == rec.turn_id == 1
    assert set(events.SCHEMA["turn"]) == {"turn", *(f.name for f in fields(TurnRecord) if f.name != "turn_id")}
    lat = event["latency_ms"]
    assert isinstance(lat, dict)
    assert lat == rec.latency_ms and lat["voice_to_voice"] == pytest.approx(690.0)
    assert sum(lat[n] for n, _, _ in STAGES if n != "voice_to_voice") == pytest.approx(lat["voice_to_voice"])
    assert event["transcript"] == "At that high level the air is pure." and event["reply_text"] == "The air is pure."
    assert event["interrupted"] is False and event["heard_text"] is None and event["end_verdict"] == "complete"


def test_a_reply_cut_before_it_was_done_keeps_the_text_it_had() -> None:
    """A barge-in before the reply's LLMDone: the record said `bot:` with nothing, though words were played."""
    got: list[TurnRecord] = []
    obs = TurnObserver(BUDGETS, realtime=True, on_turn=got.append)
    obs.start(0.0)
    obs.on_frame(fr.TurnEnded(1, 0.5, 3.2, 3.44, 0.21, "complete"), 3.44)
    obs.on_frame(fr.LLMText(1, "The air is"), 3.6)
    obs.on_frame(fr.LLMText(1, " pure up there, "), 3.7)
    obs.on_frame(fr.ReplyFinished(1, interrupted=True, heard_text="The air is"), 4.5)
    assert got[0].reply_text == "The air is pure up there," and got[0].heard_text == "The air is"
    assert got[0].interrupted


def test_session_event_has_the_budgets_and_the_stage_order() -> None:
    event = events.session_event(BUDGETS)
    _check(event, "session")
    assert event["budgets_ms"] == BUDGETS
    assert event["stages"] == [name for name, _, _ in STAGES]


def test_error_event() -> None:
    _check(events.error_event("the session failed: boom"), "error")


def test_non_finite_numbers_become_null_not_invalid_json() -> None:
    rec = TurnRecord(4, latency_ms={"asr": math.nan, "endpoint": 12.0}, p_complete=math.inf)
    text = events.encode(events.turn_event(rec))
    back = _strict(text)
    assert isinstance(back, dict)
    assert back["latency_ms"] == {"asr": None, "endpoint": 12.0} and back["p_complete"] is None


def test_states_are_the_turn_taking_stages() -> None:
    doc = Path(events.__file__).parent.joinpath("stages", "turns.py").read_text()
    for state in events.STATES:
        assert f'"{state}"' in doc, state


def test_the_doc_describes_every_type_and_field() -> None:
    doc = DOC.read_text()
    rows = {m.group(1): m.group(2) for m in re.finditer(r"^\| `(\w+)` \| (.*?) \|", doc, re.M)}
    assert set(rows) == set(events.SCHEMA), set(rows) ^ set(events.SCHEMA)
    for type_, names in events.SCHEMA.items():
        for name in names:
            assert f"`{name}`" in rows[type_], f"docs/EVENTS.md: {type_} does not describe {name}"
    assert f"schema version {events.SCHEMA_VERSION}" in doc
    for line in doc.splitlines():  # the example messages are valid events
        if line.startswith('{"v"'):
            event = _strict(line)
            assert isinstance(event, dict) and event["type"] in events.SCHEMA


def test_a_phrase_that_comes_after_the_last_one_played_out_is_a_stall() -> None:
    got: list[TurnRecord] = []
    obs = TurnObserver(BUDGETS, realtime=True, on_turn=got.append)
    obs.start(0.0)
    obs.on_frame(fr.TurnEnded(1, 0.5, 3.2, 3.44, 0.21, "complete"), 3.44)
    obs.on_played(1, 4.0, 1.0)  # first phrase: 4.0-5.0
    obs.on_played(1, 5.0, 0.5)  # queued behind it: no break
    obs.on_played(1, 5.51, 0.5)  # 10 ms late: not heard as a break
    obs.on_played(1, 6.31, 1.0)  # 300 ms late
    obs.on_played(2, 9.0, 1.0)  # another turn's audio (never opened): ignored
    obs.on_turn_done(1)
    assert got[0].stalls == 1 and got[0].stall_ms == pytest.approx(300.0, abs=0.2)
    assert _observed_turn().stalls == 0  # a turn whose sink reported no chunks


async def test_the_sink_reports_each_chunk_where_the_player_plays_it() -> None:
    """Back-to-back phrases play without a break; one that comes after the audio before it ran out is a
    stall of about the time it came late."""
    got: list[TurnRecord] = []
    obs = TurnObserver(BUDGETS, realtime=True, on_turn=got.append)
    obs.start()
    obs.on_frame(fr.TurnEnded(1, 0.5, 3.2, 3.44, 0.21, "complete"))
    sink = SinkStage(VirtualPlayer(obs.to_input_clock), obs.on_audible, obs.on_turn_done, on_played=obs.on_played)

    async def emit(frame: fr.Frame) -> None:
        pass

    sink.emit = emit  # type: ignore[method-assign]  # no pipeline: the upstream frames go nowhere
    tone = np.full(1600, 0.1, np.float32)  # 0.1 s
    await sink.handle(fr.TTSAudio(1, tone, 16000, "One", phrase_index=0))
    await sink.handle(fr.TTSAudio(1, tone, 16000, "two", phrase_index=1))  # queued behind the first
    await asyncio.sleep(0.45)  # the two ran out at 0.2 s
    await sink.handle(fr.TTSAudio(1, tone, 16000, "three", phrase_index=2))
    obs.on_turn_done(1)
    assert got[0].stalls == 1 and got[0].stall_ms >= 200


def test_the_server_metrics_count_the_recent_replies_that_had_a_break() -> None:
    m = Metrics()
    m.on_turn(TurnRecord(1, latency_ms={"voice_to_voice": 900.0}))
    m.on_turn(TurnRecord(2, latency_ms={"voice_to_voice": 800.0}, stalls=2, stall_ms=310.0))
    text = m.render()
    assert "voicebot_turns_stalled 1" in text and "voicebot_turns_total 2" in text
