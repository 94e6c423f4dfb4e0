"""The chemical elements people ask about: symbol, name and atomic number, for the almanac's facts.

A chemistry homework question; the 0.5B answered "Which element has the chemical symbol Fe?" with sodium (as
misheard, "fee") and, in text, swaps symbols of the metals whose symbols come from Latin. The 44 elements here
are the ones school asks about; a symbol is matched as written or spelled out ("F E", "N.A.").
"""

from __future__ import annotations

import re

from voicebot.arithmetic import whole_number

__all__ = ["ELEMENT_WORDS", "element_facts"]

# "name|other spelling: symbol: atomic number[: the name the symbol comes from]"
_TABLE = """
hydrogen: H: 1
helium: He: 2
lithium: Li: 3
beryllium: Be: 4
boron: B: 5
carbon: C: 6
nitrogen: N: 7
oxygen: O: 8
fluorine: F: 9
neon: Ne: 10
sodium: Na: 11: its Latin name, natrium
magnesium: Mg: 12
aluminum|aluminium: Al: 13
silicon: Si: 14
phosphorus: P: 15
sulfur|sulphur: S: 16
chlorine: Cl: 17
argon: Ar: 18
potassium: K: 19: its Latin name, kalium
calcium: Ca: 20
titanium: Ti: 22
chromium: Cr: 24
manganese: Mn: 25
iron: Fe: 26: its Latin name, ferrum
cobalt: Co: 27
nickel: Ni: 28
copper: Cu: 29: its Latin name, cuprum
zinc: Zn: 30
arsenic: As: 33
bromine: Br: 35
krypton: Kr: 36
silver: Ag: 47: its Latin name, argentum
tin: Sn: 50: its Latin name, stannum
iodine: I: 53
xenon: Xe: 54
tungsten: W: 74: its German name, wolfram
platinum: Pt: 78
gold: Au: 79: its Latin name, aurum
mercury: Hg: 80: its Latin name, hydrargyrum
lead: Pb: 82: its Latin name, plumbum
radon: Rn: 86
radium: Ra: 88
uranium: U: 92
plutonium: Pu: 94
"""


def _rows() -> list[tuple[list[str], str, int, str]]:
    """The table as (names, symbol, atomic number, where the symbol comes from or "")."""
    rows = []
    for line in _TABLE.strip().splitlines():
        names, symbol, number, *origin = line.split(": ")
        rows.append((names.split("|"), symbol, int(number), origin[0] if origin else ""))
    return rows


_ROWS = _rows()
_BY_NAME = {name: row for row in _ROWS for name in row[0]}
_BY_SYMBOL = {row[1].lower(): row for row in _ROWS}
_BY_NUMBER = {row[2]: row for row in _ROWS}
ELEMENT_WORDS = frozenset(_BY_NAME)  # for the almanac's pronoun follow-ups
_NAME = "|".join(sorted(_BY_NAME, key=len, reverse=True))
# The element ends the phrase ("... for sodium", not "... for sodium chloride") and its sentence ("What's the atomic
# number of carbon? Just double checking my slides."), and chemistry is meant (not "the astrological symbol for
# Mercury").
_WHERE = r"(?: (?:on|in) (?:the periodic table|chemistry))?(?:\s*[?.!]|\W*$)"
_NOT_CHEMISTRY = re.compile(r"\b(?:astrolog\w*|zodiac|alchem\w*|planet|horoscope|tarot|roman god)\b")
_SYMBOL_OF = re.compile(
    rf"\b(?:chemical |element(?:al)? |atomic )?symbol (?:for|of) (?:the element )?(?P<a>{_NAME}){_WHERE}|"
    rf"\b(?P<b>{_NAME})(?:'s| s) (?:chemical |element(?:al)? )?symbol{_WHERE}"
)
# "Which element has the symbol Fe?", "What element is K?", "What does Na stand for on the periodic table?"; the
# symbol as Whisper writes a spelled one: "F E", "N.A.", "F-E". Not "What element is he?" (a star sign asked).
_SPELLED = r"(?P<s>[a-z](?:[ .-]?[a-z])?|fee)\.?"
_SOUNDS = {"fee": "fe"}  # a symbol said as a word, as Whisper writes it: "Which element has the symbol fee?"
_PRONOUN = r"(?!(?:he|i|it|she|we|me|us|you)\W*$)"
_ELEMENT_OF = tuple(
    re.compile(pattern)
    for pattern in (
        rf"\b(?:which|what) element\b.*\bsymbol(?: is)? {_SPELLED}(?:,? (?:on|in) the periodic table)?\W*$",
        rf"\bwhat element is {_PRONOUN}{_SPELLED}\W*$",
        rf"\bwhat does {_SPELLED} stand for (?:on|in) (?:the periodic table|chemistry)\b",
    )
)
_NUMBER_OF = re.compile(
    rf"\batomic number (?:of|for) (?P<a>{_NAME}){_WHERE}|\b(?P<b>{_NAME})(?:'s| s) atomic number{_WHERE}"
)
# "Which element has atomic number 8?", "What is element number 79?"; not "What element is after atomic number 8?"
_WITH_NUMBER = re.compile(r"\b(?:(?:has|with) (?:the |an )?atomic number|element number) (?P<n>[\w -]+?)\W*$")


def element_facts(words: str) -> list[str]:
    """The facts a lower-cased question asks about an element: "What's the chemical symbol for gold?" -> "The
    chemical symbol for gold is Au, from its Latin name, aurum.", "Which element has the symbol K?", "What's the
    atomic number of carbon?", "Which element has atomic number 8?"."""
    found: list[str] = []
    if _NOT_CHEMISTRY.search(words):
        return found
    if m := _SYMBOL_OF.search(words):
        names, symbol, _, origin = _BY_NAME[m["a"] or m["b"]]
        found.append(f"The chemical symbol for {names[0]} is {symbol}{f', from {origin}' if origin else ''}.")
    symbols = [re.sub(r"[ .-]", "", m["s"]) for pattern in _ELEMENT_OF if (m := pattern.search(words))]
    symbols = [_SOUNDS.get(symbol, symbol) for symbol in symbols]
    if symbols and (row := _BY_SYMBOL.get(symbols[0])):
        found.append(f"{row[1]} is the symbol for {row[0][0]}, element number {row[2]}.")
    if m := _NUMBER_OF.search(words):
        names, _, number, _ = _BY_NAME[m["a"] or m["b"]]
        found.append(f"The atomic number of {names[0]} is {number}.")
    if (m := _WITH_NUMBER.search(words)) and (row := _BY_NUMBER.get(whole_number(m["n"]))):
        found.append(f"The element with atomic number {row[2]} is {row[0][0]}, symbol {row[1]}.")
    return found

