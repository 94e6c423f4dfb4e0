"""Things shared out equally, and an amount a day, a week or a month over a longer time, for the note before a
user's turn.

Word problems from a household: "I have 3 kids and 24 cookies, how many does each get?", "If I save 50 dollars a
week, how much will I have in a year?". The arithmetic parser reads numbers joined by operators, and these have
none: the 0.5B guessed (docs/MEASUREMENTS.md, thirty-third session). Money split among people is the arithmetic's
(a bill split "4 ways"); a length cut into parts is voicebot/units.py's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction

from voicebot.arithmetic import NUMBER_WORD, read_number, say_money, say_number, tokenize

__all__ = ["every_note", "per_period_note", "shared_note"]

_WORD = rf"(?:{NUMBER_WORD}|a dozen|dozen)"  # a dozen is no count the parser reads: no share
_COUNT = r"(?P<{0}>\d[\d,]*|" + _WORD + r"(?:[ -]" + _WORD + r"){{0,3}})"
_PEOPLE = r"(?:kids|children|people|friends|students|guests|boys|girls|grandkids|grandchildren|players|of us|teams)"
_ITEM = r"(?P<item>[a-z]+(?: [a-z]+)?)"
# "24 cookies between 3 kids", "share 30 sweets among 4 children", "divide 12 apples for 5 people"
_ITEMS_AMONG = re.compile(
    rf"\b{_COUNT.format('items')} {_ITEM} (?:\w+ ){{0,2}}?(?:between|among|amongst|for|with|to) (?:the |my |our )?"
    rf"{_COUNT.format('people')} {_PEOPLE}\b",
    re.IGNORECASE,
)
# "I have 3 kids and 24 cookies, how many does each get?"
_PEOPLE_AND_ITEMS = re.compile(
    rf"\b{_COUNT.format('people')} {_PEOPLE} and {_COUNT.format('items')} {_ITEM}\b",
    re.IGNORECASE,
)
_EACH_ASKED = re.compile(
    r"\bhow many\b.*\b(?:each|apiece|per (?:person|kid|child|head))\b|\bhow many (?:does|do|will|would|can|should) "
    r"(?:each|every)\b|\b(?:share|split|divide)\b.*\b(?:equally|evenly)\b|\bhow many (?:is|are) (?:that|it) each\b",
    re.IGNORECASE,
)


def shared_note(text: str) -> str | None:
    """'24 cookies shared among 3 is 8 each.' (with what is left over, if any) where the words ask how many each
    gets; None otherwise."""
    if not _EACH_ASKED.search(text):
        return None
    m = _ITEMS_AMONG.search(text) or _PEOPLE_AND_ITEMS.search(text)
    if m is None or (items := _whole(m["items"])) is None or (people := _whole(m["people"])) is None:
        return None
    money = re.match(r"(?:dollar|euro|pound|buck|cent)s?\b", m["item"], re.IGNORECASE)
    if not 1 < people <= 1000 or items < people or money:  # money: a bill split (voicebot/arithmetic.py)
        return None
    each, left = divmod(items, people)
    rest = f", with {left} left over" if left else ""
    return f"{items} {m['item'].lower()} shared among {people} is {each} each{rest}."


def _whole(said: str) -> int | None:
    number = read_number(tokenize(said), 0)
    if number is None or number[0].denominator != 1 or number[1] != len(tokenize(said)):
        return None
    return int(number[0])


# How many of a period fit in a longer one, exactly: no month in weeks, which is not a whole number.
# An hour's pay over a day is not 24 hours of it: no hour.
_IN = {("day", "week"): 7, ("day", "year"): 365, ("week", "year"): 52, ("month", "year"): 12, ("minute", "hour"): 60}
_PERIODS = r"(?P<{0}>day|week|month|year|hour|minute)"
_PER_PERIOD = re.compile(
    r"(?:[$£€]\s*(?P<p1>\d[\d,]*(?:\.\d+)?)|(?P<p2>\d[\d,]*(?:\.\d+)?)(?:\s*(?P<what>dollars?|euros?|pounds?|bucks?|"
    r"[a-z]+))?)\s+(?:a|an|per|each|every)\s+" + _PERIODS.format("per") + r"\b"
    r".*\b(?:(?:in|after|over|for|by the end of|at the end of)\s+(?:a|an|one|(?P<n>\d+|two|three|four|five|six|ten))"
    r"|a|per)\s+(?:whole |full |entire )?"  # "over a whole year", "how much is that a year"
    + _PERIODS.format("over") + r"s?\b",
    re.IGNORECASE,
)
_MINUTES = {"minute": 1, "hour": 60, "day": 24 * 60, "week": 7 * 24 * 60}  # a period's length
_HOW_MUCH = re.compile(r"\bhow (?:much|many)\b|\bwhat(?:'s| is| will| would) (?:the )?(?:total|that)\b", re.IGNORECASE)


# Another amount for the last question: "What about 75 a week?" after "If I save $50 a week, how much is that in a
# year?" (the model said 1875 dollars).
_ANOTHER_AMOUNT = re.compile(
    r"^\W*(?:(?:and|so|ok|okay)\W+)?(?:what|how) about (?:if (?:i|we) (?:save|spend|pay|earn|make|put in) )?"
    r"(?P<amount>[$£€]?\s*\d[\d,]*(?:\.\d+)?)(?:\s*(?:dollars?|euros?|pounds?|bucks?))?"
    r"(?: (?:a|an|per|each|every) (?P<per>day|week|month|hour|minute))?\W*$",
    re.IGNORECASE,
)


def per_period_note(text: str, earlier: Sequence[str] = ()) -> str | None:
    """'50 dollars a week for a year, 52 weeks, is 2600 dollars.' where the words ask what an amount a day, week or
    month comes to over a longer time; None otherwise. `earlier`: the user's words before, the last last, for
    another amount asked after them ("What about 75 a week?")."""
    again = _ANOTHER_AMOUNT.match(text) if earlier else None
    if again and (before := _PER_PERIOD.search(earlier[-1])) and (again["per"] or before["per"]) == before["per"]:
        amount = again["amount"].lstrip("$£€ ")
        start, end = before.span("p1") if before["p1"] else before.span("p2")
        return per_period_note(earlier[-1][:start] + amount + earlier[-1][end:])
    m = _PER_PERIOD.search(text)
    if m is None or not _HOW_MUCH.search(text):
        return None
    per, over = m["per"].lower(), m["over"].lower()
    times = _IN.get((per, over))
    if times is None:
        return None
    n = read_number(tokenize(m["n"]), 0)[0] if m["n"] else Fraction(1)
    amount = Fraction((m["p1"] or m["p2"]).replace(",", ""))
    what = m["what"] or ""
    if (length := _MINUTES.get(what.lower().rstrip("s"))) and amount * length > _MINUTES.get(per, 0):
        return None  # "sleeps 40 hours a day" (Whisper's, for 14): more than the day holds
    money = m["p1"] is not None or re.fullmatch(r"dollars?|euros?|pounds?|bucks?", what, re.IGNORECASE)
    said_per = say_money(m.group(), amount) if money else f"{say_number(amount)} {what}".strip()
    total = amount * times * n
    said_total = say_money(m.group(), total) if money else f"{say_number(total)} {what}".strip()
    span = f"{say_number(n)} {over}s" if n != 1 else f"a {over}"
    return f"{said_per} a {per} for {span}, {say_number(times * n)} {per}s, is {said_total}."


# How many times something done every so often fits in a longer time: "If I'm feeding every three hours round the
# clock, how many feedings is that in a day?", "a pill every 6 hours".
_EVERY = re.compile(
    rf"\bevery (?P<n>\d+|{NUMBER_WORD}) (?P<unit>minutes|hours|days)\b.*\bhow many\b.*\b(?:an?|in an?|per|each|in one|"
    r"in the|in a whole|in a full) (?P<over>hour|day|week)\b",
    re.IGNORECASE,
)


def every_note(text: str) -> str | None:
    """'Every 3 hours is 8 times a day.'; None unless the words ask how many times in a day, hour or week."""
    m = _EVERY.search(text)
    if m is None or (n := _whole(m["n"])) is None or n <= 0:
        return None
    unit, over = m["unit"].lower().removesuffix("s"), m["over"].lower()
    times = Fraction(_MINUTES[over], _MINUTES[unit] * n)
    if times <= 1 or times.denominator != 1:
        return None
    return f"Every {n} {unit}s is {times} times {'an' if over == 'hour' else 'a'} {over}."
