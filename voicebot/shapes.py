"""The area and perimeter of a square, a rectangle, a circle or a triangle, for the notes' exact results.

Homework asks for them ("the perimeter of a square with 6 inch sides", "the area of a 4 by 5 rectangle", "the
area of a circle with a radius of 3"), and the 0.5B says the formula and stops, or gets the sum wrong: one run
of round 19 answered "... which is 4 times the length of one side." and no number, another "12 inches". A room,
a garden or a wall said "N by M" is a rectangle. Only what the words give exactly is worked out: a triangle's
area needs its base and height, its perimeter three sides.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction

from voicebot.arithmetic import read_number, say_number, tokenize

__all__ = ["shape_note"]

_ASKED = re.compile(r"\b(area|perimeter|circumference)\b")
_SHAPE = re.compile(
    r"\b(square|rectangle|rectangular|circle|circular|triangle|room|garden|yard|wall|floor|table|field|patio|deck|lot)"
    r"\b(?! (?:feet|foot|meters?|metres?|inch(?:es)?|yards?|miles?|kilometers?|centimeters?|units?|root)\b)"
)
# Sizes the rules below do not work from: a diagonal, a fence's length, a rug for a room, seats at a table.
_OTHER = re.compile(r"\b(diagonals?|fenc\w*|rugs?|carpets?|tiles?|people|persons|seats?|guests|paint)\b")
_UNITS = {
    "inch": "inches", "inches": "inches", "foot": "feet", "feet": "feet", "ft": "feet",
    "meter": "meters", "meters": "meters", "metre": "meters", "metres": "meters", "m": "meters",
    "centimeter": "centimeters", "centimeters": "centimeters", "cm": "centimeters", "millimeter": "millimeters",
    "millimeters": "millimeters", "mm": "millimeters", "yard": "yards", "yards": "yards", "mile": "miles",
    "miles": "miles", "kilometer": "kilometers", "kilometers": "kilometers", "km": "kilometers",
}  # fmt: skip


def shape_note(text: str) -> str | None:
    """'the perimeter of a square with sides of 6 inches is 24 inches.' for a shape's area or perimeter whose
    sizes the words give; else None."""
    words = text.lower()
    asked, shape = _ASKED.search(words), _SHAPE.search(words)
    if asked is None or shape is None or len(set(_ASKED.findall(words))) > 1 or _OTHER.search(words):
        return None  # "the perimeter of a square with an area of 36" gives what is not a side
    numbers, unit = _numbers(words)
    if not numbers or any(n <= 0 for n in numbers) or re.search(r"\d\s*(?:square|sq|squared)\b", _digits(words)):
        return None  # "a square of 20 square feet" gives an area, not a side
    if not unit and (wanted := re.search(r"\bin square (\w+)", words)):  # "... room in square feet?"
        unit = _UNITS.get(wanted[1], "")
    what, kind = asked[1], shape[1]
    if kind in ("circle", "circular"):
        return _circle(what, numbers, unit, words)
    if kind == "triangle":
        return _triangle(what, numbers, unit, words)
    if kind == "square" and len(numbers) == 1 and (unit or re.search(r"\bsides?\b", words)):  # not "for 4 people"
        side = numbers[0]
        area, perimeter = side * side, 4 * side
        said = f"a square with sides of {_length(side, unit)}"
    elif len(numbers) == 2 and re.search(r"\d\s*(?:\w+\s*)?(?:by|x)\s*\d|\b(length|long|wide|width)\b", _digits(words)):
        a, b = numbers
        area, perimeter = a * b, 2 * (a + b)
        said = f"{_a(a)} {say_number(a)} by {say_number(b)} {'rectangle' if kind.startswith('rect') else kind}"
    else:
        return None
    if what == "area":
        return f"the area of {said} is {_area(area, unit)}."
    if what == "perimeter":
        return f"the perimeter of {said} is {_length(perimeter, unit)}."
    return None


def _circle(what: str, numbers: list[Fraction], unit: str, words: str) -> str | None:
    radius = re.search(r"\bradius\b", words)
    diameter = re.search(r"\bdiameter\b", words)
    if len(numbers) != 1 or bool(radius) == bool(diameter):
        return None
    r = numbers[0] if radius else numbers[0] / 2
    said = f"a circle with a {'radius' if radius else 'diameter'} of {_length(numbers[0], unit)}"
    if what == "area":
        return f"the area of {said} is {_area(Fraction(math.pi * r * r), unit, exact=False)}."
    return f"the circumference of {said} is {_length(Fraction(2 * math.pi * r), unit, exact=False)}."


def _triangle(what: str, numbers: list[Fraction], unit: str, words: str) -> str | None:
    if what == "area" and len(numbers) == 2 and re.search(r"\bbase\b", words) and re.search(r"\bheight\b", words):
        base, height = numbers
        said = f"a triangle with a base of {_length(base, unit)} and a height of {_length(height, unit)}"
        return f"the area of {said} is {_area(base * height / 2, unit)}."
    if what == "perimeter" and len(numbers) == 3:
        said = (
            f"a triangle with sides of {', '.join(say_number(n) for n in numbers[:2])} and {_length(numbers[2], unit)}"
        )
        return f"the perimeter of {said} is {_length(sum(numbers, Fraction(0)), unit)}."
    return None


def _digits(words: str) -> str:
    """The words with spoken numbers as digits, for the "N by M" test."""
    return " ".join(tokenize(words))


def _numbers(words: str) -> tuple[list[Fraction], str]:
    """The numbers said, in order, and the first length unit said right after one ("" for none)."""
    tokens = tokenize(words)
    numbers: list[Fraction] = []
    unit = ""
    i = 0
    while i < len(tokens):
        if (number := read_number(tokens, i)) is None:
            i += 1
            continue
        numbers.append(number[0])
        i = number[1]
        after = tokens[i + (i < len(tokens) and tokens[i] == "-")] if i < len(tokens) else ""
        unit = unit or _UNITS.get(after, "")
    return numbers, unit


def _a(number: Fraction) -> str:
    """The article before a number said aloud: "an 8 by 3 rectangle", "an 11 by 4", "a 4 by 5"."""
    said = say_number(number)
    return "an" if said.startswith("8") or re.match(r"1[18](\D|\d\d\d(\D|$)|$)", said) else "a"


def _length(value: Fraction, unit: str, exact: bool = True) -> str:
    return f"{say_number(value, exact)} {unit}".rstrip()


def _area(value: Fraction, unit: str, exact: bool = True) -> str:
    return f"{say_number(value, exact)} square {unit}".rstrip() if unit else say_number(value, exact)
