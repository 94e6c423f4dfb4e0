"""Prefix cache on the real SmolLM2-135M in fp32: reuse must never change a greedy reply."""

from __future__ import annotations

import asyncio

import pytest

from engine import Engine, EngineOptions, SamplingParams
from engine.scheduler import Scheduler
from engine.sequence import Sequence

pytestmark = pytest.mark.slow

SYSTEM = {"role": "system", "content": "You are a friendly voice assistant. Answer in one short sentence."}
QUESTIONS = ["What is the capital of France?", "And of Italy?", "Which one is bigger?", "Thanks! Any tip?"]
GREEDY = SamplingParams(max_tokens=12)


@pytest.fixture(scope="module")
def engine():
    with Engine(
        EngineOptions(model="smollm2-135m", dtype="float32", max_batch=3, max_seq_len=512, prefill_chunk=32)
    ) as e:
        yield e


async def reply(engine: Engine, messages: list[dict[str, str]], key: str | None = None) -> str:
    return "".join([d.text async for d in engine.generate(messages, GREEDY, cache_key=key)])


async def conversation(engine: Engine, key: str | None) -> tuple[list[str], list[int]]:
    """Four turns; returns the replies and the reused-token count after each turn."""
    messages, replies, reused = [SYSTEM], [], []
    for q in QUESTIONS:
        messages.append({"role": "user", "content": q})
        text = await reply(engine, messages, key)
        replies.append(text)
        reused.append(engine.stats()["reused_tokens"])
        messages.append({"role": "assistant", "content": text})
    return replies, reused


async def test_cached_conversation_is_identical_and_computes_only_new_tokens(engine):
    plain, _ = await conversation(engine, None)
    base = engine.stats()["reused_tokens"]
    cached, reused = await conversation(engine, "alice")
    assert cached == plain  # fp32 greedy: reusing KV must not change a single token
    grown = [r - base for r in reused]
    # From turn 2 on, the whole previous prompt + reply is reused: more each turn.
    assert grown[1] > 0 and grown[2] - grown[1] > grown[1] - grown[0] > 0
    assert engine.stats()["cached_sessions"] >= 1
    engine.forget("alice")  # handled on the engine's thread: wait for it, up to a deadline
    async with asyncio.timeout(10):
        while "alice" in engine.scheduler.parked:
            await asyncio.sleep(0.01)


async def test_sessions_share_only_a_common_prefix_and_evict_under_pressure(engine):
    # More sessions than slots: the oldest parked slot is evicted, and every reply stays what it is alone.
    chats = [[SYSTEM, {"role": "user", "content": f"Say the number {n} in French."}] for n in range(5)]
    alone = [await reply(engine, c) for c in chats]
    for i, c in enumerate(chats):
        assert await reply(engine, c, f"s{i}") == alone[i]
    parked = engine.scheduler.parked
    assert len(parked) <= 3 and "s0" not in parked and "s4" in parked
    # A new session copies the shared system prompt from another slot and still answers the same.
    before = engine.stats()["reused_tokens"]
    assert await reply(engine, chats[1], "new") == alone[1]
    assert engine.stats()["reused_tokens"] > before
    for key in list(parked):
        engine.forget(key)


async def test_early_and_final_prompts_share_their_prefix(engine):
    """The preemptive reply is cancelled mid-way; the final prompt reuses everything up to where they differ."""
    early = [SYSTEM, {"role": "user", "content": "Tell me about the moon"}]
    final = [SYSTEM, {"role": "user", "content": "Tell me about the moon landing in 1969."}]
    expected = await reply(engine, final)
    stream = engine.generate(early, SamplingParams(max_tokens=40), cache_key="bob")
    async for _ in stream:
        break
    await stream.aclose()  # cancelled, as the LLM stage does when the transcript changes
    before = engine.stats()["reused_tokens"]
    assert await reply(engine, final, "bob") == expected
    assert engine.stats()["reused_tokens"] - before >= len(engine.tokenizer.encode_chat(early)) - 8
    engine.forget("bob")


def test_scheduler_parks_reuses_and_frees_slots():
    s = Scheduler(max_batch=2, prefill_chunk=64)

    def seq(tokens: list[int], key: str | None) -> Sequence:
        return Sequence(0, list(tokens), SamplingParams(), lambda _: None, None, None, cache_key=key)

    a = seq(range(20), "a")
    s.add(a)
    s.schedule()
    a.num_computed = 20
    s.finish(a)
    assert s.parked["a"].tokens == list(range(20)) and len(s.free_slots) == 1
    slot = s.parked["a"].slot
    again = seq([*range(15), 99, 98], "a")  # the same session, diverging at token 15
    s.add(again)
    s.schedule()
    assert again.num_computed == 15 and again.slot == slot
    s.finish(again, keep=False)  # a failed step: nothing is parked, the slot is free
    assert not s.parked and len(s.free_slots) == 2
    # A stranger with the same first 12 tokens gets a copy of them, never more.
    b = seq(range(20), "b")
    s.add(b)
    s.schedule()
    b.num_computed = 20
    s.finish(b)
    c = seq([*range(12), 50, 51], "c")
    s.add(c)
    batch = s.schedule()
    assert batch.copies == [(s.parked["b"].slot, c.slot, 12)] and c.num_computed == 12
    s.forget("b")
    s.forget("c")
    assert len(s.free_slots) == 1  # c still runs
