"""First audio first: background steps wait while a first phrase is synthesized, never past the cap."""

from __future__ import annotations

import threading
import time

from voicebot.priority import FirstAudioPriority


def test_wait_blocks_while_held_and_resumes_at_release():
    prio = FirstAudioPriority(max_wait_s=5.0)
    waited: list[float] = []

    def background() -> None:
        t0 = time.monotonic()
        prio.wait()
        waited.append(time.monotonic() - t0)

    with prio.hold():
        with prio.hold():  # nested holders (two sessions): released only when both are done
            thread = threading.Thread(target=background)
            thread.start()
            time.sleep(0.2)
        time.sleep(0.1)
        assert not waited
    thread.join(2.0)
    assert waited and 0.25 <= waited[0] < 2.0
    t0 = time.monotonic()
    prio.wait()  # nothing held: no wait at all
    assert time.monotonic() - t0 < 0.05


def test_a_stuck_holder_delays_background_work_only_up_to_the_cap():
    prio = FirstAudioPriority(max_wait_s=0.1)
    with prio.hold():
        t0 = time.monotonic()
        prio.wait()
        assert 0.09 <= time.monotonic() - t0 < 1.0
