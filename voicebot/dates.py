"""Dates relative to today, worked out from the clock, for the note before a user's turn.

Told the clock ("Now: 8:15 AM, Monday, March 9, 2026."), the default 0.5B reads the time and the day off it
but cannot count from it: "How many days until Christmas?" -> "25 days", "What's the date in three weeks?"
-> "March 12", "What date is next Friday?" -> "March 10", "What day of the week is July 4th?" -> "a
Thursday" (it is a Saturday in 2026; docs/MEASUREMENTS.md). This finds such questions (a holiday, a date,
tomorrow or yesterday, a weekday, "in three weeks", "days left in the year") and says the date they mean:
"Christmas: Friday, December 25, 2026, in 291 days."
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable
from datetime import date, datetime, timedelta

from voicebot.arithmetic import ordinal_words, read_number, tokenize

__all__ = ["DAYS", "HOLIDAY_WORDS", "MONTHS", "clock_time", "date_note", "long_date", "said_ago", "with_said_year"]

# English names whatever the process's locale (calendar.month_name follows it).
DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
MONTHS = (
    *("January", "February", "March", "April", "May", "June", "July"),
    *("August", "September", "October", "November", "December"),
)
_MONTHS = [m.lower() for m in MONTHS]
_WEEKDAYS = [d.lower() for d in DAYS]
_ORDINALS = [ordinal_words(day).replace("-", " ") for day in range(1, 32)]  # "first" .. "thirty first"
_DAY = r"(\d{1,2})(?:st|nd|rd|th)?|(" + "|".join(sorted(_ORDINALS, key=len, reverse=True)) + ")"
_MONTH = "(" + "|".join(_MONTHS) + ")"
_YEAR = r"(?:,?\s+(\d{4}))?"
# "July 4th", "July the fourth, 2027", "the 4th of July"
_DATE = re.compile(rf"\b{_MONTH} (?:the )?(?:{_DAY}){_YEAR}\b|\b(?:the )?(?:{_DAY}) of {_MONTH}{_YEAR}\b")
_YEAR_END = re.compile(
    r"\b(days?|weeks?) (are )?(left|remaining) ((in|of) )?(the|this) year\b|\bend of (the|this) year\b"
)


def _nth_weekday(year: int, month: int, weekday: int, n: int) -> date:
    """The n-th (1-based; -1: the last) given weekday of a month: Thanksgiving is the fourth Thursday."""
    days = [d for d in calendar.Calendar().itermonthdates(year, month) if d.month == month and d.weekday() == weekday]
    return days[n - 1] if n > 0 else days[n]


def _easter(year: int) -> date:
    """Western Easter Sunday (the anonymous Gregorian computus)."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = b // 4, b % 4
    g = (8 * b + 13) // 25
    h = (19 * a + b - d - g + 15) % 30
    i, k = c // 4, c % 4
    x = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * x) // 451
    month = (h + x - 7 * m + 114) // 31
    return date(year, month, (h + x - 7 * m + 114) % 31 + 1)


