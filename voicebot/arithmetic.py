"""Spoken arithmetic, worked out exactly, for the note before a user's turn (voicebot/notes.py).

The default 0.5B model gets one-digit sums right and guesses past them: "What is seventeen times
twenty-three?" -> 401, "fifteen percent of eighty" -> "120%", "8 times 125" -> 10000, "Is seven times
eight 54?" -> "Yes". Told the result in a note right before the question ("Exact result: 17 times 23 is
391."), it says it, and with ", not 54." it says no (docs/MEASUREMENTS.md). This finds the calculations
in what the user said, in words or in digits as an ASR writes them, and computes them with fractions (0.1
plus 0.2 is 0.3). It reads only what is unambiguous: numbers joined by operators, and a few ways people say
money ("a 50 dollar shirt with 20 percent off", "split 87 dollars fifty between three people", "45 dollars plus
a 20 percent tip"). Anything else ("three times a day", "2020-2021", "minus five degrees") is no calculation
and costs no note.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

__all__ = [
    "NUMBER_WORD", "Calculation", "arithmetic_note", "calculations", "cents_said", "follow_up", "follow_up_lead",
    "number_words", "ordinal_words", "parts_as_decimals", "read_amount", "read_number", "say_fraction", "say_money",
    "say_number", "split_again", "tokenize", "whole_number", "written_fractions",
]

_UNITS = {
    w: i
    for i, w in enumerate((
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
    ))
}  # fmt: skip
_TENS = {
    w: 10 * i
    for i, w in enumerate(("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"), 2)
}
_SCALES = {"thousand": 10**3, "million": 10**6, "billion": 10**9, "trillion": 10**12}
# "half of", "a third of", "two fifths of": the denominators people say, and how the note says them.
_ORDINAL = {2: "half", 3: "third", 4: "quarter", 5: "fifth", 6: "sixth", 7: "seventh", 8: "eighth", 9: "ninth"}
_ORDINAL[10] = "tenth"
_DENOMINATORS = {w: d for d, w in _ORDINAL.items()} | {w + "s": d for d, w in _ORDINAL.items() if d > 2}
_DENOMINATORS |= {"halves": 2, "fourth": 4, "fourths": 4}
# Infix operators by precedence level, each as the words (tokens) that say it.
_ADD = {("plus",): "+", ("+",): "+", ("minus",): "-", ("take", "away"): "-", ("−",): "-", ("-",): "-"}
_MUL = {
    ("times",): "*", ("multiplied", "by"): "*", ("x",): "*", ("×",): "*", ("*",): "*",
    ("divided", "by"): "/", ("÷",): "/", ("/",): "/",
    ("percent", "of"): "%of", ("percent", "off"): "%off",
    ("percent", "tip", "on"): "%of", ("percent", "tip", "for"): "%of", ("percent", "tip", "of"): "%of",
    ("percent", "tip", "be", "on"): "%of", ("percent", "tip", "be", "for"): "%of",  # "What would a 20% tip be on $45?"
    ("percent", "tax", "on"): "%of", ("percent", "tax", "to"): "%of", ("percent", "tax", "for"): "%of",
    ("percent", "tax", "of"): "%of", ("percent", "sales", "tax", "on"): "%of",  # "adds 15% tax to a $240 stay"
}  # fmt: skip
_POW = {("to", "the", "power", "of"): "^", ("raised", "to", "the", "power", "of"): "^", ("^",): "^"}
_SPOKEN = {"+": "plus", "-": "minus", "*": "times", "/": "divided by", "^": "to the power of"}
_SPOKEN |= {"%of": "percent of", "%off": "percent off"}
_MAX_DIGITS = 15  # larger results are said as a power of ten (powers of up to 1000 digits are computed)

# Numbers, words, spaced "-" and "/" (not "2020-2021", "24/7"), operator signs, and punctuation: where a number ends.
_TOKEN = re.compile(
    r"\d{1,2}:\d{2}(?!\d)|"  # a clock time, one token and no number: "at 3:15 plus 2 hours" was "15 plus 2 is 17"
    r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+|[a-z]+|(?<=\s)[-/](?=\s)|[+−×÷*^√=]|[,.?!;:]"
)


@dataclass(frozen=True)
class Calculation:
    """One calculation the user said. value: None where it has none (a division by zero); exact: False
    where a root made it a rounded decimal; claimed: a result the user offered ("Is 7 times 8 54?")."""

    spoken: str
    value: Fraction | None
    exact: bool = True
    claimed: Fraction | None = None

    def note(self) -> str:
        if self.value is None:
            return f"{self.spoken} is undefined."
        result = say_number(self.value, self.exact)
        if self.claimed is not None and say_number(self.claimed) != result.removeprefix("about "):
            return f"no, {self.spoken} is {result}, not {say_number(self.claimed)}."  # the yes or no asked first
        if self.claimed is not None:
            return f"yes, {self.spoken} is {result}."
        if self.exact and _said_parts(self.spoken) and (part := say_fraction(self.value)):
            return f"{self.spoken} is {part}, or {result}."  # "3 quarters plus an eighth is 7 eighths, or 0.875."
        return f"{self.spoken} is {result}."


def _said_parts(spoken: str) -> bool:
    """Whether a calculation was said with fractions ("3 quarters plus an eighth"): its result is said so too."""
    return re.search(rf"\b(?:{'|'.join(_DENOMINATORS)})\b", spoken) is not None


def say_fraction(value: Fraction) -> str | None:
    """'7 eighths', '1 and a half' for a fraction people say that way; None for a whole number or another one."""
    whole, rest = divmod(value, 1)
    if value <= 0 or rest == 0 or rest.denominator not in _ORDINAL or rest.denominator == 10:
        return None
    part = _part(rest.numerator, rest.denominator)
    return f"{whole} and {part}" if whole else part


_WRITTEN_FRACTION = re.compile(r"(?<![\d/.,])\b([1-9])/([2-9])\b(?![/\d])")


def written_fractions(text: str) -> str:
    """'3/4' as '3 quarters' (a proper fraction of one digit each, as an ASR writes one), which the parser reads;
    not '24/7' nor a date ('3/4/2025')."""
    names = {d: "halves" if d == 2 else f"{w}s" for d, w in _ORDINAL.items()}
    return _WRITTEN_FRACTION.sub(lambda m: f"{m[1]} {names[int(m[2])]}" if m[1] < m[2] else m.group(), text)


# A price said before its discount ("a 50 dollar shirt with 20 percent off", "a $120 item at 25% off", "it costs $40
# and I take 15% off"), which the left-to-right parser does not read: a number with its currency (Whisper writes
# prices in digits).
_PRICE_THEN_DISCOUNT = re.compile(
    r"(?:[$£€]\s*(\d[\d,]*(?:\.\d+)?)|(\d[\d,]*(?:\.\d+)?)\s*(?:dollars?|pounds?|euros?|bucks?)\b)"
    r"(?:\s+[a-z]+){0,3}?[,.]?\s+"  # "If an item is $80, then I take 25% off." (Whisper's "then"; it said $75)
    r"(?:with|at|for|and it's|and it is|and is|(?:and|if|so|then|and then) (?:i|we|you|they) (?:take|get|knock))"
    r"\s+(\d+(?:\.\d+)?)\s*"
    r"(?:%|percent)\s+off\b",
    re.IGNORECASE,
)


_AMOUNT = r"(?:[$£€]\s*(\d[\d,]*(?:\.\d+)?)|(\d[\d,]*(?:\.\d+)?)\s*(?:dollars?|pounds?|euros?|bucks?)?)"
_SHARERS = r"(?:people|persons|ways|friends|of us|parts)"  # who a bill is split among
# A bill shared: "Split 120 dollars between 4 people.", "divide $87.50 among three of us", "split the 60 dollar
# bill four ways" (the model wrote steps in LaTeX, and 29 for 87.50 / 3).
_SPLIT = re.compile(
    rf"\b(?:split(?:ting)?|divid(?:e|ing)|shar(?:e|ing))\b(?:\s+(?:the|a|our|my|this))?(?:\s+(?:bill|check|total|cost)\s+of)?\s+{_AMOUNT}"
    r"(?:\s+(?:dollars?|pounds?|euros?|bucks?))?(?:\s+(?:\w+\s+)?(?:bill|check|total|tab))?\s+(?:(?:evenly|equally)\s+)?"
    rf"(?:(?:between|among|amongst|by|into|for)\s+)?(\d+|[a-z]+)\s*{_SHARERS}\b",
    re.IGNORECASE,
)
# The amount said first: "I have 120 dollars and want to split it between 4 people."
_SPLIT_IT = re.compile(
    rf"{_AMOUNT}\b.*?\b(?:split(?:ting)?|divid(?:e|ing)|shar(?:e|ing))\s+(?:it|this|that|them|the money|the bill)\s+"
    r"(?:(?:evenly|equally)\s+)?"
    rf"(?:between|among|amongst|by|into|for)\s+(\d+|[a-z]+)\s*{_SHARERS}\b",
    re.IGNORECASE,
)
# A tip added to a bill: "45 dollars plus a 20 percent tip", "What's $60 with an 18% tip?".
_WITH_TIP = re.compile(  # also "a $40 dinner with an 18% tip" (Whisper once wrote "within")
    rf"{_AMOUNT}(?:\s+[a-z]+){{0,2}}?\s+(?:plus|with|within|and|including)\s+(?:an?\s+)?(\d+(?:\.\d+)?)\s*"
    r"(?:%|percent)\s+(?:tip|gratuity)\b",
    re.IGNORECASE,
)
# Cents said after the dollars: "87 dollars fifty", "12 dollars and 5 cents" (read as 87 and 12 before).
_TENS_SAID = "|".join(_TENS)
_UNITS_SAID = "|".join(sorted(list(_UNITS)[1:], key=len, reverse=True))  # "seventeen" before "seven"
# One word of a number the parser reads, one to a hundred ("twenty", "four"), for patterns of counts said in words.
NUMBER_WORD = rf"(?:{_UNITS_SAID}|{_TENS_SAID}|hundred)"
_CENTS = re.compile(
    r"\b(\d[\d,]*)\s*(dollars?|euros?|pounds?|bucks)\s+(?:and\s+)?"
    rf"(\d{{1,2}}|(?:{_TENS_SAID})(?:[ -](?:{_UNITS_SAID}))?|{_UNITS_SAID})(\s+cents?)?\b"
    r"(?!\s+(?:people|persons|ways|friends|of\b|parts|percent))",
    re.IGNORECASE,
)


# A whole number and a part, as Whisper writes it: "37 and a half hours", "7 and a quarter", "3 and three quarters".
_AND_A_PART = re.compile(r"\b(\d+) and (a half|one half|a quarter|one quarter|three quarters)\b", re.IGNORECASE)
_PART_DIGITS = {"a half": ".5", "one half": ".5", "a quarter": ".25", "one quarter": ".25", "three quarters": ".75"}


def parts_as_decimals(text: str) -> str:
    """'37.5 hours' for "37 and a half hours", '7.25' for "7 and a quarter": the amount as one number."""
    return _AND_A_PART.sub(lambda m: m[1] + _PART_DIGITS[m[2].lower()], text)


def whole_number(said: str) -> int | None:
    """The whole number that is all of `said` ("8", "seventy-nine", "ninety-one"); None for other words."""
    tokens = tokenize(said)
    number = read_number(tokens, 0)
    if number is None or number[1] != len(tokens) or number[0].denominator != 1:
        return None
    return int(number[0])


def cents_said(text: str) -> str:
    """'87.50 dollars' for "87 dollars fifty", "87 dollars and 50 cents": the amount as one number; and a bill
    split "for ways", as Whisper writes "four ways", as four."""
    return _CENTS.sub(_with_cents, re.sub(r"\b(?:for|four) ways\b", "4 ways", text, flags=re.IGNORECASE))


# A board named by its size: "What are the actual dimensions of a 2x4?" asks no product (it got "2 times 4 is 8.").
_BOARD = re.compile(r"\b(?:a|the|my|one|of)\s+\d{1,2}\s*(?:x|by)\s*\d{1,2}s?\b|\b\d{1,2}x\d{1,2}s\b", re.IGNORECASE)
_BOARD_ASKED = re.compile(
    r"\b(?:actual\w*|really|dimensions?|size|measure\w*|thick|wide|lumber|wood|boards?|studs?|cost|price|buy|bought|"
    r"deck|fence|hardware)\b|\d{1,2}x\d{1,2}s\b"  # "a stack of 2x4s": boards
)


def arithmetic_note(text: str) -> str | None:
    """'17 times 23 is 391.' for the calculations in the user's words; None when there are none."""
    if _BOARD.search(text) and _BOARD_ASKED.search(text.lower()):
        return None
    text = written_fractions(cents_said(text))
    if m := _SPLIT.search(text) or _SPLIT_IT.search(text):  # before the parser ("4 people" is no calculation)
        amount, count = Fraction((m[1] or m[2]).replace(",", "")), read_number(tokenize(m[3]), 0)
        if count is not None and count[0].denominator == 1 and 1 < count[0] <= 1000:
            each = say_money(m.group(), amount / count[0])
            return f"{say_money(m.group(), amount)} split {count[0]} ways is {each} each."
    if m := _WITH_TIP.search(text):
        bill, tip = Fraction((m[1] or m[2]).replace(",", "")), Fraction(m[3])
        total = say_money(m.group(), bill * (100 + tip) / 100)
        article = "an" if say_number(tip).startswith("8") or say_number(tip).split(".")[0] in ("11", "18") else "a"
        return f"{say_money(m.group(), bill)} plus {article} {say_number(tip)} percent tip is {total}."
    found = calculations(text)
    if not found and (m := _PRICE_THEN_DISCOUNT.search(text)):
        price, off = Fraction((m[1] or m[2]).replace(",", "")), Fraction(m[3])
        found = [Calculation(_say(("%off", ("n", off), ("n", price))), price - price * off / 100)]
    return " ".join(c.note() for c in found) if found else None


