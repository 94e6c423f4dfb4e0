"""voicebot.dates: the dates a question asks about, counted from today."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from voicebot.dates import date_note
from voicebot.notes import TurnNotes

MONDAY = date(2026, 3, 9)

ANSWERS = {  # asked on Monday, March 9, 2026
    "How many days until Christmas?": "Christmas is 291 days from today: Friday, December 25, 2026.",
    "What day of the week is Christmas this year?": "Christmas is on Friday, December 25, 2026, 291 days from today.",
    "How many weeks until New Year?": "New Year's Day is 298 days from today, which is 42 weeks and 4 days: "
    "Friday, January 1, 2027.",
    "When is Easter?": "Easter is on Sunday, April 5, 2026, 27 days from today.",
    "When is Thanksgiving?": "Thanksgiving (US) is on Thursday, November 26, 2026, 262 days from today.",
    "What day of the week is July 4th?": "Independence Day is on Saturday, July 4, 2026, 117 days from today.",
    "What day is December 25, 2027?": "December 25, 2027 is a Saturday, 656 days from today.",
    "What day was the 2nd of March?": "March 2, 2027 is a Tuesday, 358 days from today.",  # passed: next year's
    "How many days until June 3rd?": "June 3 is 86 days from today.",
    "What's the date in three weeks?": "In 3 weeks it will be Monday, March 30, 2026.",
    "What's the date a week from today?": "In 1 week it will be Monday, March 16, 2026.",
    "What will the date be 10 days from now?": "In 10 days it will be Thursday, March 19, 2026.",
    "What day is it the day after tomorrow?": "The day after tomorrow is Wednesday, March 11, 2026.",
    "What was the date yesterday?": "Yesterday was Sunday, March 8, 2026.",
    "What date is next Friday?": "Next Friday is March 13, 2026, 4 days from today.",
    "What was the date last Monday?": "Last Monday was March 2, 2026, 7 days ago.",
    "How many days are left in the year?": "The end of the year is 297 days from today: Thursday, December 31, 2026.",
    "How many days are left this year?": "The end of the year is 297 days from today: Thursday, December 31, 2026.",
    "What day of the week is February 30th?": "There is no February 30: February has 28 or 29 days.",
    "What day of the week is February 29, 2027?": "There is no February 29, 2027: 2027 is not a leap year.",
    # a leap day without a year is the next one (it said "There is no February 29: February has 28 days.")
    "What happens to people born on February twenty ninth?": "February 29, 2028 is a Tuesday, 722 days from today.",
    "When is the next leap year?": "2026 is not a leap year. The next leap day is February 29, 2028, 722 days from "
    "today.",  # it said 2024
    "Is 2100 a leap year?": "2100 is not a leap year. The next leap day is February 29, 2028, 722 days from today.",
    # years in words, as a transcript may write them (the 0.5B said 2028 is not a leap year)
    "Is twenty twenty-eight a leap year?": "2028 is a leap year. The next leap day is February 29, 2028, 722 days "
    "from today.",
    "Was nineteen hundred a leap year?": "1900 is not a leap year. The next leap day is February 29, 2028, 722 days "
    "from today.",
    "Is two thousand and twenty four a leap year?": "2024 is a leap year. The next leap day is February 29, 2028, 722 "
    "days from today.",
}


@pytest.mark.parametrize("text", ANSWERS)
def test_a_date_question_gets_the_date_it_means(text: str) -> None:
    assert date_note(text, MONDAY) == ANSWERS[text]


def test_dates_roll_over_the_year_and_the_month_and_next_means_next() -> None:
    assert date_note("When is Christmas?", date(2026, 12, 26)) == (
        "Christmas is on Saturday, December 25, 2027, 364 days from today."
    )
    assert date_note("When is Christmas?", date(2026, 12, 25)).endswith("December 25, 2026, today.")
    assert date_note("When is Easter?", date(2027, 1, 1)).startswith("Easter is on Sunday, March 28, 2027")
    assert date_note("What's the date in one month?", date(2027, 1, 31)) == (
        "In 1 month it will be Sunday, February 28, 2027."
    )
    friday = date(2026, 3, 13)
    assert date_note("What date is next Friday?", friday) == "Next Friday is March 20, 2026, 7 days from today."
    assert date_note("Is the shop open this Friday?", friday) == "This Friday is March 13, 2026, today."
    assert date_note("What day is February 29, 2028?", MONDAY).startswith("February 29, 2028 is a Tuesday")
    assert date_note("Is this a leap year?", date(2028, 2, 29)) == (
        "2028 is a leap year. The next leap day is February 29, 2028, today."
    )
    assert date_note("How many days until February 29th?", date(2028, 3, 1)) == "February 29 is 1460 days from today."


def test_this_next_and_last_year_name_the_year() -> None:
    """Asked in December, "the fourth of July this year" had been next July and "Christmas next year" this
    Christmas; "Is next year a leap year?" got this year's answer."""
    december = date(2026, 12, 6)
    assert date_note("What day of the week is the fourth of July this year?", december) == (
        "Independence Day was on Saturday, July 4, 2026, 155 days ago."
    )
    assert date_note("How many days until Christmas next year?", december) == (
        "Christmas is 384 days from today: Saturday, December 25, 2027."
    )
    next_march = "March 3, 2027 is a Wednesday, 87 days from today."
    assert date_note("What day is March 3rd next year?", december) == next_march
    assert date_note("Is next year a leap year?", date(2027, 5, 1)).startswith("2028 is a leap year.")
    assert date_note("Was last year a leap year?", date(2029, 5, 1)).startswith("2028 is a leap year.")


