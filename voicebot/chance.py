"""Coin flips, dice and random numbers, drawn for the note before a user's turn.

A reply decoded greedily is the same every time: "Flip a coin." -> "The coin lands on heads.", "Roll a
die." -> "The die shows a number between 1 and 6.", "Pick a random number between 1 and 100." -> "I picked
a random number between 1 and 100." (docs/MEASUREMENTS.md). The note draws it ("Random result: tails.")
and the model says it; a number it takes less well (5 of 7 probes; its own pick is 42 or 7).
"""

from __future__ import annotations

import random
import re

from voicebot.arithmetic import read_number, tokenize

__all__ = ["chance_note"]

_COIN = re.compile(r"\b(flip|toss)(ping|ing)? (a|the|one|me a) coin\b|\bheads or tails\b|\bcoin (flip|toss)\b", re.I)
_DICE = re.compile(
    r"\broll(ing)? (?:me )?(?P<n>a|an|one|two|three|four|five|six|\d+)? ?(?:six sided |6 sided )?(die|dice)\b"
    r"|\bdice roll\b",
    re.IGNORECASE,
)
_PICK = re.compile(r"\b(pick|choose|give me|think of|say|name|generate|draw)\b.*\bnumber\b", re.IGNORECASE)
_RANGE_WORDS = (("between", "and"), ("from", "to"), ("from", "through"))
_MAX_SPAN = 10**12


def chance_note(text: str, rng: random.Random) -> str | None:
    """'heads.', 'a 4.', '4 and 2 (6 in all).', 'you picked 37.'; None when nothing is asked to be drawn."""
    if _COIN.search(text):
        return rng.choice(("heads.", "tails."))
    if m := _DICE.search(text):
        number = read_number(tokenize(m.group("n") or "one"), 0)  # "a" and "an" read as no number: one die
        n = int(number[0]) if number is not None else 1
        if not 1 <= n <= 10:
            return None
        rolls = [rng.randint(1, 6) for _ in range(n)]
        if n == 1:
            return f"a {rolls[0]}."
        return f"{', '.join(map(str, rolls[:-1]))} and {rolls[-1]} ({sum(rolls)} in all)."
    if _PICK.search(text) and (bounds := _bounds(text)) is not None:
        low, high = bounds
        return f"you picked {rng.randint(low, high)}."  # "37 (between 1 and 100)." it said as 42 (its favorite)
    return None


def _bounds(text: str) -> tuple[int, int] | None:
    tokens = tokenize(text)
    for i, word in enumerate(tokens):
        for start, link in _RANGE_WORDS:
            if word != start or (a := read_number(tokens, i + 1)) is None:
                continue
            if a[1] < len(tokens) and tokens[a[1]] == link and (b := read_number(tokens, a[1] + 1)) is not None:
                low, high = sorted((a[0], b[0]))
                if low.denominator == 1 and high.denominator == 1 and high - low <= _MAX_SPAN:
                    return int(low), int(high)
    return None
