"""voicebot.remaining: what is left of an amount after some of it was used; nothing where the words give more or
fewer than two amounts, or ask nothing."""

from __future__ import annotations

import pytest

from voicebot.notes import exact_result
from voicebot.remaining import left_note

LEFT = {  # round 35: "you've done 7 and a quarter of that time", and no number
    "I get 11 hours of driving and I've done 7 and a quarter how much driving time have I got left":
        "11 hours less 7.25 hours leaves 3.75 hours: 3 hours and 45 minutes.",
    "I had 40 dollars and spent 12.50, how much is left?": "40 dollars less 12.50 dollars leaves 27.50 dollars.",
    "So our trip budget is $2,000 and we've already spent $1,350. How much is left?":
        "2000 dollars less 1350 dollars leaves 650 dollars.",
    "I have 300 pages to read and I read 120, how many pages are left?": "300 pages less 120 pages leaves 180 pages.",
}  # fmt: skip


@pytest.mark.parametrize("text", list(LEFT))
def test_what_is_left(text: str) -> None:
    assert left_note(text) == LEFT[text]
    assert exact_result(text) == LEFT[text]


@pytest.mark.parametrize(
    "text",
    [
        "I have 2 hours left, what can I do?",  # one amount
        "I had $50 and spent $20 on lunch and $10 on a cab, how much is left?",  # three: left to the model
        "I had 5 apples and ate 7, how many are left?",  # more used than there was
        "I worked 11 hours and drove 30 minutes, how much is left?",  # two units
        "I had 40 dollars and 12 cents.",  # asks nothing
    ],
)
def test_other_words_get_none(text: str) -> None:
    assert left_note(text) is None
