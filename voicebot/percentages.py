"""A number said as a percentage or a decimal, and one number as a percentage of another, for the note before a
user's turn.

Homework asks it both ways, and the 0.5B guessed: "What's two fifths as a percentage?" -> "50%" (docs/MEASUREMENTS.md,
thirty-first session). This reads "<amount> as a percent(age)" ("two fifths", "3/8", "0.35") and "<part> out of
<whole>", "<part> is what percent of <whole>", "what percent of <whole> is <part>", and gives the percentage,
worked out exactly (voicebot/arithmetic.py reads the amounts).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction

from voicebot.arithmetic import (
    calculations,
    follow_up,
    read_amount,
    read_number,
    say_number,
    tokenize,
    written_fractions,
)

__all__ = ["change_note", "percentage_note"]

_PERCENT = r"(?:a )?(?:percent(?:age)?)"
# "What's two fifths as a percentage?", "Convert 3/8 to a percent.", "What is 0.35 in percent?"
_AS_PERCENT = re.compile(
    rf"\b(?:what's|what is|whats|convert|write|express|turn|is)\s+(?P<amount>[\w. ]+?)\s+(?:as|in|into|to)\s+"
    rf"{_PERCENT}\W*$",
    re.IGNORECASE,
)
# "What is three quarters as a decimal?" (the 0.5B listed steps and no number)
_AS_DECIMAL = re.compile(
    r"\b(?:what's|what is|whats|convert|write|express|turn|is)\s+(?P<amount>[\w./ ]+?)\s+(?:as|in|into|to)\s+"
    r"(?:a )?decimals?\W*$",
    re.IGNORECASE,
)
# The part, then the whole: the words before and after the link ("I got 42 out of 50, what percentage is that?").
_RATIO = (
    re.compile(rf"^(?P<before>.*?)\s+(?:out of|of the)\s+(?P<after>.*)\b{_PERCENT}\b", re.IGNORECASE),
    re.compile(rf"^(?P<before>.*?)\s+is\s+what\s+{_PERCENT}\s+of\s+(?P<after>.*)$", re.IGNORECASE),
)
# The whole, then the part: "What percent of 48 is 12?", and the part first after all: "What percentage is 12 of 48?"
_WHOLE_FIRST = re.compile(rf"\bwhat\s+{_PERCENT}\s+of\s+(?P<after>.*?)\s+is\s+(?P<before>.*)$", re.IGNORECASE)
_PART_FIRST = re.compile(rf"\bwhat\s+{_PERCENT}\s+is\s+(?P<before>.*?)\s+of\s+(?P<after>.*)$", re.IGNORECASE)


# An amount raised or cut by a percentage: "I'm raising my 120 dollar price by 15 percent", "120 plus 15 percent"
# (the arithmetic had said "120 plus 15 is 135"), "reduce 80 by 20 percent".
_AMOUNT = r"(?:[$£€]\s*)?(?P<amount>\d[\d,]*(?:\.\d+)?)(?:\s*(?:dollars?|euros?|pounds?|bucks?))?"
_N = r"(?P<n>\d+(?:\.\d+)?)\s*(?:percent|per cent)"
_BY = rf"(?: (?:my|the|our|a|an|it|that|this|its|his|her|their))?(?: \w+)?? {_AMOUNT}(?: \w+){{0,2}}? by {_N}"
_BY_PERCENT = (  # up, down, and either said as an operator
    re.compile(rf"\b(?P<verb>rais\w*|increas\w*|put(?:ting)? up|bump\w* up|add\w*|grow\w*|mark\w* up)\b{_BY}",
               re.IGNORECASE),
    re.compile(rf"\b(?P<verb>reduc\w*|decreas\w*|lower\w*|cut\w*|drop\w*|discount\w*|mark\w* down|bring\w* down)\b"
               rf"{_BY}", re.IGNORECASE),
    re.compile(rf"{_AMOUNT} (?P<verb>plus|\+|minus) {_N}(?! of)", re.IGNORECASE),
)
# The percentage one amount is of another's change: "the percent increase from 40 to 50", "I buy them for 40 dollars
# and sell them for 50, what percent markup is that?", "1,000 dollars in sales and 850 in costs, what's my margin?"
_SCALE = r"(?: (?P<scale>thousand|million|billion|trillion))?"  # "from 200 billion to 210 billion"
_FROM_TO = rf"\bfrom {_AMOUNT}{_SCALE} to {_AMOUNT.replace('amount', 'to')}{_SCALE.replace('scale', 'to_scale')}"
_CHANGE = (
    re.compile(
        rf"\bpercent(?:age)? (?:increase|decrease|change|difference|rise|drop|gain|loss|growth)\b.*?{_FROM_TO}",
        re.IGNORECASE,
    ),
    # the change first, the percentage asked after: "If GDP goes from 200 billion to 210 billion, what's the growth
    # rate in percent?" (the model said 1.1 percent)
    re.compile(
        rf"\b(?:go|goes|went|gone|grow|grows|grew|grown|rise|rises|rose|risen|fall|falls|fell|fallen|drop\w*|"
        rf"increas\w*|decreas\w*|climb\w*|jump\w*|chang\w*|mov\w*) {_FROM_TO}\b.*\b(?:percent\w*|per cent|"
        r"growth rate|rate of (?:growth|change|increase|decrease))\b",
        re.IGNORECASE,
    ),
)
_MARKUP = re.compile(
    rf"\b(?:buy|bought|pay|paid|cost|costs|get|got)\b(?: \w+){{0,4}}? (?:for|at) {_AMOUNT}\b.*?\bsell\w*\b"
    rf"(?: \w+){{0,4}}? (?:for|at) {_AMOUNT.replace('amount', 'to')}\b.*\b(?:markup|mark up|mark-up|percent)\b",
    re.IGNORECASE,
)
_MARGIN = re.compile(
    rf"{_AMOUNT}\s+(?:in |of )?(?:sales|revenue|income)\b.*?{_AMOUNT.replace('amount', 'to')}\s+(?:in |of )?"
    r"(?:costs?|expenses?)\b.*\bmargin\b",
    re.IGNORECASE,
)


# The last result raised or cut by a percentage: "Minus 15 percent." after "What's 200 plus 50?".
_PERCENT_AGAIN = re.compile(
    rf"^\W*(?:(?:and|now|then|so|ok|okay)\W+)*(?P<verb>plus|add|minus|less|take off|take away|subtract|knock off)\s+"
    rf"{_N}\W*$",
    re.IGNORECASE,
)


def change_note(text: str, earlier: Sequence[str] = ()) -> str | None:
    """'120 plus 15 percent is 138.', 'From 40 to 50 is a 25 percent increase.', '... a markup of 25 percent', '... a
    profit margin of 15 percent'; None unless the words ask for one. `earlier`: the user's words before, the last
    last, whose result "Minus 15 percent." goes on from."""
    text = text.replace("%", " percent")  # as Whisper writes it
    if earlier and (m := _PERCENT_AGAIN.match(text)):
        before = calculations(earlier[-1]) or [c for c in [follow_up(earlier[-1], earlier[:-1])] if c is not None]
        if before and before[-1].value is not None:
            return _changed(before[-1].value, Fraction(m["n"]), m["verb"].lower() in ("plus", "add"))
    for k, pattern in enumerate(_BY_PERCENT):
        if m := pattern.search(text):
            amount, n = Fraction(m["amount"].replace(",", "")), Fraction(m["n"])
            return _changed(amount, n, k == 0 or m["verb"] in ("plus", "+"))
    if m := _MARGIN.search(text):
        sales, costs = Fraction(m["amount"].replace(",", "")), Fraction(m["to"].replace(",", ""))
        if sales > 0:
            profit = sales - costs
            return (f"Sales of {say_number(sales)} and costs of {say_number(costs)} leave {say_number(profit)}: a "
                    f"profit margin of {say_number(profit / sales * 100)} percent.")
    if (m := _MARKUP.search(text)) and (old := Fraction(m["amount"].replace(",", ""))) > 0:
        new = Fraction(m["to"].replace(",", ""))
        markup = say_number((new - old) / old * 100)
        return f"From {say_number(old)} to {say_number(new)} is a markup of {markup} percent."
    if (m := _CHANGE[0].search(text) or _CHANGE[1].search(text)) and (old := _scaled(m, "amount", "scale")) > 0:
        new = _scaled(m, "to", "to_scale")
        change = (new - old) / old * 100
        kind, by = "increase" if change >= 0 else "decrease", say_number(abs(change))
        said = " to ".join(_said(m, *groups) for groups in (("amount", "scale"), ("to", "to_scale")))
        if by.startswith("about "):  # "From 1200 to 1300 is an increase of about 8.33 percent."
            return f"From {said} is {'an' if kind == 'increase' else 'a'} {kind} of {by} percent."
        return f"From {said} is a {by} percent {kind}."
    return None


def _scaled(m: re.Match[str], amount: str, scale: str) -> Fraction:
    """The amount with its scale word ("200 billion"), as the arithmetic reads it."""
    read = read_number(tokenize(m[amount].replace(",", "") + (f" {m[scale].lower()}" if m[scale] else "")), 0)
    return read[0] if read is not None else Fraction(0)


def _said(m: re.Match[str], amount: str, scale: str) -> str:
    return say_number(Fraction(m[amount].replace(",", ""))) + (f" {m[scale].lower()}" if m[scale] else "")


def _changed(amount: Fraction, n: Fraction, up: bool) -> str:
    new = amount * (100 + (n if up else -n)) / 100
    return f"{say_number(amount)} {'plus' if up else 'minus'} {say_number(n)} percent is {say_number(new)}."


def percentage_note(text: str) -> str | None:
    """'2 fifths is 40 percent.', '42 out of 50 is 84 percent.', '3 quarters is 0.75 as a decimal.'; None unless the
    words ask for one of them."""
    text = re.sub(r"\b(\d+)/(\d+)\b", r"\1 divided by \2", written_fractions(text.replace("%", " percent")))
    for pattern in (*_RATIO, _WHOLE_FIRST, _PART_FIRST):
        if m := pattern.search(text):
            part, whole = _amount(m["before"].split()[-3:], last=True), _amount(m["after"].split()[:3], last=False)
            if part is None or whole is None or whole[0] == 0:
                continue
            return f"{part[1]} out of {whole[1]} is {say_number(part[0] / whole[0] * 100)} percent."
    if (m := _AS_PERCENT.search(text)) and (amount := read_amount(m["amount"])):
        return f"{amount[1]} is {say_number(amount[0] * 100)} percent."
    if (m := _AS_DECIMAL.search(text)) and (amount := read_amount(m["amount"])) and amount[0].denominator != 1:
        return f"{amount[1]} is {say_number(amount[0])} as a decimal."
    return None


def _amount(words: list[str], last: bool) -> tuple[Fraction, str] | None:
    """The longest amount the words end with (`last`) or start with: "forty two" in "I got forty two"."""
    for n in range(len(words), 0, -1):
        if amount := read_amount(" ".join(words[-n:] if last else words[:n])):
            return amount
    return None
