"""voicebot.world_clock: the time in a place the user names, from the time-zone database."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from voicebot.notes import TurnNotes
from voicebot.world_clock import world_clock_note

PARIS_MORNING = datetime(2026, 3, 9, 8, 15, tzinfo=ZoneInfo("Europe/Paris"))

ANSWERS = {
    "What time is it in Tokyo?": "In Tokyo it is 4:15 PM, Monday, March 9 (8 hours ahead of here).",
    "What time is it in New York City?": "In New York City it is 3:15 AM, Monday, March 9 (5 hours behind here).",
    "What's the time in the UK?": "In the UK it is 7:15 AM, Monday, March 9 (1 hour behind here).",
    "What time is it in India?": "In India it is 12:45 PM, Monday, March 9 (4.5 hours ahead of here).",
    "What day is it in Honolulu?": "In Honolulu it is 9:15 PM, Sunday, March 8 (11 hours behind here).",
    "Is it morning in Paris?": "In Paris it is 8:15 AM, Monday, March 9 (the same time as here).",
    "What time is it in the evening in Sydney?": "In Sydney it is 6:15 PM, Monday, March 9 (10 hours ahead of here).",
}


@pytest.mark.parametrize("text", ANSWERS)
def test_the_time_in_a_named_place(text: str) -> None:
    assert world_clock_note(text, PARIS_MORNING) == ANSWERS[text]


def test_a_time_difference_is_between_the_two_places_named() -> None:
    """"I'm flying from London to Tokyo next week. What's the time difference?" got "12 hours" (9 in March)."""
    flight = world_clock_note("I'm flying from London to Tokyo next week. What's the time difference?", PARIS_MORNING)
    assert flight is not None and flight.startswith("Tokyo is 9 hours ahead of London. In London it is 7:15 AM")
    between = world_clock_note("What's the time difference between New York and Paris?", PARIS_MORNING)
    assert between is not None and between.startswith("Paris is 5 hours ahead of New York.")
    ahead = world_clock_note("How many hours ahead of New York is Paris?", PARIS_MORNING)
    assert ahead is not None and ahead.startswith("Paris is 5 hours ahead of New York.")
    assert world_clock_note("I'm flying from London to Tokyo next week.", PARIS_MORNING) is None  # no time asked


def test_daylight_saving_is_the_databases() -> None:
    """On March 9, 2026 New York has moved its clocks and Paris has not: 5 hours apart; in January, 6."""
    january = datetime(2026, 1, 9, 8, 15, tzinfo=ZoneInfo("Europe/Paris"))
    assert "(6 hours behind here)" in world_clock_note("What time is it in New York?", january)


@pytest.mark.parametrize(
    "text",
    ["What are you doing at Christmas?", "What time is it at home?", "What time is it?", "Is it late in the day?"],
)
def test_no_place_no_note(text: str) -> None:
    assert world_clock_note(text, PARIS_MORNING) is None


def test_the_clock_note_carries_the_time_elsewhere() -> None:
    note = TurnNotes(lambda: PARIS_MORNING)("What time is it in Tokyo?")
    assert note == "Now: 8:15 AM, Monday, March 9, 2026. " + ANSWERS["What time is it in Tokyo?"]


def test_and_in_another_place_after_the_time_somewhere_gets_that_places_time() -> None:
    """"And in London." after "What time is it in Tokyo?" got Tokyo's time again."""
    notes = TurnNotes(lambda: PARIS_MORNING)
    note = notes("And in London.", 1, ["What time is it in Tokyo?"])
    assert note is not None and "In London it is 7:15 AM" in note and "Tokyo" not in note
    assert notes("What about Paris?", 1, ["What time is it in Tokyo?"]) is not None
    assert notes("And in London.", 1, ["What is the capital of France?"]) is None  # no time asked before
    assert notes("And dogs?", 1, ["What time is it in Tokyo?"]) is None  # no place


def test_a_time_difference_starts_the_reply() -> None:
    """With the difference in the note alone the 0.5B said "5 hours" between New York and Los Angeles (the note's
    "5 hours behind here")."""
    from datetime import datetime as _datetime

    from voicebot.notes import TurnNotes

    notes = TurnNotes(lambda: _datetime(2026, 12, 7, 10, 0).astimezone())
    asked = "What's the time difference between New York and Los Angeles?"
    assert notes.opener(asked) == "Los Angeles is 3 hours behind New York."
    assert notes.opener("I'm flying from London to Tokyo. What's the time difference?") == (
        "Tokyo is 9 hours ahead of London."
    )
    assert notes.opener("What time is it in Tokyo?") is None  # one place: the clock note, no opener