# Name as the note says it, the words that name it, and its date in a given year.
_HOLIDAYS: list[tuple[str, str, Callable[[int], date]]] = [
    ("Christmas Eve", r"christmas eve", lambda y: date(y, 12, 24)),
    ("Christmas", r"christmas|xmas", lambda y: date(y, 12, 25)),
    ("Boxing Day", r"boxing day", lambda y: date(y, 12, 26)),
    ("New Year's Eve", r"new year'?s eve", lambda y: date(y, 12, 31)),
    ("New Year's Day", r"new year'?s day|new year|the new year", lambda y: date(y, 1, 1)),
    ("Valentine's Day", r"valentine'?s( day)?", lambda y: date(y, 2, 14)),
    ("St. Patrick's Day", r"(st\.?|saint) patrick'?s day", lambda y: date(y, 3, 17)),
    ("April Fools' Day", r"april fools'?( day)?", lambda y: date(y, 4, 1)),
    ("Easter", r"easter( sunday)?", _easter),
    ("Mother's Day (US)", r"mother'?s day", lambda y: _nth_weekday(y, 5, 6, 2)),
    ("Memorial Day", r"memorial day", lambda y: _nth_weekday(y, 5, 0, -1)),
    ("Father's Day (US)", r"father'?s day", lambda y: _nth_weekday(y, 6, 6, 3)),
    ("Independence Day", r"independence day|(the )?(fourth|4th) of july|july (4th|fourth)", lambda y: date(y, 7, 4)),
    ("Labor Day", r"labou?r day", lambda y: _nth_weekday(y, 9, 0, 1)),
    ("Halloween", r"halloween", lambda y: date(y, 10, 31)),
    ("Thanksgiving (US)", r"thanksgiving", lambda y: _nth_weekday(y, 11, 3, 4)),
]  # fmt: skip
_WHICH_HOLIDAY = re.compile(r"\b(?:what|which)(?: \w+)? holiday\b|\bholiday (?:is|falls)\b")
_HOLIDAY_PATTERNS = [(name, re.compile(rf"\b({words})\b"), when) for name, words, when in _HOLIDAYS]
HOLIDAY_WORDS = "|".join(words for _, words, _ in _HOLIDAYS)  # a turn naming one is about the calendar


def said_date(text: str) -> str | None:
    """The first date the words name, as `date_note` reads dates ("march 3rd", "the fifth of may"); else None."""
    match = _DATE.search(re.sub(r"\s+", " ", text.lower().replace("-", " ")))
    return match.group() if match else None


def date_note(text: str, today: date, limit: int = 2) -> str | None:
    """The dates the user's words ask about, counted from `today`; None when they ask about none.
    Only called for turns about the time (notes.about_time)."""
    text = re.sub(r"\s+", " ", text.lower().replace("-", " "))
    said: list[str] = []
    weeks = re.search(r"\bweeks\b", text) is not None  # "how many weeks until ...", not "day of the week"
    count = re.search(r"\bhow (many|long|soon)\b|\b(until|till)\b", text) is not None  # the count first
    year = _said_year(text, today)
    for name, pattern, when in _HOLIDAY_PATTERNS:
        if m := pattern.search(text):
            named = re.match(r",? (?:in )?(\d{4})\b", text[m.end() :])  # "the 4th of July 2020" (it said 2027's)
            text = pattern.sub(" ", text)  # "Christmas Eve" is not also Christmas
            in_year = int(named[1]) if named else year
            said.append(_named(name, _next(when, today) if in_year is None else when(in_year), today, weeks, count))
    for match in _DATE.finditer(text):
        day = _explicit(match, today, year)
        if not isinstance(day, date):
            said.append(day)
            continue
        asked = _WHICH_HOLIDAY.search(text)  # "What holiday is on October 31?" (it said "celebrated as a Sunday")
        holiday = next((n for n, _, w in _HOLIDAYS if w(day.year) == day), None) if asked else None
        said.append(_named(holiday, day, today, weeks, count))
    said += _relative(text, today)
    said += _leap_years(text, today, year)
    said += _ages(text, today)
    said += _years_ago(text, today)
    if _YEAR_END.search(text):
        end = date(today.year, 12, 31)
        said.append(f"The end of the year is {(end - today).days} days from today: {long_date(end)}.")
    return " ".join(dict.fromkeys(said[:limit])) or None


def _said_year(text: str, today: date) -> int | None:
    """The year "this year", "next year" or "last year" names ("Christmas next year" was said as this one's)."""
    match = re.search(r"\b(this|next|last) year\b", text)
    return today.year + {"this": 0, "next": 1, "last": -1}[match.group(1)] if match else None


def _next(when: Callable[[int], date], today: date) -> date:
    this_year = when(today.year)
    return this_year if this_year >= today else when(today.year + 1)


