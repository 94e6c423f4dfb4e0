"""Does the turn still end over background noise? The endpointer alone, with and without the
steady-background gate (`VadOptions.background_margin_db`), on the same noisy audio.

    python -m audio.bench_noise [--testdata DIR] [--json PATH]

Each of the manifest's Harvard clips gets 1 s of noise before and 4 s after (hum: 120 Hz + its harmonic
and a little hiss; white, pink and brown noise), at -45 .. -25 dBFS RMS, seeded. A turn counts as ended
when a SpeechEnd closes it within 2 s of where the voice stopped (`speech_end_s` in the manifest); ends
more than 0.6 s before that are splits. Synthetic noise, not recordings: it says where the gates hold,
not how a particular room sounds.
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

import numpy as np

from audio.io import load_audio
from audio.vad import Endpointer, SpeechEnd, VadOptions

RATE = 16000
KINDS = ("hum", "pink", "brown", "white")
LEVELS_DB = (-45, -40, -35, -30, -25)


def noise(kind: str, n: int, rng: np.random.Generator) -> np.ndarray:
    """n samples of `kind` noise at 0 dBFS RMS."""
    w = rng.standard_normal(n)
    if kind == "hum":
        t = np.arange(n) / RATE
        x = np.sin(2 * np.pi * 120 * t) + 0.3 * np.sin(2 * np.pi * 240 * t) + 0.1 * w
    elif kind in ("pink", "brown"):
        f = np.fft.rfftfreq(n, 1 / RATE)
        f[0] = f[1]
        x = np.fft.irfft(np.fft.rfft(w) / (np.sqrt(f) if kind == "pink" else f), n)
    else:
        x = w
    return (x / np.sqrt(np.mean(x * x))).astype(np.float32)


def run(testdata: Path) -> dict:
    manifest = json.loads((testdata / "manifest.json").read_text())
    clips = [c for c in manifest["asr_clips"] if c["file"].startswith("spk")]
    padded = [  # 1 s before, 4 s after: loaded once, noise added per run
        np.concatenate([np.zeros(RATE, np.float32), load_audio(testdata / c["file"]), np.zeros(4 * RATE, np.float32)])
        for c in clips
    ]
    table: dict = {}
    for kind in KINDS:
        for db in LEVELS_DB:
            row = {"off": {"ended": 0, "splits": 0}, "on": {"ended": 0, "splits": 0, "late_ms": []}}
            for i, (clip, x) in enumerate(zip(clips, padded, strict=True)):
                x = x + noise(kind, len(x), np.random.default_rng(1000 * i - db)) * 10 ** (db / 20)
                end = 1.0 + clip["speech_end_s"]
                for gate, opts in (("off", VadOptions(background_margin_db=None)), ("on", VadOptions())):
                    ends = [e for e in Endpointer(opts).feed(x) if isinstance(e, SpeechEnd)]
                    row[gate]["splits"] += sum(e.speech_end_s <= end - 0.6 for e in ends)
                    closing = [e for e in ends if e.speech_end_s > end - 0.6 and e.endpoint_s < end + 2.0]
                    row[gate]["ended"] += bool(closing)
                    if closing and gate == "on":
                        row[gate]["late_ms"].append(round((closing[0].endpoint_s - end) * 1000))
            table[f"{kind} {db}"] = row
    return {"clips": len(clips), "table": table}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    default = os.environ.get("VOICEBOT_TESTDATA", Path(__file__).resolve().parents[1].parent / "shared/testdata")
    ap.add_argument("--testdata", type=Path, default=Path(default))
    ap.add_argument("--json", type=Path, help="write the results here")
    args = ap.parse_args(argv)
    result = run(args.testdata)
    n = result["clips"]
    print(f"turns ended within 2 s of the voice stopping, of {n}: gate off / on (splits off / on)")
    print("noise  " + "".join(f"{db:>16d}" for db in LEVELS_DB) + "  dBFS")
    for kind in KINDS:
        cells = []
        for db in LEVELS_DB:
            r = result["table"][f"{kind} {db}"]
            cells.append(f"{r['off']['ended']:>2d}/{r['on']['ended']:<2d} ({r['off']['splits']}/{r['on']['splits']})")
        print(f"{kind:6s} " + "".join(f"{c:>16s}" for c in cells))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
