"""`voicebot mic`: talk to the assistant through a local microphone and speaker (sounddevice/PortAudio).

Capture runs in PortAudio's thread and hands 20 ms blocks to the event loop; playback is a callback-driven
OutputStream over a PullPlayer, so the player knows which samples really went out (first-audible time,
heard prefix on barge-in). The microphone passes through an echo gate so that the bot's own voice from
the speaker neither barges in nor gets transcribed (see transports/echo.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
import threading
import time
from collections.abc import AsyncIterator
from types import ModuleType
from typing import Any

import numpy as np

from audio.io import StreamResampler
from voicebot.config import Config
from voicebot.errors import VoicebotError
from voicebot.frames import AudioIn
from voicebot.models import Models
from voicebot.options import echo_options
from voicebot.report import TurnRecord
from voicebot.session import Session
from voicebot.transports.console import LiveConsole
from voicebot.transports.echo import EchoGate, gated
from voicebot.transports.playout import PullPlayer

RATE = 16000
BLOCK_MS = 20


def sounddevice() -> ModuleType:
    """Import sounddevice, turning a missing PortAudio library into an actionable error."""
    try:
        import sounddevice as sd
    except OSError as e:  # raised at import when libportaudio is missing
        raise VoicebotError(f"cannot load PortAudio ({e}); install it: sudo apt-get install libportaudio2") from None
    return sd


def list_devices() -> str:
    sd = sounddevice()
    devices = sd.query_devices()
    if not len(devices):
        return "no audio devices found"
    return str(devices)


def find_device(spec: str | None, kind: str) -> int:
    """A device index from an index or a (part of a) name; None picks the system default."""
    sd = sounddevice()
    key = "max_input_channels" if kind == "input" else "max_output_channels"
    devices = list(sd.query_devices())
    usable = [i for i, d in enumerate(devices) if d[key] > 0]
    hint = "see `voicebot mic --list-devices`"
    if not usable:
        raise VoicebotError(f"no audio {kind} device found (is a sound card connected?); {hint}")
    if spec is None:
        default = sd.default.device[0 if kind == "input" else 1]
        return default if default in usable else usable[0]
    if spec.isdigit():
        if int(spec) not in usable:
            raise VoicebotError(f"device {spec} is not an audio {kind} device; {hint}")
        return int(spec)
    named = [i for i in usable if spec.lower() in devices[i]["name"].lower()]
    exact = [i for i in named if devices[i]["name"].lower() == spec.lower()]
    if not named:
        raise VoicebotError(f"no audio {kind} device named {spec!r}; {hint}")
    return (exact or named)[0]


class MicSource:
    """16 kHz mono AudioIn blocks from an input device, resampled from its native rate if need be.

    A reader thread does blocking reads and waits for room in a bounded queue (back-pressure, not loss),
    and `frames` never runs ahead of the wall clock. A real microphone is unaffected by either; a device
    that delivers faster than real time (the file-backed test device) is read in order, without gaps,
    and paced like a real one, as the session's real-time clock assumes. (Blocking inside a PortAudio
    callback instead makes such a device skip audio.)
    """

    def __init__(self, device: int, max_blocks: int = 50) -> None:
        self.sd = sounddevice()
        self.device = device
        self.loop = asyncio.get_running_loop()
        self.queue: asyncio.Queue[np.ndarray] = asyncio.Queue()
        self._room = threading.Semaphore(max_blocks)
        self.overflows = 0
        self.stream, rate = self._open()
        self.block = rate * BLOCK_MS // 1000
        self.resampler = StreamResampler(rate, RATE)
        self._running = False
        self._thread = threading.Thread(target=self._read_loop, name="mic-reader", daemon=True)
        self.t0 = 0.0

    def _open(self) -> tuple[Any, int]:
        native = int(self.sd.query_devices(self.device)["default_samplerate"])
        last: Exception | None = None
        for rate in dict.fromkeys([RATE, native]):  # 16 kHz first: no resampling
            try:
                stream = self.sd.InputStream(
                    device=self.device,
                    channels=1,
                    samplerate=rate,
                    blocksize=rate * BLOCK_MS // 1000,
                    dtype="int16",  # every device has it (float capture through ALSA plug garbled test audio)
                )
                return stream, rate
            except self.sd.PortAudioError as e:
                last = e
        raise VoicebotError(f"cannot open audio input device {self.device}: {last}")

    def _read_loop(self) -> None:
        while self._running:
            data, overflowed = self.stream.read(self.block)
            self.overflows += bool(overflowed)
            while self._running and not self._room.acquire(timeout=0.1):
                pass
            with contextlib.suppress(RuntimeError):  # loop closed while the stream winds down
                self.loop.call_soon_threadsafe(self.queue.put_nowait, data[:, 0].astype(np.float32) / 32768)

    def start(self) -> float:
        """Start capturing; return the wall time of input sample 0."""
        self.stream.start()
        self.t0 = time.monotonic()
        self._running = True
        self._thread.start()
        return self.t0

    async def frames(self, stop: asyncio.Event) -> AsyncIterator[AudioIn]:
        n = 0
        halt = asyncio.ensure_future(stop.wait())
        try:
            while not stop.is_set():  # checked first: a device faster than real time always has a block
                get = asyncio.ensure_future(self.queue.get())
                await asyncio.wait([get, halt], return_when=asyncio.FIRST_COMPLETED)
                if not get.done():
                    get.cancel()
                    return
                self._room.release()
                chunk = self.resampler.process(get.result())
                ahead = self.t0 + (n + len(chunk)) / RATE - time.monotonic()
                if ahead > 0:
                    await asyncio.sleep(ahead)
                if len(chunk):
                    yield AudioIn(chunk, n / RATE)
                    n += len(chunk)
        finally:
            halt.cancel()

    def close(self) -> None:
        self._running = False
        if self._thread.is_alive():
            self._thread.join(timeout=2)
        self.stream.stop()
        self.stream.close()


class DevicePlayer(PullPlayer):
    """A PullPlayer drained by a PortAudio output callback at the device's native rate."""

    def __init__(self, device: int) -> None:
        sd = sounddevice()
        rate = int(sd.query_devices(device)["default_samplerate"])
        super().__init__(rate)
        try:
            self.stream = sd.OutputStream(
                device=device, channels=1, samplerate=rate, dtype="int16", callback=self._callback
            )
        except sd.PortAudioError as e:
            raise VoicebotError(f"cannot open audio output device {device}: {e}") from None
        self.latency_s = float(self.stream.latency)

    def _callback(self, outdata: np.ndarray, frames: int, time_info: object, status: object) -> None:
        outdata[:, 0] = (np.clip(self.pull(frames), -1.0, 1.0) * 32767).astype(np.int16)

    def start(self) -> None:
        self.stream.start()

    def close(self) -> None:
        self.stream.stop()
        self.stream.close()


