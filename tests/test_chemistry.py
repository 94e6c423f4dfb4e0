"""voicebot.chemistry: reactions by the kinds of thing that react, gas tests, electron shells and the periodic table's
maker; nothing for other chemistry talk."""

from __future__ import annotations

import pytest

from voicebot.notes import known_fact

ASKED = {  # round 35: the 0.5B said "Zinc bubbles off ...", "up to 2 electrons", "Boris Podolsky"
    "What gas bubbles off when you drop zinc into hydrochloric acid?": "hydrogen",
    "What gas is given off when magnesium reacts with an acid?": "hydrogen",
    "What gas is made when you add baking soda to vinegar?": "carbon dioxide",
    "What gas do you get when marble chips react with hydrochloric acid?": "carbon dioxide",
    "How do you test for hydrogen?": "squeaky pop",
    "How do you test for carbon dioxide?": "limewater",
    "How many electrons can the second cell of an atom hold?": "up to 8 electrons",  # Whisper's "cell"
    "How many electrons does the first shell hold?": "up to 2 electrons",
    "How many electrons can the 3rd shell hold?": "up to 18 electrons",
    "Who came up with the periodic table, the Russian chemist? How do you say his name?": "Mendeleev",
    "Who invented the periodic table?": "Mendeleev",
    "What does an acid and an alkali make when they react?": "salt and water",
}


@pytest.mark.parametrize("text", list(ASKED))
def test_a_school_chemistry_question_gets_its_fact(text: str) -> None:
    fact = known_fact(text)
    assert fact is not None and ASKED[text] in fact


@pytest.mark.parametrize(
    "text",
    [
        "What gas does my car use?",
        "How many electrons does oxygen have?",  # an element's electrons: not a shell
        "Who sat next to me at the periodic table quiz?",
        "Is zinc good for a cold?",
        "What's the pH of pure water?",  # the almanac's own row, not two facts
    ],
)
def test_other_chemistry_talk_gets_none_of_these(text: str) -> None:
    fact = known_fact(text) or ""
    assert not any(w in fact for w in ("Mendeleev", "electron shell", "metal like zinc", "A carbonate", "The test for"))
