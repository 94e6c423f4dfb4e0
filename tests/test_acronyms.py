"""voicebot.acronyms: what common abbreviations stand for, however Whisper writes them; an abbreviation that is also
a word only when asked about as one."""

from __future__ import annotations

import pytest

from voicebot.almanac import almanac_fact

ASKED = {  # the 0.5B: "RPM stands for RPM (Redundant Power Module).", the H in HTML "Huge Hug"
    "What does RPM stand for?": "RPM stands for revolutions per minute.",
    "What does R.P.M. stand for?": "RPM stands for revolutions per minute.",
    "What does the H in HTML stand for?": "HTML stands for HyperText Markup Language.",
    "What's an ATM?": "ATM stands for automated teller machine.",
    "What does ASAP mean?": "ASAP stands for as soon as possible.",
    "What is the full form of GPS?": "GPS stands for Global Positioning System.",
    "What does PIN stand for?": "PIN stands for personal identification number.",
    "What does AI mean?": "AI stands for artificial intelligence.",
    "What does PVC stand for, like PVC pipe?": "PVC stands for polyvinyl chloride.",  # round 32: "PVC pipe"
    "What does BPM stand for?": "BPM stands for beats per minute.",
}


@pytest.mark.parametrize("text", list(ASKED))
def test_an_abbreviation_asked_about(text: str) -> None:
    assert almanac_fact(text) == ASKED[text]


def test_sos_stands_for_nothing() -> None:
    fact = almanac_fact("What does SOS stand for?")
    assert fact is not None and fact.startswith("SOS doesn't stand for anything")


@pytest.mark.parametrize(
    "text",
    [
        "Who stands for the anthem?",  # "who" as a word
        "What does pin mean?", "I am standing for election.", "What is NASA doing now?",
        "What does the H stand for?",  # no abbreviation named
    ],
)
def test_other_words_get_no_abbreviation(text: str) -> None:
    assert almanac_fact(text) is None, (text, almanac_fact(text))
