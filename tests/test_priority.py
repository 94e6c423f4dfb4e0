"""CPU priority: background steps wait while urgent work is held, never past the cap; exclusive urgent
work also waits out the step under way, so the two never run at once."""

from __future__ import annotations

import threading
import time

from voicebot.priority import CpuPriority


def _timed_step(prio: CpuPriority, waited: list[float]) -> None:
    t0 = time.monotonic()
    with prio.step():
        waited.append(time.monotonic() - t0)


def test_a_step_waits_while_held_and_starts_at_release():
    prio = CpuPriority(max_wait_s=5.0)
    waited: list[float] = []
    with prio.hold():
        with prio.hold():  # nested holders (two sessions): released only when both are done
            thread = threading.Thread(target=_timed_step, args=(prio, waited))
            thread.start()
            time.sleep(0.2)
        time.sleep(0.1)
        assert not waited
    thread.join(2.0)
    assert waited and 0.2 <= waited[0] < 2.0
    waited.clear()
    _timed_step(prio, waited)  # nothing held: no wait at all
    assert waited[0] < 0.2


def test_a_stuck_holder_delays_background_work_only_up_to_the_cap():
    prio = CpuPriority(max_wait_s=0.1)
    waited: list[float] = []
    with prio.hold():
        _timed_step(prio, waited)
    assert 0.09 <= waited[0] < 1.0


def test_exclusive_urgent_work_starts_after_the_step_under_way_and_never_beside_one():
    prio = CpuPriority(max_wait_s=5.0)
    log: list[str] = []
    started = threading.Event()

    def step() -> None:
        with prio.step():
            started.set()
            log.append("step start")
            time.sleep(0.2)
            log.append("step end")

    def next_step() -> None:
        with prio.step():
            log.append("next step")

    thread = threading.Thread(target=step)
    thread.start()
    started.wait(2.0)
    with prio.hold(exclusive=True):
        log.append("urgent")
        later = threading.Thread(target=next_step)
        later.start()
        time.sleep(0.1)
        log.append("urgent end")
    thread.join(2.0)
    later.join(2.0)
    assert log == ["step start", "step end", "urgent", "urgent end", "next step"]


def test_exclusive_urgent_work_starts_at_the_next_pause_point_of_the_step_under_way():
    """A step with pause points (the engine between layers) lets urgent work in mid-step, and resumes after."""
    prio = CpuPriority(max_wait_s=5.0)
    log: list[str] = []
    started = threading.Event()

    def step() -> None:
        with prio.step():
            started.set()
            for i in range(10):  # ten 50 ms "layers"
                time.sleep(0.05)
                log.append(f"layer {i}")
                prio.pause_point()

    thread = threading.Thread(target=step)
    thread.start()
    started.wait(2.0)
    t0 = time.monotonic()
    with prio.hold(exclusive=True):
        waited = time.monotonic() - t0
        log.append("urgent")
        time.sleep(0.1)
        log.append("urgent end")
    thread.join(3.0)
    assert waited < 0.2  # one layer, not the whole 0.5 s step
    i = log.index("urgent")
    assert 0 < i < 10 and log[i + 1] == "urgent end" and log[i + 2].startswith("layer")
    assert [x for x in log if x.startswith("layer")] == [f"layer {i}" for i in range(10)]


def test_pause_points_keep_the_per_step_cap():
    """A holder that never lets go delays a step by max_wait_s in all, however many pause points it has."""
    prio = CpuPriority(max_wait_s=0.1)
    with prio.hold():
        t0 = time.monotonic()
        with prio.step():
            for _ in range(20):
                prio.pause_point()
        took = time.monotonic() - t0
    assert 0.09 <= took < 0.5
