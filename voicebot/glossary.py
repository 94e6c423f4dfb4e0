"""What the terms of school subjects mean (economics, grammar and poetry, mathematics, geography, biology, physics and
civics): rows for the almanac's table (voicebot/almanac.py).

A student revising or a child doing homework asks a term's meaning, or a term by its meaning; the 0.5B said
"Opportunity cost is the cost of not using a flashcard." and called a general rise in prices "economic growth"
(docs/MEASUREMENTS.md, thirty-fifth session). Each term is asked for by its name ("What's opportunity cost?", "Define
inflation.", "What does hypotenuse mean?") or, for the terms people describe, by what it is ("What do you call a
general rise in prices?"). Terms whose description other rows already answer ("a word that means the same as
another": synonym) are asked here by name only.
"""

from __future__ import annotations

__all__ = ["GLOSSARY_FACTS", "GLOSSARY_GATE"]

# A term's name ends what the question asks ("What's inflation?", "What's opportunity cost, give me a one line
# definition"), not "What's the inflation rate in Japan?", which asks a figure.
_ENDS = (
    r"(?=\s*(?:[?.!,;:]|$)|\s+(?:give|tell|explain|mean|means|in (?:economics|math|maths|english|grammar|"
    r"geography|biology|science|physics|chemistry|poetry|simple terms|plain english)|exactly|please|for my|i need|"
    r"again|in one)\b)"
)
_ASKED = (
    r"\b(?:what(?:'s| is| are| does)|define|definition of|meaning of|explain|describe|remind me (?:of|what))\s+"
    r"(?:an? |the )?(?:term )?"
)
_CALLED = r"(?=.*\b(?:call(?:ed)?|word|term|name)\b)"