async def run_mic(
    cfg: Config,
    models: Models,
    input_device: str | None = None,
    output_device: str | None = None,
    max_turns: int | None = None,
    console: LiveConsole | None = None,
) -> list[TurnRecord]:
    """Converse through the sound card until Ctrl-C (or `max_turns` replies have been played)."""
    console = console or LiveConsole()
    stop = asyncio.Event()
    done: list[TurnRecord] = []
    stopping: list[asyncio.Future[None]] = []

    def on_turn(rec: TurnRecord) -> None:
        done.append(rec)
        console.on_turn(rec)
        if max_turns is not None and len(done) >= max_turns:
            stopping.append(asyncio.ensure_future(_stop_after_playout()))  # keep a reference

    async def _stop_after_playout() -> None:
        while player.is_playing():
            await asyncio.sleep(0.05)
        stop.set()

    sd = sounddevice()
    out_dev, in_dev = find_device(output_device, "output"), find_device(input_device, "input")
    player = DevicePlayer(out_dev)
    try:
        mic = MicSource(in_dev)
    except BaseException:
        player.close()  # the output device is open already: never leave it behind
        raise
    session = Session(cfg, models, player, realtime=True, on_turn=on_turn, on_frame=console.on_frame)
    gate = EchoGate(echo_options(cfg), player)
    try:
        player.start()
        t0 = mic.start()
        names = (sd.query_devices(in_dev)["name"], sd.query_devices(out_dev)["name"])
        print(
            f"listening on {names[0]!r}, speaking on {names[1]!r} (echo: {cfg.echo.strategy}); Ctrl-C to stop",
            file=sys.stderr,
            flush=True,
        )
        return await session.run(gated(mic.frames(stop), gate), t0)
    finally:
        mic.close()
        player.close()
        await session.close()
