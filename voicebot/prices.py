"""What some things cost at a price each (or at a price for some of them), and the fuel a drive takes, for the note
before a user's turn.

A road trip's and a shop's sums, which the 0.5B got wrong or answered with a formula: "Gas is $3.58 a gallon and I
need 12 gallons" -> "$43.84" (it is 42.96), "300 miles at 30 miles per gallon, how many gallons?" -> a LaTeX
formula and no number (docs/MEASUREMENTS.md, thirty-first session). The arithmetic parser reads numbers joined by
operators; these read a price per unit with a count of that unit, and a distance with a fuel economy.
"""

from __future__ import annotations

import re
from fractions import Fraction

from voicebot.arithmetic import cents_said, parts_as_decimals, read_number, say_money, say_number, tokenize

__all__ = ["basket_note", "coins_note", "fuel_note", "price_note", "some_for_note"]

_NUMBER = r"\d[\d,]*(?:\.\d+)?"
_PRICE = rf"(?:[$£€]\s*(?P<p1>{_NUMBER})|(?P<p2>{_NUMBER})\s*(?:dollars?|euros?|pounds?|bucks?)\b)"
_UNITS = {  # what a price is asked per, and its plural
    "gallon": "gallons", "liter": "liters", "litre": "litres", "pound": "pounds", "kilo": "kilos",
    "kilogram": "kilograms", "ounce": "ounces", "hour": "hours", "night": "nights", "day": "days", "week": "weeks",
    "month": "months", "person": "people", "ticket": "tickets", "dozen": "dozen", "box": "boxes", "bag": "bags",
    "bottle": "bottles", "can": "cans", "pack": "packs", "meter": "meters", "foot": "feet", "yard": "yards",
    "mile": "miles", "kilometer": "kilometers", "square foot": "square feet", "square meter": "square meters",
}  # fmt: skip
_UNIT_NAMES = "|".join(sorted(_UNITS, key=len, reverse=True))
_PER_UNIT = re.compile(
    rf"{_PRICE}\s*(?:a|an|per|each|for (?:a|an|one|each)|/)?\s*(?P<unit>{_UNIT_NAMES})\b(?!s)",
    re.IGNORECASE,
)
_COST_ASKED = re.compile(
    r"\bhow much\b|\bwhat(?:'s| is| will| would)? (?:the |that |it |this )?(?:cost|total|price|come to)\b|"
    r"\b(?:cost|costs|total)\b.*\?|\bwhat do i (?:owe|pay)\b|\bwhat (?:does|do|did|will) (?:she|he|they|i|we) "
    r"(?:earn|make|get paid)\b",  # wages: "worked 37 and a half hours at 16 dollars an hour, what do I owe her?"
    re.IGNORECASE,
)
# People who each did the same: "Three workers each put in 6 hours at 15 dollars an hour" (the note said one's 90).
_EACH_OF = re.compile(
    r"\b(?P<k>\d+|two|three|four|five|six|seven|eight|nine|ten) (?:workers|employees|people|staff|helpers|guys|"
    r"volunteers|kids|of (?:us|them))(?: who)? each\b",
    re.IGNORECASE,
)


def price_note(text: str) -> str | None:
    """'12 gallons at 3.50 dollars a gallon is 42 dollars.' where the words give a price per unit and a count of
    that unit and ask what it costs; None otherwise."""
    text = parts_as_decimals(cents_said(text))  # "37 and a half hours"
    priced = _PER_UNIT.search(text)
    if priced is None or not _COST_ASKED.search(text):
        return None
    unit = priced["unit"].lower()
    many = re.escape(_UNITS[unit])
    rest = text[: priced.start()] + " " + text[priced.end() :]
    counts = [m for m in re.finditer(rf"(\S+(?: \S+)?) (?:{many}|{re.escape(unit)}s?)\b", rest, re.IGNORECASE)]
    amounts = [a for m in counts if (a := _count(m[1])) is not None]
    if len(amounts) != 1:
        return None
    price = Fraction((priced["p1"] or priced["p2"]).replace(",", ""))
    each = say_money(priced.group(), price)
    n = amounts[0]
    said = f"{say_number(n)} {unit if n == 1 else _UNITS[unit]}"
    per = "an" if re.match(r"[aeiou]|hour", unit) else "a"  # "20 dollars an hour"
    if (people := _EACH_OF.search(text)) and (k := _count(people["k"])) is not None and k > 1:
        return (f"{said} at {each} {per} {unit} is {say_money(priced.group(), price * n)} each, so {say_number(k)} of "
                f"them is {say_money(priced.group(), price * n * k)}.")
    return f"{said} at {each} {per} {unit} is {say_money(priced.group(), price * n)}."


