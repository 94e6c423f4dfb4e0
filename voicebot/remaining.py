"""What is left of an amount after some of it was used, for the note before a user's turn.

A driver's hours, a budget, a reading list: "I get 11 hours of driving and I've done 7 and a quarter. How much
driving time have I got left?" (the model said back "you've done 7 and a quarter of that time" and no number),
"I had 40 dollars and spent 12.50, how much is left?". The words give an amount, then one used of it, and ask
what is left; two amounts, no more.
"""

from __future__ import annotations

import re
from fractions import Fraction

from voicebot.arithmetic import cents_said, parts_as_decimals, say_money, say_number

__all__ = ["left_note"]

_AMOUNT = re.compile(r"(?P<cur>[$£€])?(?P<n>\d[\d,]*(?:\.\d+)?)(?: (?P<unit>[a-z]+))?", re.IGNORECASE)
_USED = re.compile(
    r"\b(?:done|used|spent|driven|drove|walked|ran|run|read|eaten|ate|drunk|drank|finished|completed|paid|worked|"
    r"covered|taken|took|watched|cycled|hiked|sold|gave away|given away|lost|gone through|went through|knitted|"
    r"written|wrote|saved|studied|practiced|practised)\b",
    re.IGNORECASE,
)
_LEFT_ASKED = re.compile(
    r"\bhow (?:much|many|long)\b.*\b(?:left|remaining|remain|remains|to go|still (?:have|got))\b|"
    r"\bwhat(?:'s| is) (?:left|remaining)\b",
    re.IGNORECASE,
)
_NO_UNIT = frozenset({"and", "of", "so", "but", "how", "what", "is", "are", "a", "an", "the", "left", "i", "we", "to"})


def left_note(text: str) -> str | None:
    """'11 hours less 7.25 hours leaves 3.75 hours: 3 hours and 45 minutes.'; None unless the words give an amount
    and some used of it, and ask what is left."""
    text = parts_as_decimals(cents_said(text))  # "7 and a quarter" as 7.25
    if not _LEFT_ASKED.search(text):
        return None
    amounts = list(_AMOUNT.finditer(text))
    if len(amounts) != 2 or not _USED.search(text, amounts[0].end(), amounts[1].start()):
        return None
    (total, unit), (used, used_unit) = (_value(m) for m in amounts)
    unit = unit or used_unit
    if (used_unit and unit and used_unit.rstrip("s") != unit.rstrip("s")) or used > total:
        return None  # "11 hours ... 30 minutes": another unit, no plain difference
    left = total - used
    if amounts[0]["cur"] or amounts[1]["cur"] or unit in ("dollars", "dollar", "euros", "pounds", "bucks"):
        money = (amounts[0]["cur"] or amounts[1]["cur"] or "") + (unit or "")
        return f"{say_money(money, total)} less {say_money(money, used)} leaves {say_money(money, left)}."
    name = unit or ""
    said = [f"{say_number(x)} {name}".strip() for x in (total, used, left)]
    note = f"{said[0]} less {said[1]} leaves {said[2]}"
    if name.rstrip("s") == "hour" and left.denominator != 1:  # "3.75 hours: 3 hours and 45 minutes"
        hours, minutes = int(left), round((left - int(left)) * 60)
        note += f": {hours} hour{'s' * (hours != 1)} and {minutes} minute{'s' * (minutes != 1)}"
    return note + "."


def _value(m: re.Match[str]) -> tuple[Fraction, str | None]:
    value = Fraction(m["n"].replace(",", ""))
    unit = (m["unit"] or "").lower()
    return value, (None if not unit or unit in _NO_UNIT else unit)
