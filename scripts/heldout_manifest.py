"""Build a manifest of recordings this project was never tuned on, for `voicebot bench --manifest`.

Every threshold here was set on ../shared/testdata (Harvard sentences, JFK, one LJ clip), so a figure
measured only there flatters the code. Debian's `pocketsphinx-testdata` package carries other people's
speech with transcripts: five LibriVox readings of "Sense and Sensibility" (one reader, whole sentences)
and five CMU card names ("ten of clubs": short phrases, the kind of terse answer a person gives in a
game). The package is fetched with `apt-get download` (no root needed) into OUT, unpacked there, and the
manifest's `speech_end_s` (where the voice stops; the bench measures true voice-to-voice from it) is
found from the energy envelope, as those recordings carry no timings.

    python scripts/heldout_manifest.py out/heldout && voicebot bench --manifest out/heldout/manifest.json
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import wave
from pathlib import Path

import numpy as np

PACKAGE = "pocketsphinx-testdata"
DATA = Path("usr/share/pocketsphinx/test/data")
SETS = ("librivox/transcription", "cards/cards.transcription")  # lines "<s> words </s> (file id)"


def speech_end_s(x: np.ndarray, rate: int) -> float:
    """The end of the last 10 ms frame louder than a tenth of the way from the noise floor to the voice."""
    frame = rate // 100
    e = np.sqrt((x[: len(x) // frame * frame].reshape(-1, frame).astype(np.float64) ** 2).mean(axis=1))
    floor, voice = np.percentile(e, 10), np.percentile(e, 95)
    loud = np.nonzero(e > floor + 0.1 * (voice - floor))[0]
    return round(float(loud[-1] + 1) * frame / rate, 2)


def fetch(out: Path) -> Path:
    """Download and unpack the Debian package into out; return its test data folder."""
    out.mkdir(parents=True, exist_ok=True)
    try:
        if not any(out.glob(f"{PACKAGE}_*.deb")):
            subprocess.run(["apt-get", "download", PACKAGE], cwd=out, check=True)
        deb = sorted(out.glob(f"{PACKAGE}_*.deb"))[-1]
        subprocess.run(["dpkg-deb", "-x", str(deb), str(out / "pkg")], check=True)
    except (OSError, subprocess.CalledProcessError) as e:
        raise SystemExit(
            f"heldout_manifest: could not fetch {PACKAGE} ({e}): this needs apt-get and dpkg-deb (Debian, Ubuntu); "
            f"elsewhere put the package's .deb from packages.debian.org into {out} and run this again"
        ) from e
    return out / "pkg" / DATA


def build(data: Path, out: Path) -> list[dict]:
    clips = []
    for listing in SETS:
        for line in (data / listing).read_text().splitlines():
            m = re.fullmatch(r"<s>(.*)</s>\s*\((\S+)\)", line.strip())
            if not m:
                continue
            src = data / Path(listing).parent / f"{m.group(2)}.wav"
            with wave.open(str(src)) as w:
                rate, x = w.getframerate(), np.frombuffer(w.readframes(w.getnframes()), np.int16)
            name = f"{Path(listing).parent.name}_{m.group(2)}.wav"
            (out / name).write_bytes(src.read_bytes())
            words = m.group(1).strip()  # lower case, unpunctuated; each is a whole utterance: say so
            text = words[:1].upper() + words[1:] + "."
            clips.append({"file": name, "sample_rate": rate, "transcript": text, "speech_end_s": speech_end_s(x, rate)})
    return clips


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out", type=Path, help="folder for the package, the recordings and manifest.json")
    args = ap.parse_args(argv)
    clips = build(fetch(args.out), args.out)
    (args.out / "manifest.json").write_text(json.dumps({"asr_clips": clips}, indent=1))
    print(f"{len(clips)} recordings -> {args.out / 'manifest.json'}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
