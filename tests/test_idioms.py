"""voicebot.idioms: what an idiom means, where the words ask it; nothing for the idiom said, or for a literal leg."""

from __future__ import annotations

import pytest

from voicebot.notes import known_fact

MEANT = {  # round 35: the 0.5B said breaking a leg before an interview "is a common practice in professional settings"
    "My coworker said, break a leg before my interview. What does that mean?": "good luck",
    "What does it mean when someone says it's raining cats and dogs?": "raining very hard",
    "What's the meaning of once in a blue moon?": "very rarely",
    "My boss said the ball is in my court. What does he mean?": "your turn",
    "He was pulling my leg, what does that mean?": "joke",
    "What does under the weather mean": "a little ill",
    "What does it mean to hit the road?": "leave",
    "My teacher says it's a piece of cake. What does she mean by that?": "very easy",
    "What is meant by the elephant in the room?": "nobody wants to talk about",
    "What does spill the beans mean?": "tell a secret",
}


@pytest.mark.parametrize("text", list(MEANT))
def test_an_idiom_asked_about_gets_its_meaning(text: str) -> None:
    fact = known_fact(text)
    assert fact is not None and fact.startswith('"') and MEANT[text] in fact


@pytest.mark.parametrize(
    "text",
    [
        "Break a leg tonight!",  # said, not asked about
        "I mean, it was a piece of cake, right?",  # "I mean" asks nothing
        "I broke my leg, what does that mean for skiing?",  # a leg, not the idiom
        "What does the weather look like under the bridge?",
        "What does blue mean in a flag?",
    ],
)
def test_other_words_get_no_idiom(text: str) -> None:
    fact = known_fact(text)
    assert fact is None or " means " not in fact
