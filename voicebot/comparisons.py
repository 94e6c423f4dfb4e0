"""Which of two things is taller, longer or deeper, from the facts the almanac holds of each, for its table's answers.

"Is that taller than the Statue of Liberty?" after the Eiffel Tower's height got "No, the Eiffel Tower is not taller
than the statue of liberty." from the 0.5B (330 meters against 93; docs/MEASUREMENTS.md, thirty-fifth session). The
table knows both heights; this asks it for each thing's ("How tall is the Statue of Liberty?") and compares the
numbers. "That" or "it" is the thing of the user's last question. Things the table has no measure of, or a measure
in different units, get nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from fractions import Fraction

__all__ = ["comparison_fact"]

# the comparative, the question that asks each thing's measure, and the opposite comparative
_MEASURES = {
    "taller": ("tall", "shorter"), "higher": ("high", "lower"), "shorter": ("tall", "taller"),
    "lower": ("high", "higher"), "longer": ("long", "shorter"), "deeper": ("deep", "shallower"),
}  # fmt: skip
_ADJ = "|".join(_MEASURES)
_THING = r"[\w' -]+?"
_IS_MORE = re.compile(
    rf"^\W*(?:(?:and|so|but|okay|ok|well|wait)\W+)*(?:is|was|are|were) (?P<a>{_THING}) (?P<adj>{_ADJ}) than "
    rf"(?P<b>{_THING})\W*$"
)
_WHICH_MORE = re.compile(rf"\bwhich(?: one)? is (?P<adj>{_ADJ})\W+(?P<a>{_THING}) or (?P<b>{_THING})\W*$")
_EARLIER = frozenset({"that", "it", "this", "that one", "this one"})
_AMOUNT = re.compile(r"(?P<n>\d[\d,]*(?:\.\d+)?)(?P<scale> million| billion)? (?P<unit>meters|kilometers|feet|miles)\b")
_SUBJECT = re.compile(r"^(?P<s>.+?) (?:is|are|runs|stands) (?:about|around|some)\b")


def comparison_fact(
    words: str, earlier: Sequence[str], lookup: Callable[[str, Sequence[str]], str | None]
) -> str | None:
    """'Yes: the Eiffel Tower, about 330 meters, is taller than the Statue of Liberty, about 93 meters.' for two things
    compared by a measure `lookup` (the almanac's facts) gives for each; None otherwise."""
    m = _IS_MORE.match(words) or _WHICH_MORE.search(words)
    if m is None:
        return None
    asked, opposite = _MEASURES[m["adj"]]
    measured = []
    for said in (m["a"], m["b"]):
        said = re.sub(r"^(?:the|a|an) ", "", said.strip())
        if said in _EARLIER:
            fact = lookup(earlier[-1], earlier[:-1]) if earlier else None
        else:
            fact = lookup(f"how {asked} is the {said}?", ()) or lookup(f"how {asked} is {said}?", ())
        amount = _AMOUNT.search(fact or "")
        if fact is None or amount is None:
            return None
        subject = _SUBJECT.match(fact)
        name = subject["s"] if subject else said
        value = Fraction(amount["n"].replace(",", "")) * (10**6 if amount["scale"] else 1)
        measured.append((name[0].lower() + name[1:] if name.startswith("The ") else name, value, amount))
    (a, va, qa), (b, vb, qb) = measured
    if qa["unit"] != qb["unit"] or va == vb:
        return None
    more = (va > vb) == (m["adj"] in ("taller", "higher", "longer", "deeper"))
    size_a, size_b = (f"about {q[0]}" for q in (qa, qb))
    if m.re is _WHICH_MORE:
        (w, sw), (o, so) = ((a, size_a), (b, size_b)) if more else ((b, size_b), (a, size_a))
        return f"{_capital(w)}, {sw}, is {m['adj']} than {o}, {so}."
    return (f"{'Yes' if more else 'No'}: {a}, {size_a}, is {m['adj'] if more else opposite} than {b}, {size_b}.")


def _capital(name: str) -> str:
    return name[0].upper() + name[1:]
