"""Unit conversions the user asks for, worked out exactly, for the note before a user's turn.

The default 0.5B model knows the famous ones ("How many feet are in a mile?" 5280) and makes up the rest:
"How many pounds is 5 kilograms?" -> 5000, "70 kilograms in pounds" -> 70,000, "100 degrees Fahrenheit to
Celsius" -> 212, "50 centimeters in inches" -> 50, "6 feet in meters" -> 0.328 (docs/MEASUREMENTS.md).
This reads "<number> <unit> in/to <unit>" and "how many <unit> (are) in (a | <number>) <unit>" and gives
the result ("10 miles is about 16 kilometers."), for length, mass, volume, area, time, speed and temperature;
amounts may hold a fraction ("a quarter cup", "1/4 cup", "two and a half hours"), and one turn may refer to
the last ("What's that in Celsius?", "And 20?"). Units of different kinds, or a unit it does not know, give
no note. Two more notes read the same amounts: a trip's time at a speed or its distance in a time
(`travel_note`), and a recipe amount doubled, tripled or halved (`scaled_note`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from voicebot.arithmetic import follow_up_lead, read_number, say_number, tokenize

__all__ = [
    "arrival_note", "comparison_note", "conversion_note", "conversions", "count_needed_note", "durations_note",
    "hours_minutes", "parts_note", "scaled_note", "span_note", "travel_note", "unit_named", "volume_note",
]


@dataclass(frozen=True)
class _Unit:
    kind: str
    size: Fraction  # in the kind's base unit (meter, kilogram, liter, second, m/s); temperature: see _kelvin
    one: str
    many: str


_GALLON = Fraction("3.785411784")  # US liquid gallon, in liters
_IMPERIAL_GALLON = Fraction("4.54609")  # in liters
_POUND = Fraction("0.45359237")  # in kilograms
_UNIT_TABLE = [  # kind, size in the base unit, singular, plural, other names
    ("length", Fraction(1, 1000), "millimeter", "millimeters", "millimetre", "millimetres", "mm"),
    ("length", Fraction(1, 100), "centimeter", "centimeters", "centimetre", "centimetres", "cm"),
    ("length", Fraction(1), "meter", "meters", "metre", "metres"),
    ("length", Fraction(1000), "kilometer", "kilometers", "kilometre", "kilometres", "km", "kms"),
    ("length", Fraction("0.0254"), "inch", "inches"),
    ("length", Fraction("0.3048"), "foot", "feet", "ft"),
    ("length", Fraction("0.9144"), "yard", "yards"),
    ("length", Fraction("1609.344"), "mile", "miles"),
    ("mass", Fraction(1, 10**6), "milligram", "milligrams", "mg"),
    ("mass", Fraction(1, 1000), "gram", "grams", "g"),
    ("mass", Fraction(1), "kilogram", "kilograms", "kilo", "kilos", "kg", "kgs"),
    ("mass", Fraction(1000), "metric ton", "metric tons", "tonne", "tonnes"),
    # a ton said alone is the US short ton, as a truck's weight limit is said; the note names which ton it means
    ("mass", _POUND * 2000, "short ton", "short tons", "ton", "tons", "us ton", "us tons"),
    ("mass", _POUND * 2240, "long ton", "long tons", "imperial ton", "imperial tons"),
    ("mass", _POUND / 16, "ounce", "ounces", "oz"),
    ("mass", _POUND, "pound", "pounds", "lb", "lbs"),
    ("mass", _POUND * 14, "stone", "stones"),
    ("volume", Fraction(1, 1000), "milliliter", "milliliters", "millilitre", "millilitres", "ml"),
    ("volume", Fraction(1), "liter", "liters", "litre", "litres"),
    ("volume", _GALLON, "gallon", "gallons"),
    ("volume", _GALLON / 4, "quart", "quarts"),
    ("volume", _GALLON / 8, "pint", "pints"),
    ("volume", _GALLON / 16, "cup", "cups"),
    ("volume", _GALLON / 128, "fluid ounce", "fluid ounces"),
    ("volume", _GALLON / 256, "tablespoon", "tablespoons"),
    ("volume", _GALLON / 768, "teaspoon", "teaspoons"),
    ("volume", _IMPERIAL_GALLON, "imperial gallon", "imperial gallons", "uk gallon", "uk gallons", "british gallon",
     "british gallons"),
    ("volume", _IMPERIAL_GALLON / 8, "imperial pint", "imperial pints", "uk pint", "uk pints", "british pint",
     "british pints"),
    ("volume", _IMPERIAL_GALLON / 160, "imperial fluid ounce", "imperial fluid ounces"),
    ("volume", _GALLON * 42, "barrel of oil", "barrels of oil", "oil barrel", "oil barrels"),  # not beer's or wine's
    ("area", Fraction(1, 10**4), "square centimeter", "square centimeters", "square centimetre", "square centimetres"),
    ("area", Fraction(1), "square meter", "square meters", "square metre", "square metres"),
    ("area", Fraction(10**6), "square kilometer", "square kilometers", "square kilometre", "square kilometres"),
    ("area", Fraction("0.0254") ** 2, "square inch", "square inches"),
    ("area", Fraction("0.3048") ** 2, "square foot", "square feet"),
    ("area", Fraction("0.9144") ** 2, "square yard", "square yards"),
    ("area", Fraction("1609.344") ** 2, "square mile", "square miles"),
    ("area", Fraction("4046.8564224"), "acre", "acres"),
    ("area", Fraction(10**4), "hectare", "hectares"),
    ("time", Fraction(1), "second", "seconds"),
    ("time", Fraction(60), "minute", "minutes"),
    ("time", Fraction(3600), "hour", "hours"),
    ("time", Fraction(86400), "day", "days"),
    ("time", Fraction(7 * 86400), "week", "weeks"),
    ("time", Fraction(14 * 86400), "fortnight", "fortnights"),
    ("time", Fraction(365 * 86400), "year", "years"),
    ("speed", Fraction(1609344, 3600 * 1000), "mile per hour", "miles per hour", "mph", "miles an hour",
     "mile an hour"),
    ("speed", Fraction(1000, 3600), "kilometer per hour", "kilometers per hour", "km/h", "kph", "kilometres per hour",
     "kilometers an hour", "kilometres an hour", "km an hour", "km per hour", "kilometer an hour"),
    ("speed", Fraction(1), "meter per second", "meters per second"),
    ("temperature", Fraction(1), "degree Celsius", "degrees Celsius", "celsius", "centigrade", "c"),
    ("temperature", Fraction(1), "degree Fahrenheit", "degrees Fahrenheit", "fahrenheit", "f"),
    ("temperature", Fraction(1), "kelvin", "kelvins"),
]


def _index(table: list) -> dict[tuple[str, ...], _Unit]:
    """Every name of every unit, as tokens ("km/h" -> ("km", "h")); a temperature also after "degree(s)"."""
    names: dict[tuple[str, ...], _Unit] = {}
    for kind, size, one, many, *others in table:
        unit = _Unit(kind, size, one, many)
        for name in (one, many, *others):
            words = tuple(tokenize(name))
            names[words] = unit
            if kind == "temperature" and words[0] not in ("degree", "degrees"):
                names[("degrees", *words)] = names[("degree", *words)] = unit
    return names


_NAMES = _index(_UNIT_TABLE)
_LONGEST = max(len(words) for words in _NAMES)
# Single letters are units only after "degrees" ("100 degrees F"), never alone ("Is vitamin C ...").
_BARE_LETTERS = {("c",), ("f",), ("g",)}


@dataclass(frozen=True)
class Conversion:
    amount: Fraction
    source: _Unit
    target: _Unit
    inches: Fraction | None = None  # "5 foot 10": amount is in feet, inches already counted in it

    def note(self) -> str:
        value = _convert(self.amount, self.source, self.target)
        if self.inches is not None:
            amount = _feet_inches(self.amount, self.inches)
        else:  # "a quarter of a cup", not "0.25 cups"
            amount = _said(self.amount, self.source)
            amount = amount[0].upper() + amount[1:]
        said = say_number(value)
        # rounded as a voice says it: "5 kilograms is about 11 pounds", not 11.02; but one unit in another is the
        # answer itself ("1 square meter is about 10.76 square feet", "1 ounce is about 28.35 grams")
        inexact = said.startswith("about ")
        if (abs(value) >= 100 and value.denominator != 1) or (inexact and abs(value) >= 1 and self.amount != 1):
            places = 1 if abs(value) < 10 or (abs(value) < 100 and self.amount.denominator != 1) else 0
            rounded = round(value, places)
            said = say_number(rounded) if rounded == value else f"about {say_number(rounded)}"
        return f"{amount} is {said} {self.target.one if value == 1 else self.target.many}."


def conversion_note(text: str, earlier: Sequence[str] = ()) -> str | None:
    """'10 miles is about 16 kilometers.' for the conversions the user asks for; None when there are none.
    `earlier`: the user's words before, the last last, for "What's that in Celsius?" after an amount."""
    found = (
        conversions(text)
        or [c for c in [_that_in(text, earlier) or _other_amount(text, earlier) or _other_unit(text, earlier)] if c]
        or _those(text, earlier)
    )
    return " ".join(c.note() for c in found) if found else None


