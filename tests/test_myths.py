"""voicebot.myths: a common false belief asked about gets what is so; other talk of the same things gets nothing."""

from __future__ import annotations

import pytest

from voicebot.almanac import almanac_fact

ASKED = {  # the 0.5B agreed: "Yes, you can see the great wall of China from space with the naked eye."
    "Is it true that you can see the Great Wall of China from space with the naked eye?": "far too narrow",
    "Grandpa says lightning never strikes the same place twice. Is that true?": "often strikes the same place",
    "Is it true that goldfish only have a three second memory?": "months",
    "Do penguins live at the North Pole?": "Southern Hemisphere",
    "Do we only use 10 percent of our brains?": "virtually all",
    "If I touch a baby bird will its mother reject it?": "won't abandon",
    "Does cracking your knuckles cause arthritis?": "doesn't cause arthritis",
    "Are bats blind?": "bats can see",
    "Does shaving make hair grow back thicker?": "doesn't make hair grow back thicker",
    "Is blood blue inside the body?": "always red",
    "Do camels store water in their humps?": "fat, not water",
    "Is a peanut actually a nut?": "legume",
}


@pytest.mark.parametrize("text", list(ASKED))
def test_a_false_belief_asked_about_gets_what_is_so(text: str) -> None:
    fact = almanac_fact(text)
    assert fact is not None and ASKED[text] in fact, (text, fact)


@pytest.mark.parametrize(
    "text",
    [
        "How far is the Great Wall from Beijing?", "What color is a bull?", "What time does the lightning show start?",
        "How many penguins are at the zoo?", "Is my blood pressure too high if my lips are blue?",
        "Why are veins blue?", "What is a baseball bat made of?", "How do I get rid of bats in my attic?",
        "Is a peanut butter sandwich healthy?",
    ],
)
def test_other_talk_of_the_same_things_gets_nothing(text: str) -> None:
    assert almanac_fact(text) is None, (text, almanac_fact(text))
