"""Bench pictures (voicebot/plots.py) from report dicts shaped as the benches write them, no models: the
PNGs exist next to the JSON, are PNGs of the expected size, and their axes hold what they should."""

from __future__ import annotations

import itertools
import json
import struct
from dataclasses import asdict
from pathlib import Path

import pytest

from voicebot import plots
from voicebot.report import STAGES, TurnRecord, report_dict

BUDGETS = {"endpoint": 500.0, "asr": 400.0, "llm_first_token": 400.0, "tts_first_audio": 500.0, "playout": 100.0,
           "voice_to_voice": 1500.0}  # fmt: skip
PARTS = [name for name, _, _ in STAGES if name != "voice_to_voice"]


def _turn(turn_id: int, end_s: float, stages_ms: list[float]) -> TurnRecord:
    """A finished TurnRecord whose consecutive events are stages_ms apart after the speech end."""
    rec = TurnRecord(turn_id, transcript="hello", speech_start_s=end_s - 2, speech_end_s=end_s)
    t = end_s
    for (_, _, event), ms in zip(STAGES, stages_ms, strict=False):
        t += ms / 1000
        setattr(rec, event, round(t, 3))
    rec.finish(BUDGETS)
    return rec


def _bench_report(n: int) -> dict:
    turns = [_turn(i + 1, 3.0, [300, 10 + i, 90, 400 + 50 * i, 40]) for i in range(n)]
    report = report_dict(turns, {"machine": "test", "realtime": True})
    report["clips"] = [{"file": f"clip{i}.wav", "turns": 1} for i in range(n)]
    report["budgets_ms"] = BUDGETS
    return report


def _png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return struct.unpack(">II", head[16:24])


def test_bench_images_are_pngs_next_to_the_json(tmp_path: Path) -> None:
    report = _bench_report(4)
    paths = plots.write_bench_images(report, tmp_path / "bench.json")
    assert paths == [tmp_path / "bench_waterfall.png", tmp_path / "bench_stages.png"]
    width = int(plots.WIDTH_IN * plots.DPI)
    assert _png_size(paths[0]) == (width, round((1.6 + plots.ROW_IN * 4) * plots.DPI))
    assert _png_size(paths[1]) == (width, round(4.2 * plots.DPI))
    assert all(p.stat().st_mode & 0o777 == 0o644 for p in paths)


def test_waterfall_rows_stack_the_stages_from_the_speech_end() -> None:
    rows = plots._turn_rows(_bench_report(3))
    assert [label for label, _ in rows] == ["clip0.wav", "clip1.wav", "clip2.wav"]
    fig = plots.waterfall_figure(rows, 1500.0, "test")
    (ax,) = fig.axes
    assert [t.get_text() for t in ax.get_yticklabels()] == ["clip0.wav", "clip1.wav", "clip2.wav"]
    bars = ax.patches
    assert len(bars) == len(PARTS) * 3
    # row 2's stages, end to end: each starts where the previous one ended
    row = sorted((b for b in bars if round(b.get_y() + b.get_height() / 2) == 2), key=lambda b: b.get_x())
    assert [round(b.get_width()) for b in row] == [300, 12, 90, 500, 40]
    assert row[0].get_x() == 0 and all(
        a.get_x() + a.get_width() == pytest.approx(b.get_x()) for a, b in itertools.pairwise(row)
    )
    budget = [ln for ln in ax.get_lines() if ln.get_xdata()[0] == 1500.0]
    assert budget, "no budget line"
    assert ax.get_xlabel() == "ms after the user stopped speaking"
    assert [t.get_text() for t in ax.texts] == [" 840", " 891", " 942"]  # voice to voice per row


def test_stage_chart_has_p50_and_p95_per_stage_and_group() -> None:
    report = _bench_report(5)
    groups = {"model": report["summary_ms"], "silence": report["summary_ms"]}
    fig = plots.stage_figure(groups, BUDGETS, "test")
    (ax,) = fig.axes
    assert [t.get_text() for t in ax.get_xticklabels()] == [plots.LABELS[n] for n in [*PARTS, "voice_to_voice"]]
    assert len(ax.patches) == 2 * 2 * (len(PARTS) + 1)  # p95 + p50, two groups, six stages
    heights = sorted({round(b.get_height(), 1) for b in ax.patches})
    summary = report["summary_ms"]
    assert summary["tts_first_audio"]["p50"] in heights and summary["voice_to_voice"]["p95"] in heights
    assert len(ax.collections) == len(BUDGETS)  # one budget tick per stage
    legend = [t.get_text() for t in fig.legends[0].get_texts()]
    assert {"model p50", "model p95", "silence p50", "silence p95", "budget"} <= set(legend)


def test_turn_taking_report_compares_the_policies(tmp_path: Path) -> None:
    def row(policy: str, pause: float, endpoint: float) -> dict:
        lat = {"endpoint": endpoint, "asr": 5.0, "llm_first_token": 50.0, "tts_first_audio": 300.0, "playout": 40.0}
        return {"policy": policy, "file": "spk1_snt1.wav", "pause_s": pause,
                "latency_ms": {**lat, "voice_to_voice": sum(lat.values())}}  # fmt: skip

    results = {
        p: {"hesitations": [row(p, 0.0, e), row(p, 0.5, e + 100), {**row(p, 1.0, e), "latency_ms": {}}]}
        for p, e in (("model", 150.0), ("silence", 450.0))
    }
    rows, groups = plots._turn_taking_rows(results)
    assert [label for label, _ in rows] == [
        "model spk1_snt1.wav +0.0s", "model spk1_snt1.wav +0.5s",
        "silence spk1_snt1.wav +0.0s", "silence spk1_snt1.wav +0.5s",
    ]  # fmt: skip
    assert groups["model"]["endpoint"]["p50"] == 200.0 and groups["silence"]["endpoint"]["n"] == 2
    paths = plots.write_bench_images({"budgets_ms": BUDGETS, "results": results}, tmp_path / "turns.json")
    assert [_png_size(p)[0] for p in paths] == [int(plots.WIDTH_IN * plots.DPI)] * 2


def test_long_runs_are_drawn_as_their_first_rows() -> None:
    rows = plots._turn_rows(_bench_report(plots.MAX_ROWS + 5))
    (ax,) = plots.waterfall_figure(rows, None, "test").axes
    assert len(ax.get_yticklabels()) == plots.MAX_ROWS
    assert f"first {plots.MAX_ROWS} of {plots.MAX_ROWS + 5}" in ax.get_title()


def test_a_turn_without_every_stage_still_draws(tmp_path: Path) -> None:
    report = _bench_report(2)
    report["turns"].append(asdict(_turn(3, 3.0, [300, 10])))  # stopped after the ASR: no reply
    report["clips"].append({"file": "short.wav", "turns": 1})
    paths = plots.write_bench_images(report, tmp_path / "b.json")
    assert all(p.exists() for p in paths)


def test_cli_redraws_an_existing_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bench_voicebot.json"
    path.write_text(json.dumps(_bench_report(2)))
    assert plots.main([str(path)]) == 0
    assert (tmp_path / "bench_voicebot_waterfall.png").exists() and (tmp_path / "bench_voicebot_stages.png").exists()
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert plots.main([str(bad)]) == 2
    assert "voicebot: error:" in capsys.readouterr().err