# "So how many in a foot?" after "How many centimeters are in an inch?" (the model said "1 foot is 12 inches.")
_HOW_MANY_IN = re.compile(r"^\W*(?:(?:so|and|okay|ok|then|now)\W+)*how many (?:are |is )?(?:there )?in\b", re.I)


def _other_amount(text: str, earlier: Sequence[str]) -> Conversion | None:
    """The last conversion asked for, again with another amount: "And 20?", "What about in two pounds?" after
    "How many ounces in a pound?" (the model said "In too pounds, 1 pound is equal to 16 ounces.")."""
    tokens = tokenize(_written(text))
    lead = len(tokenize(how[0])) if (how := _HOW_MANY_IN.match(text)) else follow_up_lead(tokens)
    if lead is None or not earlier or not (before := conversions(earlier[-1], limit=1)):
        return None
    i = lead + (tokens[lead : lead + 1] in (["in"], ["for"], ["with"], ["then"]))  # Whisper's "and then a kilometer"
    amount = _amount(tokens, i, need_number=tokens[i : i + 1] not in (["a"], ["an"], ["one"]))  # "And in a foot?"
    if amount is not None:
        (value, unit), end, inches = amount
    elif (number := read_number(tokens, i)) is not None:  # "And 20?": in the last question's unit
        (value, end), unit, inches = number, before[0].source, None
    else:
        return None
    rest = [t for t in tokens[end:] if t not in ("instead", "then", "please", ",")]
    if rest not in ([], ["?"], ["."], ["!"]) or unit.kind != before[0].target.kind or unit == before[0].target:
        return None
    return Conversion(value, unit, before[0].target, inches)


# The last conversion's units as "those": "And how many of those in a whole day?" after "How many minutes are in an
# hour?" (the model said "1 hour is 60 minutes" again), and after "How many days are in a fortnight?", "How many of
# those in a year?": which of its two units "those" means, people differ, so both are said.
_THOSE = re.compile(r"\bhow many (?:of )?(?:those|them|these)\b", re.IGNORECASE)
_WHOLE = re.compile(r"\b(?:whole|full|entire|single)\s+", re.IGNORECASE)


def _those(text: str, earlier: Sequence[str]) -> list[Conversion]:
    if not earlier or not _THOSE.search(text) or not (before := conversions(earlier[-1], limit=1)):
        return []
    found = []
    for unit in (before[0].target, before[0].source):
        asked = conversions(_THOSE.sub(f"how many {unit.many}", _WHOLE.sub("", text)), limit=1)
        found += [c for c in asked if c.source != c.target]
    return found


# The last conversion asked in another unit: "And how many yards?", "And in yards?", "What about meters?" after "How
# many feet are in a mile?" (the model said "5280 feet, which is equal to 3 feet and 280 yards").
_OTHER_UNIT = re.compile(
    r"^\W*(?:(?:and|so|okay|ok|now)\W+)*(?:what about |how about )?(?:how many |in |into )?(?P<unit>[a-z /]+?)"
    r"(?:,? (?:please|then|instead))?\W*$",
    re.IGNORECASE,
)


def _other_unit(text: str, earlier: Sequence[str]) -> Conversion | None:
    if not earlier or not (asked := _OTHER_UNIT.match(text)) or not (before := conversions(earlier[-1], limit=1)):
        return None
    tokens = tokenize(asked["unit"])
    unit = _unit(tokens, 0)
    if unit is None or unit[1] != len(tokens) or unit[0].kind != before[0].source.kind or unit[0] == before[0].source:
        return None
    return _fluid(Conversion(before[0].amount, before[0].source, unit[0], before[0].inches))


# "How many teaspoons is that?" asks what "What's that in teaspoons?" asks (the model said 4 for a quarter cup: 12).
# "My recipe says 350 Fahrenheit. What's in Celsius?": Whisper dropped the "that".
_WHATS_IN = re.compile(r"\bwhat(?:'s| is)\s+in\b(?=\s+\w+\W*$)", re.IGNORECASE)
_HOW_MANY_THAT = re.compile(r"\bhow (?:many|much) ([a-z ]+?) (?:is|are|would be|'s) (?:that|it|this)\b", re.IGNORECASE)


