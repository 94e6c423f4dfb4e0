"""Foreground before background: a voice session's warm-ups never hold up a reply or a turn decision."""

from __future__ import annotations

import asyncio
import time

import pytest

from engine import Engine, EngineOptions, SamplingParams
from engine.scheduler import Scheduler
from engine.sequence import Sequence

BACKGROUND = SamplingParams(max_tokens=1, background=True)
FOREGROUND = SamplingParams()


def seq(n: int, params: SamplingParams = FOREGROUND) -> Sequence:
    return Sequence(0, list(range(1, n + 1)), params, lambda _: None, None, None)


def test_a_free_slot_goes_to_a_waiting_foreground_request_first():
    s = Scheduler(max_batch=1, prefill_chunk=64, background_chunk=8)
    warm, early, reply = seq(40, BACKGROUND), seq(30, BACKGROUND), seq(20)
    for r in (warm, early, reply):
        s.add(r)
    batch = s.schedule()
    assert s.running == [reply] and batch.chunks == [(reply, 20)]
    reply.num_computed = 20
    s.finish(reply)
    s.schedule()
    assert s.running == [warm]  # then the background ones, in order of arrival


def test_a_background_prompt_goes_in_small_chunks_and_after_any_foreground_prompt():
    s = Scheduler(max_batch=4, prefill_chunk=64, background_chunk=8)
    warm = seq(100, BACKGROUND)
    s.add(warm)
    batch = s.schedule()
    assert batch.chunks == [(warm, 8)]  # alone, still one short step at a time
    warm.num_computed += 8
    reply = seq(100)
    s.add(reply)
    batch = s.schedule()
    assert batch.chunks == [(reply, 64)]  # the later foreground prompt goes first, at full size
    reply.num_computed = 99  # its prompt is done but for the token that samples (it joins the decode group)
    batch = s.schedule()
    assert batch.group == [reply] and batch.chunks == [(warm, 8)]


def test_a_burst_of_short_prompts_is_computed_together_each_cut_where_it_would_be_alone():
    s = Scheduler(max_batch=8, prefill_chunk=64, background_chunk=8)
    a, b, c, long, warm = seq(20), seq(30), seq(10), seq(100), seq(40, BACKGROUND)
    for r in (a, b, c, long, warm):
        s.add(r)
    batch = s.schedule()
    assert batch.chunks == [(a, 20), (b, 30), (c, 10)]  # 60 of 64 tokens: the long one's 64 wait, not cut to 4
    assert batch.sampled == [a, b, c]  # each chunk ends its prompt
    for r, n in batch.chunks:
        r.num_computed += n
    batch = s.schedule()
    assert batch.chunks == [(long, 64)] and batch.sampled == []  # no background chunk beside a foreground one


def test_a_chunk_that_computes_a_scored_row_ends_the_step():
    s = Scheduler(max_batch=4, prefill_chunk=64)
    scored = Sequence(0, list(range(1, 31)), SamplingParams(probs_at=11, probs_of=(1,)), lambda _: None, None, None)
    other = seq(10)
    s.add(scored)
    s.add(other)
    assert s.schedule().chunks == [(scored, 12)]  # up to the scored row, and nothing after it
    scored.num_computed = 12
    assert s.schedule().chunks == [(scored, 18), (other, 10)]


@pytest.fixture(scope="module")
def engine():
    opts = EngineOptions(model="smollm2-135m", dtype="float32", max_batch=2, max_seq_len=512, background_chunk=16)
    with Engine(opts) as e:
        yield e


async def test_a_reply_asked_for_after_a_long_warm_up_gets_its_first_token_first(engine):
    """The warm-up is ~300 tokens (20 background chunks); the reply's prompt is prefilled ahead of it."""
    long_prompt = [{"role": "user", "content": "Tell me about the history of the bicycle. " * 30}]
    question = [{"role": "user", "content": "What is the capital of France?"}]
    first: dict[str, float] = {}

    async def run(name: str, messages: list[dict[str, str]], params: SamplingParams) -> str:
        text = ""
        async for d in engine.generate(messages, params):
            first.setdefault(name, time.monotonic())
            text += d.text
        return text

    warm = asyncio.create_task(run("warm", long_prompt, BACKGROUND))
    await asyncio.sleep(0.05)  # the warm-up is admitted and under way
    reply = await run("reply", question, SamplingParams(max_tokens=8))
    await warm
    assert first["reply"] < first["warm"]
    alone = "".join([d.text async for d in engine.generate(question, SamplingParams(max_tokens=8))])
    assert reply == alone


async def test_a_background_score_is_the_foreground_one(engine):
    """Smaller chunks change only when the prompt's KV is computed, not what the score is."""
    chat = [{"role": "system", "content": "You are brief."}, {"role": "user", "content": "What is two plus two"}]
    fg = await engine.end_of_turn(chat)
    bg = await engine.end_of_turn(chat, background=True)
    assert fg is not None and bg == pytest.approx(fg, abs=1e-4)


def test_the_background_benchmark_runs_both_modes(engine):
    """Figures are the benchmark's to report (python -m engine.bench_background); here only that it runs."""
    from engine.bench_background import WARM_TOKENS, bench_background

    result = bench_background(engine, repeat=1)
    assert result["warm_tokens"] == WARM_TOKENS
    for mode in ("background", "foreground"):
        assert set(result[mode]) == {"gap_ms", "ttft_ms", "warm_ms"} and result[mode]["warm_ms"] > 0
