"""TTS latency bench: Piper next to a Coqui model (through its worker process), same phrases, same run.

    python -m audio.bench_coqui [--model DIR [--speaker S]] [--repeats N] [--json PATH]

first audio: `synthesize(phrase)` called → first chunk back in this process (for Coqui that includes the
request, the worker's inference, the PCM over the pipe and the soxr resampling). RTF: synthesis time over
audio seconds, all phrases together. The two backends take turns phrase by phrase, so machine noise hits
both alike; both run on 1 thread, as the session runs them.

Without --model, a tiny randomly initialised VITS (tests/coqui_tiny_model.py, built in the Coqui venv in a
temporary directory) stands in: no Coqui weights can be downloaded here, so its figures measure the
backend's own cost (process hop, resampling, a small VITS forward), not a real voice's. To see an AVX2-only
CPU's figures, run it under `ONEDNN_MAX_CPU_ISA=AVX2 ATEN_CPU_CAPABILITY=avx2`: torch in the worker honours
them (the "cpu" column says what it used); Piper's onnxruntime picks its kernels itself and ignores them.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np

from audio.tts import PiperTts, Tts, TtsOptions
from audio.tts_coqui import DEFAULT_PYTHON, CoquiOptions, CoquiTts

# What the phrase chunker hands the TTS stage: short first phrases, then longer ones.
PHRASES = [
    "Sure.",
    "The capital of France",
    "is Paris, a city on the Seine.",
    "Here is what I found:",
    "it will be sunny tomorrow, with a high of twenty degrees.",
    "Let me think about that for a second.",
]
TINY_MODEL = Path(__file__).resolve().parents[1] / "tests" / "coqui_tiny_model.py"
ISA_VARS = ("ONEDNN_MAX_CPU_ISA", "ATEN_CPU_CAPABILITY")


def _timed(chunks: Iterator[np.ndarray]) -> tuple[float, float, int]:
    """(seconds to the first chunk, seconds in all, samples) for one synthesize call."""
    t0 = time.perf_counter()
    first, n = None, 0
    for chunk in chunks:
        if first is None:
            first = time.perf_counter() - t0
        n += len(chunk)
    total = time.perf_counter() - t0
    return (total if first is None else first), total, n


def _summary(first: list[float], total: float, samples: int, rate: int) -> dict[str, float]:
    a = np.asarray(first) * 1000
    audio_s = samples / rate
    return {
        "first_audio_p50_ms": float(np.percentile(a, 50)),
        "first_audio_p95_ms": float(np.percentile(a, 95)),
        "rtf": total / audio_s,
        "audio_s": audio_s,
        "n": len(first),
    }


def bench(backends: dict[str, Tts], repeats: int) -> dict[str, dict[str, float]]:
    first: dict[str, list[float]] = {name: [] for name in backends}
    total = dict.fromkeys(backends, 0.0)
    samples = dict.fromkeys(backends, 0)
    for _ in range(repeats):
        for phrase in PHRASES:
            for name, tts in backends.items():
                f, t, n = _timed(tts.synthesize(phrase))
                first[name].append(f)
                total[name] += t
                samples[name] += n
    return {
        name: _summary(first[name], total[name], samples[name], tts.sample_rate) for name, tts in backends.items()
    }


def build_tiny_model(out: Path, python: Path) -> None:
    subprocess.run([str(python), str(TINY_MODEL), str(out)], check=True, capture_output=True, timeout=300)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", type=Path, help="a Coqui model directory (default: a tiny random VITS)")
    ap.add_argument("--speaker", help="tts.speaker for the model (XTTS: a speakers_xtts.pth name or a WAV)")
    ap.add_argument("--python", type=Path, default=DEFAULT_PYTHON, help="the Coqui venv's python")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--json", type=Path, help="also write the results here")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="coqui-tiny-") as tmp:
        model = args.model
        if model is None:
            model = Path(tmp)
            build_tiny_model(model, args.python)
        piper = PiperTts(TtsOptions())
        coqui = CoquiTts(CoquiOptions(model=str(model), python=str(args.python), speaker=args.speaker))
        try:
            results = bench({"piper": piper, "coqui": coqui}, args.repeats)
        finally:
            coqui.close()
    label = "coqui (tiny VITS)" if args.model is None else f"coqui ({coqui.model_type})"
    env = {k: os.environ.get(k) for k in ISA_VARS}
    print(f"env: {' '.join(f'{k}={v}' for k, v in env.items() if v) or '(no ISA cap)'}; worker torch CPU: {coqui.cpu}")
    print(f"{'backend':18s} {'first p50 ms':>12s} {'first p95 ms':>12s} {'RTF':>7s} {'n':>4s}")
    for name, shown in (("piper", "piper (joe)"), ("coqui", label)):
        r = results[name]
        p50, p95 = r["first_audio_p50_ms"], r["first_audio_p95_ms"]
        print(f"{shown:18s} {p50:12.1f} {p95:12.1f} {r['rtf']:7.3f} {r['n']:4d}")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        out = results | {"env": env, "coqui_cpu": coqui.cpu, "coqui_model": label, "versions": coqui.versions}
        args.json.write_text(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
