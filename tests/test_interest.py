"""voicebot.interest: interest at a yearly rate, compounded once a year over several years unless simple interest is
said, also for a follow-up that gives only the years; nothing for other percentages."""

from __future__ import annotations

import pytest

from voicebot.interest import interest_note
from voicebot.notes import exact_result

SAVED = "If I save $1,000 at 5% a year, how much interest do I earn in one year?"


def test_a_years_interest() -> None:  # pairs 8: the 0.5B explained the method and gave no number
    note = "1000 dollars at 5 percent a year earns 50 dollars of interest in one year."
    assert interest_note(SAVED) == note
    assert exact_result(SAVED) == note


def test_a_follow_up_compounds_the_amount_before() -> None:
    note = exact_result("What would I have after two years if it compounds?", [SAVED])
    assert note == ("1000 dollars at 5 percent a year, compounded once a year, grows to 1102.50 dollars after 2 "
                    "years: 102.50 dollars of interest.")


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("If I put 5000 dollars in savings at 3 percent interest, how much will I have after 10 years?",
         "compounded once a year, grows to about 6719.58 dollars"),
        ("How much interest on $10,000 at 4% simple interest for 3 years?", "with simple interest, grows to 11200"),
        ("I borrow $2000 at 10% for 2 years, how much do I owe?", "comes to 2420 dollars"),
        ("If I put a thousand pounds in savings at 5%, how much will I have in 2 years?", "1102.50 pounds"),  # words
    ],
)  # fmt: skip
def test_several_years(text: str, said: str) -> None:
    assert said in (interest_note(text) or "")


@pytest.mark.parametrize(
    "text",
    [
        "What is 5% of $1000?",  # a percentage, no years
        "I have $100 and spend 5% a day, how much will I have in 3 years?",  # not a rate a year
        "I get 20% off a $50 shirt, how much will I pay in a year?",
        "What would I have after two years?",  # nothing before to go on from
    ],
)
def test_other_percentages_get_no_interest(text: str) -> None:
    assert interest_note(text) is None
