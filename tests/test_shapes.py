"""voicebot.shapes: a shape's area or perimeter from the sizes the words give, and nothing where they give none."""

from __future__ import annotations

import pytest

from voicebot.notes import exact_result
from voicebot.shapes import shape_note

ASKED = {  # as people ask, and what the note must say (the 0.5B: the formula and no number, or "12 inches")
    "My son needs the perimeter of a square with 6 inch sides.": "is 24 inches",
    "Okay so what's the area of a 4 by 5 rectangle?": "is 20",
    "What's the perimeter of a 7 x 3 rectangle?": "is 20",
    "What's the area of a square with sides of five meters?": "is 25 square meters",
    "What is the perimeter of a rectangle 8 meters long and 3 meters wide?": "an 8 by 3 rectangle is 22 meters",
    "What's the area of a 10 by 12 foot room?": "is 120 square feet",
    "How big is a 12 by 15 room in square feet? What's the area?": "is 180 square feet",
    "What is the area of a circle with a radius of 3?": "is about 28.27",
    "What's the circumference of a circle with a diameter of ten centimeters?": "is about 31.42 centimeters",
    "I need the area of a circle with radius five inches.": "about 78.54 square inches",
    "What's the area of a triangle with a base of 6 and a height of 4?": "is 12",
    "What is the perimeter of a triangle with sides 3, 4 and 5?": "is 12",
}


@pytest.mark.parametrize("text", list(ASKED))
def test_a_shape_with_its_sizes_gets_the_exact_result(text: str) -> None:
    note = shape_note(text)
    assert note is not None and ASKED[text] in note, (text, note)
    assert exact_result(text) == note  # nothing else reads these words as a calculation


@pytest.mark.parametrize(
    "text",
    [
        "What's the area of a rectangle?", "What's the area of France?", "What's the area code for 212?",
        "What is the area of a square of 20 square feet?",  # an area given, not a side
        "What's the square root of 81?", "What's the area of a triangle with sides 3, 4 and 5?",  # no base and height
        "What's the area of a circle with a radius of 3 and a diameter of 6?", "What's the area of a 0 by 5 rectangle?",
        "I painted a 4 by 5 wall yesterday.",  # no area or perimeter asked
        # found in review: a size that is not a side
        "What's the perimeter of a square with an area of 36?", "What's the area of a square whose perimeter is 20?",
        "What's the area of a square with a diagonal of 10?", "What's the area of a square table for 4 people?",
        "What size area rug for a 12 by 15 room?", "A rectangle has length 5 and diagonal 13, what's its area?",
    ],
)  # fmt: skip
def test_without_the_sizes_there_is_no_note(text: str) -> None:
    assert shape_note(text) is None
