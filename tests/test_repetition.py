"""Loops in a reply (voicebot/repetition.py): found where they begin, as the reply grows; ordinary
answers never trip the rules."""

from __future__ import annotations

import re

import pytest

from voicebot.repetition import loop_start


def _first_loop(reply: str) -> int | None:
    """As the LLM stage sees it: the text grows a word (a token like " word") at a time."""
    text = ""
    for piece in re.findall(r"\s*\S+", reply):
        text += piece
        if (cut := loop_start(text)) is not None:
            return cut
    return None


@pytest.mark.parametrize(
    ("reply", "kept"),
    [
        (  # a greedy 0.5B reply (measured): one word until max_tokens
            "To pack for a beach trip, you should include a swimsuit, sunscreen, sunglasses, sunscreen, sunscreen, "
            "sunscreen, sunscreen, sunscreen, sunscreen",
            "To pack for a beach trip, you should include a swimsuit, sunscreen, sunglasses, sunscreen, ",
        ),
        (  # a line said again (measured, the same model asked for a poem)
            "The sea is a vast expanse of blue and white,\nIts waves stretch like a river, carrying water and air.\n"
            "Its currents flow like a river, carrying water and air,\nIts currents flow like a river",
            "The sea is a vast expanse of blue and white,\nIts waves stretch like a river, carrying water and air.\n"
            "Its currents flow ",
        ),
        ("No, no, no, no.", "No, "),
        ("Ha ha ha ha!", "Ha "),
        ("I can help. I can help. I can help. I can", "I can help. "),
    ],
)
def test_a_loop_is_cut_where_it_begins(reply: str, kept: str) -> None:
    cut = _first_loop(reply)
    assert cut is not None and reply[:cut] == kept


@pytest.mark.parametrize(
    "reply",
    [
        "The capital of France is Paris.",
        "Very, very good question! Two plus three equals five.",
        "There are 60 minutes in an hour, and 60 seconds in a minute.",
        "To make pancakes, mix the flour and the eggs, then mix the flour and the milk.",
        "Step one: preheat the oven. Step two: grease the pan. Step three: pour the batter in.",
        "Romeo and Juliet were written by William Shakespeare, who also wrote Hamlet and Macbeth.",
        "One, two, three, four, five.",
    ],
)
def test_ordinary_answers_are_not_loops(reply: str) -> None:
    assert _first_loop(reply) is None


class _Said:
    """An LLM client that says a fixed reply a word at a time: the stage's relay is under test, not a model."""

    def __init__(self, reply: str) -> None:
        self.pieces = re.findall(r"\s*\S+", reply)

    async def stream(self, messages, params, cache_key=None, on_score=None, reply_start=""):
        if on_score is not None:
            on_score(None)
        for piece in self.pieces:
            yield piece

    async def end_of_turn(self, messages, cache_key=None, background=False) -> None:
        return None

    def fits(self, messages, max_new_tokens) -> bool:
        return True

    def forget(self, cache_key: str) -> None:
        pass

    async def close(self) -> None:
        pass


async def _relayed(reply: str) -> tuple[str, str]:
    """What the LLM stage sends on to the voice, and the reply it records, for a model that says `reply`."""
    from voicebot import frames as fr
    from voicebot.conversation import Conversation
    from voicebot.llm import ReplyParams
    from voicebot.pipeline import Pipeline, Stage
    from voicebot.stages.llm import LlmStage

    class Collect(Stage):
        def __init__(self) -> None:
            super().__init__()
            self.got: list[fr.Frame] = []

        async def handle(self, frame: fr.Frame) -> None:
            self.got.append(frame)

    async def once():
        yield fr.Transcript(1, "What should I pack?", True)

    out = Collect()
    stage = LlmStage(_Said(reply), Conversation("sys"), ReplyParams(max_tokens=200), preemptive=False)
    await Pipeline([stage, out]).run(once())
    await stage.close()
    (done,) = [f for f in out.got if isinstance(f, fr.LLMDone)]
    return "".join(f.text for f in out.got if isinstance(f, fr.LLMText)), done.text


async def test_the_words_a_loop_starts_with_never_reach_the_voice() -> None:
    """They went to the voice before the sixth repeated word stopped the reply: "... a pair of sunglasses, a
    pair of sunglasses," was said."""
    looped = "Pack a hat, a pair of sunglasses, a pair of sunglasses, a pair of sunglasses, a pair of sunglasses"
    voiced, recorded = await _relayed(looped)
    assert voiced.strip() == "Pack a hat, a pair of sunglasses," and recorded == "Pack a hat, a pair of sunglasses,"
    for reply in ("Mix the flour and the eggs, then mix the flour and the milk.", "Very, very good. Yes."):
        assert await _relayed(reply) == (reply, reply)  # held for a word or two, then said whole
