"""The time somewhere else, from the time-zone database, for the clock note before a user's turn.

Told only the user's own clock, the default 0.5B guesses the rest of the world: "What time is it in
Tokyo?" -> "10:00 AM", "in London" -> "14:00 AM", "What day is it in Sydney?" -> "Wednesday" at 8:15 AM on
a Monday in Paris (docs/MEASUREMENTS.md). The places are the cities of the IANA database (Python's
`zoneinfo`, with the `tzdata` package where the system has none) and a few countries and big cities that
have no zone of their own name; the note says their wall clock: "In Tokyo it is 4:15 PM, Monday, March 9
(8 hours ahead of here)."
"""

from __future__ import annotations

import contextlib
import re
from datetime import datetime
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from voicebot.dates import DAYS, MONTHS, clock_time

__all__ = ["time_difference", "time_elsewhere_again", "time_zone", "world_clock_note"]

# Places people ask about whose zone is named after another city (or that are a country with one zone).
_ALIASES = {
    "new york city": "America/New_York", "nyc": "America/New_York", "boston": "America/New_York",
    "washington": "America/New_York", "miami": "America/New_York", "atlanta": "America/New_York",
    "philadelphia": "America/New_York", "san francisco": "America/Los_Angeles", "seattle": "America/Los_Angeles",
    "california": "America/Los_Angeles", "las vegas": "America/Los_Angeles", "dallas": "America/Chicago",
    "houston": "America/Chicago", "texas": "America/Chicago", "hawaii": "Pacific/Honolulu",
    "montreal": "America/Toronto", "ottawa": "America/Toronto", "england": "Europe/London",
    "britain": "Europe/London", "the uk": "Europe/London", "scotland": "Europe/London", "ireland": "Europe/Dublin",
    "france": "Europe/Paris", "germany": "Europe/Berlin", "munich": "Europe/Berlin", "spain": "Europe/Madrid",
    "barcelona": "Europe/Madrid", "italy": "Europe/Rome", "milan": "Europe/Rome", "greece": "Europe/Athens",
    "the netherlands": "Europe/Amsterdam", "sweden": "Europe/Stockholm", "switzerland": "Europe/Zurich",
    "geneva": "Europe/Zurich", "poland": "Europe/Warsaw", "turkey": "Europe/Istanbul", "egypt": "Africa/Cairo",
    "israel": "Asia/Jerusalem", "tel aviv": "Asia/Jerusalem", "india": "Asia/Kolkata", "delhi": "Asia/Kolkata",
    "new delhi": "Asia/Kolkata", "mumbai": "Asia/Kolkata", "bangalore": "Asia/Kolkata", "china": "Asia/Shanghai",
    "beijing": "Asia/Shanghai", "japan": "Asia/Tokyo", "osaka": "Asia/Tokyo", "korea": "Asia/Seoul",
    "south korea": "Asia/Seoul", "thailand": "Asia/Bangkok", "vietnam": "Asia/Ho_Chi_Minh",
    "hanoi": "Asia/Ho_Chi_Minh", "the philippines": "Asia/Manila", "indonesia": "Asia/Jakarta",
    "bali": "Asia/Makassar", "new zealand": "Pacific/Auckland", "wellington": "Pacific/Auckland",
    "canberra": "Australia/Sydney", "kenya": "Africa/Nairobi", "nigeria": "Africa/Lagos",
    "south africa": "Africa/Johannesburg", "cape town": "Africa/Johannesburg",
    "argentina": "America/Argentina/Buenos_Aires", "brazil": "America/Sao_Paulo",
    "rio de janeiro": "America/Sao_Paulo", "rio": "America/Sao_Paulo", "peru": "America/Lima",
    "colombia": "America/Bogota", "russia": "Europe/Moscow", "saint petersburg": "Europe/Moscow",
    "st. petersburg": "Europe/Moscow", "iceland": "Atlantic/Reykjavik", "portugal": "Europe/Lisbon",
    "new jersey": "America/New_York", "florida": "America/New_York", "jersey city": "America/New_York",
}  # fmt: skip
# Zones named like a holiday or a common word: "What are you doing at Christmas?" asks no time in the Indian
# Ocean.
_NOT_PLACES = {"christmas", "easter", "center", "midway", "wake", "hope", "knox", "marengo", "beulah"}
_REGIONS = ("Africa", "America", "Asia", "Atlantic", "Australia", "Europe", "Indian", "Pacific")


@cache
def _places() -> dict[str, str]:
    """Lower-case place name -> IANA zone: every city in the database, then the aliases."""
    places: dict[str, str] = {}
    for name in sorted(available_timezones()):
        parts = name.split("/")
        if len(parts) >= 2 and parts[0] in _REGIONS:
            places.setdefault(parts[-1].replace("_", " ").lower(), name)
    return {place: zone for place, zone in places.items() if place not in _NOT_PLACES} | _ALIASES


