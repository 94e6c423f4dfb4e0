"""voicebot.percentages: a number as a percentage, and a part of a whole as one; nothing for other talk of percent."""

from __future__ import annotations

import pytest

from voicebot.notes import exact_result
from voicebot.percentages import percentage_note

ASKED = {  # the 0.5B: "Two fifths as a percentage is 50%."
    "What's two fifths as a percentage?": "2 fifths is 40 percent.",
    "We're doing fractions tonight what is three quarters as a decimal.": "3 quarters is 0.75 as a decimal.",
    "What is 3/8 as a decimal?": "3 eighths is 0.375 as a decimal.",  # the 0.5B listed steps and no number
    "What is 3/8 as a percent?": "3 eighths is 37.5 percent.",
    "Convert 0.35 to a percentage.": "0.35 is 35 percent.",
    "What is one third as a percentage?": "a third is about 33.33 percent.",
    "I got 42 out of 50 on my test, what percentage is that?": "42 out of 50 is 84 percent.",
    "I scored forty two out of fifty. What percent is that?": "42 out of 50 is 84 percent.",
    "What's 18 out of 24 as a percent?": "18 out of 24 is 75 percent.",
    "12 is what percent of 48?": "12 out of 48 is 25 percent.",
    "What percent of 48 is 12?": "12 out of 48 is 25 percent.",
    "What percentage is 12 of 48?": "12 out of 48 is 25 percent.",
    "I've used 3 of the 8 eggs, what percentage is that?": "3 out of 8 is 37.5 percent.",
}


@pytest.mark.parametrize("text", list(ASKED))
def test_a_percentage_asked_for_gets_its_exact_value(text: str) -> None:
    assert percentage_note(text) == ASKED[text]
    assert exact_result(text) == ASKED[text]  # and no other note reads these words


@pytest.mark.parametrize(
    "text",
    [
        "What's 20% of 80?",  # a percent of a number: arithmetic's
        "Nine out of ten dentists agree, right?", "My phone is at 20 percent.",
        "What percent of people are left-handed?",
        "What's 5 out of 0 as a percentage?", "Three out of how many, as a percentage?",
        "What is 4 as a decimal?",  # a whole number is its own decimal
    ],
)
def test_no_percentage_for_other_talk(text: str) -> None:
    assert percentage_note(text) is None, (text, percentage_note(text))
