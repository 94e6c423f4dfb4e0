"""A linear equation in one unknown, solved, for the note before a user's turn.

Homework said aloud: "Can you solve this for me: two x minus four equals ten, what is x?". The arithmetic parser
reads "x" as "times", so it answered "no, 2 times -4 is -8, not 10." (docs/MEASUREMENTS.md, thirty-fourth
session). Here the unknown is put in as a number, 0 to 3 in turn: each side is then plain arithmetic, the same
parser works it out, and equal steps between the four values show the equation is linear, whose one solution
follows. Anything else with an unknown in it (x squared, two unknowns) gets no result at all: no note is better
than a wrong one.
"""

from __future__ import annotations

import re
from fractions import Fraction

from voicebot.arithmetic import NUMBER_WORD, read_amount, say_number

__all__ = ["equation_note", "has_unknown"]

# Asked for: "what is x", "solve for x", "find x", "x equals what", "the value of x", "solve this".
_ASKS = re.compile(
    r"\b(?:solve|find|work out|figure out|value of|what(?:'s| is| does| would| will)|how much is)\b", re.IGNORECASE
)
_EQUALS = re.compile(r"\s(?:equals|=|is equal to|equal to|equal)\s", re.IGNORECASE)
# A word or a sign next to the letter that makes it an unknown in a formula, not a letter in a sentence ("plan x",
# "is n").
_NEXT_TO = re.compile(  # not "3 x 4", where x says times
    rf"(?:\d|\b(?:{NUMBER_WORD}|plus|minus|times|over|by|of)\b)\s*(?P<a>[xyn])\b(?!\s*(?:\d|{NUMBER_WORD}\b))"
    rf"|\b(?P<b>[xyn])\s*(?:[-+*/=]|\b(?:plus|minus|times|over|divided|equals|squared|cubed)\b)",
    re.IGNORECASE,
)


def has_unknown(text: str) -> bool:
    """Whether the words hold an equation in an unknown letter ("2x minus 4 equals 10"): no sum of its numbers
    alone is a result."""
    return _EQUALS.search(f" {text} ") is not None and _NEXT_TO.search(text) is not None


def equation_note(text: str) -> str | None:
    """'If 2x minus 4 equals 10, x is 7.'; None unless the words ask to solve one linear equation in one unknown."""
    if not has_unknown(text) or not _ASKS.search(text):
        return None
    letters = {m["a"] or m["b"] for m in _NEXT_TO.finditer(text)}
    if len({letter.lower() for letter in letters}) != 1:
        return None
    name = letters.pop().lower()
    sides = _EQUALS.split(f" {text} ")
    if len(sides) != 2:
        return None
    # The longest run of words that is arithmetic on each side of "equals": "My teacher gave us [2x plus 3]".
    before, after = sides[0].replace(":", " : ").split(), re.sub(r"\.(?!\d)", " . ", sides[1]).split()
    left = next((s for s in (" ".join(before[i:]) for i in range(len(before))) if _reads(s, name)), None)
    right = next((s for s in (" ".join(after[:j]) for j in range(len(after), 0, -1)) if _reads(s, name)), None)
    if left is None or right is None or not re.search(rf"(?:\d|\b){name}\b", f"{left} {right}", re.IGNORECASE):
        return None
    values = [_difference(left, right, name, v) for v in range(4)]
    if any(v is None for v in values):
        return None
    f0, f1, f2, f3 = values  # type: ignore[misc]
    slope = f1 - f0
    if slope == 0 or f2 - f1 != slope or f3 - f2 != slope:  # none or many solutions, or not linear
        return None
    said = f"{_spoken(left, name)} equals {_spoken(right, name)}"
    return f"If {said}, {name} is {say_number(-f0 / slope)}."


def _reads(side: str, name: str) -> bool:
    """Whether the words are arithmetic once a number stands for the unknown."""
    return read_amount(_put_in(side, name, 1)) is not None


def _difference(left: str, right: str, name: str, value: int) -> Fraction | None:
    """left - right with the unknown put in as `value`; None where a side is no arithmetic."""
    sides = []
    for side in (left, right):
        read = read_amount(_put_in(side, name, value)) if side else None
        if read is None:
            return None
        sides.append(read[0])
    return sides[0] - sides[1]


def _put_in(side: str, name: str, value: int) -> str:
    """The side with `value` for the unknown: "2x minus 4" -> "2 times 3 minus 4"; "x over 2" -> "3 divided by 2"."""
    side = re.sub(r"\bover\b", "divided by", side, flags=re.IGNORECASE)
    number_before = rf"(\d|\b(?:{NUMBER_WORD}))\s*{name}\b"  # "2x", "two x": a product
    side = re.sub(number_before, rf"\1 times {value}", side, flags=re.IGNORECASE)
    return re.sub(rf"\b{name}\b", str(value), side, flags=re.IGNORECASE)


def _spoken(side: str, name: str) -> str:
    """The side as the note says it: the words as said, the unknown in lower case."""
    return re.sub(rf"(?:(?<=\d)|\b){name}\b", name, " ".join(side.split()), flags=re.IGNORECASE).strip(" .,:;?!")
