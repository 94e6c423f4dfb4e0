"""A linear equation in one unknown, solved (voicebot/equations.py)."""

from __future__ import annotations

import pytest

from voicebot.equations import equation_note
from voicebot.notes import exact_result

SOLVED = {
    # round 32, as Whisper wrote it: the arithmetic read "x" as "times" and said "no, 2 times -4 is -8, not 10."
    "Can you solve this for me? 2x minus 4 equals 10. What is x?": "If 2x minus 4 equals 10, x is 7.",
    "Can you solve this for me: two x minus four equals ten, what is x?": "If two x minus four equals ten, x is 7.",
    "Solve 3x plus 5 = 20.": "If 3x plus 5 equals 20, x is 5.",
    "What is x if x over 2 equals 9?": "If x over 2 equals 9, x is 18.",
    "If 5 times x plus 2 equals 3 times x plus 10, what is x?": "If 5 times x plus 2 equals 3 times x plus 10, x is 4.",
    "My teacher gave us 2X plus 3 equals 11, how do I solve it?": "If 2x plus 3 equals 11, x is 4.",
    "Solve for n: n minus 7 equals negative 3.": "If n minus 7 equals negative 3, n is 4.",
    "Find y: 4y = 2.": "If 4y equals 2, y is 0.5.",
    "What is x if six equals x plus 2?": "If six equals x plus 2, x is 4.",
}


@pytest.mark.parametrize("text", SOLVED)
def test_a_linear_equation_gets_its_solution(text: str) -> None:
    assert equation_note(text) == SOLVED[text]
    assert exact_result(text) == SOLVED[text]  # and nothing of its numbers read as a sum


@pytest.mark.parametrize(
    "text",
    [
        "x squared equals 16, what is x?",  # not linear: no guess
        "What is x when 2x equals 2x?",  # every x
        "What is x if 2x plus 1 equals 2x plus 3?",  # none
        "Solve x plus y equals 10.",  # two unknowns
        "My plan x equals the best, what is it?",  # no arithmetic
    ],
)
def test_no_solution_is_said_where_there_is_not_one(text: str) -> None:
    assert equation_note(text) is None
    assert exact_result(text) is None  # nor a sum of its numbers ("2 times 1 is 2")
    assert equation_note("What is 2 plus 2?") is None and exact_result("What is 2 plus 2?") == "2 plus 2 is 4."


def test_an_equation_is_no_claim_about_a_product() -> None:
    """"2x minus 4 equals 10" said no to "2 times -4 is 10"; a real claim still gets its yes or no."""
    assert "not" not in (exact_result("2x minus 4 equals 10, what is x?") or "")
    assert exact_result("Is 7 times 8 equal to 54?") == "no, 7 times 8 is 56, not 54."
    assert exact_result("What is 17 x 23?") == "17 times 23 is 391."
    assert exact_result("Is 3 x 4 = 12?") == "yes, 3 times 4 is 12."  # x between numbers says times
