"""A whole number's properties a child's homework asks: prime or not, even or odd, its factors, and the greatest
common factor or least common multiple of two, worked out, for the note before a user's turn.

The 0.5B guesses these ("Is 91 a prime number?" is the classic trap: 7 times 13); they are a few lines of arithmetic.
Numbers up to a million; words that ask nothing of a number get nothing.
"""

from __future__ import annotations

import math
import re

from voicebot.arithmetic import whole_number

__all__ = ["number_fact_note"]

_N = r"(?P<n>[\w,-]+(?: [\w-]+){0,3}?)"
_PRIME = re.compile(rf"\bis {_N} (?:a )?prime(?: number)?\b", re.IGNORECASE)
_EVEN = re.compile(
    rf"\bis {_N} (?:an? )?(?P<asked>even|odd)(?: number)?(?P<both> or (?:an? )?(?:even|odd)(?: number)?)?\b",
    re.IGNORECASE,
)
_FACTORS = re.compile(rf"\b(?:what are |list |name )?(?:all )?the factors of {_N}\W*$", re.IGNORECASE)
_TWO = r"(?P<a>[\w,-]+(?: [\w-]+){0,3}?) and (?P<b>[\w,-]+(?: [\w-]+){0,3}?)"
_GCF = re.compile(
    r"\b(?:greatest|highest|biggest|largest) common (?:factor|divisor)|\b(?:gcf|gcd|hcf)\b", re.IGNORECASE
)
_LCM = re.compile(r"\b(?:least|lowest|smallest) common (?:multiple|denominator)|\blcm\b", re.IGNORECASE)
_OF_TWO = re.compile(rf"\bof {_TWO}\W*$", re.IGNORECASE)
_LIMIT = 10**6


def number_fact_note(text: str) -> str | None:
    """'No, 91 is not a prime number: 7 times 13 is 91.', 'Yes, 24 is even.', 'The factors of 12 are 1, 2, 3, 4, 6 and
    12.', 'The greatest common factor of 12 and 18 is 6.'; None for other words."""
    if (m := _PRIME.search(text)) and (n := _whole(m["n"])) is not None:
        if n < 2:
            return f"No, {n} is not a prime number: a prime is greater than 1."
        if (p := _smallest_factor(n)) == n:
            return f"Yes, {n} is a prime number."
        return f"No, {n} is not a prime number: {p} times {n // p} is {n}."
    if (m := _EVEN.search(text)) and (n := _whole(m["n"])) is not None:
        parity = "even" if n % 2 == 0 else "odd"
        answer = "" if m["both"] else ("Yes, " if m["asked"].lower() == parity else "No, ")
        return f"{answer}{n} is {parity}."
    if (m := _FACTORS.search(text)) and (n := _whole(m["n"])) is not None and n > 0:
        factors = [str(d) for d in range(1, n + 1) if n % d == 0] if n <= 10_000 else []
        if not factors or len(factors) > 24:
            return None
        listed = factors[0] if len(factors) == 1 else f"{', '.join(factors[:-1])} and {factors[-1]}"
        return f"The factors of {n} are {listed}."
    gcf, lcm = _GCF.search(text), _LCM.search(text)
    if (gcf or lcm) and not (gcf and lcm) and (m := _OF_TWO.search(text)):
        a, b = _whole(m["a"]), _whole(m["b"])
        if a is None or b is None or a <= 0 or b <= 0:
            return None
        if gcf:
            return f"The greatest common factor of {a} and {b} is {math.gcd(a, b)}."
        return f"The least common multiple of {a} and {b} is {math.lcm(a, b)}."
    return None


def _whole(said: str) -> int | None:
    """The whole number that is all of `said` ("91", "ninety-one", "1,001"), up to the limit; None for other words."""
    n = whole_number(said.replace(",", ""))
    return n if n is not None and 0 <= n <= _LIMIT else None


def _smallest_factor(n: int) -> int:
    return next((d for d in range(2, math.isqrt(n) + 1) if n % d == 0), n)