# Things at a price each, one kind or several, asked what they come to: "Two adult tickets are 22 pounds each and two
# child tickets are 11 pounds each. What's the total?" (the model read pounds as a weight: "a total weight of 44").
_COUNT_WORD = r"\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
_EACH_AT = re.compile(
    rf"\b(?P<n>{_COUNT_WORD})\s+(?P<item>[a-z]+(?:[ -][a-z]+){{0,2}}?)\s+(?:are|is|at|cost|costs|for|@)\s+"
    rf"{_PRICE}\s*(?:each|apiece|a piece)\b",
    re.IGNORECASE,
)
_TOTAL_ASKED = re.compile(
    r"\b(?:how much|total|altogether|all together|in all|come to|comes to|add up|adds up|owe|pay)\b", re.IGNORECASE
)


def basket_note(text: str) -> str | None:
    """'2 adult tickets at 22 pounds each is 44 pounds, and 2 child tickets at 11 pounds each is 22 pounds: 66
    pounds in all.'; None unless the words give things at a price each and ask what they come to."""
    text = cents_said(text)
    if not _TOTAL_ASKED.search(text):
        return None
    bought = []
    for m in _EACH_AT.finditer(text):
        n = _count("1" if m["n"].lower() in ("a", "an") else m["n"])
        if n is None:
            return None
        price = Fraction((m["p1"] or m["p2"]).replace(",", ""))
        bought.append((n, m["item"].lower(), price, m.group()))
    if not bought or len(re.findall(_PRICE, text, re.IGNORECASE)) != len(bought):  # a price of no count: no sum
        return None
    said = [f"{say_number(n)} {item} at {say_money(words, price)} each is {say_money(words, n * price)}"
            for n, item, price, words in bought]
    if len(said) == 1:
        return said[0] + "."
    total = say_money(bought[0][3], sum(n * price for n, _, price, _ in bought))
    return f"{', '.join(said[:-1])}, and {said[-1]}: {total} in all."


# A price for some things, then asked for another number of them: "If 4 apples cost 2 dollars, how much do 10 apples
# cost?", "3 notebooks are $7.50, how much for 5?"
_SOME_FOR = re.compile(
    rf"\b(?P<n1>\d+) (?P<item>[a-z]+)(?: [a-z]+)? (?:cost|costs|are|sell for|go for|for) {_PRICE}"
    r".*\bhow much (?:do |does |would |will |are |is |for |to buy |would it cost for |will it cost for )?(?P<n2>\d+)\b",
    re.IGNORECASE,
)


def some_for_note(text: str) -> str | None:
    """'4 apples for 2 dollars is 0.50 dollars each, so 10 cost 5 dollars.'; None for other words."""
    m = _SOME_FOR.search(cents_said(text))
    if m is None or not int(m["n1"]) or m["n1"] == m["n2"]:
        return None
    price, n1, n2 = Fraction((m["p1"] or m["p2"]).replace(",", "")), int(m["n1"]), int(m["n2"])
    each = say_money(m.group(), price / n1)
    total = say_money(m.group(), price / n1 * n2)
    return f"{n1} {m['item'].lower()} for {say_money(m.group(), price)} is {each} each, so {n2} cost" \
        f"{'s' if n2 == 1 else ''} {total}."


# US coins in an amount of dollars: "How many quarters are in 5 dollars?" (the model said 5).
_COINS = {"quarters": 25, "dimes": 10, "nickels": 5, "pennies": 1, "cents": 1}
_COINS_IN = re.compile(
    rf"\bhow many (?P<coin>{'|'.join(_COINS)}) (?:are )?(?:there )?(?:in|make|makes|make up|in a) "
    rf"(?:(?P<one>a|one) (?:dollar|buck)|\$\s*(?P<n>{_NUMBER})|(?P<n2>{_NUMBER}) (?:dollars?|bucks?))\b",
    re.IGNORECASE,
)


