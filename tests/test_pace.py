"""voicebot.pace: how long a distance takes at a runner's pace, and the pace a distance needs in a time."""

from __future__ import annotations

import pytest

from voicebot.notes import exact_result
from voicebot.pace import pace_note

PACED = {  # round 36: the 0.5B wrote a LaTeX formula and no number
    "If we hold a 10 minute mile pace, how long would 13.1 miles take?": "13.1 miles at 10 minutes a mile takes 2 "
    "hours and 11 minutes.",
    "At a 10-minute mile pace how long will a half marathon take?": "A half marathon at 10 minutes a mile takes 2 "
    "hours and 11 minutes.",
    "How long is a marathon at 8:30 per mile?": "A marathon at 8 minutes and 30 seconds a mile takes 3 hours and 43 "
    "minutes.",
    "I run a 6 minute kilometer, how long for 21 km?": "21 kilometers at 6 minutes a kilometer takes 2 hours and 6 "
    "minutes.",
    "What pace do I need to run a half marathon in 2 hours?": "A half marathon in 2 hours is 9 minutes and 9 seconds "
    "a mile, or 5 minutes and 41 seconds a kilometer.",
}


@pytest.mark.parametrize("text", list(PACED))
def test_a_runners_time_or_pace(text: str) -> None:
    assert pace_note(text) == PACED[text]
    assert PACED[text] in (exact_result(text) or "")


@pytest.mark.parametrize(
    "text", ["How long is a marathon?", "I ran 5 miles today.", "My pace was 9 minutes a mile, not bad!",
             "How long would 5 miles and 10 kilometers take at a 10 minute mile?"],  # two distances
)  # fmt: skip
def test_other_talk_of_running_gets_none(text: str) -> None:
    assert pace_note(text) is None