# The term as said (a regex of lower-case words), what it is, and the words that describe it when it is asked for
# by what it is ("" where people do not ask so, or another row answers).
_ECONOMICS = (
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
     r"(?:controls|dominates|has) the (?:whole |entire )?market"),  # "a": not the board game
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
_GRAMMAR_AND_POETRY = (
    ("(?:a )?noun", "A noun is a word that names a person, place, thing or idea, like teacher, London or joy.", ""),
    ("(?:a )?verb", "A verb is a word for an action or a state, like run, think or be.", ""),
    ("(?:an )?adjective", "An adjective is a word that describes a noun, like big, red or happy.", ""),
    ("(?:an )?adverb", "An adverb is a word that describes a verb, an adjective or another adverb, like quickly, "
     "very or soon.", ""),
    ("(?:a )?pronoun", "A pronoun is a word that stands in for a noun, like he, she, it or they.", ""),
    ("(?:a )?preposition", "A preposition is a word that shows where or when something is, like in, on, under or "
     "after.", ""),
    ("(?:a )?conjunction", "A conjunction is a joining word, like and, but, or and because.", ""),
    ("(?:a )?synonym", "A synonym is a word that means the same, or nearly the same, as another, like big and large.",
     ""),
    ("(?:an )?antonym", "An antonym is a word with the opposite meaning, like hot and cold.", ""),
    ("(?:a )?homophone", "Homophones are words that sound the same but differ in meaning or spelling, like there, "
     "their and they're.", r"words? (?:that )?sounds? the same but (?:ha(?:ve|s) )?(?:a )?different (?:meanings?|"
     r"spellings?)"),
    ("(?:a )?simile", "A simile compares two things using like or as: as brave as a lion.", ""),
    ("(?:a )?metaphor", "A metaphor says one thing is another, without like or as: time is money.", ""),
    ("alliteration", "Alliteration is the same first sound repeated in words close together: Peter Piper picked a "
     "peck.", r"same (?:first |starting |beginning )?(?:sound|letter)s? (?:at the start of|repeated|in a row)"),
    ("(?:an )?onomatopoeia", "Onomatopoeia is a word that sounds like what it names, like buzz, bang or sizzle.",
     r"words? that sounds? like (?:what it|the thing it|the sound it) (?:means|names|describes)"),
    ("personification", "Personification is giving human qualities to something that is not human: the wind "
     "whispered.", ""),
    ("(?:an )?oxymoron", "An oxymoron puts two opposite words together: deafening silence, or jumbo shrimp.", ""),
    ("(?:a )?haiku", "A haiku is a short Japanese form of poem: three lines of 5, 7 and 5 syllables, 17 in all.", ""),
    ("(?:a )?sonnet", "A sonnet is a poem of 14 lines with a set rhyme scheme, like Shakespeare's.", ""),
    ("(?:a )?compound word", "A compound word is two words joined into one, like sunflower or toothbrush.", ""),
    ("(?:a )?syllable", "A syllable is a unit of sound with one vowel sound: wa-ter has two.", ""),
    ("(?:a )?prefix", "A prefix is a part added to the start of a word to change its meaning, like un- in unhappy.",
     ""),
    ("(?:a )?suffix", "A suffix is a part added to the end of a word, like -ful in hopeful.", ""),
)
_MATHEMATICS = (
    ("(?:a )?prime number", "A prime number is a whole number greater than 1 that only 1 and itself divide: 2, 3, "
     "5, 7, 11, 13 and so on.", ""),
    ("(?:an )?integer", "An integer is a whole number: positive, negative or zero, with no fraction part.", ""),
    ("the mean|the arithmetic mean", "The mean is the average: add up the numbers and divide by how many there are.",
     ""),  # not "What is mean?"
    ("(?:the )?median", "The median is the middle value when the numbers are put in order; with two middle values, "
     "it is halfway between them.", ""),
    ("(?:the )?mode", "The mode is the value that appears most often.", ""),
    ("(?:the )?hypotenuse", "The hypotenuse is the longest side of a right triangle, opposite the right angle.",
     r"longest side of a right(?:[- ]angled?)? triangle"),
    ("(?:the )?pythagorean theorem|pythagoras(?:'s|') theorem|pythagoras theorem", "The Pythagorean theorem: in a "
     "right triangle, a squared plus b squared equals c squared, c being the hypotenuse.", ""),
    ("pi", "Pi is about 3.14159: the distance around any circle divided by its diameter.", ""),
    ("(?:the )?perimeter", "The perimeter is the distance all the way around the outside of a shape.", ""),
    ("(?:an )?equilateral triangle", "An equilateral triangle has three equal sides and three 60 degree angles.", ""),
    ("(?:an )?isosceles triangle", "An isosceles triangle has two equal sides.", ""),
    ("(?:a )?scalene triangle", "A scalene triangle has three sides of different lengths.", ""),
    ("(?:a )?right angle", "A right angle is an angle of exactly 90 degrees, like the corner of a square.", ""),
    ("(?:an )?acute angle", "An acute angle is less than 90 degrees.", ""),
    ("(?:an )?obtuse angle", "An obtuse angle is more than 90 degrees but less than 180.", ""),
    ("(?:a )?numerator", "The numerator is the top number of a fraction; the denominator is the bottom one.", ""),
    ("(?:a )?denominator", "The denominator is the bottom number of a fraction; the numerator is the top one.", ""),
    ("(?:a )?quotient", "The quotient is the result of a division.", ""),
)
_GEOGRAPHY = (
    ("(?:a )?peninsula", "A peninsula is land surrounded by water on three sides, like Florida or Italy.",
     r"land (?:surrounded by|with) water on three sides"),
    ("(?:an )?archipelago", "An archipelago is a group or chain of islands, like Indonesia or the Philippines.",
     r"(?:group|chain|cluster) of islands"),
    ("a (?:river )?delta|(?:a )?river delta", "A delta is low land at a river's mouth, built up from the mud the "
     "river drops, where it splits into channels.", ""),  # not the airline
    ("(?:an )?isthmus", "An isthmus is a narrow strip of land joining two larger areas of land, like Panama.",
     r"narrow strip of land (?:joining|connecting|that joins|that connects)"),
    ("(?:a )?tributary", "A tributary is a river or stream that flows into a larger river.",
     r"(?:river|stream) that flows into (?:a |another )?(?:larger|bigger|main) river"),
    ("(?:an )?estuary", "An estuary is where a river meets the sea, and fresh and salt water mix.", ""),
    ("(?:the )?equator", "The equator is the imaginary line around the middle of the Earth, halfway between the poles, "
     "at 0 degrees latitude.", ""),
    ("latitude", "Latitude measures how far north or south of the equator a place is, in degrees; longitude measures "
     "east or west.", ""),
    ("longitude", "Longitude measures how far east or west of the Greenwich meridian a place is, in degrees; latitude "
     "measures north or south.", ""),
)
_BIOLOGY = (
    ("(?:a )?mammal", "A mammal is a warm-blooded animal with hair or fur that feeds its young on milk.", ""),
    ("(?:an )?amphibian", "An amphibian is a cold-blooded animal that lives both in water and on land, like a frog: "
     "most start life in water breathing with gills.", ""),
    ("(?:a )?reptile", "A reptile is a cold-blooded animal with dry scaly skin that mostly lays eggs on land, like a "
     "lizard, snake or turtle.", ""),
    ("(?:a )?vertebrate", "A vertebrate is an animal with a backbone; an invertebrate has none.", ""),
    ("(?:an )?invertebrate", "An invertebrate is an animal without a backbone, like an insect, a worm or an octopus.",
     r"animals? (?:without|with no) (?:a )?backbones?"),
    ("osmosis", "Osmosis is water moving through a membrane from a weaker solution to a stronger one.", ""),
    ("(?:a )?food chain", "A food chain shows who eats whom: plants, then the animals that eat them, then the animals "
     "that eat those.", ""),
    ("meiosis", "Meiosis is the cell division that makes sex cells, each with half the usual number of chromosomes.",
     ""),
)
_PHYSICS_AND_CIVICS = (
    ("(?:the )?acceleration (?:due to|of) gravity|(?:the )?gravitational acceleration", "The acceleration due to "
     "gravity near Earth's surface is about 9.8 meters per second squared, or 32 feet per second squared.", ""),
    ("newton'?s first law", "Newton's first law: an object stays at rest, or keeps moving at the same speed in a "
     "straight line, unless a force acts on it.", ""),
    ("newton'?s second law", "Newton's second law: force equals mass times acceleration, F equals m a.", ""),
    ("newton'?s third law", "Newton's third law: for every action there is an equal and opposite reaction.", ""),
    ("ohm'?s law", "Ohm's law: voltage equals current times resistance, V equals I R; so current is voltage "
     "divided by resistance.", ""),
    ("(?:a )?catalyst", "A catalyst speeds up a chemical reaction without being used up itself.", ""),
    ("(?:an )?isotope", "Isotopes are atoms of the same element with different numbers of neutrons.", ""),
    ("democracy", "Democracy is government by the people, who choose their leaders and laws by voting.", ""),
)
_TERMS = (*_ECONOMICS, *_GRAMMAR_AND_POETRY, *_MATHEMATICS, *_GEOGRAPHY, *_BIOLOGY, *_PHYSICS_AND_CIVICS)


def _rows() -> tuple[tuple[str, str], ...]:
    rows = []
    for term, meaning, described in _TERMS:
        named = rf"{_ASKED}(?:{term}){_ENDS}|\bwhat (?:does|do) (?:the (?:term|word) )?(?:{term}) mean\b"
        rows.append((named, meaning))
        if described:
            rows.append((rf"^{_CALLED}(?=.*\b(?:{described})\b)(?!.*\b(?:{term})\b)", meaning))
    return tuple(rows)


GLOSSARY_FACTS = _rows()
# The words every row asks with: the almanac skips these ~110 rows for words without them.
GLOSSARY_GATE = (
    r"\b(?:what(?:'s| is| are| does| do)|whats|define|definition|meaning|explain|describe|remind me|call(?:ed)?|word|"
    r"term|name)\b"
)