def _that_in(text: str, earlier: Sequence[str]) -> Conversion | None:
    """The last amount said, in the unit "that" or "it" is asked in: "The recipe says 350 degrees Fahrenheit.
    What's that in Celsius?" (no note: the model said "98.6 degrees Fahrenheit"), also one turn later."""
    text = _HOW_MANY_THAT.sub(r"that in \1", _WHATS_IN.sub("what's that in", text))
    tokens = tokenize(_written(text))
    lead = follow_up_lead(tokens) or 0
    if tokens[lead : lead + 1] == ["in"]:  # "And in kilograms?"
        k, target = 0, _unit(tokens, lead + 1)
    else:
        for k in range(len(tokens) - 2):
            if tokens[k] in ("that", "it", "this") and tokens[k + 1] in ("in", "to", "into"):
                target = _unit(tokens, k + 2)
                break
        else:
            return None
    ends = ("?", ".", "!", "please", "roughly", "approximately", "exactly", "about")  # "in Celsius roughly?"
    if target is None or (target[1] != len(tokens) and tokens[target[1]] not in ends):
        return None
    for words in (tokens[:k], *(tokenize(_written(t)) for t in reversed(earlier[-1:]))):
        if said := _amounts(words):
            (value, source), _, inches = said[-1]
            if source.kind == target[0].kind and source != target[0]:
                return Conversion(value, source, target[0], inches)
            return None
    return None


# "a US gallon" is the table's gallon; "leaders" is how Whisper hears "liters" in "How many liters ..." and "5 liters".
_US = re.compile(
    r"\b(?P<the>(?:the|a|an) )?(?:us|u\.s\.|american) "
    r"(?=(?:liquid )?(?:gallons?|quarts?|pints?|cups?|fluid ounces?)\b)",
    re.IGNORECASE,
)
_LEADERS = re.compile(r"(?<=\bhow many )leaders\b|(?<=\d )leaders\b|(?<=\ba )leader(?= of)", re.IGNORECASE)


# Imperial measures named once stand for every gallon and pint of the turn: "How many liters does a 5 gallon water
# butt hold? Imperial gallons, that is." (the model said 12.5: it is about 23).
_IMPERIAL = re.compile(r"\b(?:imperial|uk|british)\s+(?:gallons?|pints?)\b", re.IGNORECASE)
_NOT_IMPERIAL = re.compile(r"\b(?<!imperial )(?<!uk )(?<!british )(?=(?:gallons?|pints?)\b)", re.IGNORECASE)


def _written(text: str) -> str:
    """Amounts as the parsers read them: "1/4 cup" as "1 over 4 cup", 6'2" as "6 feet 2 inches", "a US gallon" as
    "a gallon", "how many leaders" as "how many liters", every gallon as an imperial one where one was named."""
    if _IMPERIAL.search(text):
        text = _NOT_IMPERIAL.sub("imperial ", text)
    text = _US.sub(lambda m: "a " if m["the"] else "", text)
    text = _LEADERS.sub(lambda m: m[0].lower().replace("leader", "liter"), text)
    text = re.sub(r"(\d+)\s*/\s*(\d+)", r"\1 over \2", text)
    text = re.sub(r"(?<![\w.])(\d)['’′]\s?(\d{1,2})(?:\"|”|″|'')?(?![\w'])", r"\1 feet \2 inches", text)
    return re.sub(r"(?<![\w.])(\d)['’′](?![\w'])", r"\1 feet", text)


def conversions(text: str, limit: int = 2) -> list[Conversion]:
    """The conversions asked for in `text`: "<number> <unit> in|to|into <unit>", "how many <unit> are in
    (a | <number>) <unit>", "how many <unit> is <number> <unit>"."""
    tokens = tokenize(_written(text))
    found: list[Conversion] = []
    i = 0
    while i < len(tokens) and len(found) < limit:
        parsed = _how_many(tokens, i) or _amount_in(tokens, i)
        if parsed is None:
            i += 1
            continue
        conversion, i = _fluid(parsed[0]), parsed[1]
        if conversion.source.kind == conversion.target.kind and conversion.source != conversion.target:
            found.append(conversion)
    return found


# Which of two units is more: "Which is longer, a kilometer or a mile?" (the 0.5B: "A kilometer is longer than a
# mile."), "Is a liter bigger than a quart?".
_MORE = {"longer": "length", "shorter": "length", "heavier": "mass", "lighter": "mass", "bigger": None,
         "larger": None, "smaller": None, "more": None, "less": None}  # fmt: skip
_ONE = r"(?:an? |one )?(?P<{0}>[a-z ]+?)"
_WHICH_MORE = re.compile(
    rf"\bwhich is (?P<more>{'|'.join(_MORE)})\W+{_ONE.format('a')} or {_ONE.format('b')}\W*$|"
    rf"\bis {_ONE.format('c')} (?P<more2>{'|'.join(_MORE)}) than {_ONE.format('d')}\W*$",
    re.IGNORECASE,
)
_SAY_MORE = {"length": "longer", "mass": "heavier", "volume": "bigger", "area": "bigger", "time": "longer",
             "speed": "faster"}  # fmt: skip


def comparison_note(text: str) -> str | None:
    """'A mile is longer: 1 mile is about 1.61 kilometers.' for which of two units of a kind is more; else None."""
    m = _WHICH_MORE.search(text)
    if m is None:
        return None
    said = [m[g] for g in ("ab" if m["a"] else "cd")]
    named = [_unit(tokens, 0) for tokens in map(tokenize, said)]
    if any(n is None or n[1] != len(tokenize(w)) for n, w in zip(named, said, strict=True)):
        return None  # "a ton of bricks": more than a unit
    one, other = named[0][0], named[1][0]  # type: ignore[index]
    kind = _MORE[(m["more"] or m["more2"]).lower()]
    if one.kind != other.kind or one == other or one.kind not in _SAY_MORE or kind not in (None, one.kind):
        return None
    big, small = (one, other) if one.size > other.size else (other, one)
    article = "An" if re.match(r"[aeiou]", big.one) else "A"
    ratio = say_number(big.size / small.size)
    return f"{article} {big.one} is {_SAY_MORE[big.kind]}: 1 {big.one} is {ratio} {small.many}."


_HOW_LONG = re.compile(r"\bhow (long|much time)\b|\bhow many (hours|minutes)\b", re.IGNORECASE)
_HOW_FAR = re.compile(r"\bhow far\b|\bhow many (miles|kilometers|kilometres|km)\b", re.IGNORECASE)