# A question about the difference between two places' clocks: "I'm flying from London to Tokyo. What's the time
# difference?" (it said "12 hours"; it is 9 in December), "How many hours ahead of New York is Paris?"
_DIFFERENCE = re.compile(r"\btime difference\b|\bdifference in time\b|\bhours? (ahead|behind)\b|\btime zones?\b")


def world_clock_note(text: str, now: datetime) -> str | None:
    """'In Tokyo it is 4:15 PM, Monday, March 9 (8 hours ahead of here).' for each place the user's words
    ask the time in, and for a question about a time difference, that between the first two places they name
    ('Tokyo is 9 hours ahead of London.'); None when they name none. `now`: the user's own clock, zone-aware."""
    difference = _DIFFERENCE.search(text.lower()) is not None
    places = _named(text, _LINKS if difference else ("in", "at"))
    said = [_sentence(place, now.astimezone(zone), now) for place, zone in places]
    if difference and len(places) >= 2:
        said.insert(0, _first_two(places, now))
    if zone := time_zone(text, now):
        said.insert(0, zone)
    return " ".join(dict.fromkeys(said)) or None


_LINKS = ("in", "at", "from", "to", "between", "and", "of", "is")  # the words before a place a difference names


def time_difference(text: str, now: datetime) -> str | None:
    """'Los Angeles is 3 hours behind New York.' for a question about the time difference between the first two
    places the words name; None otherwise. Also the reply's start: with it in the note alone, the 0.5B said "5
    hours", copying the note's "(5 hours behind here)"."""
    if _DIFFERENCE.search(text.lower()) is None or len(places := _named(text, _LINKS)) < 2:
        return None
    return _first_two(places, now)


# "What time zone is Iceland in?" (the 0.5B: "UTC+11"). A zone abbreviation's name, by the database's region where
# the same letters name two zones: CST is China's in Asia and Central time in America, IST India's, Ireland's or
# Israel's, PST the Philippines' in Asia. Letters not here ("+07") are said as an offset alone.
_ZONE_NAMES = {
    "GMT": "Greenwich Mean Time", "BST": "British Summer Time", "WET": "Western European Time",
    "WEST": "Western European Summer Time", "CET": "Central European Time", "CEST": "Central European Summer Time",
    "EET": "Eastern European Time", "EEST": "Eastern European Summer Time", "MSK": "Moscow Time",
    "America/EST": "Eastern Standard Time", "America/EDT": "Eastern Daylight Time",
    "America/CST": "Central Standard Time", "America/CDT": "Central Daylight Time",
    "America/MST": "Mountain Standard Time", "America/MDT": "Mountain Daylight Time",
    "America/PST": "Pacific Standard Time", "America/PDT": "Pacific Daylight Time",
    "AKST": "Alaska Standard Time", "AKDT": "Alaska Daylight Time", "HST": "Hawaii Standard Time",
    "America/AST": "Atlantic Standard Time", "America/ADT": "Atlantic Daylight Time",
    "NST": "Newfoundland Standard Time", "NDT": "Newfoundland Daylight Time",
    "JST": "Japan Standard Time", "KST": "Korea Standard Time", "Asia/CST": "China Standard Time",
    "HKT": "Hong Kong Time", "Asia/Kolkata/IST": "India Standard Time", "Europe/Dublin/IST": "Irish Standard Time",
    "Asia/Jerusalem/IST": "Israel Standard Time", "Asia/Jerusalem/IDT": "Israel Daylight Time",
    "Asia/PST": "Philippine Standard Time", "PKT": "Pakistan Standard Time", "WIB": "Western Indonesia Time",
    "WITA": "Central Indonesia Time", "AEST": "Australian Eastern Standard Time",
    "AEDT": "Australian Eastern Daylight Time", "ACST": "Australian Central Standard Time",
    "ACDT": "Australian Central Daylight Time", "AWST": "Australian Western Standard Time",
    "NZST": "New Zealand Standard Time", "NZDT": "New Zealand Daylight Time", "SAST": "South Africa Standard Time",
    "CAT": "Central Africa Time", "EAT": "East Africa Time", "WAT": "West Africa Time",
}  # fmt: skip
# Countries that span several zones: their alias is one city's, no answer for the whole country.
_SEVERAL = frozenset(
    {"brazil", "russia", "indonesia", "argentina", "canada", "australia", "mexico", "the united states"}
)
_ZONE_ASKED = re.compile(r"\b(?:what|which)(?:'s| is)? (?:the |their )?time ?zones?\b")


