"""Players hold a paused reply and play it on from where it stopped (backchannels), or drop it (stop)."""

import time

import numpy as np

from voicebot.playback import VirtualPlayer
from voicebot.transports.playout import PullPlayer


def test_pull_player_pause_holds_audio_and_resume_plays_the_rest() -> None:
    p = PullPlayer(16000)
    ramp = np.linspace(0.1, 0.9, 1600, dtype=np.float32)
    p.play(1, ramp, 16000)
    first = p.pull(400)
    p.pause()
    assert not p.pull(400).any() and p.is_playing()  # silence while paused, but the reply is still there
    p.resume()
    rest = p.pull(1200)
    assert np.array_equal(np.concatenate([first, rest]), ramp)  # not a sample lost or repeated
    assert p.stop() == 1600


def test_pull_player_stop_after_pause_counts_only_what_was_heard() -> None:
    p = PullPlayer(16000)
    p.play(1, np.ones(1600, np.float32), 16000)
    p.pull(400)
    p.pause()
    paused_at = p.stopped_at
    p.pull(400)
    assert paused_at is not None
    assert p.stop() == 400 and p.stopped_at == paused_at  # it went silent at the pause, not at the stop
    assert not p.is_playing()


def test_virtual_player_pause_and_resume_keep_the_whole_reply() -> None:
    p = VirtualPlayer(lambda turn, wall: wall)
    p.play(1, np.ones(8000, np.float32), 16000)  # 0.5 s
    time.sleep(0.1)
    p.pause()
    held = sum(len(s) for _, s, _ in p._held)
    played = sum(len(s.samples) for s in p.segments)
    assert 0 < played < 8000 and played + held == 8000
    p.resume()
    assert sum(len(s.samples) for s in p.segments) == 8000 and p.is_playing()


def test_virtual_player_queues_a_replys_audio_after_its_own_not_after_another_replys() -> None:
    """A replay faster than real time ends a reply once it is queued; its next reply used to wait behind the
    last one's wall-clock playout (3.4 s more latency on each turn of a three-turn `run --fast`)."""
    p = VirtualPlayer(lambda turn, wall: wall)
    t0 = p.play(1, np.ones(32000, np.float32), 16000)  # 2 s
    assert p.play(1, np.ones(1600, np.float32), 16000) >= t0 + 2.0  # the same reply: after its first chunk
    assert p.play(2, np.ones(1600, np.float32), 16000) < t0 + 1.0  # the next reply: now
