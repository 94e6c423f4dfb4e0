"""A reply phrase as the voice should say it.

An LLM writes for the eye; Piper's phonemizer (espeak-ng) reads symbols out letter by letter. Heard
through Piper's own phonemes (`PiperVoice.phonemize`), before this: "5 km" was "five K M", "250 g"
"two hundred fifty G", "120 km/h" "K M slash H", "7-9 hours" "seven dash nine hours", "3/4 cup" "three
slash four cup", "πr^2" "pyre two", "😀" "grinning face", "✓" "symbol two seven one three", "→" "right
arrow". Here: units after a number in words, number ranges, common fractions, squares and cubes, arrows
as "to", emoji and other pictographs dropped, a Markdown link as its text. Only what is unambiguous
after a number is rewritten ("5 m" is meters: a model writes "million" or "M"); the rest is left to the
phonemizer, which reads numbers, "%", "$", "-5", "×", "e.g." and "etc." well.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["LIST_MARKER", "speakable"]

_UNITS = {  # abbreviation -> (one, many)
    "km/h": ("kilometer per hour", "kilometers per hour"),
    "m/s": ("meter per second", "meters per second"),
    "km": ("kilometer", "kilometers"),
    "cm": ("centimeter", "centimeters"),
    "mm": ("millimeter", "millimeters"),
    "m": ("meter", "meters"),
    "kg": ("kilogram", "kilograms"),
    "mg": ("milligram", "milligrams"),
    "g": ("gram", "grams"),
    "ml": ("milliliter", "milliliters"),
    "mL": ("milliliter", "milliliters"),
    "l": ("liter", "liters"),
    "L": ("liter", "liters"),
    "ft": ("foot", "feet"),
    "oz": ("ounce", "ounces"),
    "min": ("minute", "minutes"),
    "hr": ("hour", "hours"),
    "hrs": ("hour", "hours"),
    "sec": ("second", "seconds"),
    "tsp": ("teaspoon", "teaspoons"),
    "tbsp": ("tablespoon", "tablespoons"),
}
_NUMBER = r"(?<![\w.,/])(-?\d[\d,]*(?:\.\d+)?)"
_AMOUNT = r"(?<![\w.,/])(\d+ [123]/[234]|[123]/[234]|-?\d[\d,]*(?:\.\d+)?)"  # 5, 1,000, 2.5, 3/4, 2 1/2
_UNIT = re.compile(
    _AMOUNT + r"\s?(" + "|".join(re.escape(u) for u in sorted(_UNITS, key=len, reverse=True)) + r")(?![\w/])"
)
_RANGE = re.compile(  # 7-9 hours, 1990–1995, a 5-10-second breath; not a date (2024-05-01), a phone number
    r"(?<![\w.,/-])(\d[\d,]*(?:\.\d+)?)(?:-|\s?–\s?)(\d[\d,]*(?:\.\d+)?)(?![\w/]|-(?![a-z])|[.,]\d)(-?)"
)  # (555-1234) or 5 - 3; "5-10-second" was read "five dash ten second"
_PHONE = re.compile(r"\d{3}-\d{4}")
# A float's rounding noise: a run of four or more 0s or 9s, then at most three digits, ending the decimal
# ("29.999999999999997", the coder model's way of writing 30; "0.30000000000000004"), read digit by digit for
# seconds. Other long decimals (pi to ten places) are what was asked for, and stay.
_FLOAT_NOISE = re.compile(r"(?<![\w.,])(\d[\d,]*)\.(\d*?)(0{4,}|9{4,})\d{0,3}(?!\d|\.\d)")
_DEGREES = re.compile(_NUMBER + r"\s?°\s?([CF])\b")
_FRACTIONS = {"1/2": "one half", "1/3": "one third", "2/3": "two thirds", "1/4": "one quarter", "3/4": "three quarters"}
_FRACTION = re.compile(r"(?<![\w/.])(?:(\d+) )?([123]/[234])(?![\w/])")  # "1/2", "2 1/2"
_POWER = re.compile(r"\s?(?:\^2|²)(?!\d)|\s?(?:\^3|³)(?!\d)")
_POWER_OF = re.compile(r"(?<=\d)\s?\^\s?(\d+)")  # "2^10" it read "two ten"
_ARROW = re.compile(r"\s*(?:→|⟶|->|=>)\s*")
# Multiplication and division between numbers as the voice says them: "12 * 2" as "12 × 2" (the phonemizer's
# "times"; markdown's "*" is dropped, and "12 * 2 = 24" was read "twelve two equals twenty-four"), a spaced
# "336 / 4" as "divided by" (read "slash"; "12/25" stays a date, but not before "=").
_TIMES = re.compile(r"(?<=[\d)])\s*\*\s*(?=[\d(])")
_DIVIDED = re.compile(r"(?<=[\d)])\s+/\s+(?=[\d(])|(?<=\d)/(?=\d+(?:\.\d+)?\s*=)")  # also "200/1000 = 0.2"
# Money as the voice should say it: the phonemizer read "$20" as "dollar twenty" and "$9.99" as "dollar nine point
# nine nine", and "12.60 dollars" as "twelve point six zero dollars".
_CURRENCY = {"$": ("dollar", "dollars"), "£": ("pound", "pounds"), "€": ("euro", "euros")}
_SUBUNIT = {"dollar": ("cent", "cents"), "euro": ("cent", "cents"), "pound": ("penny", "pence")}
_WHOLE = r"(\d{1,3}(?:,\d{3})+|\d+)"
_MONEY = re.compile(rf"([$£€])\s?{_WHOLE}(?:\.(\d+))?(\s?(?:thousand|million|billion|trillion)\b)?")
_CENTS_AFTER = re.compile(rf"(?<![\d.,]){_WHOLE}\.(\d{{2}}) (dollars|euros|pounds)\b")
# Feet and inches as Whisper and the model write them: 6'2" (read "six two").
_FEET_INCHES = re.compile(r"(?<![\w.])(\d)['’′]\s?(\d{1,2})(?:\.\d+)?(?:\"|”|″|'')?(?![\w'])")
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_EDGE_UNDERSCORE = re.compile(r"(?<!\w)_+|_+(?!\w)")
LIST_MARKER = re.compile(r"^\s*(?:[-+•>]|\d+[.)])\s+")  # "- ", "1. " opening a list item
_SPACE_BEFORE_MARK = re.compile(r" ([.,!?;:])")
_INVISIBLE = {"\u200d", "\ufe0f", "\ufe0e", "\u20e3", *map(chr, range(0x1F3FB, 0x1F400))}  # emoji joiners,
# presentation selectors, skin tones
_KEEP_SYMBOLS = {"°", "©", "®", "™"}  # spoken well as they are


def _unit(m: re.Match[str]) -> str:
    amount, unit = m.group(1), m.group(2)
    one, many = _UNITS[unit]
    if "/" in amount:
        whole, _, frac = amount.rpartition(" ")
        words = _FRACTIONS.get(frac)
        if words is None:
            return f"{amount} {many}"
        if whole:
            return f"{whole} and {words} {many}"
        return f"{words} of {'an' if one[0] in 'aeiou' else 'a'} {one}"  # three quarters of a teaspoon
    return f"{amount} {one if amount in ('1', '-1') else many}"


def _money(m: re.Match[str]) -> str:
    """'$9.99' -> '9 dollars and 99 cents', '$20' -> '20 dollars', '$2.5 million' -> '2.5 million dollars'."""
    one, many = _CURRENCY[m.group(1)]
    whole, decimals, scale = m.group(2), m.group(3), (m.group(4) or "").strip()
    if scale or (decimals and len(decimals) != 2):
        return f"{whole}{'.' + decimals if decimals else ''}{' ' + scale if scale else ''} {many}"
    return _with_cents(whole, decimals, one if whole == "1" else many)


def _cents_after(m: re.Match[str]) -> str:
    """'12.60 dollars' -> '12 dollars and 60 cents' (a note's exact amounts)."""
    return _with_cents(m.group(1), m.group(2), m.group(3))


def _with_cents(whole: str, cents: str | None, name: str) -> str:
    if not cents or cents == "00":
        return f"{whole} {name}"
    sub_one, sub_many = _SUBUNIT[name.removesuffix("s")]
    small = f"{int(cents)} {sub_one if cents == '01' else sub_many}"
    return small if whole == "0" else f"{whole} {name} and {small}"


def _fraction(m: re.Match[str]) -> str:
    whole, frac = m.group(1), m.group(2)
    words = _FRACTIONS.get(frac)
    if words is None:  # 2/4, 3/3: not a common fraction, as written
        return m.group()
    return f"{whole} and {words}" if whole else words


# Inline LaTeX, which the coder model writes for math ("a day has \\(24 \\times 60 \\times 60 = 86400\\)
# seconds"): the phonemizer says "backslash times". Delimiters go, commands become words.
_LATEX_DELIMITER = re.compile(r"\\[()\[\]]|\$(?=[^$]*\\)|(?<=[}\w])\$")
_LATEX_FRAC = re.compile(r"\\[dt]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}")
_LATEX_SQRT = re.compile(r"\\sqrt\s*\{([^{}]*)\}")
_LATEX_TEXT = re.compile(r"\\(?:text|mathrm|mathbf|textbf|operatorname)\s*\{([^{}]*)\}")
_LATEX_WORDS = {
    "times": " × ", "cdot": " × ", "div": " divided by ", "pm": " plus or minus ", "approx": " about ",
    "leq": " less than or equal to ", "le": " less than or equal to ", "geq": " at least ", "ge": " at least ",
    "neq": " not equal to ", "ne": " not equal to ", "infty": " infinity ", "circ": " degrees ", "pi": " pi ",
    "%": "%", ",": " ", ";": " ", "quad": " ", "left": "", "right": "", "cdots": " and so on ", "ldots": " and so on ",
}  # fmt: skip
_LATEX_COMMAND = re.compile(r"\\([a-zA-Z]+|[%,;])")


def _latex(text: str) -> str:
    if "\\" not in text:
        return text
    text = _LATEX_DELIMITER.sub(" ", text)
    text = _LATEX_TEXT.sub(r"\1", text)
    text = _LATEX_FRAC.sub(lambda m: f"{m.group(1)}/{m.group(2)}" if f"{m.group(1)}/{m.group(2)}" in _FRACTIONS
                           else f"{m.group(1)} over {m.group(2)}", text)  # fmt: skip
    text = _LATEX_SQRT.sub(r"the square root of \1", text)
    text = re.sub(r"\^\s*\{?\\circ\}?", "°", text)  # 100^\circ C: then "100 degrees Celsius" below
    text = _LATEX_COMMAND.sub(lambda m: _LATEX_WORDS.get(m.group(1), f" {m.group(1)} "), text)
    return re.sub(r"\^\{(\d)\}", r"^\1", text).replace("{", "").replace("}", "")


def _rounded(m: re.Match[str]) -> str:
    """The decimal rounded to the digits before its noise: 30, 0.3 (not 0.00005, whose zeros are its value)."""
    places = len(m.group(2))
    if places == 0 and m.group(3)[0] == "0":
        return m.group()
    x = round(float(m.group().replace(",", "")), places)
    return f"{x:{',' if ',' in m.group(1) else ''}.{places}f}"


def _range(m: re.Match[str]) -> str:
    if _PHONE.fullmatch(m.group(1) + "-" + m.group(2)) and "-" in m.group():
        return m.group()
    return f"{m.group(1)} to {m.group(2)}" + (" " if m.group(3) else "")


def _not_pictograph(ch: str) -> bool:
    if ch in _INVISIBLE:
        return False
    return ch in _KEEP_SYMBOLS or unicodedata.category(ch) != "So"


def speakable(phrase: str, line_start: bool = True) -> str:
    """What the TTS should read for `phrase` (one phrase or a few sentences of a reply). line_start: the phrase
    starts a line of the reply, so "1. " or "- " there opens a list item; a phrase cut mid-line may start with a
    number that ends a sentence ("12 times 12 is" | "144. 100 divided by 8 ...": its "144." was dropped)."""
    text = _latex(_LINK.sub(r"\1", phrase))
    text = _DIVIDED.sub(" divided by ", _TIMES.sub(" × ", text))
    text = _EDGE_UNDERSCORE.sub("", text)
    if line_start:
        text = LIST_MARKER.sub("", text)
    text = _FLOAT_NOISE.sub(_rounded, text)
    text = _CENTS_AFTER.sub(_cents_after, _MONEY.sub(_money, text))
    text = _FEET_INCHES.sub(r"\1 feet \2 inches", text)
    text = _RANGE.sub(_range, text)
    text = _DEGREES.sub(lambda m: f"{m.group(1)} degrees {'Celsius' if m.group(2) == 'C' else 'Fahrenheit'}", text)
    text = _UNIT.sub(_unit, text)
    text = _FRACTION.sub(_fraction, text)
    text = _POWER.sub(lambda m: " squared" if "2" in m.group() or "²" in m.group() else " cubed", text)
    text = _POWER_OF.sub(r" to the power of \1", text)
    text = _ARROW.sub(" to ", text).replace("π", " pi ")
    text = "".join(filter(_not_pictograph, text))
    return _SPACE_BEFORE_MARK.sub(r"\1", " ".join(text.split()))  # "help 👍." -> "help ." -> "help."