def travel_note(text: str) -> str | None:
    """'250 kilometers at 100 kilometers per hour takes 2 hours and 30 minutes.' for how long a trip takes at a
    speed, or how far one goes in a time ("How far do I get in 3 hours at 70 miles per hour?"); else None. The
    0.5B answered "It will take 250 kilometers at 100 kilometers an hour to drive."."""
    tokens = tokenize(text)
    found: dict[str, list[tuple[Fraction, _Unit]]] = {"length": [], "speed": [], "time": []}
    for (value, unit), end, _ in _amounts(tokens):
        hourly = _NAMES.get((unit.one, "per", "hour"))  # "100 kilometers an hour"
        if hourly and tokens[end : end + 2] in (["an", "hour"], ["a", "hour"], ["per", "hour"]):
            unit = hourly
        if unit.kind in found:
            found[unit.kind].append((value, unit))
    if len(found["speed"]) != 1 or found["speed"][0][0] <= 0:
        return None
    speed, per_hour = found["speed"][0]
    pace = speed * per_hour.size  # meters per second
    if _HOW_LONG.search(text) and len(found["length"]) == 1 and not found["time"]:
        distance, unit = found["length"][0]
        took = hours_minutes(round(distance * unit.size / pace / 60))
        return f"{_said(distance, unit)} at {_said(speed, per_hour)} takes {took or 'less than a minute'}."
    if _HOW_FAR.search(text) and len(found["time"]) == 1 and not found["length"]:
        duration, unit = found["time"][0]
        length = _NAMES[(per_hour.many.split()[0],)] if per_hour.one != "meter per second" else _NAMES[("meters",)]
        gone = duration * unit.size * pace / length.size
        return f"In {_said(duration, unit)} at {_said(speed, per_hour)} you go {_said(gone, length)}."
    return None


_SCALE = re.compile(  # "half" only as "half of" / "half the" ("half a cup" is an amount, not a halving)
    r"\b(doubl(?:e|ed|ing)|tripl(?:e|ed|ing)|halv(?:e|ed|ing)|half(?=\s+(?:of|the)\b))\b(?!.?check)", re.IGNORECASE
)
_FACTOR = {"doubl": 2, "tripl": 3, "halv": Fraction(1, 2), "half": Fraction(1, 2)}


def scaled_note(text: str) -> str | None:
    """'Doubled, 3/4 cup is 1.5 cups.' for a recipe amount the user doubles, triples or halves ("I need to double a
    recipe that calls for 3/4 cup of sugar." got "2.25 cups"); None unless the words name one such amount."""
    scale = _SCALE.search(text)
    if scale is None:
        return None
    amounts = _amounts(tokenize(_written(text)))
    if len(amounts) != 1 or amounts[0][2] is not None:
        return None
    (value, unit), _, _ = amounts[0]
    factor = next(f for start, f in _FACTOR.items() if scale[1].lower().startswith(start))
    done = {2: "Doubled", 3: "Tripled"}.get(factor, "Halved")  # type: ignore[call-overload]
    return f"{done}, {_said(value, unit)} is {_said(value * factor, unit)}."


_CLOCK = re.compile(r"\b(\d{1,2})(?::(\d{2}))?\s*(?:([ap])\.?\s?m\b\.?)?", re.IGNORECASE)
# Asks when: "When do I land?", "What time ...?", and "What's 3 hours after 10:30?".
_WHEN = re.compile(r"\b(when|what time)\b|^\W*(what's|what is|whats)\b.*\b(after|before)\b", re.IGNORECASE)
# Whisper writes a clock time without its colon: "three hours after 1030", "45 minutes before 210".
_COLONLESS = re.compile(
    r"\b(after|before|at|from|until|till)\s+([01]?\d|2[0-3])([0-5]\d)\b(?!\s*(?:years?|days?|minutes?|hours?|people))",
    re.IGNORECASE,
)
# Whisper writes a clock time with a dot: "leaves at 10.40 at night", "starts at 7.30 pm" (not "$10.40", "7.5 hours").
_DOTTED = re.compile(
    r"(?<![$£€\d.])\b(?P<lead>(?:at|after|before|from|until|till|by) )?(?P<hour>[01]?\d|2[0-3])\.(?P<minute>[0-5]\d)\b"
    r"(?![.\d]|\s*(?:hours?|minutes?))"
    r"(?(lead)|(?=\s*(?:[ap]\.?\s?m\b|at night|in the (?:morning|afternoon|evening)|tonight)))",
    re.IGNORECASE,
)
# Whisper writes a time with a space before a part of the day: "till 5 30 in the evening".
_SPACED = re.compile(
    r"\b([01]?\d|2[0-3]) ([0-5]\d)\b(?=\s*(?:[ap]\.?\s?m\b|at night|in the (?:morning|afternoon|evening)|tonight))",
    re.IGNORECASE,
)
# The part of the day said after a time: "10:40 at night" is 10:40 PM, "2:00 at night" 2:00 AM.
_PART_OF_DAY = re.compile(
    r"\b(\d{1,2}(?::\d{2})?)\s+(at night|in the (?:morning|afternoon|evening)|tonight)\b", re.IGNORECASE
)
_BEFORE = re.compile(r"\b(before|earlier than|prior to)\s*$", re.IGNORECASE)  # "45 minutes before [2:10]"
# A time something must be done by, and a question about when to begin: "We want to eat at 6:30 and the casserole
# needs 45 minutes, what time should it go in?" (it had got "6:30 plus 45 minutes is 7:15").
_DEADLINE = re.compile(
    r"\b(?:eat|eating|serve|serving|dinner|lunch|breakfast|ready|done|finished|there|arrive|arriving|be|land|"
    r"landing|ends?|ending|finish|finishes|by|due|meeting|appointment)\W+(?:\w+\W+){0,2}$",
    re.IGNORECASE,
)
_START_ASKED = re.compile(
    r"\b(?:what time|when)\s+(?:should|do|does|did|must|would|will|can|shall|have|need)\b(?:\s+\w+){1,4}?\s+"
    r"(?:go in|go into|put|start|started|leave|begin|began|set off|head out|get going|depart)\b"
    r"|\bhow early\b|\b(?:what time|when) to (?:start|leave|put|begin|set off|head out)\b",
    re.IGNORECASE,
)
# "quarter past 3", "half past seven", "10 to 8" (Whisper also writes "half pass"): as H:MM.
_SPOKEN_CLOCK = re.compile(
    r"\b(quarter|half|\d{1,2}|five|ten|twenty|twenty[- ]five)\s+(past|pass|after|to|till|before)\s+"
    r"(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b(?!\s*(?:minutes?|hours?|:|\.\d))",
    re.IGNORECASE,
)


