"""voicebot.percentages: a number as a percentage, and a part of a whole as one; nothing for other talk of percent."""

from __future__ import annotations

import pytest

from voicebot.notes import exact_result
from voicebot.percentages import change_note, percentage_note

ASKED = {  # the 0.5B: "Two fifths as a percentage is 50%."
    "What's two fifths as a percentage?": "2 fifths is 40 percent.",
    "We're doing fractions tonight what is three quarters as a decimal.": "3 quarters is 0.75 as a decimal.",
    "What is 3/8 as a decimal?": "3 eighths is 0.375 as a decimal.",  # the 0.5B listed steps and no number
    "What is 3/8 as a percent?": "3 eighths is 37.5 percent.",
    "Convert 0.35 to a percentage.": "0.35 is 35 percent.",
    "What is one third as a percentage?": "a third is about 33.33 percent.",
    "I got 42 out of 50 on my test, what percentage is that?": "42 out of 50 is 84 percent.",
    "I scored forty two out of fifty. What percent is that?": "42 out of 50 is 84 percent.",
    "What's 18 out of 24 as a percent?": "18 out of 24 is 75 percent.",
    "12 is what percent of 48?": "12 out of 48 is 25 percent.",
    "What percent of 48 is 12?": "12 out of 48 is 25 percent.",
    "What percentage is 12 of 48?": "12 out of 48 is 25 percent.",
    "I've used 3 of the 8 eggs, what percentage is that?": "3 out of 8 is 37.5 percent.",
}


@pytest.mark.parametrize("text", list(ASKED))
def test_a_percentage_asked_for_gets_its_exact_value(text: str) -> None:
    assert percentage_note(text) == ASKED[text]
    assert exact_result(text) == ASKED[text]  # and no other note reads these words


@pytest.mark.parametrize(
    "text",
    [
        "What's 20% of 80?",  # a percent of a number: arithmetic's
        "Nine out of ten dentists agree, right?", "My phone is at 20 percent.",
        "What percent of people are left-handed?",
        "What's 5 out of 0 as a percentage?", "Three out of how many, as a percentage?",
        "What is 4 as a decimal?",  # a whole number is its own decimal
    ],
)
def test_no_percentage_for_other_talk(text: str) -> None:
    assert percentage_note(text) is None, (text, percentage_note(text))


CHANGED = {  # round 33: "120 plus 15 percent" had got "120 plus 15 is 135."
    "Hey, I'm raising my 120 dollar price by 15 percent, what's the new price?": "120 plus 15 percent is 138.",
    "What is 120 plus 15 percent?": "120 plus 15 percent is 138.",
    "I'm raising my $120 price by 15%. What's the new price?": "120 plus 15 percent is 138.",  # as Whisper writes it
    "Reduce 80 by 20 percent.": "80 minus 20 percent is 64.",
    "What is the percent increase from 40 to 50?": "From 40 to 50 is a 25 percent increase.",
    "What's the percentage change from 50 to 40?": "From 50 to 40 is a 20 percent decrease.",
    "I buy these mugs for 40 dollars a case and sell the case for 50, what percent markup is that?": (
        "From 40 to 50 is a markup of 25 percent."
    ),
    "Last month I had 1,000 dollars in sales and 850 dollars in costs, so what's my profit margin?": (
        "Sales of 1000 and costs of 850 leave 150: a profit margin of 15 percent."
    ),
    # round 35: the change said first, in billions (the model said 1.1 percent); a rounded change reads as said
    "If GDP goes from 200 billion to 210 billion, what's the growth rate in percent?": (
        "From 200 billion to 210 billion is a 5 percent increase."
    ),
    "Sales fell from 80 to 60, what percentage drop is that?": "From 80 to 60 is a 25 percent decrease.",
    "My rent went from 1,200 to 1,300, by what percent did it go up?": (
        "From 1200 to 1300 is an increase of about 8.33 percent."
    ),
}


@pytest.mark.parametrize("text", list(CHANGED))
def test_an_amount_changed_by_a_percentage_and_the_percentage_of_a_change(text: str) -> None:
    assert change_note(text) == CHANGED[text]
    assert exact_result(text) == CHANGED[text]  # and no sum that leaves out "percent"


@pytest.mark.parametrize(
    "text",
    [
        "What is 15 percent of 80?", "My rent went up by 5 percent.", "Sales were 20 percent up this year.",
        "The price went from 40 to 50, how much is that?",  # no percentage asked
    ],
)
def test_no_change_for_other_talk_of_percent(text: str) -> None:
    assert change_note(text) is None


def test_the_last_result_raised_or_cut_by_a_percentage() -> None:
    """Pairs 7: "Minus 15 percent." after "What's 200 plus 50?"."""
    assert exact_result("Minus 15 percent.", ["What's 200 plus 50?"]) == "250 minus 15 percent is 212.5."
    assert exact_result("And add 10%.", ["What is 40 times 5?"]) == "200 plus 10 percent is 220."
    assert exact_result("Minus 15 percent.", ["Hello there."]) is None  # no result to go on from
