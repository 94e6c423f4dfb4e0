"""voicebot.shares: things shared out equally, and an amount a day, week or month over a longer time."""

from __future__ import annotations

import pytest

from voicebot.notes import exact_result
from voicebot.shares import every_note, per_period_note, shared_note

SHARED = {
    "If I have 3 kids and 24 cookies, how many does each get?": "24 cookies shared among 3 is 8 each.",
    "How many does each kid get if I share 30 sweets between 4 kids?": (
        "30 sweets shared among 4 is 7 each, with 2 left over."
    ),
    "I have two kids and twenty four cookies, how many does each get?": "24 cookies shared among 2 is 12 each.",
}
PER_PERIOD = {
    "If I save 50 dollars a week, how much in a year?": "50 dollars a week for a year, 52 weeks, is 2600 dollars.",
    "She reads 30 pages a day, how many pages in 2 weeks?": "30 pages a day for 2 weeks, 14 days, is 420 pages.",
    "If I spend $4 a day on coffee, how much is that in a year?": (
        "4 dollars a day for a year, 365 days, is 1460 dollars."
    ),
    # round 32: "over a whole year", and "how much is that a year" with no "in"
    "If my pension is 1800 dollars a month, how much is that over a whole year?": (
        "1800 dollars a month for a year, 12 months, is 21600 dollars."
    ),
    "I earn 2000 dollars a month, how much is that a year?": (
        "2000 dollars a month for a year, 12 months, is 24000 dollars."
    ),
}


@pytest.mark.parametrize("text", list(SHARED))
def test_things_shared_out(text: str) -> None:
    assert shared_note(text) == SHARED[text]
    assert SHARED[text] in (exact_result(text) or "")


@pytest.mark.parametrize("text", list(PER_PERIOD))
def test_an_amount_each_period_over_a_longer_one(text: str) -> None:
    assert per_period_note(text) == PER_PERIOD[text]


@pytest.mark.parametrize(
    "text",
    [
        "I have 2 kids and 3 dogs.",  # nothing asked
        "Split 90 dollars between 3 people, how much each?",  # money: the bill split's
        "I earn 20 dollars an hour, how much in a day?",  # a working day is not 24 hours
        "Save 10 dollars a day for a month, how much?",  # a month is no whole number of days
        "How many does each team get if 2 teams share 1 ball?",  # fewer things than people
    ],
)
def test_other_words_get_no_share(text: str) -> None:
    assert shared_note(text) is None and per_period_note(text) is None


def test_how_many_times_something_done_every_so_often_fits() -> None:
    """Round 33: "feeding every three hours round the clock, how many feedings is that in a day?"."""
    assert every_note("If I'm feeding every three hours round the clock, how many feedings is that in a day?") == (
        "Every 3 hours is 8 times a day."
    )
    assert every_note("Every 15 minutes, how many times an hour?") == "Every 15 minutes is 4 times an hour."
    for other in ("Every 7 hours, how many times a day?", "I feed her every three hours.", "Every day, how many?"):
        assert every_note(other) is None, other


def test_another_amount_after_an_amount_over_a_period() -> None:
    """Pairs 7: "What about 75 a week?" after saving 50 dollars a week for a year (the model said 1875 dollars)."""
    saved = ["If I save $50 a week, how much is that in a year?"]
    assert per_period_note("What about 75 a week?", saved) == "75 dollars a week for a year, 52 weeks, is 3900 dollars."
    assert per_period_note("What about 75?", saved) == "75 dollars a week for a year, 52 weeks, is 3900 dollars."
    assert per_period_note("What about 75 a month?", saved) is None  # another period: not the same question
    assert per_period_note("What about 75 a week?", ["How are you?"]) is None


def test_an_amount_a_day_is_no_conversion_and_no_more_than_the_day() -> None:
    """"9 hours a day, how many hours in a week?" had also got "1 week is 168 hours."; Whisper's "sleeps 40 hours a
    day" (for 14) is no amount to multiply."""
    assert exact_result("I work 9 hours a day, how many hours in a week?") == (
        "9 hours a day for a week, 7 days, is 63 hours."
    )
    assert per_period_note("If the baby sleeps 40 hours a day, how many hours is that in a whole week?") is None