def _on_the_dial(m: re.Match[str]) -> str:
    said = m[1].lower().replace("-", " ")
    minutes = {"quarter": 15, "half": 30}.get(said) or read_number(tokenize(said), 0)[0]  # type: ignore[index]
    hour = int(read_number(tokenize(m[3]), 0)[0])  # type: ignore[index]
    if not (0 < minutes < 60 and 1 <= hour <= 12) or (said == "half" and m[2].lower() in ("to", "till", "before")):
        return m.group()
    if m[2].lower() in ("to", "till", "before"):
        hour, minutes = hour - 1 or 12, 60 - minutes
    return f"{hour}:{int(minutes):02d}"


# A trip's time again, for the same start: "And if there's traffic and it takes an hour?"
_WHAT_IF = re.compile(r"^\W*(and|but|so|what|how about|if|say|suppose)\b", re.IGNORECASE)


def arrival_note(text: str, earlier: Sequence[str] = ()) -> str | None:
    """'3:15 plus 2 hours and 50 minutes is 6:05.' for when something ends that starts at a clock time and lasts
    a while ("A train leaves at 3:15 and the trip takes 2 hours and 50 minutes. When does it arrive?" got
    "5:65"), or a time that long before one ("45 minutes before 2:10" had got 2:55); else None. A time with AM or
    PM keeps it, past noon or midnight too. A follow-up that names only another duration starts where the user's
    words before did (`earlier`: theirs so far, the last last; the model said 8:25 again to "And if it takes an
    hour?")."""
    if _WHEN.search(text):
        return _arrival(_as_clock(_SPOKEN_CLOCK.sub(_on_the_dial, _COLONLESS.sub(r"\1 \2:\3", text))))
    if not earlier or not _WHAT_IF.match(text) or not (before := arrival_note(earlier[-1], earlier[:-1])):
        return None
    return _arrival(f"{re.split(' (?:plus|minus) ', before)[0]} {text}")


# How long from one clock time to another: "My shop's open from 9 in the morning till 5:30 in the evening, how many
# hours is that?", "How many hours from 9 am to 5:30 pm?"
_SPAN = re.compile(
    r"\bfrom (?P<a>\d{1,2}(?::\d{2})?(?: ?(?:[ap]\.m\.|[ap]m\b))?|noon|midnight) (?:to|till|until|til|through|and) "
    r"(?P<b>\d{1,2}(?::\d{2})?(?: ?(?:[ap]\.m\.|[ap]m\b))?|noon|midnight)",
    re.IGNORECASE,
)
_HOW_LONG = re.compile(r"\bhow (?:many (?:hours|minutes)|long)\b", re.IGNORECASE)


def span_note(text: str) -> str | None:
    """'From 9 AM to 5:30 PM is 8 hours and 30 minutes.'; None unless the words ask how long from one time to
    another. Two times without AM or PM are read on a 12-hour dial, the second after the first ("9 to 5")."""
    if not _HOW_LONG.search(text):
        return None
    if (m := _SPAN.search(_as_clock(text))) is None:
        return None
    minutes = [_minutes(m[k]) for k in "ab"]
    if minutes[0] is None or minutes[1] is None:
        return None
    (start, half_a), (end, half_b) = minutes  # type: ignore[misc]
    dial = 24 * 60 if half_a and half_b else 12 * 60
    length = (end - start) % dial or dial
    if length >= 24 * 60 or (m["a"].isdigit() and m["b"].isdigit() and length > 12 * 60):
        return None
    return f"From {m['a']} to {m['b']} is {hours_minutes(length)}."


def _minutes(said: str) -> tuple[int, bool] | None:
    """Minutes past midnight of a clock time as said ("5:30 PM", "noon", "9"), and whether it had AM or PM."""
    said = said.lower().replace(".", "")
    if said in ("noon", "midnight"):
        return (12 * 60 if said == "noon" else 0), True
    m = re.fullmatch(r"(\d{1,2})(?::(\d{2}))? ?([ap]m)?", said)
    if m is None or int(m[1]) > 23 or int(m[2] or 0) > 59 or (m[3] and not 1 <= int(m[1]) <= 12):
        return None
    hour = int(m[1]) % 12 + (12 if m[3] == "pm" else 0) if m[3] else int(m[1])
    return hour * 60 + int(m[2] or 0), m[3] is not None


# An hour said in words before a part of the day: "I start at seven in the evening" (Whisper's words for a time).
_HOURS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")
_HOUR_WORD = re.compile(
    rf"\b({'|'.join(_HOURS)})(?=\s+(?:o'clock|at night|in the (?:morning|afternoon|evening)|tonight|[ap]\.?\s?m\b))",
    re.IGNORECASE,
)


def _as_clock(text: str) -> str:
    """The words with Whisper's clock times as H:MM and a part of the day as AM or PM: "leaves at 10.40 at night" ->
    "leaves at 10:40 PM", "till 5 30 in the evening" -> "till 5:30 PM", "seven in the evening" -> "7 PM"."""
    text = _HOUR_WORD.sub(lambda m: str(_HOURS.index(m[1].lower()) + 1), text)
    text = _SPACED.sub(r"\1:\2", _DOTTED.sub(lambda m: f"{m['lead'] or ''}{m['hour']}:{m['minute']}", text))
    return _PART_OF_DAY.sub(_am_or_pm, text)


def _am_or_pm(m: re.Match[str]) -> str:
    """'10:40 PM' for "10:40 at night"; a time the words put in the small hours of the night is AM."""
    hour, part = int(m[1].split(":")[0]), m[2].lower()
    if not 1 <= hour <= 12:
        return m.group()
    night = part in ("at night", "tonight") and (hour == 12 or hour < 6)
    return f"{m[1]} {'AM' if part == 'in the morning' or night else 'PM'}"


def _arrival(text: str) -> str | None:
    starts = [m for m in _CLOCK.finditer(text) if m[2] or m[3]]  # "3:15", "3 PM", not a bare number
    if len(starts) != 1:
        return None
    start = starts[0]
    tokens = tokenize(text[: start.start()] + " " + text[start.end() :])
    lasts = [a for a in _amounts(tokens, need_number=False) if a[0][1].kind == "time"]
    if not lasts or len({a[0][1] for a in lasts}) != len(lasts):  # "2 hours and 50 minutes": each unit once
        return None
    minutes = sum(value * unit.size / 60 for (value, unit), _, _ in lasts)
    if minutes <= 0 or minutes >= 24 * 60 or minutes.denominator != 1:
        return None
    hour, minute, half = int(start[1]), int(start[2] or 0), (start[3] or "").lower()
    if not (1 <= hour <= 12 if half else 0 <= hour <= 23) or minute > 59:
        return None
    day = 24 * 60 if half or hour > 12 or hour == 0 else 12 * 60  # a bare "3:15" may be AM or PM: on a 12 h dial
    begun = (hour % 12 + (12 if half == "p" else 0)) * 60 + minute if half else hour * 60 + minute
    # "What time is it 45 minutes before 2:10?", "... eat at 6:30 ... what time should it go in?"
    back = bool(_BEFORE.search(text[: start.start()])) or bool(
        _START_ASKED.search(text) and _DEADLINE.search(text[: start.start()])
    )
    end = (begun + (-1 if back else 1) * int(minutes)) % day
    said = " and ".join(_said(value, unit) for (value, unit), _, _ in lasts)
    if half:
        clock = f"{(end // 60) % 12 or 12}:{end % 60:02d} {'PM' if end >= 12 * 60 else 'AM'}"
    else:
        clock = f"{(end // 60) or (12 if day == 12 * 60 else 0)}:{end % 60:02d}"
    return f"{start.group().strip()} {'minus' if back else 'plus'} {said} is {clock}."