def _explicit(match: re.Match[str], today: date, said_year: int | None = None) -> date | str:
    """The date said (in the year it names or `said_year`; else this year's, or next year's once it has
    passed), or why there is none."""
    g = match.groups()
    month, digits, words, year = (g[0], g[1], g[2], g[3]) if g[0] else (g[6], g[4], g[5], g[7])
    day = int(digits) if digits else _ORDINALS.index(words) + 1
    year = year or (str(said_year) if said_year is not None else None)
    try:
        if year:
            return date(int(year), _MONTHS.index(month) + 1, day)
        this_year = date(today.year, _MONTHS.index(month) + 1, day)
        return this_year if this_year >= today else date(today.year + 1, this_year.month, day)
    except ValueError:  # "February 30th", or February 29 outside a leap year
        name = MONTHS[_MONTHS.index(month)]
        if (name, day, year) == ("February", 29, None):  # a leap day: the next one, not "there is none"
            return date(_next_leap(today), 2, 29)
        if name == "February" and day == 29:
            return f"There is no February 29, {year}: {year} is not a leap year."
        last = calendar.monthrange(int(year) if year else today.year, _MONTHS.index(month) + 1)[1]
        return f"There is no {name} {day}: {name} has {'28 or 29' if name == 'February' else last} days."


def _next_leap(today: date) -> int:
    """The year of the next February 29 on or after today."""
    return next(y for y in range(today.year, today.year + 9) if calendar.isleap(y) and date(y, 2, 29) >= today)


def _leap_years(text: str, today: date, said_year: int | None = None) -> list[str]:
    """What a question about leap years needs: whether the years it names (or this one) are leap years, and
    the next. The 0.5B, told the clock, said the next leap year is 2024, and that no one is born on
    February 29."""
    if not re.search(r"\bleap (year|day)s?\b", text):
        return []
    named = [int(y) for y in re.findall(r"\b(\d{4})\b", text)] + _spoken_years(text)
    named = named + ([said_year] if said_year is not None else []) or [today.year]
    said = [f"{y} {'is' if calendar.isleap(y) else 'is not'} a leap year." for y in dict.fromkeys(named)]
    nxt = _next_leap(today)
    days = (date(nxt, 2, 29) - today).days
    return [*said, f"The next leap day is February 29, {nxt}, {f'{days} days from today' if days else 'today'}."]


def _ages(text: str, today: date) -> list[str]:
    """How old someone born in a year is ("If I was born in 1987, how old am I?" got "You haven't told me"; "How
    old is someone born in 1987?" "As of 2023 ... 35")."""
    born = [int(y) for y in re.findall(r"\bborn in (\d{4})\b", text)]
    born += [y for m in re.finditer(r"\bborn in ([a-z ]+)", text) for y in _spoken_years(m.group(1))[:1]]
    said = []
    for year in dict.fromkeys(y for y in born if 1900 <= y <= today.year):
        age = today.year - year
        said.append(f"Someone born in {year} is {age} after their birthday this year, {age - 1} before it.")
    return said


# How long ago a year was: "How long ago was 1969?", "How many years since the Titanic sank in 1912?" (told only the
# clock, the 0.5B read it out: "5:32 PM, Monday, December 7, 2026.").
_AGO = re.compile(
    r"\bhow (?:long|many years) ago\b|\bhow (?:long|many years) (?:has it been |is it |was it )?since\b"
    r"|\bhow (?:long|many years) back\b",
    re.IGNORECASE,
)
_A_YEAR = re.compile(
    r"(?<![\d,.$])\b(?:(?P<bc>[1-9][\d,]{0,5})(?= (?:bc|b\.c\.|bce)\b)|(?P<year>[1-9]\d{3}))\b"
    r"(?![\d,.]\d| (?:years|people|miles|meters|feet)\b)",
    re.IGNORECASE,
)
_SAID_AGO = re.compile(
    r"\b(?:about |around |roughly |some |over |more than )?[\d,.]+(?: (?:million|billion|thousand|hundred))? "
    r"years ago\b",
    re.IGNORECASE,
)
_THAT = re.compile(r"\b(?:that|it|this|they|he|she)\b", re.IGNORECASE)


