#!/usr/bin/env bash
# Install the optional Coqui TTS backend (tts.backend: coqui) into its own venv, .venv-coqui.
#
# Why a separate venv: coqui-tts 0.28 imports torchaudio at import time, and the only torchaudio on the
# registry that loads is built for torch 2.9.1 (a CUDA build, ~8 GB with its CUDA libraries). The main
# venv's CPU torch 2.13 pin stays untouched; the main process talks to audio/coqui_worker.py in this venv
# over stdin/stdout. Idempotent: when the pinned stack already imports, a second run only checks.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=${VOICEBOT_COQUI_VENV:-.venv-coqui}
PY=${PYTHON:-python3}

# The pins that ran Coqui here; the order matters (torchvision would otherwise pull another torch).
# coqui-tts asks for transformers>=4.57, but 5.x breaks XTTS's streaming GPT (past_key_values is None).
TORCH=torch==2.9.1
pins=(torchaudio==2.9.1 torchcodec==0.8.1 coqui-tts==0.28.0 transformers==4.57.6 six "numpy<2.4")

check() {
  "$VENV/bin/python" - <<'PY' 2>/dev/null
import importlib.metadata as md
import sys

want = {"torch": "2.9.1", "torchaudio": "2.9.1", "torchcodec": "0.8.1", "coqui-tts": "0.28.0", "transformers": "4.57.6"}
got = {name: md.version(name).split("+")[0] for name in want}
if got != want:
    sys.exit(f"versions differ: {got}")
import TTS.tts.models.vits  # noqa: F401  (imports torchaudio: the part that fails on a wrong stack)
PY
}

# torchaudio.load goes through torchcodec, which needs FFmpeg's shared libraries.
debs=(libavformat59 libavdevice59 libavfilter8 libswscale6)
missing=()
for d in "${debs[@]}"; do dpkg -s "$d" >/dev/null 2>&1 || missing+=("$d"); done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    echo "setup_coqui: installing Debian packages: ${missing[*]}"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "setup_coqui: please install Debian packages: ${missing[*]} (sudo apt-get install ...)" >&2
  fi
fi

if [ -x "$VENV/bin/python" ] && check; then
  echo "setup_coqui: ok ($VENV, already installed)"
  exit 0
fi

[ -x "$VENV/bin/python" ] || "$PY" -m venv "$VENV"
pip=("$VENV/bin/python" -m pip install -q --disable-pip-version-check)
echo "setup_coqui: installing torch 2.9.1 + coqui-tts 0.28 into $VENV (several GB, takes minutes)"
"${pip[@]}" "$TORCH" torchvision==0.24.1
"${pip[@]}" "$TORCH" "${pins[@]}"
if ! check; then
  echo "setup_coqui: $VENV was installed but 'import TTS.tts.models.vits' still fails:" >&2
  "$VENV/bin/python" -c "import TTS.tts.models.vits" >&2 || true
  exit 1
fi
echo "setup_coqui: ok ($VENV, $(du -sh "$VENV" | cut -f1))"
