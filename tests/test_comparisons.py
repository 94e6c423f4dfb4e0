"""voicebot.comparisons: which of two things is taller, longer or deeper, from the almanac's measures of each; "that"
for the last question's thing; nothing for things the table has no measure of."""

from __future__ import annotations

import pytest

from voicebot.notes import known_fact

COMPARED = [  # pairs 8: "No, the Eiffel Tower is not taller than the statue of liberty." (330 meters against 93)
    (["How tall is the Eiffel Tower?"], "Is that taller than the statue of liberty?",
     "Yes: the Eiffel Tower, about 330 meters, is taller than the Statue of Liberty, about 93 meters."),
    ([], "Is the Eiffel Tower taller than the Empire State Building?",
     "No: the Eiffel Tower, about 330 meters, is shorter than the Empire State Building, about 443 meters."),
    ([], "Which is taller, Everest or Kilimanjaro?",
     "Mount Everest, about 8,849 meters, is taller than Mount Kilimanjaro, about 5,895 meters."),
    (["How high is Mount Kilimanjaro?"], "Is it higher than Mount Everest?",
     "No: Mount Kilimanjaro, about 5,895 meters, is lower than Mount Everest, about 8,849 meters."),
]  # fmt: skip


@pytest.mark.parametrize(("earlier", "text", "fact"), COMPARED)
def test_two_things_compared_by_their_measures(earlier: list[str], text: str, fact: str) -> None:
    assert known_fact(text, earlier) == fact


@pytest.mark.parametrize(
    ("earlier", "text"),
    [
        ([], "Is my brother taller than me?"),
        ([], "Is the Eiffel Tower taller than my house?"),  # one measure only
        ([], "Is that taller than the Eiffel Tower?"),  # "that" with nothing before
        (["What's the capital of France?"], "Is it bigger than London?"),  # no measure asked
    ],
)
def test_other_comparisons_get_none(earlier: list[str], text: str) -> None:
    assert known_fact(text, earlier) is None
