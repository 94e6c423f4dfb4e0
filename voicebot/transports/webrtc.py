"""aiortc glue: browser audio in as 16 kHz AudioIn frames, reply audio out as a paced 48 kHz track.

The outgoing track is the session's Player: aiortc pulls one 20 ms frame per `recv`, which we pace on the
wall clock, so the PullPlayer behind it knows exactly which samples were sent (first-audible time, heard
prefix on barge-in). When no reply is queued it sends silence, so the browser's jitter buffer stays primed.
"""

from __future__ import annotations

import asyncio
import fractions
import logging
import time
from collections.abc import AsyncIterator

import numpy as np
from aiortc import MediaStreamTrack, RTCPeerConnection
from aiortc.jitterbuffer import JitterFrame
from aiortc.mediastreams import MediaStreamError
from aiortc.rtp import RtpPacket
from av import AudioFrame

from audio.io import StreamResampler
from voicebot.frames import AudioIn
from voicebot.transports.playout import PullPlayer

log = logging.getLogger("voicebot.webrtc")

OUT_RATE = 48000
FRAME_S = 0.02
IN_RATE = 16000
GAP_S = 0.5  # no frame from a live track this long: the gap is silence (see track_frames)
MAX_FILL_S = 5.0  # a jump in the sender's timestamps up to this long is lost audio; a longer one, a reset


def restrict_ice_to_loopback() -> None:
    """Offer only 127.0.0.1 as ICE host candidate (aioice skips loopback and offers every other address).

    For a server bound to loopback (and for tests): no packet ever leaves the machine.
    """
    import aioice.ice

    aioice.ice.get_host_addresses = lambda use_ipv4, use_ipv6: ["127.0.0.1"] if use_ipv4 else []


class ReplyTrack(MediaStreamTrack):
    """An audio track that plays the session's replies, and the session's Player."""

    kind = "audio"

    def __init__(self, rate: int = OUT_RATE) -> None:
        super().__init__()
        self.rate = rate
        self.player = PullPlayer(rate)
        self._samples = int(rate * FRAME_S)
        self._start: float | None = None
        self._pts = 0

    # Player protocol, delegated: the session sees this track as its speaker.
    def play(self, turn_id: int, samples: np.ndarray, rate: int) -> float:
        return self.player.play(turn_id, samples, rate)

    def stop(self) -> int:
        return self.player.stop()

    def pause(self) -> None:
        self.player.pause()

    def resume(self) -> None:
        self.player.resume()

    def is_playing(self) -> bool:
        return self.player.is_playing()

    async def recv(self) -> AudioFrame:
        if self.readyState != "live":
            raise MediaStreamError
        if self._start is None:
            self._start = time.monotonic()
        due = self._start + self._pts / self.rate
        delay = due - time.monotonic()
        if delay > 0:
            await asyncio.sleep(delay)
        elif delay < -0.2:  # we fell far behind (event loop stall): skip ahead, do not burst
            self._pts += int(-delay * self.rate) // self._samples * self._samples
        pcm = self.player.pull(self._samples)
        s16 = (np.clip(pcm, -1.0, 1.0) * 32767).astype(np.int16)
        frame = AudioFrame.from_ndarray(s16.reshape(1, -1), format="s16", layout="mono")
        frame.sample_rate = self.rate
        frame.pts = self._pts
        frame.time_base = fractions.Fraction(1, self.rate)
        self._pts += self._samples
        return frame


class ArrivalOrderBuffer:
    """Stands in for aiortc's audio jitter buffer on a receiver: each packet is passed on as it arrives.

    Why: the speech goes to the VAD and ASR, not to a loudspeaker, so there is nothing to smooth. aiortc's
    buffer holds 4 packets (80 ms) before passing one on, and one lost packet fills it to 16 (300 ms of lag
    for the rest of the call, since it passes on one packet per packet that arrives) and drops the next
    few (measured on loopback, 1 packet in 10 lost: about half the audio arrived, 283 ms behind; with this,
    90 %, no lag). A late packet (older than one passed on) is dropped; lost time becomes silence in
    `track_frames`, from the jump in the timestamps.
    """

    capacity = 16  # aiortc reads it (for NACKs on video only)

    def __init__(self) -> None:
        self._last: int | None = None

    def add(self, packet: RtpPacket) -> tuple[bool, JitterFrame | None]:
        """(ask for a key frame, the frame to decode): never the first, as audio has no key frames."""
        seq = packet.sequence_number
        if self._last is not None and not 0 < (seq - self._last) % 65536 < 32768:
            return False, None  # a duplicate, or later than a packet already passed on
        self._last = seq
        data: bytes = packet._data  # type: ignore[attr-defined]  # the payload, as aiortc's receiver parsed it
        if not data:
            return False, None  # padding only: nothing to decode
        return False, JitterFrame(data=data, timestamp=packet.timestamp)


