"""Loops in a reply (voicebot/repetition.py): found where they begin, as the reply grows; ordinary
answers never trip the rules."""

from __future__ import annotations

import re

import pytest

from voicebot.repetition import loop_start, may_open_as, may_retry_repeat, opens_as


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
        ("The pin is 7 7 7 7 7 7 7 7 7 7", "The pin is 7 "),  # numbers alone: cut by the six-word rule
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
        "Split four ways, the total would be $84 + $84 + $84 + $84 = $336.",  # it was cut after "be"
    ],
)
def test_ordinary_answers_are_not_loops(reply: str) -> None:
    assert _first_loop(reply) is None



def test_a_reply_opening_as_the_last_one_is_held_while_it_may_and_found_on_its_fifth_word() -> None:
    last = "The capital of Australia is Canberra."
    reply = "The capital of Australia is Canberra, as I said."
    assert all(may_open_as(reply[:k], last) for k in range(len(reply) + 1))
    assert not opens_as(reply[: len("The capital of Australia is")], last)  # "is" may yet be "island"
    assert opens_as(reply[: len("The capital of Australia is ")], last) and opens_as(reply, last)
    assert opens_as("the capital of australia, is", last, ended=True)  # case and marks ignored
    for other in ("The capital of Spain is Madrid.", "The capital of Australia isn't Sydney.", "Yes.", "Canberra."):
        assert not opens_as(other, last, ended=True), other
    assert not may_open_as("The capital of Spain", last) and not may_open_as("The capi tal", last)
    assert may_retry_repeat("How many people live there?", last)
    assert not may_retry_repeat("Can you say that again?", last) and not may_retry_repeat("Hmm.", "Yes, it is.")
