"""A WebRTC caller for `voicebot soak` and the tests: it speaks recordings in real time over loopback.

The client side of a call, as a browser would make it: an aiortc peer whose microphone sends 20 ms frames
at real-time pace (silence between utterances), which reads the server's events off the data channel and
notes when reply audio turns loud. Plus the faults a real network adds: `lossy_network` drops incoming
RTP packets in this process, seeded.
"""

from __future__ import annotations

import asyncio
import contextlib
import fractions
import json
import random
import time
from collections import deque
from collections.abc import Callable, Iterator
from typing import Any

import aiohttp
import numpy as np
from aiortc import MediaStreamTrack, RTCConfiguration, RTCPeerConnection, RTCSessionDescription
from aiortc.mediastreams import MediaStreamError
from aiortc.rtcrtpreceiver import RTCRtpReceiver
from av import AudioFrame

from voicebot.errors import VoicebotError
from voicebot.transports.webrtc import deliver_on_arrival, frame_to_mono

RATE = 48000
FRAME = 960  # 20 ms at 48 kHz
LOUD = 0.02  # a received frame with a peak above this is reply speech (the server sends exact silence)


class LiveMic(MediaStreamTrack):
    """A caller's microphone: 20 ms frames in real time, silence except while an utterance is being said."""

    kind = "audio"

    def __init__(self) -> None:
        super().__init__()
        self._queue: deque[tuple[np.ndarray, asyncio.Future[float]]] = deque()
        self._current: tuple[np.ndarray, asyncio.Future[float]] | None = None
        self._pos = 0  # within the current utterance
        self._sent = 0  # samples since the first frame
        self._start: float | None = None

    def say(self, audio: np.ndarray) -> asyncio.Future[float]:
        """Queue an utterance; the future gets the wall time its first sample is sent."""
        started: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        self._queue.append((audio, started))
        return started

    async def recv(self) -> AudioFrame:
        if self.readyState != "live":
            raise MediaStreamError
        if self._start is None:
            self._start = time.monotonic()
        delay = self._start + self._sent / RATE - time.monotonic()
        if delay > 0:
            await asyncio.sleep(delay)
        chunk = np.zeros(FRAME, np.float32)
        if self._current is None and self._queue:
            self._current, self._pos = self._queue.popleft(), 0
            if not self._current[1].done():
                self._current[1].set_result(time.monotonic())
        if self._current is not None:
            part = self._current[0][self._pos : self._pos + FRAME]
            chunk[: len(part)] = part
            self._pos += FRAME
            if self._pos >= len(self._current[0]):
                self._current = None
        s16 = (np.clip(chunk, -1, 1) * 32767).astype(np.int16).reshape(1, -1)
        frame = AudioFrame.from_ndarray(s16, format="s16", layout="mono")
        frame.sample_rate, frame.pts, frame.time_base = RATE, self._sent, fractions.Fraction(1, RATE)
        self._sent += FRAME
        return frame


class Busy(Exception):
    """The server answered 503: every session slot is in use."""


class Call:
    """One caller's peer connection: its microphone, the server's events, and when reply audio was loud."""

    def __init__(self) -> None:
        self.pc = RTCPeerConnection(RTCConfiguration(iceServers=[]))  # no STUN: loopback only
        self.mic = LiveMic()
        self.events: list[tuple[float, dict[str, Any]]] = []  # (wall time received, event)
        self.loud: list[float] = []  # wall times of loud reply frames
        self.last_frame = 0.0
        self._changed = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        channel = self.pc.createDataChannel("events")
        channel.on("message", self._on_message)
        self.pc.on("track", self._on_track)
        self.pc.addTrack(self.mic)

    def _on_message(self, msg: str) -> None:
        with contextlib.suppress(ValueError):
            self.events.append((time.monotonic(), json.loads(msg)))
            self._changed.set()

    def _on_track(self, remote: MediaStreamTrack) -> None:
        def on_frame(t: float, samples: np.ndarray) -> None:
            self.last_frame = t
            if float(np.abs(samples).max(initial=0)) > LOUD:
                self.loud.append(t)
                self._changed.set()

        self._tasks.append(asyncio.ensure_future(receive(remote, on_frame)))

    async def dial(self, url: str) -> None:
        """Offer, get the answer (Busy on 503), connect."""
        await self.pc.setLocalDescription(await self.pc.createOffer())
        status, body = await post_offer(url, {"sdp": self.pc.localDescription.sdp, "type": "offer"})
        if status == 503:
            raise Busy(body.get("error", ""))
        if status != 200:
            raise VoicebotError(f"a good offer got HTTP {status}: {body}")
        await self.pc.setRemoteDescription(RTCSessionDescription(sdp=body["sdp"], type=body["type"]))
        deliver_on_arrival(self.pc)  # the caller times reply audio as it arrives, not after an 80 ms buffer

    async def until(self, pred: Callable[[], Any], timeout: float, what: str) -> Any:
        """Wait until pred() is truthy (re-checked on every event and loud frame, and every 0.1 s)."""
        deadline = time.monotonic() + timeout
        while not (got := pred()):
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(what)
            self._changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), min(left, 0.1))
        return got

    def event(self, since: int, pred: Callable[[dict[str, Any]], bool]) -> tuple[float, dict[str, Any]] | None:
        return next(((t, e) for t, e in self.events[since:] if pred(e)), None)

    def loud_after(self, t: float) -> float | None:
        return next((x for x in self.loud if x > t), None)

    async def hang_up(self) -> None:
        await self.pc.close()
        self.mic.stop()
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)


async def receive(remote: MediaStreamTrack, on_frame: Callable[[float, np.ndarray], None]) -> None:
    """Read a received track until it ends, handing each frame on as (wall time, mono float32 samples)."""
    while True:
        try:
            frame = await remote.recv()
        except MediaStreamError:
            return
        on_frame(time.monotonic(), frame_to_mono(frame))


async def post_offer(url: str, body: object, headers: dict[str, str] | None = None) -> tuple[int, dict[str, Any]]:
    async with aiohttp.ClientSession() as http, http.post(f"{url}/offer", json=body, headers=headers) as r:
        try:
            return r.status, await r.json(content_type=None)
        except ValueError:
            return r.status, {"error": await r.text()}


async def client_offer_sdp() -> str:
    """A real offer from a throwaway peer (closed at once), to be spoiled by a bad-offer probe."""
    pc = RTCPeerConnection(RTCConfiguration(iceServers=[]))
    try:
        pc.addTrack(LiveMic())
        await pc.setLocalDescription(await pc.createOffer())
        return pc.localDescription.sdp
    finally:
        await pc.close()


@contextlib.contextmanager
def lossy_network(p: float, seed: int) -> Iterator[None]:
    """A simulated lossy link (loopback loses nothing): every aiortc receiver in this process, the server's
    and the callers', drops each incoming RTP packet with chance `p` (seeded), as Wi-Fi does."""
    handle = RTCRtpReceiver._handle_rtp_packet
    rng = random.Random(seed)

    async def lossy(self: RTCRtpReceiver, packet: Any, arrival_time_ms: int) -> None:
        if rng.random() >= p:
            await handle(self, packet, arrival_time_ms)

    RTCRtpReceiver._handle_rtp_packet = lossy  # type: ignore[method-assign]
    try:
        yield
    finally:
        RTCRtpReceiver._handle_rtp_packet = handle  # type: ignore[method-assign]
