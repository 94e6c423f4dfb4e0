"""A number said as a percentage or a decimal, and one number as a percentage of another, for the note before a
user's turn.

Homework asks it both ways, and the 0.5B guessed: "What's two fifths as a percentage?" -> "50%" (docs/MEASUREMENTS.md,
thirty-first session). This reads "<amount> as a percent(age)" ("two fifths", "3/8", "0.35") and "<part> out of
<whole>", "<part> is what percent of <whole>", "what percent of <whole> is <part>", and gives the percentage,
worked out exactly (voicebot/arithmetic.py reads the amounts).
"""

from __future__ import annotations

import re
from fractions import Fraction

from voicebot.arithmetic import read_amount, say_number, written_fractions

__all__ = ["percentage_note"]

_PERCENT = r"(?:a )?(?:percent(?:age)?)"
# "What's two fifths as a percentage?", "Convert 3/8 to a percent.", "What is 0.35 in percent?"
_AS_PERCENT = re.compile(
    rf"\b(?:what's|what is|whats|convert|write|express|turn|is)\s+(?P<amount>[\w. ]+?)\s+(?:as|in|into|to)\s+"
    rf"{_PERCENT}\W*$",
    re.IGNORECASE,
)
# "What is three quarters as a decimal?" (the 0.5B listed steps and no number)
_AS_DECIMAL = re.compile(
    r"\b(?:what's|what is|whats|convert|write|express|turn|is)\s+(?P<amount>[\w./ ]+?)\s+(?:as|in|into|to)\s+"
    r"(?:a )?decimals?\W*$",
    re.IGNORECASE,
)
# The part, then the whole: the words before and after the link ("I got 42 out of 50, what percentage is that?").
_RATIO = (
    re.compile(rf"^(?P<before>.*?)\s+(?:out of|of the)\s+(?P<after>.*)\b{_PERCENT}\b", re.IGNORECASE),
    re.compile(rf"^(?P<before>.*?)\s+is\s+what\s+{_PERCENT}\s+of\s+(?P<after>.*)$", re.IGNORECASE),
)
# The whole, then the part: "What percent of 48 is 12?", and the part first after all: "What percentage is 12 of 48?"
_WHOLE_FIRST = re.compile(rf"\bwhat\s+{_PERCENT}\s+of\s+(?P<after>.*?)\s+is\s+(?P<before>.*)$", re.IGNORECASE)
_PART_FIRST = re.compile(rf"\bwhat\s+{_PERCENT}\s+is\s+(?P<before>.*?)\s+of\s+(?P<after>.*)$", re.IGNORECASE)


def percentage_note(text: str) -> str | None:
    """'2 fifths is 40 percent.', '42 out of 50 is 84 percent.', '3 quarters is 0.75 as a decimal.'; None unless the
    words ask for one of them."""
    text = re.sub(r"\b(\d+)/(\d+)\b", r"\1 divided by \2", written_fractions(text.replace("%", " percent")))
    for pattern in (*_RATIO, _WHOLE_FIRST, _PART_FIRST):
        if m := pattern.search(text):
            part, whole = _amount(m["before"].split()[-3:], last=True), _amount(m["after"].split()[:3], last=False)
            if part is None or whole is None or whole[0] == 0:
                continue
            return f"{part[1]} out of {whole[1]} is {say_number(part[0] / whole[0] * 100)} percent."
    if (m := _AS_PERCENT.search(text)) and (amount := read_amount(m["amount"])):
        return f"{amount[1]} is {say_number(amount[0] * 100)} percent."
    if (m := _AS_DECIMAL.search(text)) and (amount := read_amount(m["amount"])) and amount[0].denominator != 1:
        return f"{amount[1]} is {say_number(amount[0])} as a decimal."
    return None


def _amount(words: list[str], last: bool) -> tuple[Fraction, str] | None:
    """The longest amount the words end with (`last`) or start with: "forty two" in "I got forty two"."""
    for n in range(len(words), 0, -1):
        if amount := read_amount(" ".join(words[-n:] if last else words[:n])):
            return amount
    return None
