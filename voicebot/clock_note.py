"""The date and time, told to the model when the user's words are about them.

Asked "What time is it?", "What day is it?" or "What year is it?", the default 0.5B model makes the answer
up ("10:00 AM", "Monday", "2023"). Given the clock as a short system note right before the question, it
reads it off: ten time and date questions at three clock times, 28 of 30 answers right with the note, 4 of
30 without (docs/MEASUREMENTS.md). The note goes only before user turns whose words are about the time or
the date, so other turns pay nothing for it, and it stays in the history with its turn, so the
conversation's cached prefix holds.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

_DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_MONTHS = (
    *("January", "February", "March", "April", "May", "June", "July"),
    *("August", "September", "October", "November", "December"),
)
# Words that ask about (or depend on) the clock or the calendar. A note a turn did not need costs its prefill
# at the pause (~20 tokens: ~80 ms on 2 AVX2 cores); one it needed and lacked is an invented time. So the
# clock's own words and calendar names count, but units ("How many days are there in a week?") only after
# "what", "this", "next", ...; and not "May", which is mostly "May I ...".
_ABOUT_TIME = re.compile(
    r"\b(time|clock|o'?clock|date|today|tonight|tomorrow|yesterday|now|currently|weekend|morning|afternoon|"
    r"evening|noon|midnight|late|early|until|till|since|ago|christmas|easter|halloween|thanksgiving|birthday|"
    r"(what|which|this|next|last|current)\s+(day|week|month|year|season)|new year|"
    + "|".join(name.lower() for name in (*_DAYS, *_MONTHS) if name != "May")
    + r")\b",
    re.IGNORECASE,
)


def about_time(text: str) -> bool:
    """Whether the user's words are about the time or the date ("What day is it?", "Good morning")."""
    return _ABOUT_TIME.search(text) is not None


def clock_note(now: datetime) -> str:
    """'Now: 6:04 PM, Thursday, December 3, 2026.': the form the model answers from best (it then says
    "The time is 6:04 PM." to a time question; a longer sentence it repeated whole). English names
    whatever the process's locale."""
    hour = now.hour % 12 or 12
    noon = "AM" if now.hour < 12 else "PM"
    day, month = _DAYS[now.weekday()], _MONTHS[now.month - 1]
    return f"Now: {hour}:{now.minute:02d} {noon}, {day}, {month} {now.day}, {now.year}."


def local_clock(zone: str | None = None) -> Callable[[], datetime]:
    """The wall clock in `zone` (an IANA name the browser gave, e.g. "Europe/Paris"), else in this
    machine's zone. A name this machine does not know falls back to its own zone: a call is not refused
    over its clock."""
    where: tzinfo | None = None
    if zone:
        try:
            where = ZoneInfo(zone)
        except (ZoneInfoNotFoundError, ValueError):
            where = None
    return (lambda: datetime.now(where)) if where is not None else (lambda: datetime.now().astimezone())