def _years_ago(text: str, today: date) -> list[str]:
    if not _AGO.search(text):
        return []
    years = dict.fromkeys(y for m in _A_YEAR.finditer(text) if (y := _year(m)) <= today.year)
    return [f"{_said_year_of(year)} was {today.year - year} years ago." for year in years]  # no year 0: 1 BC is 0


def _year(m: re.Match[str]) -> int:
    """The year a match names, one before Christ as 1 - year (the Titanic's 1912, Giza's 2560 BC as -2559)."""
    return 1 - int(m["bc"].replace(",", "")) if m["bc"] else int(m["year"])


def _said_year_of(year: int) -> str:
    return f"{1 - year} BC" if year <= 0 else str(year)


def _ago_of_that(text: str) -> bool:
    """Whether the words ask how long ago something the last reply named was: "How long ago was that?"."""
    return bool(_AGO.search(text)) and not _A_YEAR.search(text) and bool(_THAT.search(text))


def said_ago(text: str, said: str) -> str | None:
    """'That was about 66 million years ago.' for "How long ago was that?" right after a reply that said so (the clock
    answers nothing there); None for other words."""
    if not _ago_of_that(text):
        return None
    ago = {m.group().lower() for m in _SAID_AGO.finditer(said)}
    return f"That was {ago.pop()}." if len(ago) == 1 else None


def with_said_year(text: str, said: str) -> str | None:
    """"How long ago was that, in 1912?" for "How long ago was that?" right after a reply that named one year (the
    Titanic's sinking); None where the reply named none or several (the clock alone answers nothing there: the model
    read it out, "built in 6:28 PM on December 7, 2026."); other words as they are."""
    if not _ago_of_that(text):
        return text
    years = {_said_year_of(_year(m)) for m in _A_YEAR.finditer(said)}
    return f"{text.rstrip(' ?.!')}, in {years.pop()}?" if len(years) == 1 else None


def _spoken_years(text: str) -> list[int]:
    """Years said in words, as a transcript may write them: "twenty twenty eight", "twenty one hundred", "two
    thousand and twenty eight" (the 0.5B, given none, said 2028 is not a leap year)."""
    years = []
    spoken = r"(?<!thousand )(?<!thousand and )\b(nineteen|twenty one|twenty) (hundred\b|(?:oh )?[a-z]+(?: [a-z]+)?)"
    for m in re.finditer(spoken, text):
        century = {"nineteen": 19, "twenty one": 21, "twenty": 20}[m.group(1)]
        words = m.group(2).removeprefix("oh ").split()
        for k in (2, 1):  # "twenty twenty eight", or "twenty twenty a(...)"
            n = (0, 1) if words[:k] == ["hundred"] else read_number(words[:k], 0)
            if n is not None and n[1] == len(words[:k]) and 0 <= n[0] < 100 and n[0] == int(n[0]):
                years.append(century * 100 + int(n[0]))
                break
    for start in (m.start() for m in re.finditer(r"\btwo thousand\b", text)):
        tokens = tokenize(text[start:])
        if (n := read_number(tokens, 0)) is not None and 2000 <= n[0] < 2100 and n[0] == int(n[0]):
            years.append(int(n[0]))
    return years


_PAST_TENSE = re.compile(r"\b(?:did|was|were|went|won|lost|happened|had|came|got)\b")