# Sharing the last bill again, among another number: "What if there are five of us?", "Split between two people.",
# "And for six?" after a split or a tip (the model said the last split again, or "$20" for a $47.20 bill in two).
_SHARED_BY = re.compile(
    r"^\W*(?:(?:and|so|okay|ok|now)\W+)*(?:what if there (?:are|were)|what about|how about|for|with|split (?:it )?"
    r"(?:between|among|amongst|by|into|for)|split|divided? (?:it )?(?:between|among|by)|between|among)\s+"
    rf"(?P<count>\d+|[a-z]+)(?:\s+{_SHARERS})?\W*$",
    re.IGNORECASE,
)


def split_again(text: str, earlier: Sequence[str]) -> str | None:
    """'160 dollars split 5 ways is 32 dollars each.' for the last bill (split or with a tip, in the user's words
    before) shared among another number of people; None otherwise."""
    shared = _SHARED_BY.match(text)
    if shared is None or not earlier:
        return None
    count = read_number(tokenize(shared["count"]), 0)
    if count is None or count[0].denominator != 1 or not 1 < count[0] <= 1000:
        return None
    before = _CENTS.sub(_with_cents, earlier[-1])
    if m := _SPLIT.search(before) or _SPLIT_IT.search(before):
        bill = Fraction((m[1] or m[2]).replace(",", ""))
    elif m := _WITH_TIP.search(before):
        bill = Fraction((m[1] or m[2]).replace(",", "")) * (100 + Fraction(m[3])) / 100
    else:
        return None
    n = count[0]
    return f"{say_money(m.group(), bill)} split {n} ways is {say_money(m.group(), bill / n)} each."


