"""`voicebot bench`: per-stage p50/p95 and voice-to-voice latency over the shared recordings."""

from __future__ import annotations

import json
import os
import platform
import sys
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import Any

import numpy as np

from audio.io import AudioError, load_audio
from voicebot.config import Config
from voicebot.errors import VoicebotError
from voicebot.models import Models, load_models
from voicebot.plots import write_bench_images
from voicebot.report import TurnRecord, percentiles, summarize, write_json_atomic
from voicebot.runner import run_recording

DEFAULT_MANIFEST = Path(__file__).resolve().parents[2] / "shared" / "testdata" / "manifest.json"
_FIELD_TYPES: dict[str, type | tuple[type, ...]] = {"file": str, "transcript": str, "speech_end_s": (int, float)}


def read_manifest(
    manifest: Path | None,
    need: tuple[str, ...] = ("file",),
    keep: Callable[[str], bool] = lambda f: True,
    kept: str = "recordings",
) -> tuple[Path, list[dict[str, Any]]]:
    """The manifest's asr_clips whose file passes `keep` (`kept` says which, for the error), each with `need`.

    Checked before any model loads, so a new user without ../shared/testdata is told in one line what to
    do instead of getting a traceback (or waiting ~20 s of model loading for it)."""
    path = manifest or DEFAULT_MANIFEST
    hint = "check the --manifest path" if manifest else "put the recordings in ../shared/testdata or give --manifest"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise VoicebotError(f"{path}: recordings manifest not found; {hint}") from None
    except OSError as e:
        raise VoicebotError(f"cannot read the recordings manifest {path}: {e.strerror or e}; {hint}") from None
    except ValueError as e:  # bad JSON or not UTF-8
        raise VoicebotError(f"{path}: not a JSON recordings manifest ({e}); {hint}") from None
    clips = data.get("asr_clips") if isinstance(data, dict) else None
    if not isinstance(clips, list):
        raise VoicebotError(f'{path}: no "asr_clips" list in the recordings manifest; {hint}')
    for i, c in enumerate(clips):
        bad = [k for k in need if not isinstance(c, dict) or not isinstance(c.get(k), _FIELD_TYPES.get(k, object))]
        if bad:
            raise VoicebotError(f"{path}: asr_clips[{i}] needs {', '.join(bad)} ({', '.join(need)} each)")
    chosen = [c for c in clips if keep(c["file"])]
    if not chosen:
        raise VoicebotError(f"{path}: asr_clips lists no {kept} (what this bench replays)")
    return path, chosen


def load_recordings(manifest: Path, clips: list[dict[str, Any]], rate: int = 16000) -> dict[str, np.ndarray]:
    """Every listed recording, read up front: a missing or unreadable one is named before the models load."""
    audio = {}
    for c in clips:
        try:
            audio[c["file"]] = load_audio(manifest.parent / c["file"], rate)
        except AudioError as e:
            raise VoicebotError(f"{e} (listed in {manifest})") from None
    return audio


async def run_bench(
    cfg: Config, manifest: Path | None, json_out: Path | None, realtime: bool = True, limit: int = 0
) -> int:
    path, clips = read_manifest(manifest, need=("file", "speech_end_s"))
    clips = clips[:limit] if limit else clips
    recordings = load_recordings(path, clips)
    models = await load_models(cfg)
    turns: list[TurnRecord] = []
    per_clip = []
    true_v2v: list[float] = []  # from the manifest's speech end, not the VAD's: catches a late VAD
    trailing_s = max(1.5, cfg.turns.unfinished_ms / 1000 + 0.5)  # the longest end-of-turn wait fits in it
    try:
        for clip in clips:
            got, _ = await run_recording(cfg, models, recordings[clip["file"]], realtime, trailing_silence_s=trailing_s)
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
