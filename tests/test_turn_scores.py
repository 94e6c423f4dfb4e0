"""The end-of-turn thresholds against the default model's real scores (Qwen2.5-Coder-0.5B, int8 on CPU).

voicebot/turn_policy.py's thresholds rest on what this model says; a new model, dtype or prompt format
that moves its scores shows up here before it shows up as a bot that talks over its users."""

from __future__ import annotations

import pytest
import pytest_asyncio

from engine import Engine, EngineOptions
from voicebot.config import load_config
from voicebot.conversation import Conversation
from voicebot.turn_policy import TurnOptions, decide

module_loop = pytest.mark.asyncio(loop_scope="module")
OPTS = TurnOptions()  # the defaults under test


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def engine():
    with Engine(EngineOptions(model="qwen2.5-coder-0.5b", max_batch=2, max_seq_len=512)) as e:
        yield e


async def _verdict(engine: Engine, text: str, bot_asked: str | None = None) -> str:
    conv = Conversation(load_config(None).llm.system_prompt)
    if bot_asked is not None:
        conv.add_user(1, "Hi.")
        conv.record_reply(1, bot_asked)
    p = await engine.end_of_turn(conv.prompt(pending=text))
    return decide(OPTS, text, p).label


@module_loop
@pytest.mark.parametrize(
    ("bot_asked", "answer", "cut"),
    [
        ("What city are you flying to?", "Paris", "I'm flying to"),
        ("What's your name?", "John", "My name is"),
        ("When would you like to meet?", "next Friday", "How about"),
        ("Which card do you want?", "7 of clubs", "7 of"),
    ],
)
async def test_a_terse_answer_the_asr_left_unclosed_ends_the_turn_but_a_cut_does_not(
    engine: Engine, bot_asked: str, answer: str, cut: str
) -> None:
    assert await _verdict(engine, answer, bot_asked) == "complete"
    assert await _verdict(engine, cut, bot_asked) != "complete"


@module_loop
async def test_a_closed_question_ends_the_turn_and_its_cut_waits(engine: Engine) -> None:
    assert await _verdict(engine, "What is the capital of France?") == "complete"
    assert await _verdict(engine, "What is the capital of") == "unfinished"
    assert await _verdict(engine, "Give me a recipe for banana bread.") == "complete"