def say_money(said: str, value: Fraction) -> str:
    """'87.50 dollars', '30 euros' for an amount of the currency `said` names (cents rounded half up); a bare
    number where it names none."""
    currency = re.search(r"[$£€]|\b(dollar|euro|pound|buck)s?\b", said, re.IGNORECASE)
    if currency is None:
        return say_number(value)
    cents = math.floor(value * 100 + Fraction(1, 2))
    amount = str(cents // 100) if cents % 100 == 0 else f"{cents // 100}.{cents % 100:02d}"
    name = {"$": "dollar", "£": "pound", "€": "euro"}.get(currency[0], (currency[1] or "dollar").lower())
    name = "dollar" if name == "buck" else name
    return f"{'' if cents == value * 100 else 'about '}{amount} {name}{'' if cents == 100 else 's'}"


def _with_cents(m: re.Match[str]) -> str:
    """'87.50 dollars' for "87 dollars fifty"; the words as they were where what follows is no number of cents."""
    tokens = tokenize(m[3])
    cents = read_number(tokens, 0)
    if cents is None or cents[1] != len(tokens) or cents[0].denominator != 1 or not 0 < cents[0] < 100:
        return m.group()
    if cents[0] < 10 and not m[4] and not m[3].isdigit():  # "40 dollars two": no cents said so
        return m.group()
    return f"{m[1]}.{int(cents[0]):02d} {m[2]}"


# "What's 7 cube?", as Whisper writes "7 cubed" (the model computed it, and "Add 7 to that." then added 7 to 7).
_CUBE = re.compile(r"(?<=\d) cube\b(?! roots?\b| of\b)", re.IGNORECASE)


def calculations(text: str, limit: int = 3) -> list[Calculation]:
    """The calculations in `text`, left to right, at most `limit` of them."""
    return _calculations(tokenize(_CUBE.sub(" cubed", text)), limit)


# A calculation that goes on from the last result: "And times three?", "Now plus five.", "What about divided by
# two?" (the 0.5B said "Two plus two is four." again and again), or one that names it: "Divide that by two."
_GOES_ON = re.compile(
    r"^\W*(?:(?:and|now|then|okay|ok|so|what about|how about|please)\W+)*"
    r"(?=(?:plus|minus|times|multiplied by|divided by|to the power of|squared|cubed)\b)",
    re.IGNORECASE,
)
# A calculation's verbs that go on from the last result: "Now add 50.", "Take away 3.", "Multiply by 4."
_OPERATOR_WORDS = {"add": "plus", "subtract": "minus", "take away": "minus", "multiply by": "times",
                   "divide by": "divided by"}  # fmt: skip
_VERBS = re.compile(
    r"^(\W*(?:(?:and|now|then|okay|ok|so)\W+)*)(add|subtract|take away|multiply by|divide by)\b(?! (?:it|that|this)\b)",
    re.IGNORECASE,
)
_THE_RESULT = re.compile(r"\b(that|it|this|the result|the answer)\b", re.IGNORECASE)
_TIMES_IT_BY = re.compile(r"\btimes (?:that|it|this|the result|the answer) by\b", re.IGNORECASE)  # "Times that by 2."
_GIVEN = "givenresult"  # the token that stands for the last result
# Another power of the same number: "And cubed?" after "What's 7 squared?" asks 7 cubed, not 49 cubed.
_ANOTHER_POWER = re.compile(
    r"^\W*(?:(?:and|what about|how about|now)\W+)*(?P<power>squared|cubed|to the power of \w+)\W*$", re.IGNORECASE
)
_POWER_OF = re.compile(r"\b(?P<base>[\w.]+) (?:squared|cubed|to the power of \w+)\W*$", re.IGNORECASE)
# The result's power or root named as a noun or a verb: "And what's its cube?" after "What's the square root of 144?"
# (the model cubed 144, and wrongly), "Square that.", "What's its square root?".
_NAMED_POWER = re.compile(
    r"\b(?:its (?P<noun>cube|square)(?! roots?\b)|(?P<verb>cube|square) (?:it|that|this|the result|the answer)\b"
    r"|the (?P<of>cube|square) of (?:it|that|this|the result|the answer)\b|(?P<root>its (?:square|cube) root))",
    re.IGNORECASE,
)


def _power_said(m: re.Match[str]) -> str:
    if m["root"]:
        return f"the {m['root'].split()[1].lower()} root of that"
    return f"that {(m['noun'] or m['verb'] or m['of']).lower()}d"


def follow_up(text: str, earlier: Sequence[str]) -> Calculation | None:
    """The calculation `text` asks for from the result of the user's words before (`earlier`, the last last),
    itself perhaps a follow-up: "And times three?" after "What's two plus two?" is 4 times 3. None where the
    words hold a calculation of their own, or the turn before had no result."""
    if not earlier or calculations(text):
        return None
    if (swapped := _with_another_number(text, earlier[-1])) is not None:
        return swapped
    if (power := _ANOTHER_POWER.match(text)) and (base := _POWER_OF.search(earlier[-1])):
        found = calculations(f"{base['base']} {power['power']}")  # "And cubed?" after "What's 7 squared?": 7 cubed
        return found[0] if found else None
    text = _NAMED_POWER.sub(_power_said, text)  # "What's its cube?" is "What's that cubed?"
    text = _VERBS.sub(lambda m: m[1] + _OPERATOR_WORDS[m[2].lower()], text)  # "Now add 50." is "Now plus 50."
    text = _TIMES_IT_BY.sub("times", text)
    if (goes_on := _GOES_ON.match(text)) is not None:
        tokens = [_GIVEN, *tokenize(text[goes_on.end() :])]
    elif _THE_RESULT.search(text):
        tokens = tokenize(_THE_RESULT.sub(f" {_GIVEN} ", text, count=1))
    else:
        return None
    if not _calculations(tokens, 1, Fraction(1)):  # no calculation even with a result: no need to find it
        return None
    before = calculations(earlier[-1]) or [c for c in [follow_up(earlier[-1], earlier[:-1])] if c is not None]
    if not before or before[-1].value is None:
        return None
    found = _calculations(tokens, 1, before[-1].value)  # the words have none of their own: it is the result's
    return found[0] if found else None


_FILLERS = frozenset({"okay", "ok", "so", "hmm", "well", "alright", "oh", ","})
# A follow-up's openings after "and", the longest first. "What if I need a third of a cup instead?" after a quarter
# cup in tablespoons got "1 tablespoon".
_LEADS = sorted(
    (["what", "about"], ["how", "about"], ["what", "if"], ["what", "if", "i", "need"], ["what", "if", "i", "use"],
     ["what", "if", "i", "have"], ["what", "if", "i", "want"], ["what", "if", "we", "need"], ["what", "if", "it", "s"],
     ["what", "if", "it", "is"]),
    key=len, reverse=True,
)  # fmt: skip


def follow_up_lead(tokens: list[str]) -> int | None:
    """How many tokens open a follow-up that names only something new: "and", "what about", "how about", "what if
    I need", after "okay," and the like; None where the words open otherwise ("And 20?", "What about 24?",
    "Okay, and what if I need a third of a cup instead?")."""
    k = 0
    while k < len(tokens) and tokens[k] in _FILLERS:
        k += 1
    k += tokens[k : k + 1] == ["and"]
    lead = next((len(n) for n in _LEADS if tokens[k : k + len(n)] == n), None)
    if lead is None:
        return k if k and tokens[k - 1] == "and" else None
    return k + lead


def _with_another_number(text: str, before: str) -> Calculation | None:
    """The calculation of `before` with its last number replaced by the one these words name alone: "And of
    120?" after "What's 20% of 80?" (the model said "120 percent of 80 is 96."), "What about 24?" after 17 x 23."""
    tokens = [t for t in tokenize(text) if t not in ("?", ".", "!", ",", "dollars", "dollar", "euros", "euro")]
    lead = follow_up_lead(tokens)
    if lead is None:
        return None
    i = lead + (tokens[lead : lead + 1] in (["of"], ["for"], ["on"]))
    number = read_number(tokens, i)
    percent = number is not None and tokens[number[1] :] == ["percent"]  # "What about 15%?" after "20% of 150"
    if number is None or (number[1] != len(tokens) and not percent):
        return None
    said = tokenize(before)
    if not _calculations(said, 1):
        return None
    starts = [k for k in range(len(said)) if (k == 0 or not _is_number_word(said[k - 1])) and read_number(said, k)]
    if percent:  # the number said as a percent is the one replaced
        starts = [k for k in starts if said[read_number(said, k)[1] :][:1] == ["percent"]]  # type: ignore[index]
        tokens = tokens[:-1]
    if not starts:
        return None
    last = starts[-1]
    end = read_number(said, last)[1]  # type: ignore[index]
    found = _calculations([*said[:last], *tokens[i:], *said[end:]], 1)
    return found[0] if found else None


def _calculations(tokens: list[str], limit: int, given: Fraction | None = None) -> list[Calculation]:
    found: list[Calculation] = []
    i = 0
    while i < len(tokens) and len(found) < limit:
        inside_a_number = i > 0 and _is_number_word(tokens[i - 1])  # "twenty [three times 4]" is not one
        parsed = None if inside_a_number else _Parser(tokens, i, given).calculation()
        if parsed is None:
            i += 1
            continue
        found.append(parsed[0])
        i = parsed[1]
    return found


def tokenize(text: str) -> list[str]:
    """Lower-case words, numbers in digits, operator signs and punctuation, as the parsers here read them."""
    text = re.sub(r"(?<=[a-z])-(?=[a-z])", " ", text.lower())  # "twenty-three"
    text = re.sub(r"(?<=\d)\s*x\s*(?=\d)", " x ", text)  # "17x23"
    return _TOKEN.findall(" " + text.replace("%", " percent ").replace("$", " ").replace("°", " degrees ") + " ")


def read_number(tokens: list[str], i: int) -> tuple[Fraction, int] | None:
    """The number said at tokens[i] ("-5", "1,234.5", "two thousand and five", "2.5 million") and the index
    after it; None where none starts there."""
    parser = _Parser(tokens, i)
    number = parser._number()
    return (number[1], parser.i) if number is not None else None


def read_amount(text: str) -> tuple[Fraction, str] | None:
    """The value of words that say one amount and nothing else ("42", "two fifths", "3 divided by 8"), and how
    a note says it ("2 fifths"); None for other words."""
    tokens = [t for t in tokenize(text) if t not in ",.?!;:"]
    parser = _Parser(tokens, 0)
    expr = parser._expression()
    if expr is None or parser.i != len(tokens):
        return None
    try:
        return _evaluate(expr)[0], _say(expr)
    except (ZeroDivisionError, OverflowError, ValueError):
        return None


# A parsed expression: a number, or (operator, operands...), with how the user's words say it.
_Expr = tuple


class _Parser:
    """Recursive descent over the tokens from `start`: expression := term ((plus|minus) term)*, term :=
    power ((times|divided by|percent of) power)*, power := unary (to the power of unary)? (squared|cubed)*,
    unary := number | a prefix (square root of, half of, double, the sum of ... and ...) and a unary."""

    def __init__(self, tokens: list[str], start: int, given: Fraction | None = None) -> None:
        """given: the value of the token `_GIVEN` (the result a follow-up goes on from)."""
        self.tokens, self.start, self.i, self.given = tokens, start, start, given

    def calculation(self) -> tuple[Calculation, int] | None:
        expr = self._expression()
        if expr is None or _operations(expr) == 0 or self.tokens[self.i : self.i + 1] == ["percent"]:
            return None  # "120 plus 15 percent" is no "120 plus 15" (voicebot/percentages.py)
        end = self.i
        # A result the user offers: "... is 54", or "Is 7 times 8 54?". Any other number straight after it
        # means the expression was read wrong ("2023 minus nineteen ninety" is not 2023 - 19).
        before = self.tokens[max(0, self.start - 2) : self.start]
        asked = before[-1:] in (["is"], ["was"]) and before[0] not in ("what", "how", "much", "many")
        verb = self._words(("is", "equal", "to"), ("equal", "to"), ("is",), ("equals",), ("makes",), ("=",))
        claimed = self._number()
        if claimed is not None and not verb and not asked:
            return None
        end = self.i if claimed is not None else end
        try:
            value, exact = _evaluate(expr)
        except ZeroDivisionError:
            value, exact = None, True
        except (OverflowError, ValueError):  # a power too large to say, a root of a negative number
            return None
        return Calculation(_say(expr), value, exact, claimed[1] if claimed else None), end

    # ---- the grammar ----

    def _expression(self) -> _Expr | None:
        return self._infix(self._term, _ADD)

    def _term(self) -> _Expr | None:
        return self._infix(self._power, _MUL)

    def _infix(self, operand: Callable[[], _Expr | None], ops: dict[tuple[str, ...], str]) -> _Expr | None:
        """operand (op operand)*, left to right; an operator with no operand after it is not taken."""
        left = operand()
        while left is not None:
            mark = self.i
            op = self._words(*ops)
            right = operand() if op else None
            if right is None:
                self.i = mark
                break
            left = (ops[op], left, right)
        return left

    def _power(self) -> _Expr | None:
        base = self._unary()
        if base is None:
            return None
        mark = self.i
        if self._words(*_POW):
            exponent = self._unary()
            if exponent is None:
                self.i = mark
            else:
                base = ("^", base, exponent)
        while op := self._words(("squared",), ("cubed",)):
            base = ("^", base, ("n", Fraction(2 if op == ("squared",) else 3)))
        return base

    def _unary(self) -> _Expr | None:
        mark = self.i
        self._words(("the",))
        if self._words(("square", "root", "of"), ("√",)):
            return self._prefixed("sqrt", mark)
        if self._words(("cube", "root", "of")):
            return self._prefixed("cbrt", mark)
        if self._words(("double",), ("twice",)):
            return self._prefixed("double", mark)
        if self._words(("triple",)):
            return self._prefixed("triple", mark)
        if self._words(("half", "of"), ("a", "half", "of")):
            return self._prefixed(("frac", 1, 2), mark)
        self.i = mark
        if self._words(("a",), ("the",)) and (denominator := self._denominator()) and self._words(("of",)):
            return self._prefixed(("frac", 1, denominator), mark)  # "a third of 90" ("the third of" an ASR wrote)
        self.i = mark
        for verb, link, op in (("add", "and", "+"), ("add", "to", "+"), ("subtract", "from", "-r"),
                               ("multiply", "by", "*"), ("multiply", "and", "*"), ("divide", "by", "/"),
                               ("sum of", "and", "+"), ("product of", "and", "*"),
                               ("difference between", "and", "-")):  # fmt: skip
            self.i = mark
            self._words(("the",))
            if (
                self._words(tuple(verb.split()))
                and (a := self._power())
                and self._words((link,))
                and (b := self._power())
            ):
                return ("-", b, a) if op == "-r" else (op, a, b)
        self.i = mark
        if self._words(("a",)) and (denominator := self._denominator()) in (2, 3, 4):
            return ("n", Fraction(1, denominator), _part(1, denominator))  # "half of a half" ("a half of": above)
        self.i = mark
        if self._words(("a",), ("an",)) and not "".join(self.tokens[self.i : self.i + 1])[:1].isdigit():
            self.i = mark  # "a" only before digits: "10 percent off a 90 dollar jacket" (not "a hundred")
        number = self._number()
        if number is None:
            return None
        mark = self.i  # "three quarters of 200", "a third of 90"
        denominator = self._denominator()
        if denominator is not None and number[1].denominator == 1 and self._words(("of",)):
            return self._prefixed(("frac", int(number[1]), denominator), mark)
        if denominator is not None and number[1].denominator == 1 and number[1] > 0:
            count = int(number[1])  # "one half", "three quarters": a number, not "one" and a word
            return ("n", number[1] / denominator, _part(count, denominator))
        self.i = mark
        if number[1].denominator == 1 and (part := self._and_a_part()) is not None:  # "two and three quarters"
            return ("n", number[1] + part, f"{number[1]} and {_part(part.numerator, part.denominator)}")
        return number

    def _and_a_part(self) -> Fraction | None:
        """The fraction in "... and a half", "... and three quarters" after a whole number; None (nothing taken)
        where the words go on otherwise ("add 3 and 4")."""
        mark = self.i
        if self._words(("and",)):
            count = Fraction(1) if self._words(("a",), ("one",)) else self._number_words()
            denominator = self._denominator()
            if count is not None and count.denominator == 1 and denominator is not None and 0 < count < denominator:
                return count / denominator
        self.i = mark
        return None

    def _prefixed(self, op: object, mark: int) -> _Expr | None:
        operand = self._unary()
        if operand is None:
            self.i = mark
            return None
        return (op, operand)

    def _denominator(self) -> int | None:
        if self.i < len(self.tokens) and self.tokens[self.i] in _DENOMINATORS:
            self.i += 1
            return _DENOMINATORS[self.tokens[self.i - 1]]
        return None

    # ---- numbers, in digits or in words ----

    def _number(self) -> _Expr | None:
        mark = self.i
        negative = bool(self._words(("minus",), ("negative",), ("-",), ("−",)))
        value = self._digits()
        if value is None:
            value = self._number_words()
        if value is None:
            self.i = mark
            return None
        if scale := self._words(*((s,) for s in _SCALES)):
            value *= _SCALES[scale[0]]  # "2.5 million"
        return ("n", -value if negative else value)

    def _digits(self) -> Fraction | None:
        token = self.tokens[self.i] if self.i < len(self.tokens) else ""
        if token == _GIVEN and self.given is not None:
            self.i += 1
            return self.given
        if not re.fullmatch(r"[\d,]*\.?\d+", token):
            return None
        self.i += 1
        return Fraction(token.replace(",", ""))

    def _number_words(self) -> Fraction | None:
        """English number words up to the trillions: "two thousand and twenty-three", "a hundred",
        "one point five". A word that cannot continue the number ends it ("eight fifty-four" is 8, 54)."""
        total, group, seen, last = 0, 0, False, ""
        while self.i < len(self.tokens):
            word = self.tokens[self.i]
            nxt = self.tokens[self.i + 1] if self.i + 1 < len(self.tokens) else ""
            if word in ("a", "an") and not seen and nxt in ("hundred", *_SCALES):
                value, kind = 1, "unit"
            elif word == "and" and last in ("hundred", "scale") and (nxt in _UNITS or nxt in _TENS):
                self.i += 1
                continue
            elif word in _UNITS and (last in ("", "hundred", "scale") or (last == "tens" and _UNITS[word] < 10)):
                value, kind = _UNITS[word], "unit"
            elif word in _TENS and last in ("", "hundred", "scale"):
                value, kind = _TENS[word], "tens"
            elif word == "hundred" and last in ("unit", "tens") and group % 100 and group < 100:
                group, last, self.i = group * 100, "hundred", self.i + 1
                continue
            elif word in _SCALES and last in ("unit", "tens", "hundred") and total % (_SCALES[word] * 1000) == 0:
                total, group, last, self.i = total + group * _SCALES[word], 0, "scale", self.i + 1
                continue
            else:
                break
            group, seen, last, self.i = group + value, True, kind, self.i + 1
        if not seen:
            return None
        value = Fraction(total + group)
        if last in ("unit", "tens") and self.i + 1 < len(self.tokens) and self.tokens[self.i] == "point":
            digits = ""
            self.i += 1
            while self.i < len(self.tokens) and self.tokens[self.i] in _UNITS and _UNITS[self.tokens[self.i]] < 10:
                digits, self.i = digits + str(_UNITS[self.tokens[self.i]]), self.i + 1
            if not digits:
                self.i -= 1
            else:
                value += Fraction(int(digits), 10 ** len(digits))
        return value

    def _words(self, *phrases: tuple[str, ...]) -> tuple[str, ...] | None:
        """Takes the first phrase the tokens go on with; None (and takes nothing) where none fits."""
        for phrase in phrases:
            if tuple(self.tokens[self.i : self.i + len(phrase)]) == phrase:
                self.i += len(phrase)
                return phrase
        return None


def _is_number_word(token: str) -> bool:
    return token[:1].isdigit() or token in _UNITS or token in _TENS or token in _SCALES or token == "hundred"


def _operations(expr: _Expr) -> int:
    return 0 if expr[0] == "n" else 1 + sum(_operations(a) for a in expr[1:])


def _evaluate(expr: _Expr) -> tuple[Fraction, bool]:
    """The value, and whether it is exact. Raises ZeroDivisionError, OverflowError (a power too large to
    say) or ValueError (a root of a negative number)."""
    op, *args = expr
    if op == "n":
        return args[0], True
    values = [_evaluate(a) for a in args]
    exact = all(e for _, e in values)
    a = values[0][0]
    if op in ("sqrt", "cbrt"):
        n = 2 if op == "sqrt" else 3
        if a < 0 and n == 2:
            raise ValueError("the square root of a negative number")
        root = _exact_root(a, n)
        if root is not None:
            return root, exact
        return Fraction(math.copysign(abs(a) ** (1 / n), a)).limit_denominator(10**9), False
    if op in ("double", "triple"):
        return a * (2 if op == "double" else 3), exact
    if isinstance(op, tuple):  # ("frac", numerator, denominator)
        return a * Fraction(op[1], op[2]), exact
    b = values[1][0]
    if op == "+":
        return a + b, exact
    if op == "-":
        return a - b, exact
    if op == "*":
        return a * b, exact
    if op == "/":
        return a / b, exact
    if op == "%of":
        return a * b / 100, exact
    if op == "%off":
        return b - a * b / 100, exact
    # "^": whole exponents exactly, as long as the result can still be said
    digits = abs(b) * abs(math.log10(abs(a))) if a else 0
    if b.denominator == 1 and digits <= 1000:
        return a ** int(b), exact
    raise OverflowError("a power too large to say")


def _exact_root(a: Fraction, n: int) -> Fraction | None:
    def root(k: int) -> int | None:
        r = round(abs(k) ** (1 / n))
        return next((c for c in (r - 1, r, r + 1) if c >= 0 and c**n == abs(k)), None)

    num, den = root(a.numerator), root(a.denominator)
    if num is None or den is None:
        return None
    return Fraction(num if a >= 0 else -num, den)


_ONES_SAID = tuple(_UNITS)  # "zero" .. "nineteen", the words the parser reads, in order
_TENS_BY_DIGIT = {value // 10: word for word, value in _TENS.items()}  # 2: "twenty" ..


def number_words(n: int) -> str:
    """0..9999 in English words ("twenty-five", "one hundred five"): how an LLM may spell a number."""
    if not 0 <= n < 10000:
        raise ValueError(f"number_words supports 0..9999, got {n}")
    if n < 20:
        return _ONES_SAID[n]
    if n < 100:
        return _TENS_BY_DIGIT[n // 10] + (f"-{_ONES_SAID[n % 10]}" if n % 10 else "")
    big, unit = (1000, "thousand") if n >= 1000 else (100, "hundred")
    rest = n % big
    return f"{_ONES_SAID[n // big]} {unit}" + (f" {number_words(rest)}" if rest else "")


_IRREGULAR_ORDINALS = {"one": "first", "two": "second", "three": "third", "five": "fifth", "eight": "eighth",
                       "nine": "ninth", "twelve": "twelfth"}  # fmt: skip


def ordinal_words(n: int) -> str:
    """1..9999 as an ordinal in words ("second", "twenty-first", "fortieth"): the last word of `number_words` made
    ordinal."""
    said = number_words(n)
    head, last = re.match(r"(.*?)([a-z]+)$", said).groups()  # type: ignore[union-attr]  # words end in letters
    ordinal = _IRREGULAR_ORDINALS.get(last) or (last[:-1] + "ieth" if last.endswith("y") else last + "th")
    return head + ordinal


def say_number(value: Fraction, exact: bool = True) -> str:
    """A result as a voice says it best from digits: whole numbers plain ("6613"), decimals to two places or
    three significant digits ("33.33", "0.000333"), huge ones as a power of ten; "about" where rounded."""
    if value.denominator == 1 and abs(value) < 10**_MAX_DIGITS:
        return ("" if exact else "about ") + str(value.numerator)
    if abs(value) >= 10**_MAX_DIGITS or 0 < abs(value) < Fraction(1, 10**6):
        return _scientific(value, exact)
    places = 2 if abs(value) >= 1 else max(2, 2 - math.floor(math.log10(abs(value))))
    rounded = round(value, places)
    text = f"{float(rounded):.{places}f}".rstrip("0").rstrip(".")
    return text if exact and rounded == value else f"about {text}"


def _scientific(value: Fraction, exact: bool) -> str:
    """'2.66 times 10 to the power of 95'. Exponents counted in digits, not log10: a float overflows past
    1e308 and underflows below 1e-308."""
    exponent = len(str(int(abs(value)))) - 1 if abs(value) >= 1 else -len(str(int(1 / abs(value))))
    mantissa = value / Fraction(10) ** exponent
    while abs(mantissa) < 1:
        mantissa, exponent = mantissa * 10, exponent - 1
    text = f"{float(mantissa):.3g}"
    if abs(float(text)) >= 10:  # 9.9996 -> "10"
        exponent, text = exponent + 1, f"{float(text) / 10:.3g}"
    rounded = Fraction(text) * Fraction(10) ** exponent
    return f"{'' if exact and rounded == value else 'about '}{text} times 10 to the power of {exponent}"


def _part(num: int, den: int) -> str:
    """'a half', '3 quarters': a fraction as people say it."""
    if num == 1:
        return f"{'an' if _ORDINAL[den][0] == 'e' else 'a'} {_ORDINAL[den]}"  # "an eighth"
    return f"{num} {'halves' if den == 2 else _ORDINAL[den] + 's'}"


def _say(expr: _Expr) -> str:
    op, *args = expr
    if op == "n":
        return args[1] if len(args) > 1 else say_number(args[0])  # a fraction as it was said: "a half"
    if op in ("sqrt", "cbrt"):
        return f"the {'square' if op == 'sqrt' else 'cube'} root of {_say(args[0])}"
    if op in ("double", "triple"):
        return f"{op} {_say(args[0])}"
    if isinstance(op, tuple):
        _, num, den = op
        if (num, den) == (1, 2):
            return f"half of {_say(args[0])}"
        return f"{_part(num, den)} of {_say(args[0])}"
    if op == "^" and args[1] == ("n", 2):
        return f"{_say(args[0])} squared"
    if op == "^" and args[1] == ("n", 3):
        return f"{_say(args[0])} cubed"
    if op == "%off":  # "30 percent off 80 is 56." the model still said 24 (80 x 0.30); this it repeats
        return f"the price after {_say(args[0])} percent off {_say(args[1])}"
    return f"{_say(args[0])} {_SPOKEN[op]} {_say(args[1])}"