def time_zone(text: str, now: datetime) -> str | None:
    """'Iceland is on Greenwich Mean Time, the same as UTC.' for a question about the time zone of the one place
    (or places of one zone) the words name; None otherwise."""
    if _ZONE_ASKED.search(text.lower()) is None:
        return None
    places = _named(text, (*_LINKS, "does", "for"))  # "What time zone does Hawaii use?"
    if not places or len({str(zone) for _, zone in places}) != 1 or places[-1][0] in _SEVERAL:
        return None
    place, zone = places[-1]
    there = now.astimezone(zone)
    abbreviation, region = there.tzname() or "", str(zone).split("/")[0]
    keys = (f"{zone}/{abbreviation}", f"{region}/{abbreviation}", abbreviation)
    name = next((_ZONE_NAMES[k] for k in keys if k in _ZONE_NAMES), None)
    hours = there.utcoffset().total_seconds() / 3600  # type: ignore[union-attr]  # aware: astimezone gave it
    utc = "the same as UTC" if hours == 0 else f"{_hours(hours)} {'ahead of' if hours > 0 else 'behind'} UTC"
    return f"{_name(place)} is on {name}, {utc}." if name else f"{_name(place)} is {utc}."


def _first_two(places: list[tuple[str, ZoneInfo]], now: datetime) -> str:
    (a, zone_a), (b, zone_b) = places[:2]
    return _between(b, now.astimezone(zone_b), a, now.astimezone(zone_a))


_AGAIN = re.compile(r"^\W*(?:and|what about|how about)\s+(?:(?:in|at|for)\s+)?(?P<place>[a-z][a-z .'-]*?)\W*$", re.I)


def time_elsewhere_again(text: str, before: str) -> str | None:
    """"What time is it in London?" for "And in London." right after a question about the time in a place ("What
    time is it in Tokyo?"; the model said Tokyo's time again); None for other words."""
    again = _AGAIN.match(text)
    if again is None or not _named(before, ("in", "at")):
        return None
    place = again["place"].lower().removeprefix("the ").strip()
    return f"What time is it in {again['place'].strip()}?" if place in _places() else None


def _named(text: str, after: tuple[str, ...]) -> list[tuple[str, ZoneInfo]]:
    """The places the words name right after one of `after` ("in Tokyo"), each once, in order, with their zone."""
    found: dict[str, ZoneInfo] = {}
    words = re.findall(r"[a-z][a-z.'-]*", text.lower())
    for i, word in enumerate(words[:-1]):
        if word not in after:
            continue
        for n in range(min(4, len(words) - i - 1), 0, -1):  # the longest name: "new york city", then "new york"
            place = " ".join(words[i + 1 : i + 1 + n]).rstrip(".")
            zone = _places().get(place)
            if zone is None:
                continue
            with contextlib.suppress(ZoneInfoNotFoundError, ValueError):  # a database without that zone
                found.setdefault(place, ZoneInfo(zone))
            break
    return list(found.items())


def _between(place: str, there: datetime, other: str, here: datetime) -> str:
    """'Tokyo is 9 hours ahead of London.'"""
    if (offset := _offset(there, here)) is None:
        return f"{_name(place)} and {_name(other)} have the same time."
    return f"{_name(place)} is {offset} {_name(other)}."


def _offset(there: datetime, here: datetime) -> str | None:
    """'9 hours ahead of', '1 hour behind'; None for the same time."""
    assert there.utcoffset() is not None and here.utcoffset() is not None
    hours = (there.utcoffset() - here.utcoffset()).total_seconds() / 3600
    if hours == 0:
        return None
    return f"{_hours(hours)} {'ahead of' if hours > 0 else 'behind'}"


def _hours(hours: float) -> str:
    """'1 hour', '9 hours', '5 and a half hours' (India), '5 hours and 45 minutes' (Nepal), as a voice says them."""
    whole, minutes = divmod(round(abs(hours) * 60), 60)
    if minutes == 30:
        return f"{whole} and a half hours" if whole else "half an hour"
    said = f"{whole} hour{'s' if whole != 1 else ''}" if whole else ""
    return " and ".join(p for p in (said, f"{minutes} minutes" if minutes else "") if p)


def _name(place: str) -> str:
    return " ".join(
        w if w in ("of", "de", "the") else w.upper() if w in ("uk", "nyc") else w.capitalize() for w in place.split()
    )


def _sentence(place: str, there: datetime, here: datetime) -> str:
    name = _name(place)
    day = f"{DAYS[there.weekday()]}, {MONTHS[there.month - 1]} {there.day}"
    offset = _offset(there, here)
    relative = f"{offset} here" if offset is not None else "the same time as here"
    return f"In {name} it is {clock_time(there)}, {day} ({relative})."
