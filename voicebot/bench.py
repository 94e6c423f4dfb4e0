"""`voicebot bench`: per-stage p50/p95 and voice-to-voice latency over the shared recordings."""

from __future__ import annotations

import json
import os
import platform
import sys
from dataclasses import asdict
from pathlib import Path

from audio.io import load_audio
from voicebot.config import Config
from voicebot.models import Models, load_models
from voicebot.plots import write_bench_images
from voicebot.report import TurnRecord, percentiles, summarize, write_json_atomic
from voicebot.runner import run_recording

DEFAULT_MANIFEST = Path(__file__).resolve().parents[2] / "shared" / "testdata" / "manifest.json"


async def run_bench(
    cfg: Config, manifest: Path | None, json_out: Path | None, realtime: bool = True, limit: int = 0
) -> int:
    manifest = manifest or DEFAULT_MANIFEST
    clips = json.loads(manifest.read_text())["asr_clips"]
    if limit:
        clips = clips[:limit]
    models = await load_models(cfg)
    turns: list[TurnRecord] = []
    per_clip = []
    true_v2v: list[float] = []  # from the manifest's speech end, not the VAD's: catches a late VAD
    trailing_s = max(1.5, cfg.turns.unfinished_ms / 1000 + 0.5)  # the longest end-of-turn wait fits in it
    try:
        for clip in clips:
            samples = load_audio(manifest.parent / clip["file"], 16000)
            got, _ = await run_recording(cfg, models, samples, realtime, trailing_silence_s=trailing_s)
            turns += got
            v2v = [t.latency_ms.get("voice_to_voice") for t in got]
            if got and got[-1].first_audible_reply_s is not None:
                true_v2v.append(round((got[-1].first_audible_reply_s - clip["speech_end_s"]) * 1000, 1))
            per_clip.append({"file": clip["file"], "turns": len(got), "voice_to_voice_ms": v2v})
            print(f"{clip['file']:>18}: {len(got)} turn(s)  v2v={v2v}  {got[0].transcript if got else ''}")
    finally:
        await models.close()
    summary = summarize(turns)
    summary["voice_to_voice_true_end"] = percentiles(true_v2v)
    print(f"\n{'stage':<18}{'p50 ms':>10}{'p95 ms':>10}{'n':>5}")
    for name in summary:
        s = summary[name]
        if s:
            print(f"{name:<18}{s['p50']:>10.0f}{s['p95']:>10.0f}{s['n']:>5}")
    if stalled := summary["reply_stall"]:
        print(f"replies with a break mid-reply (a phrase came late): {stalled['stalled']} of {stalled['n']}")
    if json_out is not None:
        meta = {
            "machine": machine(),
            "realtime": realtime,
            "clips": per_clip,
            "budgets_ms": cfg.budgets_ms.model_dump(),
            "turns": [asdict(t) for t in turns],
            "summary_ms": summary,
        }
        write_json_atomic(json_out, meta)
        print(f"wrote {json_out}", file=sys.stderr)
        for image in write_bench_images(meta, json_out):
            print(f"wrote {image}", file=sys.stderr)
    return 0


def machine() -> dict:
    """The CPU, its features, the ISA overrides in force and the cores: a figure is only comparable with one
    from the same kind of machine (engine.bench.machine_info)."""
    from engine.bench import machine_info

    return {**machine_info(), "cores": len(os.sched_getaffinity(0)), "arch": platform.machine()}


def llm_meta(cfg: Config, models: Models) -> dict[str, object]:
    """What answered: the config's LLM settings plus what the engine says about itself.

    getattr with defaults: the engine's attributes change while it is being worked on, and an OpenAI
    backend has no engine at all; a figure without the model and dtype behind it can't be compared.
    """
    engine = getattr(models.llm, "engine", None)
    found = {a: getattr(engine, a, None) for a in ("device", "dtype", "single_row_dtype", "cpu_path", "path")}
    found["path"] = getattr(found["path"], "description", found["path"])  # e.g. "int8 weights (fbgemm) + ..."
    return {
        "llm": cfg.llm.model_dump(include={"backend", "model", "dtype", "device", "speculation", "preemptive"}),
        "engine": {a: v if v is None or isinstance(v, bool | int | float) else str(v) for a, v in found.items()},
    }
