"""WebRTC transport with real aiortc peers on loopback and the real models.

A client peer sends a shared recording as a live microphone to `POST /offer` of a real server; the test
checks the transcript and reply events on the data channel and that reply audio came back; then that a
peer dropped mid-turn frees its session, and that callers beyond `server.max_sessions` get a clear 503.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import aiohttp
import numpy as np
import pytest
import pytest_asyncio
from aiohttp import web
from aiortc import RTCPeerConnection
from aiortc.rtp import RtpPacket
from engine_load import engine_full
from webrtc_helpers import ClipTrack, call, offer

from audio.io import load_audio
from audio.wer import normalize, word_edits
from voicebot.config import load_config
from voicebot.models import load_models
from voicebot.soak_caller import lossy_network
from voicebot.transports import webrtc
from voicebot.transports.server import VoiceServer
from voicebot.transports.webrtc import ArrivalOrderBuffer, deliver_on_arrival, restrict_ice_to_loopback, track_frames

pytestmark = pytest.mark.asyncio(loop_scope="module")
STAGE_TASKS = {"feed", "vad", "asr", "turns", "llm", "tts", "sink", "peer-session"}


@pytest.fixture(scope="module")
def cfg():
    return load_config(None, {"llm.max_tokens": 40, "server.max_sessions": 1})


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def models(cfg):
    restrict_ice_to_loopback()
    m = await load_models(cfg)
    yield m
    await m.close()


@asynccontextmanager
async def _serve(cfg, models) -> AsyncIterator[tuple[VoiceServer, str]]:  # type: ignore[no-untyped-def]
    """A VoiceServer on a free loopback port: (server, its URL)."""
    vs = VoiceServer(cfg, models)
    runner = web.AppRunner(vs.app())
    await runner.setup()
    try:
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        yield vs, f"http://127.0.0.1:{site._server.sockets[0].getsockname()[1]}"  # type: ignore[union-attr]
    finally:
        await runner.cleanup()


@pytest_asyncio.fixture(loop_scope="module")
async def server(cfg, models):
    async with _serve(cfg, models) as served:
        yield served


def _clip(testdata, manifest, name: str) -> tuple[np.ndarray, str]:
    clip = next(c for c in manifest["asr_clips"] if c["file"] == name)
    return load_audio(testdata / name, 16000), clip["transcript"]


async def _until(pred, timeout: float, what: str) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while not pred():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.05)


def _pipeline_tasks() -> list[str]:
    return [t.get_name() for t in asyncio.all_tasks() if t.get_name() in STAGE_TASKS and not t.done()]


async def test_a_call_is_transcribed_and_answered_with_audio(server, testdata, manifest) -> None:
    vs, url = server
    samples, truth = _clip(testdata, manifest, "spk1_snt1.wav")
    client = await call(url, ClipTrack(samples))
    try:
        final = await client.wait_for(lambda e: e["type"] == "final" and e["text"].strip(), 20)
        assert word_edits(normalize(truth), normalize(final["text"])) == 0, final["text"]
        assert any(e["type"] == "partial" for e in client.events)
        buffers = [getattr(r, webrtc._BUFFER) for p in vs.sessions for r in p.pc.getReceivers()]
        assert buffers and all(isinstance(b, ArrivalOrderBuffer) for b in buffers)  # speech is not held back
        reply = await client.wait_for(lambda e: e["type"] == "reply", 30)
        assert reply["text"].strip() and not reply["error"]
        turn = await client.wait_for(lambda e: e["type"] == "turn", 30)
        assert turn["latency_ms"]["voice_to_voice"] > 0
        await _until(lambda: np.abs(client.received()).max(initial=0) > 0.05, 15, "reply audio")
        print(f"\nwebrtc voice_to_voice (server clock): {turn['latency_ms']['voice_to_voice']:.0f} ms")
    finally:
        await client.close()
    await _until(lambda: not vs.sessions, 10, "the session to close")
    assert vs.metrics.sessions_total == 1 and vs.metrics.sessions_active == 0
    async with aiohttp.ClientSession() as http, http.get(f"{url}/metrics") as r:
        text = await r.text()
    assert 'voicebot_stage_latency_ms{stage="voice_to_voice",quantile="0.95"}' in text, text
    assert "voicebot_turns_stalled " in text, text


async def test_a_peer_dropped_mid_turn_frees_its_session(server, models, testdata, manifest) -> None:
    vs, url = server
    samples, _ = _clip(testdata, manifest, "jfk.flac")
    client = await call(url, ClipTrack(samples[: 16000 * 3]))  # "And so my fellow Americans..."
    try:
        await client.wait_for(lambda e: e["type"] == "reply_delta", 30)  # the LLM is replying
        assert len(vs.sessions) == 1 and _pipeline_tasks()
    finally:
        await client.close()  # hang up mid-reply
    hung_up = time.monotonic()
    await _until(lambda: not vs.sessions, 10, "the dropped session to close")
    print(f"\nsession freed {time.monotonic() - hung_up:.2f}s after the hang-up")
    await _until(lambda: not _pipeline_tasks(), 5, "the pipeline tasks to end")
    engine = getattr(models.llm, "engine", None)
    if engine is not None:  # the LLM request was aborted, not left generating for nobody
        await _until(lambda: engine.stats()["in_flight"] == 0, 5, "the engine request to be aborted")


async def test_callers_beyond_max_sessions_get_a_clear_503(server) -> None:
    from aiortc import RTCConfiguration, RTCPeerConnection

    vs, url = server
    first = await call(url, ClipTrack(np.zeros(16000, np.float32)))
    await _until(lambda: first.pc.connectionState == "connected", 10, "the first call to connect")
    pc = RTCPeerConnection(RTCConfiguration(iceServers=[]))
    pc.addTrack(ClipTrack(np.zeros(16000, np.float32)))
    try:
        status, body = await offer(url, pc)
        assert status == 503
        assert "busy" in body["error"] and "1" in body["error"]
    finally:
        await pc.close()
        await first.close()
    await _until(lambda: not vs.sessions, 10, "the session to close")
    async with aiohttp.ClientSession() as http:
        async with http.get(f"{url}/metrics") as r:
            text = await r.text()
        async with http.get(f"{url}/healthz") as r:
            health = await r.json()
    assert "voicebot_sessions_rejected_total 1" in text and "voicebot_sessions_active 0" in text
    assert health == {"ok": True, "sessions": 0, "lag_ms": 0, "accepting": True}


async def test_an_offer_from_another_site_is_refused_and_holds_no_slot(server) -> None:
    vs, url = server
    body = {"sdp": "v=0", "type": "offer"}
    async with aiohttp.ClientSession() as http:
        async with http.post(f"{url}/offer", json=body, headers={"Origin": "http://evil.example"}) as r:
            assert r.status == 403 and "evil.example" in (await r.json())["error"]
        assert not vs.sessions
        async with http.post(f"{url}/offer", json=body, headers={"Origin": url}) as r:
            assert r.status == 400  # same origin passes the check; this SDP is simply bad
        assert not vs.sessions


async def test_odd_offers_get_a_clear_answer_and_hold_nothing(server) -> None:
    """JSON nested thousands deep, and a time zone that names a folder of zones ("America"), were a 500 with a
    traceback, the second with its peer connection left open."""
    from aiortc import RTCConfiguration, RTCPeerConnection

    vs, url = server
    async with aiohttp.ClientSession() as http:
        deep = "[" * 100_000 + "]" * 100_000
        async with http.post(f"{url}/offer", data=deep, headers={"Content-Type": "application/json"}) as r:
            assert r.status == 400 and "JSON" in (await r.json())["error"]
    pc = RTCPeerConnection(RTCConfiguration(iceServers=[]))
    pc.addTrack(ClipTrack(np.zeros(16000, np.float32)))
    try:
        status, body = await offer(url, pc, timezone="America")
        assert status == 200 and body["type"] == "answer"  # the machine's own zone, as for an unknown one
    finally:
        await pc.close()
    await _until(lambda: not vs.sessions, 10, "the session to close")


async def test_a_server_running_behind_real_time_turns_new_callers_away(models, testdata, manifest) -> None:
    """The engine is saturated for real (every batch slot taken by long requests), so a caller's reply
    waits; once it is overdue by more than server.max_lag_ms, a new caller gets a clear 503 rather than a
    call that would slow every call; when the load goes, calls are taken again."""
    cfg = load_config(None, {"llm.max_tokens": 20, "server.max_sessions": 3, "server.max_lag_ms": 300,
                             "turns.end_of_turn": "silence"})  # fmt: skip
    engine = getattr(models.llm, "engine", None)
    assert engine is not None, "the default LLM backend is the in-process engine"
    samples, _ = _clip(testdata, manifest, "spk1_snt1.wav")
    async with _serve(cfg, models) as (vs, url), engine_full(engine, max_tokens=1500) as hogs:
        client = await call(url, ClipTrack(samples))
        try:
            await client.wait_for(lambda e: e["type"] == "final" and e["text"].strip(), 30)
            await _until(lambda: vs.lag_s() > 0.3, 15, "the waiting caller's reply to be overdue")
            pc = RTCPeerConnection()
            pc.addTrack(ClipTrack(np.zeros(16000, np.float32)))
            try:
                status, body = await offer(url, pc)
            finally:
                await pc.close()
            assert status == 503 and "overloaded" in body["error"] and "behind real time" in body["error"], body
            assert len(vs.sessions) == 1 and vs.metrics.sessions_overloaded == 1
            async with aiohttp.ClientSession() as http, http.get(f"{url}/healthz") as r:
                health = await r.json()
            assert health["accepting"] is False and health["lag_ms"] > 300, health
            assert not any(e["type"] == "reply_delta" for e in client.events)  # the reply was really held up

            for t in hogs:
                t.cancel()
            await client.wait_for(lambda e: e["type"] == "reply", 30)  # the load is gone: the caller is answered
            await _until(lambda: vs.lag_s() == 0, 15, "the server to catch up")
            second = await call(url, ClipTrack(np.zeros(16000, np.float32)))  # and a new caller is taken again
            await second.close()
        finally:
            await client.close()


class _StallingTrack(ClipTrack):
    """Sends 0.1 s of the clip, nothing for 0.25 s, 0.1 s more, then nothing at all (a browser that stops
    sending while its track is silent, then a peer that vanished)."""

    resume_at: float | None = None

    async def recv(self):  # type: ignore[no-untyped-def]
        if self.pos == 4800:  # a recv may be cancelled by the caller's timeout: the gap is kept in wall time
            self.resume_at = self.resume_at or time.monotonic() + 0.25
            await asyncio.sleep(self.resume_at - time.monotonic())
        elif self.pos == 9600:
            await asyncio.sleep(3600)
        return await super().recv()


async def test_a_gap_in_the_incoming_frames_is_silence_and_a_long_one_ends_the_call(testdata) -> None:
    clip = load_audio(testdata / "spk1_snt1.wav", 16000)
    got = []
    async with asyncio.timeout(10):  # never hangs
        async for f in track_frames(_StallingTrack(clip, lead_s=0.0), idle_timeout_s=0.35, gap_s=0.1):
            got.append(f)
    kinds = ["audio" if np.any(f.samples) else "gap" for f in got]
    runs = [(k, sum(1 for _ in g)) for k, g in itertools.groupby(kinds)]
    assert [k for k, _ in runs] == ["audio", "gap", "audio", "gap"], runs
    assert runs[1][1] >= 1 and runs[3][1] == 3  # a gap is silence; 0.35 s without frames ends the call
    assert all(len(f.samples) == 1600 for f in got if not np.any(f.samples))
    t = 0.0
    for f in got:  # one clock, counted in samples, with no holes
        assert f.t_s == pytest.approx(t)
        t += len(f.samples) / 16000


class _CancellingTrack(ClipTrack):
    """Cancels its reader from inside its third recv, which then returns a frame: the cancel and the
    result arrive together, the race in which Python 3.11's wait_for drops the cancel."""

    reader: asyncio.Task | None = None

    async def recv(self):  # type: ignore[no-untyped-def]
        frame = await super().recv()
        if self.pos == 3 * 960 and self.reader is not None:
            self.reader.cancel()
        return frame


