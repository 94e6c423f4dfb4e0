"""Coqui backend (tts.backend: coqui): tiny VITS models built with Coqui's own classes, run by the real worker.

These need the Coqui venv (.venv-coqui). `make test` deselects them (marker `coqui`); `make test-coqui`
installs the venv and runs them. Without the venv they fail, naming that command; they never skip.
The models are randomly initialised (no Coqui weights can be downloaded here): their audio is noise, but
the path is the real one: config.json + checkpoint → coqui-tts in a subprocess → PCM → soxr → the session.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import numpy as np
import pytest
import soundfile as sf
import yaml

from audio.io import AudioError
from audio.tts_coqui import DEFAULT_PYTHON, CoquiOptions, CoquiTts
from voicebot.models import Models

pytestmark = pytest.mark.coqui

REPO = Path(__file__).resolve().parents[1]
TINY_MODEL = REPO / "tests" / "coqui_tiny_model.py"
TEXT = "Hello there. How are you today? Fine."


@pytest.fixture(scope="module")
def coqui_python() -> Path:
    if not DEFAULT_PYTHON.exists():
        pytest.fail(
            f"the Coqui venv is missing ({DEFAULT_PYTHON}): run `make test-coqui`, which installs it "
            "(scripts/setup_coqui.sh) and runs these tests"
        )
    return DEFAULT_PYTHON


@pytest.fixture(scope="module")
def model_dirs(tmp_path_factory: pytest.TempPathFactory, coqui_python: Path) -> dict[str, Path]:
    """vits (22050 Hz), vits16k, mismatch (checkpoint of a wider net), glow_tts (an unsupported type), xtts."""
    root = tmp_path_factory.mktemp("coqui-models")
    variants = {"vits": ("vits", 22050), "vits16k": ("vits", 16000), "mismatch": ("mismatch", 22050),
                "glow_tts": ("glow_tts", 22050), "xtts": ("xtts", 24000)}
    for name, (variant, rate) in variants.items():
        subprocess.run(
            [str(coqui_python), str(TINY_MODEL), str(root / name), "--variant", variant, "--sample-rate", str(rate)],
            check=True, capture_output=True, timeout=300,
        )
    return {name: root / name for name in variants}


@pytest.fixture(scope="module")
def tts(model_dirs: dict[str, Path]):  # type: ignore[no-untyped-def]
    t = CoquiTts(CoquiOptions(model=str(model_dirs["vits"])))
    yield t
    t.close()


def _workers() -> set[int]:
    """Our own live child processes running the Coqui worker."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            cmdline = (stat.parent / "cmdline").read_bytes()
        except OSError:
            continue
        if int(fields[1]) == os.getpid() and fields[0] != "Z" and b"coqui_worker.py" in cmdline:
            found.add(int(stat.parent.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _rms(x: np.ndarray) -> float:
    return float(np.sqrt(np.mean(np.square(x, dtype=np.float64))))


# ---- the backend -------------------------------------------------------------------------------------


def test_speaks_sentence_by_sentence(tts: CoquiTts) -> None:
    assert (tts.model_type, tts.streaming, tts.model_sample_rate, tts.sample_rate) == ("vits", False, 22050, 22050)
    assert tts.versions["coqui-tts"] == "0.28.0"
    chunks = list(tts.synthesize(TEXT))
    assert len(chunks) == 3  # one per sentence, like Piper
    for c in chunks:
        assert c.dtype == np.float32 and c.ndim == 1 and len(c) > 1000
        assert _rms(c) > 0.01 and np.abs(c).max() <= 1.0
    short = sum(len(c) for c in tts.synthesize("Hi."))
    long = sum(len(c) for c in tts.synthesize("The birch canoe slid on the smooth planks."))
    assert long > 3 * short  # one duration per character: more text, more audio
    assert list(tts.synthesize("   ")) == []


def test_resamples_to_the_session_rate(model_dirs: dict[str, Path]) -> None:
    """A 16 kHz model comes out at 22050 Hz, band-limited at 8 kHz: resampled, not relabelled."""
    t = CoquiTts(CoquiOptions(model=str(model_dirs["vits16k"])))
    try:
        assert (t.model_sample_rate, t.sample_rate) == (16000, 22050)
        audio = np.concatenate(list(t.synthesize("The birch canoe slid on the smooth planks.")))
    finally:
        t.close()
    power = np.abs(np.fft.rfft(audio)) ** 2
    freqs = np.fft.rfftfreq(len(audio), 1 / 22050)
    assert _rms(audio) > 0.01
    assert power[freqs > 8300].sum() < 1e-3 * power[freqs < 7700].sum()


def test_an_abandoned_phrase_does_not_shift_the_next(tts: CoquiTts) -> None:
    """Barge-in stops reading a phrase midway: the next phrase must get its own audio, not the rest."""
    alone = [len(c) for c in tts.synthesize("Fine.")]  # the tiny model's durations are deterministic
    chunks = tts.synthesize("One. Two. Three.")
    next(chunks)
    chunks.close()
    assert [len(c) for c in tts.synthesize("Fine.")] == alone


def test_length_scale_reaches_the_model(tts: CoquiTts, model_dirs: dict[str, Path]) -> None:
    slow = CoquiTts(CoquiOptions(model=str(model_dirs["vits"]), length_scale=2.0))
    try:
        n_slow = sum(len(c) for c in slow.synthesize(TEXT))
    finally:
        slow.close()
    n = sum(len(c) for c in tts.synthesize(TEXT))
    assert 1.6 * n < n_slow < 2.4 * n


def test_xtts_streams_its_audio(model_dirs: dict[str, Path], testdata: Path) -> None:
    """XTTS (random one-layer GPT) through `inference_stream`: chunks arrive while it is still decoding."""
    t = CoquiTts(CoquiOptions(model=str(model_dirs["xtts"]), speaker="tiny"))
    try:
        assert (t.model_type, t.streaming, t.model_sample_rate, t.sample_rate) == ("xtts", True, 24000, 22050)
        t0 = time.perf_counter()
        arrivals = [(time.perf_counter() - t0, c) for c in t.synthesize("Hello there.")]
    finally:
        t.close()
    # It babbles to gpt_max_audio_tokens (48) and yields every 20 tokens: 3 chunks (+ the resampler's tail).
    assert len([c for _, c in arrivals if len(c) > 1000]) == 3
    assert arrivals[0][0] < 0.8 * arrivals[-1][0]  # the first chunk came well before the last
    assert _rms(np.concatenate([c for _, c in arrivals])) > 0.001
    # A reference recording instead of a named speaker: the voice is cloned with XTTS's own encoders.
    clone = CoquiTts(CoquiOptions(model=str(model_dirs["xtts"]), speaker=str(testdata / "spk1_snt1.wav")))
    try:
        assert sum(len(c) for c in clone.synthesize("Hello there.")) > 0.5 * clone.sample_rate
    finally:
        clone.close()
    with pytest.raises(AudioError, match=r"'nobody' is neither a known speaker nor a file; .*\['tiny'\]"):
        CoquiTts(CoquiOptions(model=str(model_dirs["xtts"]), speaker="nobody"))


def test_close_ends_the_worker_and_models_close_closes_it(model_dirs: dict[str, Path]) -> None:
    class NoLLM:
        async def close(self) -> None:
            pass

    import asyncio

    t = CoquiTts(CoquiOptions(model=str(model_dirs["vits"])))
    pid = t.pid
    assert pid is not None and _alive(pid)
    models = Models(asr=None, tts=t, llm=NoLLM(), reply_params=None, priority=None)  # type: ignore[arg-type]
    asyncio.run(models.close())
    assert t.pid is None and not _alive(pid)
    with pytest.raises(AudioError, match="not available"):
        list(t.synthesize("Hello."))
    t.close()  # twice is fine


def test_a_hung_worker_is_killed_after_the_timeout(model_dirs: dict[str, Path]) -> None:
    t = CoquiTts(CoquiOptions(model=str(model_dirs["vits"]), reply_timeout_s=2.0))
    pid = t.pid
    assert pid is not None
    os.kill(pid, signal.SIGSTOP)  # the worker stops answering, as a deadlocked model would
    t0 = time.monotonic()
    with pytest.raises(AudioError, match=r"did not answer within 2 s while synthesizing; stopped it"):
        list(t.synthesize("Hello."))
    assert time.monotonic() - t0 < 10
    assert not _alive(pid)
    with pytest.raises(AudioError, match="not available: the Coqui worker did not answer"):
        list(t.synthesize("Hello."))
    t.close()


def test_a_crashed_worker_is_a_clear_error_not_a_hang(model_dirs: dict[str, Path]) -> None:
    t = CoquiTts(CoquiOptions(model=str(model_dirs["vits"])))
    pid = t.pid
    assert pid is not None
    os.kill(pid, signal.SIGKILL)
    t0 = time.monotonic()
    with pytest.raises(AudioError, match="the Coqui worker was killed by signal 9"):
        list(t.synthesize("Hello."))
    assert time.monotonic() - t0 < 10
    t.close()


# ---- bad input: one clear line each, and no worker left behind -----------------------------------------


def _bad_dirs(model_dirs: dict[str, Path], tmp: Path) -> dict[str, Path]:
    no_config = tmp / "no-config"
    no_config.mkdir()
    shutil.copy(model_dirs["vits"] / "model.pth", no_config)
    not_coqui = tmp / "not-coqui"
    not_coqui.mkdir()
    (not_coqui / "config.json").write_text(json.dumps({"sample_rate": 22050}))
    no_checkpoint = tmp / "no-checkpoint"
    no_checkpoint.mkdir()
    shutil.copy(model_dirs["vits"] / "config.json", no_checkpoint)
    return {"no-config": no_config, "not-coqui": not_coqui, "no-checkpoint": no_checkpoint}


@pytest.mark.parametrize(
    ("case", "message"),
    [
        ("missing", r"tts.model .*missing: not a directory"),
        ("no-config", r"no-config: no config.json \(not a Coqui model directory\)"),
        ("not-coqui", r"not a Coqui model config \(no \"model\" key\)"),
        ("no-checkpoint", r"no checkpoint \(.pth\) next to config.json"),
        ("mismatch", r"model.pth does not match .*config.json \(\d+ tensors differ; first: size mismatch for "),
        ("glow_tts", r"Coqui model type 'glow_tts' is not supported \(supported: vits, xtts"),
    ],
)
def test_bad_model_directories(model_dirs: dict[str, Path], tmp_path: Path, case: str, message: str) -> None:
    dirs = model_dirs | _bad_dirs(model_dirs, tmp_path) | {"missing": tmp_path / "missing"}
    before = _workers()
    with pytest.raises(AudioError, match=message) as err:
        CoquiTts(CoquiOptions(model=str(dirs[case])))
    assert "\n" not in str(err.value)
    assert _workers() <= before


def test_coqui_not_installed_names_the_install_command(model_dirs: dict[str, Path], tmp_path: Path) -> None:
    model = str(model_dirs["vits"])
    with pytest.raises(AudioError, match=r"needs the Coqui venv, but .*nope/bin/python does not exist: .*make coqui"):
        CoquiTts(CoquiOptions(model=model, python=str(tmp_path / "nope" / "bin" / "python")))
    before = _workers()
    # A python without coqui-tts (this venv's): the worker starts, says so, and exits.
    with pytest.raises(AudioError, match=r"coqui-tts is not installed .* in .*: install .*make coqui.*setup_coqui.sh"):
        CoquiTts(CoquiOptions(model=model, python=sys.executable))
    assert _workers() <= before


# ---- end to end: `voicebot run` ---------------------------------------------------------------------------


def _voicebot_run(
    tmp: Path, testdata: Path, tts: dict, llm: dict | None = None
) -> tuple[subprocess.CompletedProcess[str], str]:
    """Run the CLI with a config; return the result and a tag its processes (the worker too) carry in their env."""
    config = tmp / "coqui.yaml"
    config.write_text(yaml.safe_dump({"llm": {"model": "smollm2-135m", "max_tokens": 12, **(llm or {})},
                                      "tts": {"backend": "coqui", **tts}}))
    tag = uuid.uuid4().hex
    proc = subprocess.run(
        [sys.executable, "-m", "voicebot", "--config", str(config), "run", str(testdata / "spk1_snt1.wav"),
         "--fast", "--out", str(tmp / "reply.wav"), "--report", str(tmp / "report.json")],
        cwd=REPO, capture_output=True, text=True, timeout=600, env=os.environ | {"VOICEBOT_TEST_TAG": tag},
    )
    return proc, tag


def _tagged(tag: str) -> list[int]:
    """Processes still alive that were started by the CLI run carrying this tag (a leaked worker)."""
    needle = f"VOICEBOT_TEST_TAG={tag}".encode()
    found = []
    for environ in Path("/proc").glob("[0-9]*/environ"):
        try:
            if needle in environ.read_bytes().split(b"\0") and _alive(int(environ.parent.name)):
                found.append(int(environ.parent.name))
        except OSError:
            continue
    return found


def test_voicebot_run_end_to_end(model_dirs: dict[str, Path], tmp_path: Path, testdata: Path) -> None:
    proc, tag = _voicebot_run(tmp_path, testdata, {"model": str(model_dirs["vits16k"])})
    assert proc.returncode == 0, proc.stderr[-3000:]
    report = json.loads((tmp_path / "report.json").read_text())
    (turn,) = report["turns"]
    assert turn["transcript"].strip() and turn["reply_text"].strip(), turn
    assert turn["tts_first_audio_s"] is not None and turn["first_audible_reply_s"] is not None
    audio, rate = sf.read(tmp_path / "reply.wav")
    assert rate == 22050  # the 16 kHz model's audio, resampled to the session's rate
    reply = audio[int(turn["first_audible_reply_s"] * rate) :]
    assert len(reply) > 0.2 * rate and _rms(reply) > 0.01, "reply audio is silent"
    assert not _tagged(tag), "the Coqui worker outlived `voicebot run`"


@pytest.mark.parametrize(
    ("case", "message"),
    [
        ("no venv", r"needs the Coqui venv, but .* does not exist: install the Coqui option with `make coqui`"),
        ("no config", r"no config.json \(not a Coqui model directory\)"),
        ("mismatch", r"does not match .*config.json \(\d+ tensors differ"),
        ("glow_tts", r"Coqui model type 'glow_tts' is not supported"),
        ("llm fails", r"model '.*no-such-model.gguf' not found"),  # the Coqui worker loaded: it must be closed
    ],
)
def test_voicebot_run_bad_input_is_one_error_line(
    model_dirs: dict[str, Path], tmp_path: Path, testdata: Path, case: str, message: str
) -> None:
    tts: dict = {"model": str(model_dirs["vits"])}
    llm: dict = {}
    if case == "no venv":
        tts["coqui_python"] = str(tmp_path / "no-venv" / "bin" / "python")
    elif case == "no config":
        tts["model"] = str(_bad_dirs(model_dirs, tmp_path)["no-config"])
    elif case in ("mismatch", "glow_tts"):
        tts["model"] = str(model_dirs[case])
    else:
        llm["model"] = str(tmp_path / "no-such-model.gguf")
    proc, tag = _voicebot_run(tmp_path, testdata, tts, llm)
    assert proc.returncode == 2, proc.stderr[-3000:]
    errors = [line for line in proc.stderr.splitlines() if line.startswith("voicebot: error:")]
    assert len(errors) == 1 and "Traceback" not in proc.stderr, proc.stderr[-3000:]
    assert re.search(message, errors[0]), errors[0]
    assert not _tagged(tag), "a Coqui worker outlived the failed `voicebot run`"


def test_config_needs_a_model_for_coqui(tmp_path: Path, testdata: Path) -> None:
    proc, _ = _voicebot_run(tmp_path, testdata, {})
    assert proc.returncode == 2
    assert "backend 'coqui' needs tts.model" in proc.stderr.strip().splitlines()[-1]
