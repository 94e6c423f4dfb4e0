"""voicebot.glossary: a school term's meaning asked by its name or, for the terms people describe, by what it is."""

from __future__ import annotations

import pytest

from voicebot.notes import known_fact

ASKED = {  # round 35: the 0.5B said "Opportunity cost is the cost of not using a flashcard."
    "What's opportunity cost give me a one line definition for my flashcards": "next best alternative",
    "Um, what's opportunity cost? Give me a one-line definition for my flashcards.": "next best alternative",
    "and economics, what do you call a general rise in prices across the whole economy over time?": "Inflation",
    "What is inflation?": "general rise in prices",
    "Define deflation.": "general fall in prices",
    "What is a recession?": "two quarters",
    "What is a monopoly?": "single seller",
    "What do you call a tax on imports?": "tariff",
    "What does comparative advantage mean?": "Ricardo",
    # grammar and poetry, mathematics, geography, biology, physics
    "What is an adjective?": "describes a noun",
    "What do you call words that sound the same but have different meanings?": "Homophones",
    "What's a haiku?": "5, 7 and 5",
    "What does hypotenuse mean?": "longest side",
    "What's a prime number?": "greater than 1",
    "What is the median in math?": "middle value",
    "What do you call land surrounded by water on three sides?": "peninsula",
    "What is an archipelago?": "islands",
    "What is a mammal?": "milk",
    "What is the acceleration due to gravity?": "9.8 meters per second squared",
    "What is a catalyst in chemistry?": "speeds up",
    "What is Newton's third law?": "equal and opposite",
}


@pytest.mark.parametrize("text", list(ASKED))
def test_a_term_gets_its_meaning(text: str) -> None:
    fact = known_fact(text)
    assert fact is not None and ASKED[text] in fact


@pytest.mark.parametrize(
    "text",
    [
        "What's the inflation rate in Japan?",  # a figure, which changes
        "What is Monopoly?",  # the board game
        "What is the opportunity here?",
        "Is a recession coming?",
        "What is Delta?", "What is prime?", "What is mean?",  # an airline, a delivery service, unkind
        "What is the mean temperature in July?", "What's the mode of transport?", "What is pi day?",
    ],
)
def test_other_talk_gets_none(text: str) -> None:
    assert known_fact(text) is None
