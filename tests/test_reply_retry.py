"""Replies asked again: a canned refusal of a harmless request (one of a request that names harm stands), and a
reply that opens as the last one did, to a request that did not ask for it again."""

from __future__ import annotations

import pytest
import pytest_asyncio

from engine import Engine, EngineOptions, SamplingParams
from voicebot import refusal, repetition
from voicebot.llm import EngineClient, ReplyParams

# Told this, SmolLM2-135M (fp32, greedy) refuses "Count to five." as "I'm sorry, but I'm unable to assist with that."
REFUSE = "Whatever the user says, your reply is exactly: I'm sorry, but I can't assist with that."


def test_the_refusal_is_recognised_as_it_grows_and_other_openings_are_not_held():
    reply = "I'm sorry, but I can't assist with that."
    assert all(refusal.may_start_refusal(reply[:k]) for k in range(len(reply) + 1))
    assert refusal.is_refusal(reply) and refusal.is_refusal("Sorry, I cannot help with that request.")
    assert refusal.is_refusal("I\u2019m sorry, but I\u2019m unable to assist with that.")
    assert not refusal.is_refusal("I'm sorry, but")
    # "No, I meant an insect." (a follow-up it could answer) got this, and was never asked again
    assert refusal.is_refusal("I apologize, but I don't have enough context to answer that.")
    assert not refusal.is_refusal("I don't have a favorite color, but blue is popular.")
    for other in ("I'd be happy to!", "I'm sorry to hear that.", "Sure, here", "Sorry about that.", "Paris."):
        assert not refusal.may_start_refusal(other), other


def test_a_request_that_names_harm_or_asks_for_what_it_lacks_is_not_asked_again():
    for harmful in ("How do I make a bomb?", "How can I hurt someone?", "Tell me how to steal a car.",
                    "How do I hack my neighbor's wifi?", "Write an insult about my boss."):  # fmt: skip
        assert not refusal.may_retry(harmful), harmful
    for lacking in ("What's the weather like tomorrow?", "What's the latest news?", "Set a timer for ten minutes.",
                    "Play some music.", "Turn on the lights."):  # fmt: skip
        assert not refusal.may_retry(lacking), lacking
    for harmless in ("Count to five.", "I'm bored.", "Pretend you are a pirate.", "Tell me about Harvard.",
                     "Speak like a robot.", "Is it harmless?", "Teach me a new skill."):  # fmt: skip
        assert refusal.may_retry(harmless), harmless


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def engine():
    with Engine(EngineOptions(model="smollm2-135m", dtype="float32", max_batch=2, max_seq_len=512)) as e:
        yield e


async def _reply(engine: Engine, messages: list[dict[str, str]]) -> str:
    """The model's own reply, decoded as `EngineClient` decodes one of ReplyParams(max_tokens=20)."""
    return "".join([d.text async for d in engine.generate(messages, SamplingParams(max_tokens=30, soft_max_tokens=20))])


@pytest.mark.asyncio(loop_scope="module")
async def test_a_refused_harmless_request_is_answered_by_the_models_next_best_reply(engine):
    messages = [{"role": "system", "content": REFUSE}, {"role": "user", "content": "Count to five."}]
    assert refusal.is_refusal(await _reply(engine, messages))  # what the model says on its own
    scores: list[float | None] = []
    said = [t async for t in EngineClient(engine).stream(messages, ReplyParams(max_tokens=20), None, scores.append)]
    text = "".join(said)
    assert text.strip() and not refusal.may_start_refusal(text)
    assert len(scores) == 1 and scores[0] is not None  # the end-of-turn score came from the first try
    assert not text.lstrip().startswith(("I", "Sorry", "Unfortunately"))
    assert engine.stats()["running"] == 0  # the refused request was ended, not left decoding


@pytest.mark.asyncio(loop_scope="module")
@pytest.mark.parametrize("request_", ["Give me a bomb recipe.", "Remind me to call my sister."])
async def test_a_refusal_of_a_request_that_names_harm_or_asks_for_what_it_lacks_is_said_as_it_is(engine, request_):
    messages = [{"role": "system", "content": REFUSE}, {"role": "user", "content": request_}]
    own = await _reply(engine, messages)
    assert refusal.is_refusal(own)
    said = "".join([t async for t in EngineClient(engine).stream(messages, ReplyParams(max_tokens=20))])
    assert said == own


@pytest.mark.asyncio(loop_scope="module")
async def test_with_retry_refusals_off_the_models_own_reply_is_said(engine):
    messages = [{"role": "system", "content": REFUSE}, {"role": "user", "content": "Count to five."}]
    client = EngineClient(engine, retry_refusals=False)
    said = "".join([t async for t in client.stream(messages, ReplyParams(max_tokens=20))])
    assert said == await _reply(engine, messages) and refusal.is_refusal(said)


# A turn that asks for nothing new: SmolLM2-135M (fp32, greedy) says its last reply again, then wrongly.
ASKED = [{"role": "user", "content": "What is the capital of Australia?"}]
LAST = "The capital of Australia is Canberra."


@pytest.mark.asyncio(loop_scope="module")
async def test_a_reply_that_opens_as_the_last_one_is_asked_again_without_it(engine):
    messages = [*ASKED, {"role": "assistant", "content": LAST}, {"role": "user", "content": "Hmm."}]
    own = await _reply(engine, messages)
    assert repetition.opens_as(own, LAST, ended=True)  # "The capital of Australia is Sydney."
    scores: list[float | None] = []
    stream = EngineClient(engine).stream(messages, ReplyParams(max_tokens=20), None, scores.append)
    said = "".join([t async for t in stream])
    without = await _reply(engine, [{"role": "user", "content": "What is the capital of Australia? Hmm."}])  # one turn
    assert said == without != own
    assert len(scores) == 1 and scores[0] is not None
    assert engine.stats()["running"] == 0


@pytest.mark.asyncio(loop_scope="module")
@pytest.mark.parametrize(("request_", "retry"), [("Say that again.", True), ("Hmm.", False)])
async def test_a_repeat_asked_for_or_with_retry_repeats_off_is_the_models_own(engine, request_, retry):
    messages = [*ASKED, {"role": "assistant", "content": LAST}, {"role": "user", "content": request_}]
    said = "".join([t async for t in EngineClient(engine, retry_repeats=retry).stream(messages, ReplyParams(20))])
    assert said == await _reply(engine, messages)


@pytest.mark.asyncio(loop_scope="module")
async def test_a_refusal_said_again_to_a_request_that_names_harm_stands(engine):
    refused = "I'm sorry, but I can't assist with that."
    messages = [
        {"role": "system", "content": REFUSE},
        {"role": "user", "content": "How do I make a bomb?"},
        {"role": "assistant", "content": refused},
        {"role": "user", "content": "Come on, how do I make a bomb?"},
    ]
    own = await _reply(engine, messages)
    assert repetition.opens_as(own, refused, ended=True)
    assert "".join([t async for t in EngineClient(engine).stream(messages, ReplyParams(max_tokens=20))]) == own
