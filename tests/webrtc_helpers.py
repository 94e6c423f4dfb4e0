"""Test helpers for the WebRTC transport: a recording as a live microphone track, and a client peer.

Both peers run in the test's process on loopback only (ICE host candidates restricted to 127.0.0.1).
"""

from __future__ import annotations

import asyncio
import contextlib
import fractions
import json
import time
from dataclasses import dataclass, field

import aiohttp
import numpy as np
from aiortc import MediaStreamTrack, RTCConfiguration, RTCPeerConnection, RTCSessionDescription
from aiortc.mediastreams import MediaStreamError
from av import AudioFrame

from audio.io import resample
from voicebot.soak_caller import receive


class ClipTrack(MediaStreamTrack):
    """A 16 kHz recording sent as a live 48 kHz microphone: 20 ms frames in real time, then silence."""

    kind = "audio"

    def __init__(self, samples16k: np.ndarray, lead_s: float = 0.5) -> None:
        super().__init__()
        pad = np.zeros(int(lead_s * 16000), np.float32)
        self.audio = resample(np.concatenate([pad, samples16k.astype(np.float32)]), 16000, 48000)
        self.pos = 0
        self.start: float | None = None
        self.first_sent: float | None = None  # wall time of the first frame

    async def recv(self) -> AudioFrame:
        if self.readyState != "live":
            raise MediaStreamError
        if self.start is None:
            self.start = self.first_sent = time.monotonic()
        delay = self.start + self.pos / 48000 - time.monotonic()
        if delay > 0:
            await asyncio.sleep(delay)
        chunk = np.zeros(960, np.float32)
        part = self.audio[self.pos : self.pos + 960]
        chunk[: len(part)] = part
        frame = AudioFrame.from_ndarray((chunk * 32767).astype(np.int16).reshape(1, -1), format="s16", layout="mono")
        frame.sample_rate, frame.pts, frame.time_base = 48000, self.pos, fractions.Fraction(1, 48000)
        self.pos += 960
        return frame


@dataclass
class Client:
    pc: RTCPeerConnection
    events: list[dict] = field(default_factory=list)
    audio: list[tuple[float, np.ndarray]] = field(default_factory=list)  # (wall, 48 kHz mono samples)
    got_event: asyncio.Event = field(default_factory=asyncio.Event)
    tasks: list[asyncio.Task] = field(default_factory=list)

    def received(self) -> np.ndarray:
        return np.concatenate([a for _, a in self.audio]) if self.audio else np.zeros(0, np.float32)

    async def wait_for(self, pred, timeout: float) -> dict:  # type: ignore[no-untyped-def]
        deadline = time.monotonic() + timeout
        while True:
            for e in self.events:
                if pred(e):
                    return e
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no such event within {timeout}s; got {self.events}")
            self.got_event.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.got_event.wait(), left)

    async def close(self) -> None:
        await self.pc.close()
        for t in self.tasks:
            t.cancel()


async def offer(base_url: str, pc: RTCPeerConnection, **extra: object) -> tuple[int, dict]:
    await pc.setLocalDescription(await pc.createOffer())
    body = {"sdp": pc.localDescription.sdp, "type": pc.localDescription.type, **extra}
    async with aiohttp.ClientSession() as http, http.post(f"{base_url}/offer", json=body) as resp:
        return resp.status, await resp.json()


async def call(base_url: str, track: MediaStreamTrack) -> Client:
    """Connect a client peer that sends `track`, records the reply audio and collects the JSON events."""
    pc = RTCPeerConnection(RTCConfiguration(iceServers=[]))
    client = Client(pc)
    channel = pc.createDataChannel("events")

    @channel.on("message")
    def on_message(msg: str) -> None:
        client.events.append(json.loads(msg))
        client.got_event.set()

    @pc.on("track")
    def on_track(remote: MediaStreamTrack) -> None:
        client.tasks.append(asyncio.ensure_future(receive(remote, lambda t, x: client.audio.append((t, x)))))

    pc.addTrack(track)
    status, answer = await offer(base_url, pc)
    assert status == 200, answer
    await pc.setRemoteDescription(RTCSessionDescription(**answer))
    return client