def _relative(text: str, today: date) -> list[str]:
    said = []
    for words, days in (("the day after tomorrow", 2), ("the day before yesterday", -2), ("tomorrow", 1),
                        ("yesterday", -1)):  # fmt: skip
        if re.search(rf"\b{words}\b", text):
            text = text.replace(words, " ")
            verb = "is" if days > 0 else "was"
            said.append(f"{words[0].upper()}{words[1:]} {verb} {long_date(today + timedelta(days))}.")
    past = _PAST_TENSE.search(text) is not None  # "Did the Vikings win on Sunday?": the Sunday gone
    for match in re.finditer(r"\b(next|this|last|on|coming) (" + "|".join(_WEEKDAYS) + r")\b", text):
        which, weekday = match.group(1), _WEEKDAYS.index(match.group(2))
        which = "last" if which == "on" and past else which
        ahead = (weekday - today.weekday()) % 7 or (7 if which == "next" else 0)
        day = today - timedelta((today.weekday() - weekday) % 7 or 7) if which == "last" else today + timedelta(ahead)
        said.append(_named(f"{which.capitalize()} {DAYS[weekday]}", day, today, False, False, weekday=False))
    offset = r"(\d+|[a-z]+(?: [a-z]+)?) (day|week|month|year)s?"
    for match in re.finditer(rf"\bin {offset}\b|\b{offset} (?:from )?(?:now|today)\b", text):
        amount, unit = (match.group(1), match.group(2)) if match.group(1) else (match.group(3), match.group(4))
        n = 1 if amount.split()[-1] in ("a", "an", "one") else _count(amount)  # "(the date) a week from today"
        if n is not None and 0 < n <= 1000:
            said.append(f"In {n} {unit}{'s' if n != 1 else ''} it will be {long_date(_add(today, n, unit))}.")
    return said


def _count(words: str) -> int | None:
    tokens = tokenize(words)
    for start in range(len(tokens)):  # "in the next three days": the number ends the match
        number = read_number(tokens, start)
        if number is not None and number[1] == len(tokens) and number[0].denominator == 1:
            return int(number[0])
    return None


def _add(today: date, n: int, unit: str) -> date:
    if unit in ("day", "week"):
        return today + timedelta(n * (7 if unit == "week" else 1))
    months = today.month - 1 + n * (12 if unit == "year" else 1)
    year, month = today.year + months // 12, months % 12 + 1
    return date(year, month, min(today.day, calendar.monthrange(year, month)[1]))


def _named(name: str | None, day: date, today: date, weeks: bool, count: bool, weekday: bool = True) -> str:
    """'Christmas is on Friday, December 25, 2026, 291 days from today.', or with the count first where the
    user asked how long ('Christmas is 291 days from today: ...'). A sentence, not 'Christmas: ...': the
    model copies the note's form, and read such a label out whole."""
    days = (day - today).days
    if days in (0, 1, -1):
        when = ("today", "tomorrow", "yesterday")[days]
    else:
        when = f"{abs(days)} days " + ("from today" if days > 0 else "ago")
        if weeks and abs(days) >= 7:  # "8 weeks" it said to "42 weeks and 4 days from today"
            when += f", which is {abs(days) // 7} weeks and {abs(days) % 7} days"
    said = f"{MONTHS[day.month - 1]} {day.day}, {day.year}"
    on = f"{DAYS[day.weekday()]}, {said}" if weekday else said
    verb = "is" if days >= 0 else "was"
    if count and name is None:  # "How many days until my birthday on June 3rd?": the date is in the name
        return f"{MONTHS[day.month - 1]} {day.day} {verb} {when}."
    if count:
        return f"{name} {verb} {when}: {on}."
    if name is None:
        return f"{said} {verb} a {DAYS[day.weekday()]}, {when}."
    return f"{name} {verb} {'on ' if weekday else ''}{on}, {when}."


def long_date(day: date) -> str:
    """'Thursday, December 3, 2026', in English whatever the locale."""
    return f"{DAYS[day.weekday()]}, {MONTHS[day.month - 1]} {day.day}, {day.year}"


def clock_time(moment: datetime) -> str:
    """'6:04 PM'."""
    return f"{moment.hour % 12 or 12}:{moment.minute:02d} {'AM' if moment.hour < 12 else 'PM'}"
