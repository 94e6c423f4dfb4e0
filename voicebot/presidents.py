"""Who was the n-th president of the United States, and which number a president was: rows for the almanac's
table (voicebot/almanac.py).

A history quiz's staple, and the 0.5B answered "Who was the second?" after the first president with "George
Washington was the second president of the United States." (docs/MEASUREMENTS.md, thirty-second session). The
order is history: the rows go to the 47th, inaugurated in January 2025.
"""

from __future__ import annotations

from voicebot.arithmetic import ordinal_words
from voicebot.patterns import name_said

__all__ = ["PRESIDENT_FACTS", "PRESIDENT_GATE"]

_PRESIDENTS = (
    "George Washington", "John Adams", "Thomas Jefferson", "James Madison", "James Monroe", "John Quincy Adams",
    "Andrew Jackson", "Martin Van Buren", "William Henry Harrison", "John Tyler", "James K. Polk", "Zachary Taylor",
    "Millard Fillmore", "Franklin Pierce", "James Buchanan", "Abraham Lincoln", "Andrew Johnson", "Ulysses S. Grant",
    "Rutherford B. Hayes", "James A. Garfield", "Chester A. Arthur", "Grover Cleveland", "Benjamin Harrison",
    "Grover Cleveland", "William McKinley", "Theodore Roosevelt", "William Howard Taft", "Woodrow Wilson",
    "Warren G. Harding", "Calvin Coolidge", "Herbert Hoover", "Franklin D. Roosevelt", "Harry S. Truman",
    "Dwight D. Eisenhower", "John F. Kennedy", "Lyndon B. Johnson", "Richard Nixon", "Gerald Ford", "Jimmy Carter",
    "Ronald Reagan", "George H. W. Bush", "Bill Clinton", "George W. Bush", "Barack Obama", "Donald Trump",
    "Joe Biden", "Donald Trump",
)  # fmt: skip

def _suffix(n: int) -> str:
    """'2nd', '21st', '13th'."""
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


# The US's presidency, not France's or a club's: "president" alone, "US president", or "president of the United
# States"; the question asks who.
_OF_US = r"(?! of (?!the united states|the us\b|the u\.s\.|the usa|america)\w)"
_WHO = r"(?=.*\b(?:who|who's|whom|name|tell me)\b)"
_NEXT = r"came after|succeeded|followed|replaced|next after"  # "Who came after the first president?": the second
_NOT_NEXT = rf"(?!.*\b(?:{_NEXT})\b)"


def _row(n: int, name: str) -> tuple[str, str]:
    ordinal = ordinal_words(n)
    said = rf"(?<!ty )(?<!ty-)(?:{ordinal}|{ordinal.replace('-', ' ')}|{_suffix(n)})"  # "second", not "thirty-second"
    asks = rf"^{_WHO}{_NOT_NEXT}(?=.*\b{said} (?:us |u\.s\. |american )?president\b{_OF_US})"
    return asks, f"{name} was the {ordinal} president of the United States."


def _next_row(n: int, name: str) -> tuple[str, str]:
    """"Who came after George Washington?" (also "Who came after him?" once the almanac puts the name the last reply
    said for "him"); not for a name the list holds twice (Grover Cleveland, Donald Trump)."""
    full = name_said(name)
    first_last = rf"{full.split()[0]} {full.split()[-1]}"  # "abraham lincoln", "lincoln"; not "adams" (two Adamses)
    said = full if sum(p.split()[-1] == name.split()[-1] for p in _PRESIDENTS) > 1 else rf"{full}|{first_last}|" \
        rf"{full.split()[-1]}"
    asks = rf"^{_WHO}(?=.*\b(?:{_NEXT}|president after) (?:{said})\b)"
    following = _PRESIDENTS[n]
    return asks, f"{following} came after {name}, as the {ordinal_words(n + 1)} president of the United States."


PRESIDENT_FACTS: tuple[tuple[str, str], ...] = (
    *(_row(n, name) for n, name in enumerate(_PRESIDENTS, 1)),
    *(_next_row(n, name) for n, name in enumerate(_PRESIDENTS[:-1], 1) if _PRESIDENTS.count(name) == 1),
)
# In every row (the almanac skips the rows for words without it).
PRESIDENT_GATE = rf"\bpresident\b|\b(?:{_NEXT})\b"
