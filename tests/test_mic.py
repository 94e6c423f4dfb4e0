"""`voicebot mic` through sounddevice/PortAudio with file-backed ALSA devices and the real models.

The microphone is an ALSA `file` pcm whose `infile` is a raw 16 kHz s16 recording; the speaker is an ALSA
`file` pcm writing into a FIFO that the test drains at real-time pace (which paces the output stream like
a sound card, and lets the test hear the reply). ALSA reads `$HOME/.asoundrc` when PortAudio starts, so
the command runs in a subprocess with HOME set.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from audio.io import load_audio
from audio.wer import normalize

REPO = Path(__file__).resolve().parents[1]
ASOUNDRC = """
pcm.micfile {{ type file slave.pcm "null" file "/dev/null" infile "{infile}" format raw }}
pcm.mic {{ type plug slave {{ pcm "micfile" format S16_LE rate 16000 channels 1 }} }}
pcm.spkfile {{ type file slave.pcm "null" file "{outfile}" format raw }}
pcm.speaker {{ type plug slave {{ pcm "spkfile" format S16_LE rate 16000 channels 1 }} }}
"""


def _voicebot(home: Path, *args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    cache = os.environ.get("VOICEBOT_CACHE", str(Path.home() / ".cache" / "voicebot"))  # converted models
    env = {**os.environ, "HOME": str(home), "VOICEBOT_CACHE": cache, "PYTHONUNBUFFERED": "1"}
    return subprocess.run(
        [sys.executable, "-m", "voicebot", *args],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


class FifoSpeaker:
    """Drains the speaker FIFO at 16 kHz s16 real-time pace, keeping what was played."""

    def __init__(self, path: Path) -> None:
        os.mkfifo(path)
        self.fd = os.open(path, os.O_RDWR | os.O_NONBLOCK)  # RDWR: opening the writer never blocks
        self.chunks: list[bytes] = []
        self.running = True
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        t = time.monotonic()
        while self.running:
            with contextlib.suppress(BlockingIOError):  # nothing written yet
                self.chunks.append(os.read(self.fd, 640))  # 20 ms
            t += 0.02
            time.sleep(max(0.0, t - time.monotonic()))

    def audio(self) -> np.ndarray:
        self.running = False
        self.thread.join()
        os.close(self.fd)
        raw = b"".join(self.chunks)
        return np.frombuffer(raw[: len(raw) // 2 * 2], "<i2").astype(np.float32) / 32768


@pytest.fixture
def alsa_home(tmp_path: Path, testdata: Path) -> tuple[Path, FifoSpeaker, str]:
    clip = next(
        c for c in json.loads((testdata / "manifest.json").read_text())["asr_clips"] if c["file"] == "spk1_snt1.wav"
    )
    samples = load_audio(testdata / clip["file"], 16000)
    pad = np.zeros(8000, np.float32)
    raw = np.concatenate([pad, samples, np.zeros(16000 * 3, np.float32)])
    (tmp_path / "mic.raw").write_bytes((raw * 32767).astype("<i2").tobytes())
    speaker = FifoSpeaker(tmp_path / "speaker.fifo")
    (tmp_path / ".asoundrc").write_text(ASOUNDRC.format(infile=tmp_path / "mic.raw", outfile=tmp_path / "speaker.fifo"))
    return tmp_path, speaker, clip["transcript"]


def test_mic_turn_is_transcribed_and_the_reply_is_played(alsa_home) -> None:
    home, speaker, truth = alsa_home
    listed = _voicebot(home, "mic", "--list-devices", timeout=30)
    assert listed.returncode == 0 and "mic" in listed.stdout and "speaker" in listed.stdout, listed
    run = _voicebot(
        home,
        "--config",
        str(REPO / "configs" / "default.yaml"),
        "mic",
        "--input",
        "mic",
        "--output",
        "speaker",
        "--turns",
        "1",
    )
    played = speaker.audio()
    assert run.returncode == 0, run.stderr[-2000:]
    lines = run.stdout.splitlines()
    you = [ln.split("you:", 1)[1] for ln in lines if ln.startswith("you:")]
    bot = [ln.split("bot:", 1)[1].strip() for ln in lines if ln.startswith("bot:")]
    assert you and normalize(you[0]) == normalize(truth), run.stdout
    assert bot and bot[0], run.stdout
    assert any("voice_to_voice=" in ln for ln in lines), run.stdout
    assert np.abs(played).max(initial=0) > 0.05, "no reply audio reached the speaker"
    print("\n" + run.stdout)


def test_no_audio_device_is_a_clear_error(tmp_path: Path) -> None:
    run = _voicebot(tmp_path, "mic", timeout=30)  # no .asoundrc and no sound card: no device at all
    assert run.returncode == 2
    assert "no audio input device found" in run.stderr and "Traceback" not in run.stderr, run.stderr
    named = _voicebot(tmp_path, "mic", "--input", "nonexistent", timeout=30)
    assert named.returncode == 2 and "Traceback" not in named.stderr
    none = _voicebot(tmp_path, "mic", "--turns", "0", timeout=30)  # taken as 1 before
    assert none.returncode == 2 and "--turns must be 1 or more" in none.stderr, none.stderr


def _gate(strategy: str):  # type: ignore[no-untyped-def]
    from voicebot.transports.echo import EchoGate, EchoOptions
    from voicebot.transports.playout import PullPlayer

    player = PullPlayer(16000)
    reply = (0.3 * np.sin(np.arange(16000) * 2 * np.pi * 220 / 16000)).astype(np.float32)
    player.play(1, reply, 16000)
    player.pull(3200)  # 200 ms of the reply went out: the speaker is loud now
    return EchoGate(EchoOptions(strategy=strategy, tail_ms=100), player), player


@pytest.mark.parametrize(
    ("strategy", "echo_passes", "user_passes"),
    [("none", True, True), ("half_duplex", False, False), ("gate", False, True)],
)
def test_echo_strategies_while_the_reply_plays(strategy: str, echo_passes: bool, user_passes: bool) -> None:
    gate, _ = _gate(strategy)
    t = np.arange(320) / 16000
    echo = (0.3 * 0.5 * np.sin(2 * np.pi * 220 * t)).astype(np.float32)  # the reply coming back 6 dB down
    user = (0.6 * np.sin(2 * np.pi * 150 * t)).astype(np.float32)  # someone talking over it, 6 dB up
    assert bool(np.any(gate.process(echo))) == echo_passes
    assert bool(np.any(gate.process(user))) == user_passes


def test_the_mic_opens_again_after_the_reply_and_its_tail() -> None:
    gate, player = _gate("half_duplex")
    player.stop()
    quiet = np.full(320, 0.01, np.float32)
    assert not np.any(gate.process(quiet))  # inside the tail: room echo is still expected
    time.sleep(0.12)
    assert np.array_equal(gate.process(quiet), quiet)
