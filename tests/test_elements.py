"""voicebot.elements: a chemical element's symbol, name or atomic number, asked either way round."""

from __future__ import annotations

import pytest

from voicebot.almanac import almanac_fact

ASKED = {  # as people ask (and as Whisper writes a spelled symbol), and what the fact must say
    "What's the chemical symbol for gold?": "is Au, from its Latin name, aurum",
    "What is the chemical symbol of lead?": "is Pb",
    "What is sodium's symbol?": "is Na",
    "Which element has the chemical symbol Fe?": "Fe is the symbol for iron",
    "Which element has the symbol F E?": "for iron",
    "which element has the chemical symbol fee?": "for iron",  # "Fe" read as a word: Whisper's "fee" (3 of 3 probes)
    "What element is N.A.?": "for sodium",
    "Which element has the symbol K?": "potassium",
    "What does Pb stand for on the periodic table?": "lead",
    "What's the atomic number of carbon?": "is 6",
    "What is carbon's atomic number?": "is 6",
    "Which element has atomic number 8?": "oxygen, symbol O",
    "Which element has atomic number eight?": "oxygen",
    "What is element number 79?": "gold",
    "What does Fe stand for in chemistry?": "iron",
    "Which element has the symbol He?": "helium",
    "What's the chemical symbol for tungsten?": "from its German name, wolfram",
    # round 35: the element ends its sentence, and another follows
    "What's the atomic number of carbon? Just double checking my slides for tomorrow.": "is 6",
    "What's the chemical symbol for sodium? The kids always guess S.": "is Na",
}


@pytest.mark.parametrize("text", list(ASKED))
def test_an_element_question_gets_its_fact(text: str) -> None:
    fact = almanac_fact(text)
    assert fact is not None and ASKED[text] in fact, (text, fact)


@pytest.mark.parametrize(
    "text",
    [
        "What's the symbol for peace?", "Which element has the symbol Xy?", "Which element has atomic number 200?",
        "Is gold a good investment?", "What is lead poisoning?",
        # found in review: a compound, astrology, a star sign, a neighbour of the number
        "What's the symbol for carbon dioxide?", "What's the chemical symbol for sodium chloride?",
        "What's the astrological symbol for Mercury?", "What's Mercury's symbol in astrology?",
        "He's a Leo. What element is he?", "What element is after atomic number 8?",
    ],
)  # fmt: skip
def test_other_questions_get_no_element(text: str) -> None:
    assert almanac_fact(text) is None