def coins_note(text: str) -> str | None:
    """'There are 20 quarters in 5 dollars.'; None for other words."""
    m = _COINS_IN.search(text)
    if m is None:
        return None
    dollars = Fraction(1) if m["one"] else Fraction((m["n"] or m["n2"]).replace(",", ""))
    coins = dollars * 100 / _COINS[m["coin"].lower()]
    if coins.denominator != 1:
        return None
    verb = "is" if coins == 1 else "are"
    return f"There {verb} {say_number(coins)} {m['coin'].lower()} in {say_money('$', dollars)}."


def _count(said: str) -> Fraction | None:
    """The number the words end with ("need 12", "twelve"): the count before a unit."""
    tokens = tokenize(said)
    for start in range(len(tokens)):
        read = read_number(tokens, start)
        if read is not None and read[1] == len(tokens) and read[0] > 0:
            return read[0]
    return None


# A car's fuel economy, and the distance of the drive.
_MPG = re.compile(
    rf"(?P<mpg>{_NUMBER})\s*(?:miles (?:per|a|to the|to a) gallon|mpg)\b|"
    rf"(?P<l100>{_NUMBER})\s*(?:liters?|litres?|l) (?:per|every|for every|a) 100 (?:kilometers|kilometres|km)\b|"
    rf"(?P<kpl>{_NUMBER})\s*(?:kilometers|kilometres|km) (?:per|a|to the) (?:liter|litre)\b",
    re.IGNORECASE,
)
_DISTANCE = re.compile(
    rf"(?P<d>{_NUMBER})\s*(?P<unit>miles|mi|kilometers|kilometres|km)\b"
    r"(?!\s*(?:per|a|an|to the|to a|every)\s+(?:gallon|liter|litre|hour)|\s*(?:per hour|an hour|/h|mph))",
    re.IGNORECASE,
)
_FUEL_ASKED = re.compile(
    r"\bhow (?:many|much) (?:gallons|liters|litres|gas|fuel|petrol|diesel)\b|\bhow much (?:will|would|does) "
    r"(?:it|the (?:trip|drive|gas|fuel|petrol)|gas|fuel|petrol) cost\b|\b(?:gas|fuel|petrol) (?:cost|money)\b|"
    r"\bhow much (?:do|will|would) i (?:need|use|spend)\b",
    re.IGNORECASE,
)
_PER_VOLUME = re.compile(
    rf"{_PRICE}\s*(?:a|per|for a|/)?\s*(?P<unit>gallon|liter|litre)\b", re.IGNORECASE
)


def fuel_note(text: str) -> str | None:
    """'300 miles at 30 miles per gallon takes 10 gallons.' (and what that costs at a price per gallon said too)
    where the words give a drive's distance and the car's fuel economy and ask for the fuel or its cost."""
    text = cents_said(text)
    economy = _MPG.search(text)
    if economy is None or not _FUEL_ASKED.search(text):
        return None
    distances = [d for d in _DISTANCE.finditer(text) if not economy.start() <= d.start() < economy.end()]
    if len(distances) != 1:  # not the "100 km" of "6 liters per 100 km"
        return None
    distance, unit = Fraction(distances[0]["d"].replace(",", "")), distances[0]["unit"].lower()
    miles = unit in ("miles", "mi")
    km = distance if not miles else distance * Fraction("1.609344")
    if economy["mpg"]:
        rate, volume = Fraction(economy["mpg"].replace(",", "")), "gallons"
        needed = (distance if miles else distance / Fraction("1.609344")) / rate if rate else None
        said = f"{say_number(rate)} miles per gallon"
    elif economy["l100"]:
        rate, volume = Fraction(economy["l100"].replace(",", "")), "liters"
        needed, said = km * rate / 100, f"{say_number(rate)} liters per 100 kilometers"
    else:
        rate, volume = Fraction(economy["kpl"].replace(",", "")), "liters"
        needed = km / rate if rate else None
        said = f"{say_number(rate)} kilometers per liter"
    if not needed:
        return None
    note = f"{say_number(distance)} {'miles' if miles else 'kilometers'} at {said} takes {say_number(needed)} {volume}."
    priced = _PER_VOLUME.search(text)
    if priced is not None and (priced["unit"].lower() == "gallon") == (volume == "gallons"):
        price = Fraction((priced["p1"] or priced["p2"]).replace(",", ""))
        cost = say_money(priced.group(), price * needed)
        note += f" At {say_money(priced.group(), price)} a {volume[:-1]}, that is {cost}."
    return note
