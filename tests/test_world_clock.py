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
    "What time is it in India?": "In India it is 12:45 PM, Monday, March 9 (4 and a half hours ahead of here).",
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


ZONES = {  # the 0.5B: Iceland "UTC+11"
    "We land in Rachavic tomorrow, what time zone is Iceland in?": (
        "Iceland is on Greenwich Mean Time, the same as UTC."
    ),
    "Which time zone is Tokyo in?": "Tokyo is on Japan Standard Time, 9 hours ahead of UTC.",
    "What is the time zone in Chicago?": "Chicago is on Central Daylight Time, 5 hours behind UTC.",  # March 9: DST
    "What time zone is Shanghai in?": "Shanghai is on China Standard Time, 8 hours ahead of UTC.",  # CST in Asia
    "What time zone is India?": "India is on India Standard Time, 5 and a half hours ahead of UTC.",
    "What time zone is Kathmandu in?": "Kathmandu is 5 hours and 45 minutes ahead of UTC.",  # "+0545": no name
    "What time zone does Hawaii use?": "Hawaii is on Hawaii Standard Time, 10 hours behind UTC.",
}


@pytest.mark.parametrize("text", ZONES)
def test_a_places_time_zone_starts_the_reply(text: str) -> None:
    notes = TurnNotes(lambda: PARIS_MORNING)
    assert notes.opener(text) == ZONES[text]
    note = notes(text)
    assert note is not None and ZONES[text] in note


@pytest.mark.parametrize(
    "text",
    [
        "What time zone is Brazil in?",  # several zones: the model's to explain
        "Time zones are confusing, what is the capital of France?",
        "What time zone is it?",  # no place
        "What's the time difference between Paris and Tokyo?",  # two zones: the difference's
    ],
)
def test_no_time_zone_where_one_place_is_not_asked_about(text: str) -> None:
    from voicebot.world_clock import time_zone

    assert time_zone(text, PARIS_MORNING) is None
