"""The calibration's bookkeeping (voicebot/calibrate_turns.py) and the held-out manifest
(scripts/heldout_manifest.py): counts per kind of example, the threshold sweep, where a voice stops."""

from __future__ import annotations

import importlib.util
import json
import wave
from pathlib import Path

import numpy as np

from voicebot.calibrate_turns import Example, summarize
from voicebot.turn_policy import TurnOptions

ROOT = Path(__file__).resolve().parents[1]


def _heldout():
    spec = importlib.util.spec_from_file_location("heldout_manifest", ROOT / "scripts" / "heldout_manifest.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_summary_counts_verdicts_per_kind_and_sweeps_the_threshold() -> None:
    examples = [
        Example("spk1_snt1.wav", "The child almost hurt the small dog.", True, p=0.3),
        Example("spk1_snt1.wav@1.82", "The child almost hurt.", False, p=0.002),
        Example("request00", "Describe the water cycle.", True, p=0.06),
        Example("request00@0.40", "Describe.", False, p=0.0001),
        Example("text", "Play some relaxing music.", True, p=0.14),
        Example("text", "Play some", False, p=0.0),
    ]
    out = summarize(examples, TurnOptions(complete_p=0.05))
    verdicts = out["verdicts"]
    assert verdicts["all complete"] == {"complete": 3}
    assert verdicts["all unfinished"] == {"unsure": 2, "unfinished": 1}  # closed cuts wait "unsure"
    assert verdicts["requests complete"] == {"complete": 1}
    assert verdicts["recordings unfinished"] == {"unsure": 1}
    assert verdicts["text unfinished"] == {"unfinished": 1}
    sweep = {row["complete_p"]: row for row in out["sweep"]}
    assert sweep[0.05]["complete_answered_fast"] == 1.0
    assert sweep[0.07]["complete_answered_fast"] == round(2 / 3, 3)  # the request (0.06) waits at 0.07
    assert sweep[0.01]["unfinished_cut_off"] == 0.0
    assert [e.verdict for e in examples][:2] == ["complete", "unsure"]


def test_the_speech_end_is_where_the_voice_stops_not_the_file() -> None:
    rate = 16000
    rng = np.random.default_rng(0)
    t = np.arange(int(1.2 * rate)) / rate
    voice = (3000 * np.sin(2 * np.pi * 220 * t)).astype(np.int16)
    quiet = rng.normal(0, 30, int(0.8 * rate)).astype(np.int16)  # room noise after the voice
    x = np.concatenate([quiet[:4000], voice, quiet])
    end = _heldout().speech_end_s(x, rate)
    assert abs(end - (4000 / rate + 1.2)) <= 0.02


def test_the_manifest_lists_each_transcribed_recording_as_a_whole_sentence(tmp_path: Path) -> None:
    heldout = _heldout()
    data = tmp_path / "data"
    (data / "cards").mkdir(parents=True)
    (data / "librivox").mkdir()
    (data / "librivox" / "transcription").write_text("")
    (data / "cards" / "cards.transcription").write_text("<s> ten of clubs  </s> (001)\nnot a line\n")
    rate, x = 16000, np.zeros(16000, np.int16)
    x[2000:9000] = 2000
    with wave.open(str(data / "cards" / "001.wav"), "wb") as w:
        w.setnchannels(1), w.setsampwidth(2), w.setframerate(rate), w.writeframes(x.tobytes())
    out = tmp_path / "out"
    out.mkdir()
    clips = heldout.build(data, out)
    # the voice stops at 0.5625 s, inside the 10 ms frame that ends at 0.57 s
    want = {"file": "cards_001.wav", "sample_rate": rate, "transcript": "Ten of clubs.", "speech_end_s": 0.57}
    assert clips == [want]
    assert (out / "cards_001.wav").read_bytes() == (data / "cards" / "001.wav").read_bytes()
    assert type(clips[0]["speech_end_s"]) is float  # plain JSON, not a numpy scalar
    json.dumps(clips)
