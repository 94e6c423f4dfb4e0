"""cancel_and_wait: tasks that lose a cancel still end; a bound is kept; the caller's own cancel waits."""

import asyncio
import contextlib

from voicebot.tasks import cancel_and_wait


async def _deaf(times: int) -> str:
    """Ignores its first `times` cancels (Python 3.11's wait_for loses one when a result races it)."""
    while True:
        try:
            await asyncio.sleep(10)
        except asyncio.CancelledError:
            times -= 1
            if times < 0:
                raise


async def test_a_task_that_loses_a_cancel_is_cancelled_again_until_it_ends() -> None:
    task = asyncio.create_task(_deaf(times=2))
    await asyncio.sleep(0)
    assert await asyncio.wait_for(cancel_and_wait([task]), 5) == set()
    assert task.cancelled()


async def test_a_task_that_will_not_end_is_returned_after_the_timeout() -> None:
    released = asyncio.Event()

    async def stubborn() -> None:
        while not released.is_set():
            with contextlib.suppress(asyncio.CancelledError):
                await released.wait()

    task = asyncio.create_task(stubborn())
    await asyncio.sleep(0)
    assert await cancel_and_wait([task], timeout=0.5) == {task}
    assert not task.done()
    released.set()
    await task


async def test_the_callers_cancel_is_raised_after_the_tasks_have_ended() -> None:
    task = asyncio.create_task(_deaf(times=1))
    await asyncio.sleep(0)
    closer = asyncio.create_task(cancel_and_wait([task]))
    await asyncio.sleep(0.01)
    closer.cancel()  # the caller is cancelled mid-teardown
    done, _ = await asyncio.wait({closer}, timeout=5)
    assert closer in done and closer.cancelled()
    assert task.cancelled()  # ...but only once its tasks were gone
