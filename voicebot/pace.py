"""A runner's pace: how long a distance takes at a pace, and the pace a distance needs to be run in a time, for the
note before a user's turn.

"If we hold a 10 minute mile pace, how long would 13.1 miles take?" got a LaTeX formula and no number from the 0.5B
(docs/MEASUREMENTS.md, thirty-fifth session). A pace is said as minutes (and seconds) per mile or kilometer ("a 10
minute mile", "8:30 per mile", "a pace of 6 minutes per kilometer"); a distance as an amount ("13.1 miles") or a
race (a marathon, a half marathon, a 5K or 10K).
"""

from __future__ import annotations

import re
from fractions import Fraction

from voicebot.arithmetic import say_number
from voicebot.units import hours_minutes

__all__ = ["pace_note"]

_MILE = Fraction("1.609344")  # kilometers
_PER = {"mile": _MILE, "miles": _MILE, "kilometer": Fraction(1), "kilometre": Fraction(1), "km": Fraction(1),
        "k": Fraction(1)}  # fmt: skip
_TIME = r"(?P<min>\d{1,2})(?::(?P<sec>[0-5]\d))?"
_PACE = re.compile(
    rf"\b{_TIME}[- ](?:minutes?|min)[- ](?:per |a |an |every )?(?P<per>mile|kilometer|kilometre|km|k)\b|"
    rf"\b{_TIME.replace('min>', 'min2>').replace('sec>', 'sec2>')} ?(?:minutes? )?(?:per|a|an|every|/) ?"
    r"(?P<per2>mile|kilometer|kilometre|km)\b",
    re.IGNORECASE,
)
_DISTANCE = re.compile(
    r"\b(?P<n>\d+(?:\.\d+)?) ?(?P<unit>miles?|kilometers?|kilometres?|km|k)\b(?! pace)|"
    r"\b(?P<race>half[- ]marathon|marathon|5 ?k|10 ?k)\b",
    re.IGNORECASE,
)
_RACES = {"marathon": (Fraction("42.195"), "a marathon"), "half marathon": (Fraction("21.0975"), "a half marathon"),
          "5k": (Fraction(5), "a 5K"), "10k": (Fraction(10), "a 10K")}  # fmt: skip
_DONE_IN = re.compile(r"\bin (?P<h>\d+) hours?(?: and (?P<m>\d+) minutes?)?|\bin (?P<m2>\d+) minutes\b", re.I)
_HOW_LONG = re.compile(r"\bhow long\b|\bhow much time\b|\bwhat(?:'s| is| would be| will be)? (?:my |our |the )?"
                       r"(?:finish(?:ing)? )?time\b", re.IGNORECASE)
_WHAT_PACE = re.compile(r"\bwhat pace\b|\bhow fast\b", re.IGNORECASE)


def pace_note(text: str) -> str | None:
    """'13.1 miles at 10 minutes a mile takes 2 hours and 11 minutes.', 'A half marathon in 2 hours is 9 minutes and
    9 seconds a mile.'; None unless the words give what it takes and ask."""
    pace = _PACE.search(text)
    rest = text if pace is None else text[: pace.start()] + " " + text[pace.end() :]
    distances = list(_DISTANCE.finditer(rest))
    if len(distances) != 1:
        return None
    km, said = _kilometers(distances[0])
    if pace is not None and _HOW_LONG.search(text):
        per = (pace["per"] or pace["per2"]).lower()
        minutes = int(pace["min"] or pace["min2"]) + Fraction(int(pace["sec"] or pace["sec2"] or 0), 60)
        total = round(minutes * km / _PER[per])
        unit = "kilometer" if _PER[per] == 1 else "mile"
        took = hours_minutes(total) or "less than a minute"
        return f"{_capital(said)} at {_minutes_seconds(minutes)} a {unit} takes {took}."
    done = _DONE_IN.search(rest)
    if pace is None and done is not None and _WHAT_PACE.search(text):
        total = int(done["h"] or 0) * 60 + int(done["m"] or done["m2"] or 0)
        if total <= 0:
            return None
        miles = _minutes_seconds(total / (km / _MILE))
        kms = _minutes_seconds(total / km)
        return f"{_capital(said)} in {hours_minutes(total)} is {miles} a mile, or {kms} a kilometer."
    return None


def _kilometers(m: re.Match[str]) -> tuple[Fraction, str]:
    if m["race"]:
        race = re.sub(r"[- ]", " ", m["race"].lower())
        return _RACES[race.replace(" ", "") if race.endswith("k") else race]
    unit = m["unit"].lower()
    n = Fraction(m["n"])
    km = n * (_MILE if unit.startswith("mile") else 1)
    return km, f"{say_number(n)} {'miles' if unit.startswith('mile') else 'kilometers'}"


def _minutes_seconds(minutes: Fraction) -> str:
    whole = round(minutes * 60)
    m, s = divmod(whole, 60)
    said = f"{m} minute{'s' * (m != 1)}"
    return said + (f" and {s} second{'s' * (s != 1)}" if s else "")


def _capital(said: str) -> str:
    return said[0].upper() + said[1:]
