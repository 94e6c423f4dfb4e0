"""Interest on savings or a loan at a yearly rate, for the note before a user's turn.

"If I save $1,000 at 5% a year, how much interest do I earn in one year?" got a paragraph on how to work it out and
no number from the 0.5B, and "What would I have after two years if it compounds?" another (docs/MEASUREMENTS.md,
thirty-fifth session). The words give an amount, a rate a year and a number of years (a follow-up may give only the
years: the amount and the rate come from the words before); over more than one year the interest compounds once a
year unless the words say simple interest, and the note says which it worked out.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction

from voicebot.arithmetic import read_number, say_money, say_number, tokenize

__all__ = ["interest_note"]

_MONEY = re.compile(
    r"(?P<cur>[$£€])\s*(?P<a>\d[\d,]*(?:\.\d+)?)|(?P<b>\d[\d,]*(?:\.\d+)?)\s*(?P<name>dollars?|euros?|pounds?|bucks?)\b",
    re.IGNORECASE,
)
# a rate a year, not "5% a day" nor "5% off"
_RATE = re.compile(
    r"(?P<r>\d+(?:\.\d+)?)\s*(?:%|percent|per cent)(?!\s*(?:a|per|each|every)\s+(?:day|week|month)|\s*off\b)",
    re.IGNORECASE,
)
_SAVED = re.compile(
    r"\b(?:interest|sav\w*|invest\w*|deposit\w*|compound\w*|borrow\w*|loan|mortgage|account|bank|apr|annual\w*|"
    r"a year|per year|yearly|per annum)\b",
    re.IGNORECASE,
)
_YEARS = re.compile(
    r"\b(?:in|after|for|over|within)\s+(?P<one>a|one|1)\s+year\b|\b(?:in|after|for|over|within)\s+(?P<n>\w+)\s+years?\b",
    re.IGNORECASE,
)
_ASKED = re.compile(
    r"\binterest\b|\bcompound\w*|\bhow much (?:will|would|do|does|did|should) (?:i|we|it|you)\b.*\b(?:have|be|grow|"
    r"earn|make|get|owe|worth)\b|\bwhat (?:will|would) (?:i|we|it) (?:have|be|grow|earn|make|get|owe)\b",
    re.IGNORECASE,
)
_SIMPLE = re.compile(r"\bsimple interest\b|\bdoesn't compound\b|\bdoes not compound\b|\bno compounding\b", re.I)
_LOAN = re.compile(r"\b(?:borrow\w*|loan|owe|debt|mortgage)\b", re.IGNORECASE)


# An amount said in words before its currency, as Whisper writes it: "a thousand pounds", "five hundred dollars".
_SAID_AMOUNT = re.compile(
    r"\b(?P<n>(?:a|one|two|three|four|five|six|seven|eight|nine|ten|twenty|fifty|\d+) (?:hundred|thousand|million)"
    r"(?: (?:and )?(?:\w+))??) (?=(?:dollars?|euros?|pounds?|bucks?)\b)",
    re.IGNORECASE,
)


def _in_digits(text: str) -> str:
    """'1000 pounds' for "a thousand pounds"."""

    def digits(m: re.Match[str]) -> str:
        tokens = tokenize(m["n"].lower().replace("a ", "one ", 1) if m["n"].lower().startswith("a ") else m["n"])
        read = read_number(tokens, 0)
        return f"{say_number(read[0])} " if read is not None and read[1] == len(tokens) else m.group()

    return _SAID_AMOUNT.sub(digits, text)


def interest_note(text: str, earlier: Sequence[str] = ()) -> str | None:
    """'1000 dollars at 5 percent a year earns 50 dollars of interest in one year.', '... compounded once a year,
    grows to 1102.50 dollars after 2 years: 102.50 dollars of interest.'; None unless the words ask for one.
    `earlier`: the user's words before, the last last, for the amount and rate of a follow-up."""
    if not _ASKED.search(text) or not (years := _years(text)):
        return None
    text = _in_digits(text)
    said = text if _MONEY.search(text) and _RATE.search(text) else (_in_digits(earlier[-1]) if earlier else "")
    money, rate = _MONEY.search(said), _RATE.search(said)
    if money is None or rate is None or not _SAVED.search(said):
        return None
    principal = Fraction((money["a"] or money["b"]).replace(",", ""))
    r = Fraction(rate["r"]) / 100
    if principal <= 0 or not 0 < r < 1 or years > 100:
        return None
    loan = _LOAN.search(said) is not None
    amount = say_money(money.group(), principal)
    pct = say_number(r * 100)
    if years == 1:
        interest = say_money(money.group(), principal * r)
        return f"{amount} at {pct} percent a year {'costs' if loan else 'earns'} {interest} of interest in one year."
    n = say_number(years)
    if _SIMPLE.search(text) or _SIMPLE.search(said):
        total = principal * (1 + r * years)
        how = "with simple interest"
    else:
        total = principal * (1 + r) ** int(years)
        how = "compounded once a year"
    grown, interest = say_money(money.group(), total), say_money(money.group(), total - principal)
    verb = "comes" if loan else "grows"
    return f"{amount} at {pct} percent a year, {how}, {verb} to {grown} after {n} years: {interest} of interest."


def _years(text: str) -> Fraction | None:
    m = _YEARS.search(text)
    if m is None:
        return None
    if m["one"]:
        return Fraction(1)
    read = read_number(tokenize(m["n"]), 0)
    return read[0] if read and read[0] > 0 and read[0].denominator == 1 else None