def test_other_questions_get_no_date() -> None:
    for text in ("What time is it?", "What day is it today?", "Tell me about Paris.", "I'll be there in a few days."):
        assert date_note(text, MONDAY) is None, text


def test_the_clock_note_carries_the_dates_asked_about() -> None:
    notes = TurnNotes(lambda: datetime(2026, 3, 9, 8, 15))
    assert notes("How many days till Halloween?") == (  # no clock time: the 0.5B copied its digits as the count
        "Today is Monday, March 9, 2026. Halloween is 236 days from today: Saturday, October 31, 2026."
    )
    assert notes("How many hours until Halloween?").startswith("Now: 8:15 AM, Monday")  # the time is asked
    assert notes("What's the date in three weeks?").endswith("In 3 weeks it will be Monday, March 30, 2026.")
    assert notes("When is the next leap year?").endswith("The next leap day is February 29, 2028, 722 days from today.")
    assert TurnNotes(None)("How many days until Christmas?") is None  # no clock: no dates either


def test_a_holiday_with_a_year_is_that_years() -> None:
    """"What day of the week was the 4th of July 2020?" got July 4, 2027 (a Sunday; 2020's was a Saturday)."""
    december = date(2026, 12, 6)
    assert date_note("what day of the week was the 4th of july 2020?", december) == (
        "Independence Day was on Saturday, July 4, 2020, 2346 days ago."
    )
    assert date_note("when was easter in 2019?", december).startswith("Easter was on Sunday, April 21, 2019")


def test_an_age_from_a_birth_year() -> None:
    """"If I was born in 1987, how old am I?" got "You haven't told me"; "How old is someone born in 1987?" "As of
    2023 ... 35"."""
    december = date(2026, 12, 6)
    said = "Someone born in 1987 is 39 after their birthday this year, 38 before it."
    assert date_note("if i was born in 1987, how old am i?", december) == said
    assert date_note("i was born in nineteen eighty seven. how old am i?", december) == said
    notes = TurnNotes(lambda: datetime(2026, 12, 6, 13, 0))
    assert notes.opener("If I was born in 1987, how old am I?") == said  # it got "You haven't told me"
    assert said in (notes("How old is someone born in 1987?") or "")
    assert notes.opener("How old am I?") == "You haven't told me"


def test_a_date_said_beside_another_question_does_not_start_the_reply() -> None:
    """"My son has a multiplication test tomorrow, any tips?" started its reply "Tomorrow is Tuesday, ..."; the
    note keeps the date, the reply is the model's."""
    notes = TurnNotes(lambda: datetime(2026, 12, 6, 13, 0))
    for text in (
        "My son has a multiplication test tomorrow and he's really nervous, any tips?",
        "I'm going as Marie Curie for Halloween, what should I wear?",
    ):
        assert notes.opener(text) is None, text
        assert "Today is" in (notes(text) or "")
    assert (notes.opener("Halloween is coming, how many days is it until then?") or "").startswith("Halloween is")
    assert notes.opener("Did the Minnesota Vikings win on Sunday?") is None  # a game's result, not a date
    assert "Last Sunday was November 29" in (notes("Did the Minnesota Vikings win on Sunday?") or "")  # gone
    assert (notes.opener("Is tomorrow a Monday?") or "").startswith("Tomorrow is")


