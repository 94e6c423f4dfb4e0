"""The chemical elements people ask about: symbol, name and atomic number, for the almanac's facts.

A chemistry homework question; the 0.5B answered "Which element has the chemical symbol Fe?" with sodium (as
misheard, "fee") and, in text, swaps symbols of the metals whose symbols come from Latin. The 45 elements here
are the ones school asks about; a symbol is matched as written or spelled out ("F E", "N.A.").
"""

from __future__ import annotations

import re

__all__ = ["ELEMENT_WORDS", "element_facts"]

# "name|other spelling: symbol: atomic number[: the Latin name the symbol comes from]"
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
sodium: Na: 11: natrium
magnesium: Mg: 12
aluminum|aluminium: Al: 13
silicon: Si: 14
phosphorus: P: 15
sulfur|sulphur: S: 16
chlorine: Cl: 17
argon: Ar: 18
potassium: K: 19: kalium
calcium: Ca: 20
titanium: Ti: 22
chromium: Cr: 24
manganese: Mn: 25
iron: Fe: 26: ferrum
cobalt: Co: 27
nickel: Ni: 28
copper: Cu: 29: cuprum
zinc: Zn: 30
arsenic: As: 33
bromine: Br: 35
krypton: Kr: 36
silver: Ag: 47: argentum
tin: Sn: 50: stannum
iodine: I: 53
xenon: Xe: 54
tungsten: W: 74: wolfram
platinum: Pt: 78
gold: Au: 79: aurum
mercury: Hg: 80: hydrargyrum
lead: Pb: 82: plumbum
radon: Rn: 86
radium: Ra: 88
uranium: U: 92
plutonium: Pu: 94
"""


def _rows() -> list[tuple[list[str], str, int, str]]:
    rows = []
    for line in _TABLE.strip().splitlines():
        names, symbol, number, *latin = line.split(": ")
        rows.append((names.split("|"), symbol, int(number), latin[0] if latin else ""))
    return rows


_ROWS = _rows()
_BY_NAME = {name: row for row in _ROWS for name in row[0]}
_BY_SYMBOL = {row[1].lower(): row for row in _ROWS}
_BY_NUMBER = {row[2]: row for row in _ROWS}
ELEMENT_WORDS = frozenset(_BY_NAME)  # for the almanac's pronoun follow-ups
_NAME = "|".join(sorted(_BY_NAME, key=len, reverse=True))
_SYMBOL_OF = re.compile(
    rf"\b(?:chemical |element(?:al)? |atomic )?symbol (?:for|of) (?:the element )?(?P<a>{_NAME})\b|"
    rf"\b(?P<b>{_NAME})(?:'s| s) (?:chemical |element(?:al)? )?symbol\b"
)
# "Which element has the symbol Fe?", "What element is K?", "What does Na stand for on the periodic table?"; the
# symbol as Whisper writes a spelled one: "F E", "N.A.", "F-E".
_SPELLED = r"(?P<s>[a-z](?:[ .-]?[a-z])?)\.?"
_ELEMENT_OF = tuple(
    re.compile(pattern)
    for pattern in (
        rf"\b(?:which|what) element\b.*\bsymbol(?: is)? {_SPELLED}\W*$",
        rf"\bwhat element is {_SPELLED}\W*$",
        rf"\bwhat does {_SPELLED} stand for (?:on|in) the periodic table\b",
    )
)
_NUMBER_OF = re.compile(rf"\batomic number (?:of|for) (?P<a>{_NAME})\b|\b(?P<b>{_NAME})(?:'s| s) atomic number\b")
_WITH_NUMBER = re.compile(r"\belement\b.*\batomic number (?:is |of )?(?P<n>\d{1,3})\b")


def element_facts(words: str) -> list[str]:
    """The facts a lower-cased question asks about an element: "What's the chemical symbol for gold?" -> "The
    chemical symbol for gold is Au, from its Latin name, aurum.", "Which element has the symbol K?", "What's the
    atomic number of carbon?", "Which element has atomic number 8?"."""
    found = []
    if m := _SYMBOL_OF.search(words):
        names, symbol, _, latin = _BY_NAME[m["a"] or m["b"]]
        from_latin = f", from its Latin name, {latin}" if latin else ""
        found.append(f"The chemical symbol for {names[0]} is {symbol}{from_latin}.")
    symbols = [re.sub(r"[ .-]", "", m["s"]) for pattern in _ELEMENT_OF if (m := pattern.search(words))]
    if symbols and (row := _BY_SYMBOL.get(symbols[0])):
        found.append(f"{row[1]} is the symbol for {row[0][0]}, element number {row[2]}.")
    if m := _NUMBER_OF.search(words):
        names, _, number, _ = _BY_NAME[m["a"] or m["b"]]
        found.append(f"The atomic number of {names[0]} is {number}.")
    if (m := _WITH_NUMBER.search(words)) and (row := _BY_NUMBER.get(int(m["n"]))):
        found.append(f"The element with atomic number {row[2]} is {row[0][0]}, symbol {row[1]}.")
    return found
