"""Latency bench: stock Whisper vs our fast path on the manifest's ASR clips, and Piper TTS.

    python -m audio.bench [--testdata DIR] [--repeats N] [--json PATH]

Both ASR paths run in the same process on the same clips, interleaved, so machine noise hits them
alike; WER is over all the manifest's ASR clips (lowercase, punctuation stripped; digits count as
errors against spelled-out numbers). TTS: time to the first audio chunk and real-time factor
for a few assistant-like replies.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

import numpy as np

from audio.asr import WhisperAsr
from audio.io import load_audio
from audio.tts import PiperTts
from audio.wer import wer

_TTS_TEXTS = [
    "Sure.",
    "The capital of France is Paris.",
    "Here is what I found: it will be sunny tomorrow, with a high of twenty degrees.",
]


def _ms(xs: list[float]) -> dict[str, float]:
    a = np.asarray(xs) * 1000
    return {"p50_ms": float(np.percentile(a, 50)), "p95_ms": float(np.percentile(a, 95)), "n": len(xs)}


def bench_asr(testdata: Path, repeats: int) -> dict[str, dict[str, float]]:
    manifest = json.loads((testdata / "manifest.json").read_text())
    refs = [c["transcript"] for c in manifest["asr_clips"]]
    clips = [load_audio(testdata / c["file"]) for c in manifest["asr_clips"]]
    asr = WhisperAsr()
    stock: list[float] = []
    fast: list[float] = []
    stock_text: list[str] = []
    fast_text: list[str] = []
    for _ in range(repeats):
        stock_text, fast_text = [], []
        for x in clips:
            t = time.perf_counter()
            stock_text.append(asr.transcribe_stock(x))
            stock.append(time.perf_counter() - t)
            t = time.perf_counter()
            fast_text.append(asr.transcribe(x))
            fast.append(time.perf_counter() - t)
    return {
        "asr_stock": _ms(stock) | {"wer": wer(refs, stock_text)},
        "asr_fast": _ms(fast) | {"wer": wer(refs, fast_text), "fallbacks": asr.fallbacks},
        **bench_features(asr, clips, repeats),
    }


def bench_features(asr: WhisperAsr, clips: list[np.ndarray], repeats: int) -> dict[str, dict[str, float]]:
    """The log-mel of a fast-path pass (each clip in the 10 s window): faster-whisper's own vs ours."""
    theirs: list[float] = []
    ours: list[float] = []
    fe = asr.model.feature_extractor
    for _ in range(repeats):
        for x in clips:
            n = asr.window_samples(len(x) / 16000)
            t = time.perf_counter()
            fe(np.pad(x, (0, n - len(x))), padding=160)
            theirs.append(time.perf_counter() - t)
            t = time.perf_counter()
            asr._features(x, n)
            ours.append(time.perf_counter() - t)
    return {"features_faster_whisper": _ms(theirs), "features_ours": _ms(ours)}


def bench_tts(repeats: int) -> dict[str, dict[str, float]]:
    tts = PiperTts()
    first: list[float] = []
    total = audio_s = 0.0
    for _ in range(repeats):
        for text in _TTS_TEXTS:
            t0 = time.perf_counter()
            for i, chunk in enumerate(tts.synthesize(text)):
                if i == 0:
                    first.append(time.perf_counter() - t0)
                audio_s += len(chunk) / tts.sample_rate
            total += time.perf_counter() - t0
    return {"tts_first_chunk": _ms(first), "tts_rtf": {"rtf": total / audio_s, "audio_s": audio_s}}


def main(argv: list[str] | None = None) -> None:
    default_data = Path(
        os.environ.get("VOICEBOT_TESTDATA", Path(__file__).resolve().parents[1].parent / "shared/testdata")
    )
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--testdata", type=Path, default=default_data)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--json", type=Path, help="also write the results here")
    args = ap.parse_args(argv)
    results = bench_asr(args.testdata, args.repeats) | bench_tts(args.repeats)
    print(f"{'metric':18s} {'p50 ms':>8s} {'p95 ms':>8s} {'n':>4s} {'WER':>6s}")
    for name in ("asr_stock", "asr_fast", "features_faster_whisper", "features_ours", "tts_first_chunk"):
        r = results[name]
        w = f"{100 * r['wer']:5.1f}%" if "wer" in r else ""
        print(f"{name:18s} {r['p50_ms']:8.0f} {r['p95_ms']:8.0f} {r['n']:4d} {w:>6s}")
    print(f"asr_fast fallbacks to stock: {results['asr_fast']['fallbacks']}")
    rtf = results["tts_rtf"]
    print(f"tts real-time factor: {rtf['rtf']:.3f} over {rtf['audio_s']:.1f} s of audio")
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
