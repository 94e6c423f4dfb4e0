"""voicebot.number_facts: prime or not, even or odd, factors, a greatest common factor and a least common multiple;
nothing for other uses of those words."""

from __future__ import annotations

import pytest

from voicebot.notes import exact_result
from voicebot.number_facts import number_fact_note

FACTS = {
    "Is 91 a prime number?": "No, 91 is not a prime number: 7 times 13 is 91.",  # the classic trap
    "Is 17 prime?": "Yes, 17 is a prime number.",
    "Is ninety-seven a prime number?": "Yes, 97 is a prime number.",
    "Is 1 a prime number?": "No, 1 is not a prime number: a prime is greater than 1.",
    "Is 2 a prime number?": "Yes, 2 is a prime number.",
    "Is 24 even or odd?": "24 is even.",
    "Is 7 an odd number?": "Yes, 7 is odd.",
    "Is 9 even?": "No, 9 is odd.",
    "What are the factors of 24?": "The factors of 24 are 1, 2, 3, 4, 6, 8, 12 and 24.",
    "What is the greatest common factor of 12 and 18?": "The greatest common factor of 12 and 18 is 6.",
    "What's the least common multiple of 4 and 6?": "The least common multiple of 4 and 6 is 12.",
    "What is the LCM of 8 and 12?": "The least common multiple of 8 and 12 is 24.",
}


@pytest.mark.parametrize("text", list(FACTS))
def test_a_numbers_property(text: str) -> None:
    assert number_fact_note(text) == FACTS[text]
    assert exact_result(text) == FACTS[text]


@pytest.mark.parametrize(
    "text",
    ["Is this prime rib good?", "Is it even possible?", "Is Amazon Prime worth it?", "What are the factors of success?",
     "Is 2,000,000 a prime number?"],  # past the limit
)  # fmt: skip
def test_other_words_get_none(text: str) -> None:
    assert number_fact_note(text) is None