def deliver_on_arrival(pc: RTCPeerConnection) -> None:
    """Give each incoming audio track of `pc` an ArrivalOrderBuffer (before media flows). aiortc has no
    option for it: its receiver's private buffer is replaced, and left alone if that attribute is gone."""
    for receiver in pc.getReceivers():
        if receiver.track is not None and receiver.track.kind == "audio":
            if not hasattr(receiver, _BUFFER):
                log.warning("aiortc's receiver has changed: audio keeps its own jitter buffer (+80 ms)")
                return
            setattr(receiver, _BUFFER, ArrivalOrderBuffer())


_BUFFER = "_RTCRtpReceiver__jitter_buffer"


def frame_to_mono(frame: AudioFrame) -> np.ndarray:
    """An aiortc/PyAV audio frame (s16 or float, packed or planar, any channels) as float32 mono."""
    arr = frame.to_ndarray()
    channels = len(frame.layout.channels)
    arr = arr.reshape(channels, -1).T if frame.format.is_planar else arr.reshape(-1, channels)
    x = arr.astype(np.float32)
    if arr.dtype == np.int16:
        x /= 32768.0
    elif arr.dtype == np.int32:
        x /= 2147483648.0
    return x.mean(axis=1) if channels > 1 else x[:, 0]


async def track_frames(
    track: MediaStreamTrack,
    first: AudioFrame | None = None,
    idle_timeout_s: float | None = None,
    gap_s: float | None = GAP_S,
) -> AsyncIterator[AudioIn]:
    """16 kHz mono AudioIn from a remote audio track, on a clock counted in samples.

    No frame for `gap_s` is that long a silence: a browser may stop sending while its track is digitally
    silent (a WebAudio track did, in the browser test), and a turn must end then, not when sound returns.
    Ends with the track, or when no frame came for `idle_timeout_s` (a peer that vanished without
    hanging up: browsers send frames continuously while the microphone is on).
    """
    resampler: StreamResampler | None = None
    n = 0
    idle = 0.0
    frame = first
    pts_next: int | None = None  # where the next frame starts, in the sender's time base
    filled = 0.0  # gap silence given since the last frame
    lost, gaps = 0.0, 0
    try:
        while True:
            if frame is None:
                wait = gap_s if gap_s is not None else idle_timeout_s
                try:
                    async with asyncio.timeout(wait):  # not wait_for, which can swallow a cancel: voicebot/tasks.py
                        frame = await track.recv()
                except MediaStreamError:
                    return
                except TimeoutError:
                    idle += wait or 0.0
                    if gap_s is None or (idle_timeout_s is not None and idle >= idle_timeout_s):
                        return
                    yield AudioIn(np.zeros(round(gap_s * IN_RATE), np.float32), n / IN_RATE)
                    n += round(gap_s * IN_RATE)
                    filled += gap_s
                    continue
                idle = 0.0
            if resampler is None or resampler.from_rate != frame.sample_rate:
                resampler = StreamResampler(frame.sample_rate, IN_RATE)
            pcm = frame_to_mono(frame)
            if (missing := _missing_s(frame, pts_next) - filled) >= FRAME_S / 2:
                # packets lost (or dropped by a jitter buffer that overflowed while the CPU was busy): their
                # time is silence, so the clock stays the sender's and words either side are not glued together
                pcm = np.concatenate([np.zeros(round(missing * frame.sample_rate), np.float32), pcm])
                lost, gaps = lost + missing, gaps + 1
            pts_next = _pts_after(frame)
            filled = 0.0
            chunk = resampler.process(pcm)
            frame = None
            if len(chunk):
                yield AudioIn(chunk, n / IN_RATE)
                n += len(chunk)
    finally:
        _report_loss(lost, gaps)


def _missing_s(frame: AudioFrame, expected: int | None) -> float:
    """Seconds between where `frame` should have started and where it does (0 when unknown)."""
    if expected is None or frame.pts is None or frame.time_base is None:
        return 0.0
    delta = (frame.pts - expected) % 2**32  # RTP timestamps are 32 bits and wrap
    seconds = float(delta * frame.time_base)
    return seconds if seconds <= MAX_FILL_S else 0.0  # a larger jump forward (or any back) is a reset


def _pts_after(frame: AudioFrame) -> int | None:
    if frame.pts is None or frame.time_base is None:
        return None
    return frame.pts + round(frame.samples / frame.sample_rate / frame.time_base)


def _report_loss(lost_s: float, gaps: int) -> None:
    if gaps:
        log.info("%.2f s of incoming audio lost in %d gaps (replaced by silence)", lost_s, gaps)
