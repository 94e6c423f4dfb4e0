"""School chemistry beyond the elements' table: rows for the almanac's table (voicebot/almanac.py).

A teacher checking a lesson and a student revising ask these; the 0.5B answered "What gas bubbles off when you drop
zinc into hydrochloric acid?" with "Zinc bubbles off ...", the second electron shell's "up to 2 electrons", and the
periodic table's maker "Boris Podolsky" (docs/MEASUREMENTS.md, thirty-fifth session). Reactions are read from the
kinds of thing that react (a metal and an acid, a carbonate and an acid), so a metal or an acid the rows do not name
gets nothing.
"""

from __future__ import annotations

from voicebot.patterns import all_words as _all

__all__ = ["CHEMISTRY_FACTS"]

_METALS = r"zinc|magnesium|iron|aluminium|aluminum|calcium|lithium|sodium|potassium|tin|a metal|metals?"
_ACIDS = r"(?:hydrochloric|sulfuric|sulphuric|nitric|dilute|an|the|some) acid|acids?"
_CARBONATES = (
    r"(?:calcium |sodium |magnesium |copper )?carbonates?|baking soda|bicarbonate|marble( chips)?|chalk|limestone"
)
_GAS_ASKED = r"gas(?:es)?|fizz\w*|bubbl\w*|given off|gives off|released?|produced?|makes?"
_SHELLS = {"first": "2", "second": "8", "third": "18", "fourth": "32"}
_ORDINALS = {"first": "first|1st", "second": "second|2nd", "third": "third|3rd", "fourth": "fourth|4th"}

CHEMISTRY_FACTS: tuple[tuple[str, str], ...] = (
    (_all(_METALS, _ACIDS, _GAS_ASKED, unless=r"carbonates?|baking soda|vinegar"),
     "A metal like zinc or magnesium reacts with an acid to give a salt and hydrogen gas: metal plus acid gives salt "
     "plus hydrogen."),
    (_all(_CARBONATES, r"acids?|vinegar", _GAS_ASKED),
     "A carbonate reacts with an acid to give a salt, water and carbon dioxide gas, which makes the fizz."),
    (_all(r"test(?:ing)? for|tests? for|how do (?:you|we|i) (?:test|know|check|identify)", r"hydrogen"),
     "The test for hydrogen is the squeaky pop: a lit splint held at the mouth of the tube goes pop."),
    (_all(r"test(?:ing)? for|tests? for|how do (?:you|we|i) (?:test|know|check|identify)", r"carbon dioxide|co2"),
     "The test for carbon dioxide is limewater: bubbled through it, the gas turns the limewater milky."),
    (_all(r"test(?:ing)? for|tests? for|how do (?:you|we|i) (?:test|know|check|identify)", r"oxygen",
          unless=r"carbon dioxide|co2|hydrogen"),
     "The test for oxygen is a glowing splint: oxygen relights it."),
    *((_all(rf"(?:{_ORDINALS[ordinal]}) (?:electron )?(?:shell|cell|orbit|energy level|level|ring)s?", r"electrons?",
            r"how many|hold|holds|fit|capacity|maximum|max"),
       f"The {ordinal} electron shell holds up to {held} electrons: the shells hold 2, 8, 18 and 32, or 2 n squared."
       + (" In the simple school model the third shell takes 8 before the fourth starts filling." if held == "18"
          else ""))
      for ordinal, held in _SHELLS.items()),
    (_all(r"periodic table", r"who (?:came up with|invented|created|made|developed|designed|devised|drew up|wrote)|"
          r"(?:father|inventor|creator) of|which (?:russian )?(?:chemist|scientist)|russian chemist|whose"),
     "Dmitri Mendeleev, a Russian chemist, drew up the periodic table in 1869; his name is said "
     "men-deh-LAY-ev."),
    (_all(r"ph (?:scale|range)|range of (?:the )?ph", r"what|how|range|go|from", unless="neutral"),
     "The pH scale runs from 0 to 14: 7 is neutral, below 7 acidic, above 7 alkaline, or basic."),
    (_all(r"acid", r"alkali|base", r"make|makes|produce|gives?|form|react\w*", r"what|which",
          unless=r"carbonates?|metals?|zinc|magnesium|baking soda"),
     "An acid and an alkali neutralize each other to make a salt and water."),
)