async def test_a_cancel_that_arrives_with_a_frame_still_stops_the_reader(testdata) -> None:
    track = _CancellingTrack(load_audio(testdata / "spk1_snt1.wav", 16000), lead_s=0.0)
    got = []

    async def read() -> None:
        async for f in track_frames(track, idle_timeout_s=5.0):
            got.append(f)

    track.reader = asyncio.create_task(read())
    done, _ = await asyncio.wait({track.reader}, timeout=5)
    assert track.reader in done and track.reader.cancelled()
    assert len(got) <= 3  # it stopped at the cancel, not at the end of the recording


class _LossyTrack(ClipTrack):
    """Loses every fifth 20 ms frame in transit: the sender's timestamps jump over it."""

    async def recv(self):  # type: ignore[no-untyped-def]
        if (self.pos // 960) % 5 == 4:
            self.pos += 960
            if self.start is not None:
                self.start -= 0.02  # the lost frame's time passes on the sender's clock, not on ours
        return await super().recv()


async def test_audio_lost_in_transit_is_silence_and_the_clock_keeps_the_senders_time(testdata, caplog) -> None:
    clip = load_audio(testdata / "spk1_snt1.wav", 16000)[:16000]  # one second
    caplog.set_level(logging.INFO, "voicebot.webrtc")
    got = []
    frames = track_frames(_LossyTrack(clip, lead_s=0.0), idle_timeout_s=0.3, gap_s=None)
    async with asyncio.timeout(10):
        async for f in frames:
            got.append(f)
            if f.t_s + len(f.samples) / 16000 >= 1.0:
                break
        await frames.aclose()
    audio = np.concatenate([f.samples for f in got])[:16000]
    assert len(audio) == 16000  # one second of the sender's time, not 0.8 s
    lost = [audio[i * 320 + 40 : (i + 1) * 320 - 40] for i in range(4, 50, 5)]  # inside each lost frame
    heard = [audio[i * 320 + 40 : (i + 1) * 320 - 40] for i in range(50) if i % 5 != 4]
    assert all(np.abs(x).max() < 1e-3 for x in lost)
    assert np.mean([np.abs(x).max() for x in heard]) > 10 * max(np.abs(x).max() for x in lost)
    assert "lost in 9 gaps" in caplog.text or "lost in 10 gaps" in caplog.text


async def _receive_over_lossy_link(samples: np.ndarray, on_arrival: bool, seconds: float = 2.0):  # type: ignore[no-untyped-def]
    """A loopback call; returns (share of the sent frames received, lag p50 behind the sender in s)."""
    a, b = RTCPeerConnection(), RTCPeerConnection()
    got: asyncio.Future = asyncio.get_running_loop().create_future()
    b.on("track", got.set_result)
    sender = ClipTrack(samples, lead_s=0.0)
    a.addTrack(sender)
    try:
        await a.setLocalDescription(await a.createOffer())
        await b.setRemoteDescription(a.localDescription)
        if on_arrival:
            deliver_on_arrival(b)
        await b.setLocalDescription(await b.createAnswer())
        await a.setRemoteDescription(b.localDescription)
        track = await got
        frames, lags, last = 0, [], 0
        async with asyncio.timeout(seconds + 5):
            while sender.start is None or time.monotonic() < sender.start + seconds:
                f = await track.recv()
                frames, last = frames + 1, f.pts
                lags.append(time.monotonic() - (sender.start + f.pts / 48000))
        return frames / (last // 960 + 1), float(np.median(lags))
    finally:
        await a.close()
        await b.close()


async def test_a_lost_packet_costs_only_itself_and_adds_no_lag(testdata) -> None:
    """aiortc's own jitter buffer holds 80 ms, and after one lost packet 300 ms and drops more; speech for
    the VAD needs none of it (ArrivalOrderBuffer). The lossy network is the soak's simulated one."""
    restrict_ice_to_loopback()
    speech = load_audio(testdata / "spk1_snt1.wav", 16000)
    with lossy_network(0.1, seed=1):
        ours = await _receive_over_lossy_link(speech, on_arrival=True)
        theirs = await _receive_over_lossy_link(speech, on_arrival=False)
    print(f"\n1 packet in 10 lost: received {ours[0]:.0%} / lag {ours[1] * 1000:.0f} ms; aiortc's buffer: "
          f"{theirs[0]:.0%} / {theirs[1] * 1000:.0f} ms")  # fmt: skip
    assert theirs[0] < 0.8  # the loss is real
    assert ours[0] >= 0.84 and ours[1] < 0.04


async def test_the_arrival_buffer_passes_packets_on_in_order_and_drops_late_and_empty_ones() -> None:
    def packet(seq: int, data: bytes = b"opus") -> RtpPacket:
        p = RtpPacket(sequence_number=seq, timestamp=seq * 960)
        p._data = data  # type: ignore[attr-defined]  # as aiortc's receiver sets it before the buffer
        return p

    buf = ArrivalOrderBuffer()
    passed = [seq for seq in (65533, 65534, 0, 65535, 1, 1, 3, 2, 4) if buf.add(packet(seq))[1] is not None]
    assert passed == [65533, 65534, 0, 1, 3, 4]  # across the wrap; a late 65535 and 2, a duplicate 1 dropped
    assert buf.add(packet(5, b""))[1] is None  # padding only
    frame = buf.add(packet(6))[1]
    assert frame is not None and (frame.data, frame.timestamp) == (b"opus", 6 * 960)
