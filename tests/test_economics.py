"""voicebot.economics: a term's meaning asked by its name or, for the terms people describe, by what it is."""

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
}


@pytest.mark.parametrize("text", list(ASKED))
def test_an_economics_term_gets_its_meaning(text: str) -> None:
    fact = known_fact(text)
    assert fact is not None and ASKED[text] in fact


@pytest.mark.parametrize(
    "text",
    [
        "What's the inflation rate in Japan?",  # a figure, which changes
        "What is Monopoly?",  # the board game
        "What is the opportunity here?",
        "Is a recession coming?",
    ],
)
def test_other_economics_talk_gets_none(text: str) -> None:
    assert known_fact(text) is None
