"""What the words of a first economics course mean: rows for the almanac's table (voicebot/almanac.py).

A student revising asks a term's meaning, or a term by its meaning; the 0.5B said "Opportunity cost is the cost of
not using a flashcard." and called a general rise in prices "economic growth" (docs/MEASUREMENTS.md, thirty-fifth
session). Each term is asked for by its name ("What's opportunity cost?", "Define inflation.") or, for the terms
people describe, by what it is ("What do you call a general rise in prices?").
"""

from __future__ import annotations

__all__ = ["ECONOMICS_FACTS"]

# A term's name ends what the question asks ("What's inflation?", "What's opportunity cost, give me a one line
# definition"), not "What's the inflation rate in Japan?", which asks a figure.
_ENDS = (
    r"(?=\s*(?:[?.!,;:]|$)|\s+(?:give|tell|explain|mean|means|in economics|in simple terms|in plain english|"
    r"exactly|please|for my|i need|again|in one)\b)"
)
_ASKED = r"\b(?:what(?:'s| is| are| does)|define|definition of|meaning of|explain|describe)\s+(?:an? |the )?(?:term )?"
_CALLED = r"(?=.*\b(?:call(?:ed)?|word|term|name)\b)"

# The term as said (a regex of lower-case words), what it is, and the words that describe it when it is asked for
# by what it is ("" where people do not ask so).
_TERMS = (
    ("inflation", "Inflation is a general rise in prices across the economy over time, so each unit of money buys "
     "less.", r"(?:general|overall|sustained|steady) (?:rise|increase) (?:in|of) (?:the )?(?:general )?"
     r"(?:prices?|price level)|prices? (?:go|going|keep going|rising) up (?:across|in|throughout) the (?:whole )?"
     r"economy"),
    ("deflation", "Deflation is a general fall in prices across the economy over time.",
     r"(?:general|overall|sustained) (?:fall|drop|decrease|decline) (?:in|of) (?:the )?(?:general )?"
     r"(?:prices?|price level)"),
    ("stagflation", "Stagflation is high inflation together with slow growth and high unemployment.", ""),
    ("(?:a )?recession", "A recession is a broad fall in economic activity that lasts months; a common rule of thumb "
     "is two quarters in a row of falling GDP.", r"two (?:quarters|quarter) (?:in a row )?of (?:falling|negative|"
     r"shrinking) (?:gdp|growth|output)"),
    ("opportunity cost", "Opportunity cost is the value of the next best alternative you give up when you make a "
     "choice.", r"(?:value|cost) of the next best (?:alternative|option|choice)"),
    ("scarcity", "Scarcity is the basic problem of economics: wants are unlimited but the resources to meet them are "
     "limited, so choices must be made.", ""),
    ("a monopoly", "A monopoly is a market with a single seller, which can set prices with no competitors.",
     r"(?:only|just|single) one (?:seller|company|firm|supplier|producer)|one (?:seller|company|firm|supplier) "
     r"(?:controls|dominates|has) the (?:whole |entire )?market"),
    ("(?:an )?oligopoly", "An oligopoly is a market dominated by a few large sellers.",
     r"(?:a few|few|small number of) (?:large |big )?(?:sellers|companies|firms) (?:dominate|control)"),
    ("comparative advantage", "Comparative advantage is being able to produce something at a lower opportunity cost "
     "than others, the idea David Ricardo used to explain why trade benefits both sides.", ""),
    ("(?:price )?elasticity(?: of demand)?", "Price elasticity of demand is how much the quantity people buy changes "
     "when the price changes: elastic demand changes a lot, inelastic demand little.", ""),
    ("fiscal policy", "Fiscal policy is the government's use of spending and taxes to steer the economy; monetary "
     "policy is the central bank's use of interest rates and the money supply.", ""),
    ("monetary policy", "Monetary policy is the central bank's use of interest rates and the money supply to steer "
     "the economy; fiscal policy is the government's spending and taxes.", ""),
    ("(?:a )?tariff", "A tariff is a tax on imported goods.", r"tax (?:on|paid on) (?:imports|imported goods)"),
    ("the invisible hand", "The invisible hand is Adam Smith's image for how people pursuing their own interest in "
     "free markets end up serving society's.", ""),
    ("supply and demand", "Supply and demand: when demand rises or supply falls, prices tend to rise, and when "
     "demand falls or supply rises, prices tend to fall, toward the price where the two meet.", ""),
    ("diminishing returns", "Diminishing returns: adding more of one input while others stay fixed eventually adds "
     "less and less output.", ""),
)


def _rows() -> tuple[tuple[str, str], ...]:
    rows = []
    for term, meaning, described in _TERMS:
        named = rf"{_ASKED}(?:{term}){_ENDS}|\bwhat (?:does|do) (?:the (?:term|word) )?(?:{term}) mean\b"
        rows.append((named, meaning))
        if described:
            rows.append((rf"^{_CALLED}(?=.*\b(?:{described})\b)(?!.*\b(?:{term})\b)", meaning))
    return tuple(rows)


ECONOMICS_FACTS = _rows()
