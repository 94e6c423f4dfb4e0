"""Barge-in on recorded audio with the real models and a player that plays in real time.

The user says one sentence, then starts a second one while the reply is playing. The reply's turn must be
cancelled, playback must stop within 300 ms of the second utterance's onset (session clock: it is paused
at once, and cut for good once the words show it is no backchannel), and the conversation must keep only
what was heard: a strict prefix of the reply the LLM wrote.

The player is the WebRTC reply track (transports/webrtc.py) drained by a task that pulls its 20 ms frames
in real time, standing in for the network: the same player code a browser call uses.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator

import numpy as np
import pytest
import pytest_asyncio

from audio.io import load_audio
from audio.speakable import speakable
from audio.wer import normalize
from voicebot import frames as fr
from voicebot.config import load_config
from voicebot.models import load_models
from voicebot.session import Session
from voicebot.transports.webrtc import ReplyTrack

pytestmark = pytest.mark.asyncio(loop_scope="module")
RATE = 16000
CHUNK = 320  # 20 ms


@pytest.fixture(scope="module")
def cfg():
    return load_config(None, {"llm.max_tokens": 60})


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def models(cfg):
    m = await load_models(cfg)
    yield m
    await m.close()


def speech_onset(x: np.ndarray, level_db: float = -35.0) -> float:
    """Seconds to the first 20 ms block louder than level_db (the clips start with a little silence)."""
    rms = np.sqrt(np.mean(x[: len(x) // CHUNK * CHUNK].reshape(-1, CHUNK) ** 2, axis=1))
    loud = np.flatnonzero(rms > 10 ** (level_db / 20))
    return float(loud[0] * CHUNK / RATE)


class Talker:
    """Says `first`, waits until the reply has played for `into_reply_s`, then says `second`, in real time."""

    def __init__(self, first: np.ndarray, second: np.ndarray, player: ReplyTrack, into_reply_s: float) -> None:
        self.first, self.second, self.player = first, second, player
        self.into_reply_s = into_reply_s
        self.t0 = 0.0
        self.second_start_s: float | None = None  # where `second` starts on the session clock

    async def frames(self) -> AsyncIterator[fr.AudioIn]:
        n = 0
        playing_since: float | None = None

        async def say(x: np.ndarray) -> AsyncIterator[fr.AudioIn]:
            nonlocal n
            for i in range(0, len(x), CHUNK):
                chunk = np.zeros(CHUNK, np.float32)
                chunk[: len(x[i : i + CHUNK])] = x[i : i + CHUNK]
                await asyncio.sleep(max(0.0, self.t0 + (n + CHUNK) / RATE - time.monotonic()))
                yield fr.AudioIn(chunk, n / RATE)
                n += CHUNK

        async for f in say(self.first):
            yield f
        silence = np.zeros(CHUNK, np.float32)
        while playing_since is None or time.monotonic() - playing_since < self.into_reply_s:
            if playing_since is None and self.player.is_playing():
                playing_since = time.monotonic()
            assert n / RATE < 30, "the first reply never started playing"
            async for f in say(silence):
                yield f
        self.second_start_s = n / RATE
        async for f in say(np.concatenate([self.second, np.zeros(int(2.5 * RATE), np.float32)])):
            yield f


async def test_barge_in_stops_playback_and_keeps_only_what_was_heard(cfg, models, testdata) -> None:
    first = load_audio(testdata / "spk1_snt2.wav", RATE)  # "Drop the two when you add the figures."
    second = load_audio(testdata / "spk2_snt1.wav", RATE)  # "We are sure that one war is enough."
    track = ReplyTrack()
    written: dict[int, str] = {}

    def on_frame(frame: fr.Frame) -> None:
        if isinstance(frame, fr.LLMText):
            written[frame.turn_id] = written.get(frame.turn_id, "") + frame.text

    out: list[tuple[float, float]] = []  # (wall, peak) of each 20 ms frame sent

    async def drain() -> None:
        while True:
            frame = await track.recv()
            out.append((time.monotonic(), float(np.abs(frame.to_ndarray()).max()) / 32768))

    session = Session(cfg, models, track, realtime=True, on_frame=on_frame)
    talker = Talker(first, second, track, into_reply_s=0.6)
    drainer = asyncio.create_task(drain())
    try:
        talker.t0 = time.monotonic()
        turns = await session.run(talker.frames(), talker.t0)
    finally:
        drainer.cancel()
        await session.close()

    t0 = talker.t0
    assert talker.second_start_s is not None
    onset_s = talker.second_start_s + speech_onset(second)
    first_turn = next(t for t in turns if t.turn_id == 1)
    assert first_turn.interrupted, "the first reply was not cancelled"
    assert track.player.stopped_at is not None
    stop_ms = (track.player.stopped_at - t0 - onset_s) * 1000
    print(f"\nbarge-in: playback stopped {stop_ms:.0f} ms after the second utterance's onset")
    # the bound is 300 ms (`voicebot bench --turn-taking` reports it); here a margin for a stalled CI
    # machine: what fails is a stop that waits for the ASR or the end of the reply (seconds)
    assert 0 < stop_ms < 500, stop_ms
    # Nothing of the first reply was sent after the stop (until the second reply could have begun).
    second_reply_earliest = t0 + talker.second_start_s + len(second) / RATE
    late = [w for w, peak in out if track.player.stopped_at + 0.025 < w < second_reply_earliest and peak > 0.01]
    assert not late, f"reply audio kept playing for {late[-1] - track.player.stopped_at:.2f}s after the stop"

    full = normalize(speakable(written[1]))  # what was heard is what the voice says for what was written
    heard_msgs = [m["content"] for m in session.conversation.messages if m["role"] == "assistant"]
    heard = normalize(heard_msgs[0])
    assert heard and len(heard) < len(full) and full[: len(heard)] == heard, (heard, full)
    assert normalize(first_turn.heard_text or "") == heard
    users = [m["content"] for m in session.conversation.messages if m["role"] == "user"]
    assert normalize(users[1]) == normalize("We are sure that one war is enough."), users
