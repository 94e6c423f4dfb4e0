"""Watts from volts and amps (and each from the other two), for the note before a user's turn.

Someone wiring an outlet or choosing an extension lead asks "How many watts can a 10 amp circuit handle at 120
volts?", and the 0.5B answered "A 10 amp circuit can handle 120 volts at a current of 10 amps." (docs/MEASUREMENTS.md,
thirty-second session). Power is volts times amps; the note gives the one asked for from the two the words name.
"""

from __future__ import annotations

import re
from fractions import Fraction

from voicebot.arithmetic import read_number, say_number, tokenize

__all__ = ["power_note"]

# The unit words each quantity is said with, as `tokenize` writes them ("1500w" -> "1500", "w").
_UNITS = {
    "watts": {"watt", "watts", "w"},
    "volts": {"volt", "volts", "v"},
    "amps": {"amp", "amps", "ampere", "amperes", "a"},
    "kilowatts": {"kilowatt", "kilowatts", "kw"},
}
_ASKED = {
    "watts": r"how many (?:kilo)?watts|what(?:'s| is)? the (?:wattage|power)|how much power|wattage",
    "amps": r"how many amps|amperage|how much current|what(?:'s| is)? the current|draws? how many",
    "volts": r"how many volts|voltage",
}


def power_note(text: str) -> str | None:
    """'10 amps at 120 volts is 1200 watts.' where the words give two of watts, volts and amps and ask for the
    third; None otherwise."""
    lowered = text.lower()
    asked = [q for q, pattern in _ASKED.items() if re.search(pattern, lowered)]
    given = _given(tokenize(text))
    if len(asked) != 1 or asked[0] in given or len(given) != 2:
        return None
    if asked[0] == "watts":
        volts, amps = given["volts"], given["amps"]
        return f"{_say(amps, 'amp')} at {_say(volts, 'volt')} is {_say(volts * amps, 'watt')}."
    watts = given.get("watts")
    if asked[0] == "amps" and watts is not None and given.get("volts"):
        return f"{_say(watts, 'watt')} at {_say(given['volts'], 'volt')} draws {_say(watts / given['volts'], 'amp')}."
    if asked[0] == "volts" and watts is not None and given.get("amps"):
        return f"{_say(watts, 'watt')} at {_say(given['amps'], 'amp')} takes {_say(watts / given['amps'], 'volt')}."
    return None


def _given(tokens: list[str]) -> dict[str, Fraction]:
    """Each quantity the words give once, with its unit right after the number ("10 amp", "1.5 kilowatts")."""
    found: dict[str, list[Fraction]] = {}
    i = 0
    while i < len(tokens):
        number = read_number(tokens, i)
        if number is None:
            i += 1
            continue
        value, i = number
        unit = next((u for u, words in _UNITS.items() if i < len(tokens) and tokens[i] in words), None)
        if unit == "kilowatts":
            unit, value = "watts", value * 1000
        if unit is not None:
            found.setdefault(unit, []).append(value)
    return {unit: values[0] for unit, values in found.items() if len(values) == 1 and values[0] > 0}


def _say(value: Fraction, unit: str) -> str:
    exact = (value * 10).denominator == 1  # "12.5 amps"; else to a tenth, as a voice says it: "about 13 amps"
    said = say_number(value if exact else Fraction(round(value * 10), 10), exact=exact)
    return f"{said} {unit}" + ("" if value == 1 else "s")