def test_a_date_question_starts_the_reply_with_its_date() -> None:
    """With the note alone the model miscopied it: "the 4th of July 2020" was a Friday against the note's
    Saturday, a date 90 days on in 2028 against its 2027."""
    notes = TurnNotes(lambda: datetime(2026, 12, 6, 13, 0))
    assert notes.opener("What day of the week was the 4th of July 2020?") == (
        "Independence Day was on Saturday, July 4, 2020, 2346 days ago."
    )
    assert notes.opener("What will the date be in 90 days?") == "In 90 days it will be Saturday, March 6, 2027."
    assert notes.opener("I have a meeting next Friday.") is None  # no question
    assert notes.opener("Is the pharmacy open today?") == "Sorry, I'm offline, so I can't"  # what it lacks first
    assert notes.opener("What time is it?") is None  # the clock itself: the model's words


def test_the_holiday_on_a_date_asked_for_is_named() -> None:
    """"What holiday is celebrated on October 31?" got "October 31 is celebrated as a Sunday."."""
    from datetime import date as _date

    today = _date(2026, 12, 7)
    assert date_note("What holiday is celebrated on October 31?", today) == (
        "Halloween is on Sunday, October 31, 2027, 328 days from today."
    )
    asked_day = date_note("What day of the week is October 31?", today)
    assert asked_day == "October 31, 2027 is a Sunday, 328 days from today."  # no holiday asked: none named
    assert date_note("What holiday is on March 3?", today) == "March 3, 2027 is a Wednesday, 86 days from today."


def test_how_long_ago_a_year_was_and_a_year_the_last_reply_named() -> None:
    """"So how long ago was that?" after the dinosaurs' "about 66 million years ago" got the clock note, read out:
    "5:32 PM, Monday, December 7, 2026." (pairs 6); after a year the model had to subtract from the clock."""
    notes = TurnNotes(lambda: datetime(2026, 12, 7, 9, 30))
    assert date_note("how long ago was 1969?", date(2026, 12, 7)) == "1969 was 57 years ago."
    assert date_note("how long ago was 44 BC?", date(2026, 12, 7)) == "44 BC was 2069 years ago."  # no year 0
    assert notes("How many years since the Berlin Wall fell in 1989?") == (
        "Today is Monday, December 7, 2026. 1989 was 37 years ago."
    )
    dinosaurs = "The dinosaurs died out about 66 million years ago, most likely after a huge asteroid hit Earth."
    assert notes("So how long ago was that?", 2, ["When did the dinosaurs die out?"], dinosaurs) == (
        "Fact: That was about 66 million years ago."
    )
    assert notes.opener("So how long ago was that?", 2, ["When did they die out?"], dinosaurs) == (
        "That was about 66 million years ago."
    )
    titanic = "The Titanic sank on April 15, 1912, after hitting an iceberg on its first voyage."
    assert notes("How long ago was that?", 2, ["When did the Titanic sink?"], titanic) == (
        "Today is Monday, December 7, 2026. 1912 was 114 years ago."
    )
    giza = "The pyramids of Giza were built in 1256 BCE."  # the model, told the clock alone, said "770 years ago",
    assert notes("How long ago was that?", 2, ["When were they built?"], giza).endswith("1256 BC was 3281 years ago.")
    assert notes.opener("How long ago was that?", 2, ["When were they built?"], giza) == "1256 BC was 3281 years ago."
    # and told it in the note alone, "770 years ago" again (pairs 6): it starts the reply
    two_years = "The wall went up in 1961 and came down in 1989."  # which one: no clock, which answers nothing
    assert notes("How long ago was that?", 2, ["When was the Berlin Wall?"], two_years) is None  # (it was read out)
    giza_bill = "The Great Pyramid of Giza Bill was a UNESCO World Heritage Site in Egypt."  # pairs 7: "built in 6:28
    assert notes("How long ago was that?", 2, ["One was the great Pyramid of Giza Bill."], giza_bill) is None  # PM"