# A length, a weight or a volume cut or shared into equal parts: "If I cut a 2 meter plank into 8 equal pieces, how
# long is each piece in centimeters?", "Divide 3 liters of soup into 12 bowls."
_INTO_PARTS = re.compile(
    r"\b(?:cut|cutting|divide|dividing|split|splitting|chop|chopping|saw|sawing|slice|slicing|pour|pouring)\b"
    r"(?P<what>.+?)\b(?:into|in)\s+(?P<count>\d+|[a-z]+)\s+(?:equal\s+|even\s+|same[- ]size\s+)?"
    r"(?:pieces|parts|lengths|sections|bits|slices|strips|portions|servings|bowls|glasses|cups|bottles|jars|bags)\b",
    re.IGNORECASE,
)
_SMALLER = {"meter": "centimeter", "kilometer": "meter", "foot": "inch", "yard": "foot", "mile": "foot",
            "liter": "milliliter", "kilogram": "gram", "pound": "ounce", "gallon": "cup", "hour": "minute",
            "minute": "second"}  # fmt: skip


def hours_minutes(minutes: int) -> str:
    """'2 hours and 30 minutes'; "" for none."""
    return " and ".join(
        f"{n} {name}{'s' if n != 1 else ''}" for n, name in ((minutes // 60, "hour"), (minutes % 60, "minute")) if n
    )


# Times added up: "What's 45 minutes plus 50 minutes?", "1 hour 20 minutes plus 55 minutes" (no note before: the
# parser reads numbers, and these have units).
_PLUS = re.compile(r"\s+(?:plus|\+|and another|added to)\s+", re.IGNORECASE)


def durations_note(text: str) -> str | None:
    """'45 minutes plus 50 minutes is 1 hour and 35 minutes.'; None unless the words add times in minutes or hours."""
    parts = _PLUS.split(text)
    if len(parts) < 2:
        return None
    said, total = [], Fraction(0)
    for k, part in enumerate(parts):
        tokens = tokenize(part)
        times = _amounts(tokens[-6:] if k == 0 else tokens[:6])  # the amounts beside each "plus"
        times = times[-2:] if k == 0 else times[:2]  # "1 hour 20 minutes"
        if not times or any(t[0][1].one not in ("hour", "minute") for t in times):
            return None
        said.append(" ".join(_said(*t[0]) for t in times))
        total += sum(value * unit.size for (value, unit), _, _ in times)
    if total % 60:
        return None
    return f"{' plus '.join(said)} is {hours_minutes(int(total // 60))}."


def parts_note(text: str) -> str | None:
    """'2 meters in 8 equal parts is 0.25 meters each, or 25 centimeters.'; in the unit asked for at the end ("...
    in centimeters?"), else also in a smaller unit where a part is under one; None for other words."""
    m = _INTO_PARTS.search(_written(text))
    if m is None or (count := read_number(tokenize(m["count"]), 0)) is None or not 1 < count[0] <= 10**6:
        return None
    amounts = _amounts(tokenize(m["what"]))
    if len(amounts) != 1 or amounts[0][0][1].kind == "temperature":
        return None
    (value, unit), _, inches = amounts[0]
    each = value / count[0]
    whole = _said(value, unit) if inches is None else _feet_inches(value, inches)
    tokens = tokenize(text[m.end() :])
    asked = next((u for k in range(len(tokens)) if tokens[k] == "in" and (u := _unit(tokens, k + 1))), None)
    target = asked[0] if asked and asked[0].kind == unit.kind else None
    if target is None and each.denominator != 1 and unit.one in _SMALLER:  # 0.5 meters: 50 centimeters
        target = _NAMES[(_SMALLER[unit.one],)]
    said = f"{say_number(each)} {unit.one if each == 1 else unit.many} each"
    if target is not None and target != unit:
        other = _convert(each, unit, target)
        said = f"{said}, or {say_number(other)} {target.one if other == 1 else target.many}"
    return f"{whole[0].upper()}{whole[1:]} in {say_number(count[0])} equal parts is {said}."


# How many things it takes, each holding or covering an amount, for a total: "A gallon of paint covers about 400
# square feet. How many gallons do I need for 1,200 square feet?", "The patient needs 750 milligrams and the tablets
# are 250 milligrams each. How many tablets do I give?" (the 0.5B set up "a proportion" and stopped).
_HOW_MANY_THINGS = re.compile(r"\bhow many (?P<things>[a-z]+)\b", re.IGNORECASE)
_EACH = re.compile(
    r"\b(?:each|per|apiece|every|covers?|holds?|contains?|fits?|takes?|serves?|one|a single)\b", re.IGNORECASE
)
_WHOLE_ONES = re.compile(r"\b(?:need|buy|get|order|bring|pack|use|take|for)\b", re.IGNORECASE)  # not "give" a dose
_CAN = re.compile(r"\b(?:can|could)\b", re.IGNORECASE)


def count_needed_note(text: str) -> str | None:
    """'1,200 square feet at 400 square feet a gallon is 3 gallons.'; a count that is no whole number is rounded up
    where it is bought or filled ("3.25, so 4 gallons"); None unless the words give just two amounts of one kind,
    one of them a thing's, and ask how many things."""
    asked = _HOW_MANY_THINGS.search(text)
    if asked is None or not _EACH.search(text) or not asked["things"].lower().endswith("s"):
        return None
    things = asked["things"].lower()
    amounts = _amounts(tokenize(text))
    if len(amounts) != 2 or amounts[0][0][1].kind != amounts[1][0][1].kind or amounts[0][0][1].kind == "temperature":
        return None
    if (named := _NAMES.get((things,))) is not None and named.kind == amounts[0][0][1].kind:
        return None  # "how many feet is 3 yards and 2 feet": a conversion
    (a, a_unit), (b, b_unit) = amounts[0][0], amounts[1][0]
    (per, per_unit), (total, total_unit) = sorted(((a, a_unit), (b, b_unit)), key=lambda x: x[0] * x[1].size)
    if per <= 0 or per * per_unit.size == total * total_unit.size:
        return None
    count = total * total_unit.size / (per * per_unit.size)
    one = re.sub(r"(x|[sc]h|ss)es$", r"\1", things) if re.search(r"(x|[sc]h|ss)es$", things) else things[:-1]
    said = f"{_said(total, total_unit)} at {_said(per, per_unit)} a {one} is"
    if count.denominator == 1:
        return f"{said} {say_number(count)} {things if count != 1 else one}."
    if _CAN.search(text[asked.end() :]):  # "How many glasses can I fill?": only full ones
        return f"{said} {say_number(count)}, so {math.floor(count)} full {things}."
    if _WHOLE_ONES.search(text[asked.end() :]):  # "How many bags do I need?": one more for the rest
        return f"{said} {say_number(count)}, so {math.ceil(count)} {things}."
    return f"{said} {say_number(count)} {things}."


# A box's volume from its three sizes: "a raised bed 10 feet long and 4 feet wide and I want 6 inches of soil in it, how
# many cubic feet of soil do I need?" (the 0.5B began a method and stopped).
_VOLUME_ASKED = re.compile(
    r"\bcubic \w+|\bvolume\b|\bhow much (?:soil|dirt|mulch|concrete|sand|gravel|water|compost|topsoil)\b",
    re.IGNORECASE,
)
_CUBIC = re.compile(r"\bcubic (feet|foot|meters?|metres?|yards?|inch|inches|centimeters?|centimetres?)\b", re.I)


def volume_note(text: str) -> str | None:
    """'10 feet by 4 feet by 6 inches is 20 cubic feet.'; None unless the words give three lengths and ask a volume."""
    if not _VOLUME_ASKED.search(text):
        return None
    amounts = _amounts(tokenize(text))
    sizes = [(value, unit) for (value, unit), _, _ in amounts if unit.kind == "length"]
    if len(sizes) != 3 or len(amounts) != 3 or any(value <= 0 for value, _ in sizes):
        return None
    named = _NAMES.get((cubic[1].lower(),)) if (cubic := _CUBIC.search(text)) else None
    target = named if named is not None and named.kind == "length" else sizes[0][1]
    volume = math.prod((value * unit.size for value, unit in sizes), start=Fraction(1)) / target.size**3
    said = " by ".join(_said(value, unit) for value, unit in sizes)
    return f"{said} is {say_number(volume)} cubic {target.many}."


def _feet_inches(feet: Fraction, inches: Fraction) -> str:
    """'5 feet 10 inches' for a height read as feet with its inches counted in (`_amount`)."""
    return f"{say_number(feet - inches / 12)} feet {say_number(inches)} inches"


def _said(value: Fraction, unit: _Unit) -> str:
    """'3 cups', 'a quarter of a cup'."""
    if value in _PARTS:
        return f"{_PARTS[value].format(a='an' if re.match(r'[aeiou]|hour', unit.one) else 'a')} {unit.one}"
    return f"{say_number(value)} {unit.one if value == 1 else unit.many}"


def _amounts(tokens: list[str], need_number: bool = True) -> list[tuple[tuple[Fraction, _Unit], int, Fraction | None]]:
    """The amounts the words say, left to right, each read once ("6 feet 2 inches" is one, not also "2 inches")."""
    found, i = [], 0
    while i < len(tokens):
        amount = _amount(tokens, i, need_number=need_number)
        if amount is None:
            i += 1
        else:
            found.append(amount)
            i = amount[1]
    return found


def _fluid(c: Conversion) -> Conversion:
    """Ounces beside a volume are fluid ounces ("How many ounces in a gallon?": Whisper never writes "fluid")."""
    fluid = _NAMES[("fluid", "ounces")]
    if c.source.one == "ounce" and c.target.kind == "volume":
        return Conversion(c.amount, fluid, c.target, c.inches)
    if c.target.one == "ounce" and c.source.kind == "volume":
        return Conversion(c.amount, c.source, fluid, c.inches)
    return c


def _how_many(tokens: list[str], i: int) -> tuple[Conversion, int] | None:
    """'how many feet are (there) in a mile', 'how many kilometers is 10 miles'."""
    if tokens[i : i + 2] != ["how", "many"]:
        return None
    target = _unit(tokens, i + 2)
    if target is None:
        return None
    unit, j = target
    # "there in": an ASR dropped "are" ("how many hours there in a week")
    for link in (("are", "there", "in"), ("is", "there", "in"), ("there", "are", "in"), ("there", "is", "in"),
                 ("there", "in"), ("are", "in"), ("is", "in"), ("in",), ("is",),
                 ("are",), ("make", "up"), ("make",), ("makes",), ("does", "it", "take", "to", "make"),
                 ("would",), ("will",), ("does",), ("do",), ("of",)):  # fmt: skip
        if tuple(tokens[j : j + len(link)]) == link:
            j += len(link)
            break
    else:
        return None
    # "how many teaspoons would two and a half tablespoons be", "how many liters does a 5 gallon bucket hold"
    if link in (("would",), ("will",), ("does",), ("do",)):
        article = tokens[j : j + 1] in (["a"], ["an"], ["the"], ["my"], ["our"], ["your"])
        j += article and read_number(tokens, j + 1) is not None
    amount = _amount(tokens, j)
    if amount is None:
        return None
    (value, source), end, inches = amount
    return Conversion(value, source, unit, inches), end


def _amount_in(tokens: list[str], i: int) -> tuple[Conversion, int] | None:
    """'6 feet in meters', 'convert 100 degrees Fahrenheit to Celsius', '70 kg into pounds'."""
    if i > 0 and tokens[i - 1][:1].isdigit():
        return None
    amount = _amount(tokens, i, need_number=True)
    if amount is None:
        return None
    (value, source), j, inches = amount
    for link in (("in",), ("to",), ("into",), ("is", "how", "many"), ("in", "how", "many"), ("and",)):
        if link == ("and",) and not _asks(tokens):  # Whisper's "and" for "in": "What's 350 Fahrenheit and Celsius?"
            continue
        if tuple(tokens[j : j + len(link)]) == link:
            target = _unit(tokens, j + len(link))
            if target is not None:
                return Conversion(value, source, target[0], inches), target[1]
    if source.kind == "temperature" and tokens[j : j + 1] in (["in"], ["to"]) and _misheard_scale(tokens, j + 1):
        return Conversion(value, source, _OTHER_SCALE[source.one], inches), j + 2
    return None


def _misheard_scale(tokens: list[str], i: int) -> bool:
    """Whether tokens[i] is a word that ends a question, where a scale was asked for and the ASR misheard it ("What's
    350 Fahrenheit in Salzas?"); not "It's 90 degrees Fahrenheit in Texas.", which asks nothing."""
    ends = all(t in ("?", ".", "!") for t in tokens[i + 1 :])
    return _asks(tokens) and i < len(tokens) and tokens[i].isalpha() and ends


def _asks(tokens: list[str]) -> bool:
    return "?" in tokens or tokens[:1] in (["what"], ["whats"], ["convert"], ["how"])


_ONE_WHOLE = ("whole", "entire", "full", "single", "regular", "normal")  # words between "a" and its unit


# The scale a temperature is asked in when the ASR garbled its name: the other of the two everyday ones.
_OTHER_SCALE = {"degree Fahrenheit": _NAMES[("celsius",)], "degree Celsius": _NAMES[("fahrenheit",)],
                "kelvin": _NAMES[("celsius",)]}  # fmt: skip


def _amount(
    tokens: list[str], i: int, need_number: bool = False
) -> tuple[tuple[Fraction, _Unit], int, Fraction | None] | None:
    """'a mile', 'one hour', '10 miles', 'minus 40 degrees Fahrenheit', '5 foot 10' (and the inches said
    after the feet, if any, also after "and" when they are named), 'an hour and a half'."""
    if (part := _fraction(tokens, i)) is not None:
        value, j = part
    elif not need_number and i < len(tokens) and tokens[i] in ("a", "an", "one"):
        value, j = Fraction(1), i + 1
        j += j < len(tokens) and tokens[j] in _ONE_WHOLE  # "in a whole day", "in a regular year"
    else:
        number = read_number(tokens, i)
        if number is None:
            return None
        value, j = number
    unit = _unit(tokens, j)
    if unit is None:
        return None
    k = unit[1] + (tokens[unit[1] : unit[1] + 1] == ["and"])  # "5 feet and 3 inches" (was read as 3 inches)
    if unit[0].one == "foot" and (inches := read_number(tokens, k)) is not None:  # "5 foot 10 (inches)"
        after = _unit(tokens, inches[1])
        if (after is None and k == unit[1]) or (after is not None and after[0].one == "inch"):
            return (value + inches[0] / 12, unit[0]), after[1] if after else inches[1], inches[0]
    k = unit[1]
    if tokens[k : k + 3] == ["and", "a", "half"]:  # "an hour and a half" (was read as an hour)
        return (value + Fraction(1, 2), unit[0]), k + 3, None
    return (value, unit[0]), k, None


_PART_WORDS = {"half": 2, "halves": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4, "fourth": 4,
               "fourths": 4, "eighth": 8, "eighths": 8}  # fmt: skip
_PARTS = {Fraction(1, 2): "half {a}", Fraction(1, 4): "a quarter of {a}", Fraction(3, 4): "three quarters of {a}",
          Fraction(1, 3): "a third of {a}", Fraction(2, 3): "two thirds of {a}",
          Fraction(1, 8): "an eighth of {a}"}  # fmt: skip


def _fraction(tokens: list[str], i: int) -> tuple[Fraction, int] | None:
    """An amount with a fraction in it, and the index of its unit: "half a cup", "a quarter (of a) cup", "three
    quarters of a cup", "one and a half cups", "1/4 cup" (read as "1 over 4"), "2 1/2 inches". Without this
    no note was made, and the model said "A quarter cup is equal to 2 tablespoons" (it is 4)."""

    def article(j: int) -> int:  # "of a", "of an", "a", "an" before the unit
        j += tokens[j : j + 1] == ["of"]
        return j + (tokens[j : j + 1] in (["a"], ["an"], ["the"]))  # "three quarters of the cup" (an ASR's "a")

    def over(j: int) -> tuple[Fraction, int] | None:  # "1 over 4"
        top = read_number(tokens, j)
        if top is None or tokens[top[1] : top[1] + 1] != ["over"]:
            return None
        if (bottom := read_number(tokens, top[1] + 1)) is None:
            return None
        return (top[0] / bottom[0], bottom[1]) if bottom[0] else None

    word = tokens[i] if i < len(tokens) else ""
    if word == "half" and tokens[i + 1 : i + 2] in (["a"], ["an"]):  # "half a cup"
        return Fraction(1, 2), i + 2
    if (part := over(i)) is not None:
        return part
    j = i + (word in ("a", "an", "one"))
    if j < len(tokens) and tokens[j] in _PART_WORDS and not tokens[j].endswith("s"):  # "a quarter (of a) cup"
        return Fraction(1, _PART_WORDS[tokens[j]]), article(j + 1)
    number = read_number(tokens, i)
    if number is None:
        return None
    whole, j = number
    if j < len(tokens) and tokens[j] in _PART_WORDS and whole < _PART_WORDS[tokens[j]]:  # "three quarters of a"
        return whole / _PART_WORDS[tokens[j]], article(j + 1)
    if (part := over(j)) is not None:  # "2 1/2 inches"
        return whole + part[0], part[1]
    if tokens[j : j + 1] == ["and"]:  # "one and a half cups", "two and three quarters cups"
        k = j + 1 + (tokens[j + 1 : j + 2] in (["a"], ["an"]))
        count = (Fraction(1), k) if k > j + 1 else read_number(tokens, k)
        if count is not None and count[1] < len(tokens) and tokens[count[1]] in _PART_WORDS:
            return whole + count[0] / _PART_WORDS[tokens[count[1]]], count[1] + 1
    return None


def unit_named(word: str) -> str | None:
    """The unit a one-word name stands for, in its plural ("km" -> "kilometers", "c" -> "degrees Celsius")."""
    unit = _NAMES.get((word,))
    return unit.many if unit is not None else None


def _unit(tokens: list[str], i: int) -> tuple[_Unit, int] | None:
    for n in range(_LONGEST, 0, -1):
        words = tuple(tokens[i : i + n])
        if len(words) == n and words in _NAMES and words not in _BARE_LETTERS:
            return _NAMES[words], i + n
    return None


def _convert(amount: Fraction, source: _Unit, target: _Unit) -> Fraction:
    if source.kind != "temperature":
        return amount * source.size / target.size
    return _from_kelvin(_kelvin(amount, source), target)


def _kelvin(amount: Fraction, unit: _Unit) -> Fraction:
    if unit.one == "degree Celsius":
        return amount + Fraction("273.15")
    if unit.one == "degree Fahrenheit":
        return (amount - 32) * Fraction(5, 9) + Fraction("273.15")
    return amount


def _from_kelvin(kelvin: Fraction, unit: _Unit) -> Fraction:
    if unit.one == "degree Celsius":
        return kelvin - Fraction("273.15")
    if unit.one == "degree Fahrenheit":
        return (kelvin - Fraction("273.15")) * Fraction(9, 5) + 32
    return kelvin
