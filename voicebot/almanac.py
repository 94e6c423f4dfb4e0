"""Well-established facts that people ask a voice assistant, for the note before a user's turn and the reply's
start (voicebot/notes.py).

The 0.5B answers many of the classic questions wrongly and with confidence: "The closest planet to the sun is
Mars.", "There are 5 continents in the world.", "There are 12 players on a soccer team.", "Mount Everest is
approximately 2,718 meters tall.", "A spider has four legs." Each fact here is one that does not change, said
as a short spoken sentence, with the question forms that ask for it: narrow on purpose, since a fact given
to a question it does not answer is worse than none (the model then answers from it). A question none
matches is left to the model.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from fractions import Fraction

from voicebot.acronyms import ACRONYM_FACTS, ACRONYM_GATE
from voicebot.arithmetic import number_words, say_number
from voicebot.chemistry import CHEMISTRY_FACTS
from voicebot.comparisons import comparison_fact
from voicebot.dates import MONTHS
from voicebot.elements import ELEMENT_WORDS, element_facts
from voicebot.famous_works import KNOWN_FOR_FACTS, KNOWN_FOR_GATE, WORK_FACTS
from voicebot.geography import NOT_PLACES, PLACE_WORDS, place_facts
from voicebot.glossary import GLOSSARY_FACTS, GLOSSARY_GATE
from voicebot.health import HEALTH_FACTS
from voicebot.idioms import IDIOM_FACTS, IDIOM_GATE
from voicebot.kitchen import KITCHEN_FACTS
from voicebot.lives import LIFE_FACTS, LIFE_GATE
from voicebot.myths import MYTH_FACTS
from voicebot.nature import NATURE_FACTS
from voicebot.patterns import all_words as _all
from voicebot.phrases import PHRASE_FACTS, PHRASE_GATE
from voicebot.presidents import PRESIDENT_FACTS, PRESIDENT_GATE
from voicebot.songs import SONG_FACTS, SONG_GATE
from voicebot.travel import TRAVEL_FACTS, TRAVEL_GATE
from voicebot.units import unit_named

__all__ = ["ASKING", "almanac_fact"]

# Words that ask (a question mark, or a question's or a request's first word, or a question said inside a
# sentence: "My son wants to know what a frog is.", "I wonder who invented radio.", "I honestly don't know how many
# continents there are.", "I'm trying to remember which planet they call the red planet.", "I always forget, is a
# tomato a fruit?"), or after a lead-in that Whisper closed with "." ("Settle this for me, how many bones ...",
# "Okay, trivia time, who painted ..."): "I want to climb the tallest mountain in the world." is no question, and
# gets no fact; nor is "Paris, which is the capital of France, is lovely." (a "which" or "who" after a comma). A
# superlative said alone asks too: "Fastest land animal." (Whisper closed it with "."); and so does "which" with a noun
# after a comma: "I'm planning a trip, which river runs through Budapest." (not "Paris, which is ...").
_LEAD_IN = r"(?:for me|for us|question|trivia time|quiz time)"  # "Settle this for me, ...", "Quick question: ..."
ASKING = re.compile(
    r"\?|^\W*(?:(?:hey|a|oh|um|i'm|so|okay|ok|and|but|well|now|then|about|roughly|approximately)\W+){0,2}"  # "A
    # who invented the telephone." (Whisper's "Hey"; "I'm" its "Um"), "About how long is a dog pregnant for." (closed
    # with "."), "And when was he born." after "Who wrote Romeo and Juliet?"
    r"(what|what's|which|who|who's|whom|how|where|when|why|name|tell|is|are|do|does|can|could|give|list|say|"
    r"translate|define)\b"
    r"|\b(to know|wondering|wonder|curious|(?<!\bi )asked|asks|asking|don't know|do not know|not sure|"
    r"(?:trying to|can't|cannot|don't|do not|never) remember|remind me|forget|forgot)"
    r"(?:\W+(?:me|us))?\W+(what|what's|which|who|how|where|when|why|if|whether)\b"  # "My kid asks me why ..."
    r"|\b(forget|forgot)\W+(is|are|was|were|do|does|did)\b"
    r"|\b(?:wants?|need|needs|looking for) the (?:word|term|name) for\b"  # a crossword's: "it wants the word for ..."
    # a question word left in place at the end: "Brass is an alloy of which two metals." (Whisper's ".")
    r"|\b(?:of|from|in|on|at|by|with|for|to|is|are|was|were) (?:which|what|whom|who)(?: \w+){0,2}\W*$"
    r"|^\W*(the )?(\w+est|biggest|largest|smallest|longest|tallest)\b(?!.*\b(i|we|my|our)\b)"
    r"|(?:[,:;]\s*|\b{lead}\W+)(?:how (?:many|much|long|far|old|tall|big)|what|what's)\b"
    r"|(?:[:;]\s*|\b{lead}\W+)(?:which|who|where|when)\b"
    r"|,\s*(?:which|what) \w+ (?:is|are|was|were|runs?|flows?|does|do|did|has|have)\b"
    # "I'm studying for a physics test, who came up with the theory of relativity." (a relative clause after a name
    # would say what the fact says anyway)
    r"|,\s*who (?:came up with|invented|discovered|wrote|painted|composed|sang|built|founded|created|directed)\b"
    # a question run on after a statement with no comma between: "I'm heading to Switzerland soon what money do they
    # use there", "And tennis what do they call a score of zero.": a question word, then the verb before its subject
    r"|\b(?:what|which|where|who|when)\b (?:\w+ ){0,2}(?:do|does|did|should|can|could|would|will) "
    r"(?:i|you|we|they|he|she|it|people)\b"
    r"|\b(?:what's|what is) (?:the|a|an) "  # "I'm making dip what's the main ingredient in guacamole"
    # and "I'm trying to lose weight how many calories ..."
    # (not "I remember how many continents there are.": no question after "remember", nor one ending "there are")
    r"|(?<!remember )(?<!know )(?<!knew )(?<!you )(?<!sure )\bhow (?:many|much) (?:\w+ ){0,3}(?<!there )"
    r"(?:are|is|was|were|do|does|did|can|could|should|will|would)\b(?!\W*$)".replace(
        "{lead}", _LEAD_IN
    ),
    re.IGNORECASE,
)

# A superlative for the whole world, not a part of it: "the largest country", "... in the world", not "the
# largest country in Africa" or "the tallest mountain in Europe". Written "{A}" in the patterns below.
# The superlative's noun must also end the phrase: "the biggest ocean animal" and "the largest planet's red spot"
# ask for something else.
_ANYWHERE = (
    r"(?:\s+one\b)?"  # "Which planet is the biggest one?"
    r"(?!\s+(?:in|of|on|by|from|near|for)\b(?!\s+(?:the\s+|our\s+)?(?:whole\s+|entire\s+)?"
    r"(?:world|earth|solar system|universe|planet|area|size|land area|landmass|land mass)\b))"
    r"(?=\s*$|\s*[?.!,;]|\s+(?:in|of|on|by|from|near|for|is|was|that|which|ever|there|known|and|or|to|we|you|"
    r"around|alive|today|now|please)\b)"
)
# "Which planet in our solar system is the biggest?": up to four words between the noun and "is the", none of
# them a place that narrows it ("Which country in Africa is the largest?"). Written "{G} the" below.
_THEN_IS = (
    r"(?:(?: (?:in|on|of) (?:the |our )?(?:world|earth|solar system|universe|planet)\b)"
    r"| (?!(?:in|of|on|from|near|for|by)\b)[\w']+){0,4}? (?:is|are)"
)
# Two paint colors asked to be mixed, in either order, and no third one ("blue, yellow and red").
_MIX = (
    r"^(?=.*\b{0}\b)(?=.*\b{1}\b)"
    r"(?=.*\b(mix\w*|combin\w*|together)\b|.*\bcolou?rs?\b.*\bmakes?\b|.*\bmakes?\b.*\bcolou?rs?\b|"
    r".*\bwhat (do|does) \w+ and \w+ make\b)"
    r"(?!.*\b(?!{0}\b|{1}\b)(red|yellow|blue|white|black|green|orange|purple|pink|brown)\b)"
)


def _who_made(thing: str) -> str:
    """Who invented or discovered `thing` (a regex), asked with it as the last words ("Who invented the radio?",
    "Who was the inventor of the radio?") or as the one done to ("When was the radio invented?"); not "Who
    invented the radio show ...?", which is about something else."""
    last = rf"\b(?:{thing})\s*[?.!]?\s*$"
    done = rf"\b(?:{thing})\s+(?:was |were )?(?:first )?(?:invent\w*|discover\w*|made|built)\s*[?.!]?\s*$"
    return rf"^(?:(?=.*\b(?:invent\w*|discover\w*|came up with|who (?:made|built|created))\b)(?=.*{last})|(?=.*{done}))"


def _named(thing: str, fact: str) -> tuple[str, str]:
    """A row for what `thing` (a regex) is called: "What is a baby frog called?", "What do you call a baby cow?",
    "What's the name for a group of wolves?"."""
    end = r"(?=\s*(?:[?.!,]|$|called|named|is|are)\b|\s*[?.!,]|\s*$)"  # not "a baby tiger shark", "... in Bambi"
    return rf"\b{thing}{end}.*\bcalled\b|\b(call|name (for|of)|word for) (a |the )?{thing}{end}", fact


def _meaning(word: str) -> str:
    """What asks what `word` means: "What does the word herbivore mean?", "What is a herbivore?"."""
    return (
        rf"\bwhat (does|do) (the word )?(an? )?{word}s? mean\b|\bwhat('s| is) (an? )?{word}s?\W*$|"
        rf"\bmeaning of (the word )?{word}\b"
    )


# Young animals' names and groups' names that children learn (the 0.5B: "A baby frog is called a frog.").
_YOUNG = {
    "kangaroo": "a joey", "cow": "a calf", "horse": "a foal", "dog": "a puppy", "cat": "a kitten", "sheep": "a lamb",
    "goat": "a kid", "pig": "a piglet", "deer": "a fawn", "frog": "a tadpole", "bear": "a cub", "lion": "a cub",
    "tiger": "a cub", "fox": "a kit, or a cub", "duck": "a duckling", "goose": "a gosling", "swan": "a cygnet",
    "owl": "an owlet", "eagle": "an eaglet", "chicken": "a chick", "hen": "a chick", "elephant": "a calf",
    "whale": "a calf", "giraffe": "a calf", "seal": "a pup", "rabbit": "a kit, or a bunny",
    "butterfly": "a caterpillar",
}  # fmt: skip
# Counting words ("How many items are in a gross?": the 0.5B said "a total amount of money that includes all items
# sold"); not "score", which is more often a game's.
_COUNTS = {
    r"(?<!baker's )(?<!bakers )dozen": "A dozen is 12.", r"bakers?'?s? dozen": "A baker's dozen is 13.",
    r"gross": "A gross is 144: a dozen dozens.", r"ream(?: of paper)?": "A ream of paper is 500 sheets.",
}  # fmt: skip
# How long animals people keep or farm carry their young (the 0.5B: a dog's pregnancy "lasts around 10-15 years").
_PREGNANCY = {
    "dog": "about 63 days, around nine weeks", "cat": "about 63 to 65 days, around nine weeks",
    "horse": "about 11 months", "cow": "about nine months, around 283 days", "rabbit": "about 31 days, around a month",
    "pig": "about 114 days: three months, three weeks and three days", "sheep": "about five months, around 147 days",
    "goat": "about five months, around 150 days", "elephant": "about 22 months, the longest of any land animal",
    "giraffe": "about 15 months", "guinea pig": "about 9 to 10 weeks",
}  # fmt: skip
_GROUPS = {
    "lions": "a pride", "wolves": "a pack", "fish": "a school", "whales": "a pod", "dolphins": "a pod",
    "bees": "a swarm, or a colony in the hive", "ants": "a colony", "crows": "a murder", "geese": "a gaggle",
    "owls": "a parliament", "cows": "a herd", "cattle": "a herd", "elephants": "a herd", "sheep": "a flock",
    "birds": "a flock", "monkeys": "a troop", "puppies": "a litter", "kittens": "a litter",
}  # fmt: skip


# The river through a city, where one river is the answer ("What river runs through Paris?": "the Rhine").
_RIVERS = {
    "paris": "the Seine", "london": "the Thames", "rome": "the Tiber", "cairo": "the Nile", "vienna": "the Danube",
    "budapest": "the Danube", "berlin": "the Spree", "prague": "the Vltava", "baghdad": "the Tigris",
    "dublin": "the Liffey", "lisbon": "the Tagus", "florence": "the Arno", "warsaw": "the Vistula",
    "bangkok": "the Chao Phraya", "montreal": "the Saint Lawrence",
}  # fmt: skip


# The language of a country where one or two are the answer (the 0.5B: "Austria is the official language of
# Austria."); countries of several (Switzerland, Belgium, India) are left to the model.
_LANGUAGES = {
    "austria": "German", "germany": "German", "brazil": "Portuguese", "portugal": "Portuguese", "mexico": "Spanish",
    "argentina": "Spanish", "chile": "Spanish", "peru": "Spanish", "colombia": "Spanish", "spain": "Spanish",
    "egypt": "Arabic", "saudi arabia": "Arabic", "iran": "Persian, also called Farsi", "israel": "Hebrew",
    "the netherlands": "Dutch", "holland": "Dutch", "japan": "Japanese", "china": "Mandarin Chinese",
    "south korea": "Korean", "vietnam": "Vietnamese", "thailand": "Thai", "greece": "Greek", "turkey": "Turkish",
    "russia": "Russian", "poland": "Polish", "sweden": "Swedish", "norway": "Norwegian", "denmark": "Danish",
    "italy": "Italian", "france": "French", "hungary": "Hungarian", "the czech republic": "Czech",
    "ukraine": "Ukrainian", "indonesia": "Indonesian", "ethiopia": "Amharic", "bangladesh": "Bengali",
    "pakistan": "Urdu, and English", "kenya": "Swahili and English", "the philippines": "Filipino and English",
    "canada": "English and French", "finland": "Finnish and Swedish", "new zealand": "English and Maori",
}  # fmt: skip


# Wedding anniversaries' traditional names (the 0.5B: "The silver wedding anniversary is the 15th").
_ANNIVERSARIES = {
    1: ("paper", "first"), 5: ("wood", "fifth"), 10: ("tin", "tenth"), 15: ("crystal", "fifteenth"),
    20: ("china", "twentieth"), 25: ("silver", "twenty[- ]fifth"), 30: ("pearl", "thirtieth"), 40: ("ruby", "fortieth"),
    50: ("gold|golden", "fiftieth"), 60: ("diamond", "sixtieth"),
}  # fmt: skip


def _anniversary_row(years: int, name: str, ordinal: str) -> tuple[str, str]:
    said = name.split("|")[-1]
    not_a_date = "".join(rf"(?<!{month.lower()} )" for month in MONTHS)  # "married on June 5th" is no 5th anniversary
    asks = rf"\b({name}|{ordinal}|{not_a_date}{years}(st|nd|rd|th))\b"
    nth, count = ("first", "one year") if years == 1 else (f"{years}th", f"{years} years")
    gift = "gold" if said == "golden" else said
    fact = f"The {said} anniversary is the {nth}: {count} of marriage, and its traditional gift is {gift}."
    # a wedding's, not "the 50th anniversary of the moon landing" or "our first anniversary, where should we eat?"
    wedding = rf"\b(wedding|marriage|married|gift|traditional|called|{name})\b"
    excluded = r"\b(work|job|company|death|business|dating|anniversary of|where|eat|restaurant)\b"
    return rf"^(?=.*\banniversar(y|ies)\b)(?=.*{asks})(?=.*{wedding})(?!.*{excluded})", fact


# What a food or drink is made from, where one answer is the classic one (the 0.5B: sake "from wheat", marzipan
# "from wheat", tofu "from milk").
_MADE_FROM = {
    "sake": "Sake is made from rice.",
    "tofu": "Tofu is made from soy milk, pressed into blocks.",
    "tempeh": "Tempeh is made from soybeans.",
    "soy sauce": "Soy sauce is made from fermented soybeans and wheat.",
    "hummus": "Hummus is a chickpea dip, made with tahini, lemon and garlic.",
    "falafel": "Falafel is made from chickpeas or fava beans.",
    "marzipan": "Marzipan is an almond paste, sweetened with sugar.",
    "nutella": "Nutella is made from hazelnuts, sugar and cocoa.",
    "pesto": "Pesto is made from basil, pine nuts, garlic, Parmesan and olive oil.",
    "kimchi": "Kimchi is usually made from napa cabbage.",
    "sauerkraut": "Sauerkraut is made from cabbage.",
    "borscht": "Borscht gets its red color from beets.",
    "tequila": "Tequila is made from the blue agave plant.",
    "mezcal": "Mezcal is made from agave.",
    "rum": "Rum is made from sugarcane or molasses.",
    "cider": "Cider is made from apples.",
    "wine": "Wine is made from grapes.",
    "mead": "Mead is made from honey.",
    "chocolate": "Chocolate is made from the beans of the cacao tree.",
    "polenta": "Polenta is made from cornmeal.",
    "couscous": "Couscous is made from semolina, from durum wheat.",
    "popcorn": "Popcorn is made from corn.",
    "maple syrup": "Maple syrup is made from the sap of maple trees.",
    "feta": "Feta is made from sheep's milk, sometimes mixed with goat's milk, in Greece.",
    "paneer": "Paneer is made from milk curdled with lemon or vinegar.",
    "ghee": "Ghee is clarified butter.",
    "tapioca": "Tapioca comes from the cassava root.",
    "saffron": "Saffron comes from the crocus flower.",
    "cinnamon": "Cinnamon comes from the bark of cinnamon trees.",
}


def _made_from_row(food: str, fact: str) -> tuple[str, str]:
    """The row for a food: "What is sake made from?", "What grain is sake made from?", "What's hummus made of?"."""
    food = rf"({food})( cheese)?( usually| mostly| traditionally| mainly)?"  # "feta cheese"
    asks = rf"\b(what|which) (\w+ )?(is|are|does) {food} (made|brewed|distilled|produced|come|comes|from)\b"
    return rf"{asks}|\bwhat('s| is) {food} (made|brewed) (from|of|out of|with)\b", fact


def _language_row(country: str, language: str) -> tuple[str, str]:
    name = re.sub(r"^the ", "(the )?", country)
    asks = r"\b(what|which)\b.*\blanguages?\b|\blanguages?\b.*\bspoken\b|\bspeak\b"
    fact = f"In {country.title().replace('The ', 'the ')}, people speak {language}."
    return rf"^(?=.*({asks}))(?=.*\b(in|of) {name}\W*$)", fact


# What a household substance is to a chemist (homework: "What's the chemical name for table salt?" got "a salt that is
# used in various applications, including baking soda, vinegar, and baking soda"): (its names, the fact).
_COMPOUNDS = {
    r"table salt|(?<!epsom )(?<!bath )salt": "Table salt is sodium chloride, NaCl.",
    r"baking soda|bicarbonate of soda|bicarb": "Baking soda is sodium bicarbonate, NaHCO3.",
    r"chalk|limestone|marble": "Chalk, limestone and marble are calcium carbonate, CaCO3.",
    r"vinegar": "Vinegar is mostly water with about 5 percent acetic acid, CH3COOH.",
    r"rust": "Rust is iron oxide, mostly Fe2O3, formed when iron meets water and oxygen.",
    r"table sugar|(?<!blood )sugar|sucrose": "Table sugar is sucrose, C12H22O11.",
    r"bleach": "Household bleach is sodium hypochlorite, NaOCl, dissolved in water.",
    r"dry ice": "Dry ice is solid carbon dioxide, CO2.",
    r"laughing gas": "Laughing gas is nitrous oxide, N2O.",
    r"epsom salts?": "Epsom salt is magnesium sulfate, MgSO4.",
    r"lye|caustic soda": "Lye, or caustic soda, is sodium hydroxide, NaOH.",
    r"rubbing alcohol": "Rubbing alcohol is isopropyl alcohol, C3H8O, mixed with water.",
    r"stomach acid": "Stomach acid is mainly hydrochloric acid, HCl.",
    r"natural gas": "Natural gas is mostly methane, CH4.",
    r"quicklime": "Quicklime is calcium oxide, CaO.",
}


# Alloys and what they are made of ("Brass is made of copper and which other metal?").
_ALLOYS = {
    "brass": "Brass is an alloy of copper and zinc.", "bronze": "Bronze is an alloy of copper and tin.",
    "stainless steel": "Stainless steel is iron and carbon with at least about 10.5 percent chromium, which stops it "
    "rusting.",
    "(?<!stainless )steel": "Steel is iron with a little carbon, usually under 2 percent.",
    "pewter": "Pewter is mostly tin, hardened with a little copper and antimony.",
    "sterling silver": "Sterling silver is 92.5 percent silver, usually with copper.",
}  # fmt: skip


def _alloy_row(names: str, fact: str) -> tuple[str, str]:
    asks = r"made (?:of|from|out of)|(?:what|which) (?:other )?metals?|consists? of|composed of|alloy|mix of"
    return _all(asks, names, unless=r"how (?:is|are|do|to)|where|why|who|when|melt\w*"), fact


def _compound_row(names: str, fact: str) -> tuple[str, str]:
    asks = r"chemical|formula|scientific name|compound|chemically|molecules?|chemistry"
    return _all(asks, names, unless=r"elements?|symbol|periodic|how much|how many|dissolve\w*|melt\w*|boil\w*"), fact


# Lumber is named by its size before drying and planing (the 0.5B: "2 times 4 is 8."): the name, its actual inches.
_LUMBER = {
    "1x4": "three quarters by three and a half", "2x4": "one and a half by three and a half",
    "2x6": "one and a half by five and a half", "2x8": "one and a half by seven and a quarter",
    "2x10": "one and a half by nine and a quarter", "2x12": "one and a half by eleven and a quarter",
    "4x4": "three and a half by three and a half",
}
def _lumber_row(name: str, actual: str) -> tuple[str, str]:
    a, b = name.split("x")
    a_said, b_said = number_words(int(a)), number_words(int(b))
    said = rf"(?:{a}|{a_said}) ?(?:x|-?by-?) ?(?:{b}|{b_said})s?"
    asks = r"actual\w*|really|dimensions?|size|measure\w*|how (?:big|wide|thick)"
    words = f"{a_said}-by-{b_said}"
    return _all(said, asks), f"A {words} actually measures {actual} inches: its name is its size before drying."


# Moons that are not still being found (Jupiter's and Saturn's counts change with every survey).
_MOONS = {
    r"mars": "Mars has two small moons, Phobos and Deimos.", r"(?:the )?earth": "The Earth has one moon.",
    r"venus": "Venus has no moons.", r"mercury": "Mercury has no moons.",
}
# Where a great river ends (the 0.5B: the Amazon "flows into the Pacific Ocean").
_MOUTHS = {
    r"amazon": "The Amazon flows into the Atlantic Ocean.", r"nile": "The Nile flows into the Mediterranean Sea.",
    r"mississippi": "The Mississippi flows into the Gulf of Mexico.", r"thames": "The Thames flows into the North Sea.",
    r"rhine": "The Rhine flows into the North Sea.", r"danube": "The Danube flows into the Black Sea.",
    r"volga": "The Volga flows into the Caspian Sea.", r"ganges": "The Ganges flows into the Bay of Bengal.",
    r"yangtze": "The Yangtze flows into the East China Sea.", r"seine": "The Seine flows into the English Channel.",
}  # fmt: skip


# How many zeros a number has: "... in a million", "... does a million have", not "a hundred million".
_HENRY_VIII = r"henry (?:the )?(?:viii|8th|eighth)"
_LASTED = r"how long|how many years", r"last|lasted|go on|went on|take|took|fought|run|ran"  # a war's length
_ZEROS = r"\bhow many zero(e)?s\b.*(?<!hundred )(?<!ten )\b{0}\b"
_US = r"(?:us |u\.s\. |united states |american )?"  # "How many US senators ...", "... the U.S. Constitution"
# (what asks for it, the fact as said). Patterns run on the lower-cased words, punctuation kept.
_FACTS = (
    # The solar system
    (r"\bhow many planets\b", "There are eight planets in our solar system."),
    (r"\b(closest|nearest) planet to the sun\b|\bplanet (is )?(the )?(closest|nearest)( to)? the sun\b",
     "Mercury is the planet closest to the sun."),
    (r"\b(farthest|furthest) planet (from|to) the sun\b|"
     r"\bplanet (is )?(the )?(farthest|furthest)( away)?( from| to)? the sun\b|"
     r"\b(farthest|furthest) planet\b{A}|\bplanet\b{G} the (farthest|furthest)\b{A}|"
     r"\bplanet (is )?(the )?(farthest|furthest)( away| out)?\W*$",
     "Neptune is the planet farthest from the sun; Pluto is now called a dwarf planet."),
    (r"\b(largest|biggest) planet\b{A}|\bplanet\b{G} the (largest|biggest)\b{A}",
     "Jupiter is the largest planet in our solar system."),
    (r"\bsmallest planet\b{A}|\bplanet\b{G} the smallest\b{A}", "Mercury is the smallest planet in our solar system."),
    (r"\bhottest planet\b{A}|\bplanet\b{G} the hottest\b{A}",
     "Venus is the hottest planet, even though Mercury is closer to the sun."),
    (r"\bwhich planet is (called |known as )?the red planet\b|\bwhat('s| is) (the name of )?the red planet\b|"
     r"\b(which|what) planet\b.*\b(call|called|known as|named) the red planet\b",
     "Mars is known as the red planet."),
    (r"\bplanet (has|with) (the )?(big |famous )?rings\b|\bplanet is (famous|known|best known) for (its|having) "
     r"(big |beautiful |famous )?rings\b",
     "Saturn is the planet best known for its rings, though Jupiter, Uranus and Neptune have faint ones too."),
    (r"\bhow far (away )?is the moon\b|\bdistance (from|between) (the )?earth (to|and) the moon\b|"
     r"\bdistance to the moon\b", "The moon is about 384,000 kilometers, or 239,000 miles, from Earth."),
    (r"\bhow far (away )?is the sun\b|\bdistance (from|between) (the )?earth (to|and) the sun\b|"
     r"\bdistance to the sun\b", "The sun is about 150 million kilometers, or 93 million miles, from Earth."),
    (r"\b(is|are) the sun (a |an )?(planet|star)\b|\bwhat (kind of thing|type of object) is the sun\b",
     "The sun is a star, not a planet: the closest star to Earth."),
    (r"^(?!.*\bpollution\b).*\bmoon\b.*\b(own light|makes? (its own )?light|produces? (its own )?light|"
     r"gives? off (its own )?light)\b",
     "The moon makes no light of its own: it shines by reflecting sunlight."),
    (r"\b(closest|nearest) star to (the )?earth\b|\bstar (is )?(the )?(closest|nearest) to (the )?earth\b",
     "The sun is the closest star to Earth; the next closest is Proxima Centauri, about 4.2 light years away."),
    (_all("how (long|many days)", "moon", "orbits?|go(es)? around|travels? around|circles?", "earth"),
     "The moon goes around the Earth in about 27 days; from one full moon to the next takes about 29 and a half."),
    (r"\bhow long does it take (the )?earth to (go|travel|move|orbit) around the sun\b|"
     r"\bhow long is (a|one) year on earth\b", "The Earth goes around the sun in about 365 and a quarter days."),
    (r"\bwhat planet do (we|humans|people) live on\b", "We live on Earth, the third planet from the sun."),
    (r"\bspeed of light\b|\bhow fast (does|is) light\b",
     "Light travels about 300,000 kilometers, or 186,000 miles, per second."),
    (_all("how long", "light|sunlight", "sun|sun's|sunlight", "reach|get|travel|arrive|take|come")
     + r"(?!.*\b(tan|burn|stay|sit|leave|lamp|bulb|plants?)\b)",
     "Sunlight takes about 8 minutes and 20 seconds to reach the Earth."),
    (r"\bspeed of sound\b|\bhow fast (does|is) sound\b",
     "Sound travels about 343 meters per second in air at room temperature."),
    (r"\bfirst (person|man|human) (to walk )?on the moon\b|"
     r"\bfirst (person|man|human) to (walk on|land on|set foot on) the moon\b",
     "Neil Armstrong was the first person on the moon, in 1969."),
    # The Earth
    (r"\bhow many continents\b", "There are seven continents."),
    (r"\bhow many oceans\b", "There are five oceans: the Pacific, Atlantic, Indian, Southern and Arctic."),
    (r"\b(largest|biggest) ocean\b{A}|\bocean\b{G} the (largest|biggest)\b{A}",
     "The Pacific is the largest ocean on Earth."),
    (r"\b(tallest|highest) mountain\b{A}|\bmountain\b{G} the (tallest|highest)\b{A}",
     "Mount Everest is the tallest mountain on Earth, about 8,849 meters, or 29,032 feet, above sea level."),
    (r"\bhow (tall|high) is (mount )?everest\b", "Mount Everest is about 8,849 meters, or 29,032 feet, tall."),
    (r"\blongest river\b{A}|\briver\b{G} the longest\b{A}",
     "The Nile is usually counted as the longest river, about 6,650 kilometers; some measure the Amazon longer."),
    (r"\b(largest|biggest) (country|nation)\b{A}|\b(country|nation)\b{G} the (largest|biggest)\b{A}",
     "Russia is the largest country by area."),
    (r"\bsmallest (country|nation)\b{A}|\b(country|nation)\b{G} the smallest\b{A}",
     "Vatican City is the smallest country."),
    (r"\b(two|2) (largest|biggest) (countries|nations)\b", "The two largest countries by area are Russia, the largest, "
     "and Canada."),
    (r"\bhow many\b.*\bpresidents?\b.*\b(assassinated|killed|murdered)\b|"
     r"\b(which|what) (us |american )?presidents\b.*\b(were|have been|got) (assassinated|killed|murdered)\b",
     "Four US presidents were assassinated: Abraham Lincoln in 1865, James Garfield in 1881, William McKinley in 1901 "
     "and John F. Kennedy in 1963."),
    (r"\b(largest|biggest) desert\b{A}|\bdesert\b{G} the (largest|biggest)\b{A}",
     "Antarctica is the largest desert; the Sahara is the largest hot desert."),
    (r"\b(largest|biggest) continent\b{A}|\bcontinent\b{G} the (largest|biggest)\b{A}",
     "Asia is the largest continent."),
    (r"\bsmallest continent\b{A}|\bcontinent\b{G} the smallest\b{A}", "Australia is the smallest continent."),
    (_all(r"pacific", r"bigger|larger", r"all (?:the )?land|land (?:on earth |in the world )?(?:put )?together|"
          r"all (?:the |of the )?continents"),
     "Yes: the Pacific, about 165 million square kilometers, is bigger than all the land on Earth put together."),
    (r"\bsmallest ocean\b{A}|\bocean\b{G} the smallest\b{A}", "The Arctic is the smallest ocean on Earth."),
    (_all(r"oxygen", r"percent\w*|how much|what part|what fraction", r"air|atmosphere"),
     "Oxygen is about 21 percent of the air; nitrogen is about 78."),
    *((_all(r"how many moons", planet) + r"(?!.*\b(?:and|or)\b)", fact) for planet, fact in _MOONS.items()),
    *((_all(river, r"flows? into|empt(?:y|ies) into|drains? into|mouth|(?:which|what) (?:sea|ocean|gulf|bay)"), fact)
      for river, fact in _MOUTHS.items()),
    (_all(r"most (?:abundant|common)|main|most of (?:the )?(?:air|atmosphere)|biggest part", r"gas(?:es)?",
          r"air|atmosphere", unless=r"greenhouse|mars|venus|jupiter|sun|exhaust|car|stove|kitchen"),
     "Nitrogen is the most abundant gas in the air, about 78 percent; oxygen is about 21."),
    (_all(r"how many time ?zones", r"united states|the us|u\.s\.|america|usa|contiguous|mainland|lower 48"),
     "The contiguous United States has four main time zones: Eastern, Central, Mountain and Pacific; with Alaska and "
     "Hawaii, six."),
    (r"\bdeepest ocean\b{A}|\bocean\b{G} the deepest\b{A}",
     "The Pacific is the deepest ocean: the Mariana Trench goes down about 11,000 meters."),
    (_all(r"largest|biggest|most populous|most people|highest population", r"countr(?:y|ies)|nations?",
          r"population|populous|people", unless=r"in (?:africa|asia|europe|south america|north america|"
          r"the americas|latin america|the eu|the european union)|area|square"),
     "India has the largest population, over 1.4 billion people, just ahead of China."),
    # Living things
    (_all("how many legs", "spiders?") + r"(?!.*\bspider monkeys?\b)", "A spider has eight legs."),
    (_all("how many legs", "insects?"), "An insect has six legs."),
    (r"\bsmallest bone\b(?!.*\b(?:dogs?|cats?|birds?|fish|animals?|hands?|feet|foot|fingers?|toes?)\b)",
     "The stapes, in the middle ear, is the smallest bone in the human body, about 3 millimeters long."),
    (_all("how many legs", "ants?|bees?|beetles?|flies|fly|butterfl(y|ies)|grasshoppers?|mosquito(e?s)?|ladybugs?|"
          "cockroach(es)?|wasps?|crickets?"), "Like every insect, it has six legs."),
    (_all("how many legs", "crabs?|lobsters?"), "A crab or a lobster has ten legs, counting its two claws."),
    (_all("how many (legs|arms)", "octopus|octopi|octopuses"), "An octopus has eight arms."),
    (_all("how many", "hearts?", "octopus|octopi|octopuses"), "An octopus has three hearts."),
    (_all("how many chambers", r"(human |the |your |a )?heart"), "The human heart has four chambers."),
    (r"\b(what|which) (kind|type|class|sort) of (animal|creature) (is |are )?(a )?frogs?\b|"
     r"\b(is|are) (a )?frogs? (a )?(mammals?|reptiles?|amphibians?|fish)\b|"
     r"\bfrogs? (are|is) (a )?what kind of animal\b",
     "A frog is an amphibian: it starts life in water and lives on land as an adult."),
    (r"\bhow many bones\b(?!.*\b(hand|foot|feet|arm|leg|skull|spine|dog|cat|horse|baby|babies)\b)"
     r".*\b(human|adult|body|person|people|we|you)\b", "An adult human has 206 bones; a baby is born with about 300."),
    (_all(r"how many teeth", r"dogs?|puppy|puppies", r"adults?|grown|full[- ]grown|have|has") + r"(?!.*\bcats?\b)",
     "An adult dog has 42 teeth; a puppy has 28 baby teeth."),
    (_all(r"how many teeth", r"cats?|kittens?", r"adults?|grown|full[- ]grown|have|has") + r"(?!.*\bdogs?\b)",
     "An adult cat has 30 teeth; a kitten has 26 baby teeth."),
    (_all(r"spice", r"curry|curries", r"yellow|colou?r"), "Turmeric gives curry its yellow color."),
    (r"\bhow many teeth\b(?!.*\b(baby|babies|child|children|kids?|dog|cat|shark)\b)"
     r".*\b(adult|human|person|grown|we|you)\b", "An adult has 32 teeth, wisdom teeth included."),
    (r"\bhow many chromosomes\b(?!.*\b(dog|cat|plant|fly)\b)", "Humans have 46 chromosomes, in 23 pairs."),
    (r"\b(largest|biggest) organ\b", "The skin is the largest organ of the human body."),
    (_all(r"(which|what) vitamin", r"sun|sunlight|sunshine|sun's", r"makes?|made|produces?|gets?|get from")
     + r"|\bsunshine vitamin\b",
     "Your skin makes vitamin D in sunlight."),
    (r"\buniversal (blood )?donor\b(?!.*\bplasma\b)",
     "O negative is the universal donor blood type: almost anyone can receive it."),
    (r"\buniversal (blood )?recipient\b(?!.*\bplasma\b)",
     "AB positive is the universal recipient: it can receive any blood type."),
    (r"\b(largest|biggest) (ocean |sea |marine )?animal\b{A}|\banimal\b{G} the (largest|biggest)\b{A}|"
     r"\b(largest|biggest) animal in the (sea|ocean)s?\b",
     "The blue whale is the largest animal that has ever lived."),
    (r"\b(largest|biggest) mammal\b{A}|\bmammal\b{G} the (largest|biggest)\b{A}",
     "The blue whale is the largest mammal, and the largest animal that has ever lived."),
    (r"\bwhat do bees make\b", "Bees make honey, and beeswax too."),
    (r"\b(is|are) (a |the )?bats? (a |an )?(mammals?|birds?)\b|\bbats? (lay|laying) eggs\b|\bbats? give birth\b|"
     r"\b(do|does) bats?\b.*\b(lay eggs|live (young|babies|birth))\b",
     "Bats are mammals: they give birth to live young and feed them milk."),
    (r"(\b(is|are) (a |the )?spiders? (an |a kind of |a type of )?(insects?|bugs?)|"
     r"\bspiders? (is|are) (an |a kind of |a type of )?insects?)\b(?!\s*(eaters?|eating|hunters?|killers?))",
     "No: a spider is an arachnid, not an insect. It has eight legs and two body parts; an insect has six legs and "
     "three."),
    (_all("caterpillars?", "(turns?|changes?|grows?) into|becomes?"),
     "Caterpillars turn into butterflies or moths."),
    *(_named(f"(baby|young) {name}(s|es)?", f"A baby {name} is called {young}.") for name, young in _YOUNG.items()),
    *(_named(f"group of {names}", f"A group of {names} is called {group}.") for names, group in _GROUPS.items()),
    *(_alloy_row(names, fact) for names, fact in _ALLOYS.items()),
    *((rf"\bhow many\b.*\b(?:in|is|makes?|makes up) (?:a|one) {word}\W*$|^\W*what(?:'s| is) (?:a|one) {word}\W*$",
       fact) for word, fact in _COUNTS.items()),
    (r"\bwhat(?:'s| is) (?:it|this|that) called when plants (?:turn|make|change|use) (?:sun)?light\b|"
     r"\bhow do plants (?:make|get) (?:their )?(?:own )?food\b|"  # "... when plants use sunlight to make their food"
     + _all(r"plants?", r"sun|sunlight", r"food|energy|sugar|glucose", r"called|word|name|term|process",
            unless=r"photosynthesis"),
     "Plants make their food by photosynthesis: they use sunlight to turn water and carbon dioxide into sugar, and "
     "give off oxygen."),
    *((_all(r"how long|how many (?:days|weeks|months)", r"pregnan\w*|gestation\w*|carry|carries", rf"{name}s?",
            unless=r"before|after|test|until|symptoms?" + ("" if name == "guinea pig" else "|guinea")),
       f"{'An' if name[0] in 'aeiou' else 'A'} {name}'s pregnancy lasts {time}.") for name, time in _PREGNANCY.items()),
    *((rf"\b(what|which) river\b.*\b(through|in|flows|runs|crosses)\b.*\b{city}\W*$",
       f"{river[0].upper()}{river[1:]} runs through {city.title()}.") for city, river in _RIVERS.items()),
    *(_language_row(country, language) for country, language in _LANGUAGES.items()),
    (r"\bwhere\b.*\b(the |your |my )?femur\b|\bfemur\b.*\bwhere\b|\bwhat('s| is) (the |a )?femur\W*$",
     "The femur is the thigh bone, between the hip and the knee: the longest bone in the body."),
    (r"\b(what('s| is)|how is) tahini made (from|of|with)\b|\bwhat('s| is) (in )?tahini\W*$",
     "Tahini is made from ground sesame seeds."),
    (r"\b(what|which) (grain|rice|kind of rice)\b.*\brisotto\b|\brisotto\b.*\bmade (from|with|of)\b",
     "Risotto is made with short-grain rice, such as Arborio."),
    (r"\b(is|are) (a |the )?whales? (a |an )?(fish|fishes|mammals?)\b",
     "A whale is a mammal, not a fish: it breathes air and feeds its young on milk."),
    (r"^(?!.*\b(pittsburgh|hockey|team|game)\b).*(\b(which|what) continent\b.*\bpenguins?\b|"
     r"\bpenguins?\b.*\b(which|what) continent\b|\bwhere do (emperor )?penguins live\b)",
     "Emperor penguins live only in Antarctica; other penguins live across the southern half of the world."),
    (r"^(?!.*\bphones?\b).*(\b(powerhouse|power house)\b.*\bcells?\b|\bcells?\b.*\b(powerhouse|power house)\b)",
     "The mitochondria are the powerhouse of the cell: they turn food into energy the cell can use."),
    # Biology and chemistry homework (round 33)
    (_all(r"adenine|thymine|cytosine|guanine", r"pairs?|paired|bonds?|goes with|matches|complementary|partner"),
     "In DNA, adenine pairs with thymine, and cytosine with guanine; in RNA, adenine pairs with uracil."),
    (r"\bavogadro'?s? (?:number|constant)\b", "Avogadro's number is about 6.022 times 10 to the 23rd: the number of "
     "particles in a mole."),
    (_all(r"molar mass|molecular (?:mass|weight)|grams? per mole", r"water|h2o", unless=r"heavy|salt|sugar"),
     "Water's molar mass is about 18 grams per mole."),
    (_all(r"cell division|cells? divid\w*|divides?", r"identical|two (?:daughter )?cells|daughter cells",
          unless=r"four|sex cells|gametes|how long|cancer"),
     "Mitosis makes two identical daughter cells; meiosis makes four sex cells with half the chromosomes."),
    (_all(r"bonds?", r"shar\w*", r"electrons?", unless=r"ionic|metallic|hydrogen|transfer\w*|give|gives|stocks?"),
     "A bond in which atoms share electrons is a covalent bond; in an ionic bond one atom gives electrons to another."),
    (_all(r"plants?|leaves|trees?", r"water vapou?r|lose water|give off water|release water|water evaporat\w*",
          unless=r"photosynthesis|how much|why|cactus|cacti"),
     "Plants give off water vapor through their leaves by transpiration."),
    (_all(r"same (?:backwards?|forwards?)|reads? (?:the same )?(?:backwards?|forwards?)|spelled the same backwards?",
          r"words?|called|name|term"),
     "A word that reads the same backward and forward, like racecar, is a palindrome."),
    (_all(r"active|awake|out", r"(?:during )?(?:the )?day(?:time)?", r"animals?|word|called|term|creatures?",
          unless=r"night|nocturnal|what day|which day|today|birthday"),
     "An animal active by day is diurnal; one active at night is nocturnal."),
    (_all(r"leaves of three", r"let (?:it|them) be|plant|what"), "\"Leaves of three, let it be\" warns about poison "
     "ivy, and poison oak too."),
    (_all(r"n ?p ?k|n-p-k", r"fertili[sz]er|stand|mean|letters?|numbers?|the p|the n|the k"),
     "On a fertilizer bag, N-P-K stands for nitrogen, phosphorus and potassium, in that order."),
    (_meaning("herbivore"), "A herbivore is an animal that eats only plants."),
    (_meaning("carnivore"), "A carnivore is an animal that eats mostly meat."),
    (_meaning("omnivore"), "An omnivore is an animal that eats both plants and meat."),
    (r"\bwhat (does|do) (the word )?nocturnal mean\b|\bmeaning of (the word )?nocturnal\b",
     "Nocturnal means active at night and asleep in the day, like owls and bats."),
    (_all("pandas?('s|')?", "eats?|food|foods|diet") + r"(?!.*\b(python|library|code|dataframes?)\b)",
     "Giant pandas eat mostly bamboo."),
    (_all("pandas?", "where", "live|lives|come from|found") + r"(?!.*\b(python|library|code|dataframes?)\b)",
     "Giant pandas live in the mountain forests of central China."),
    (_all("how many eyes", "spiders?") + r"(?!.*\bspider monkeys?\b)", "Most spiders have eight eyes."),
    (_all("sharks?", "bones?|skeletons?") + r"(?!.*\b(eat|eats|bite|bites|break|breaks|broken)\b)",
     "Sharks have no bones: their skeletons are cartilage."),
    (_all("birds?", "fastest") + r"(?!.*\b(in|of) (?!the world\b)\w)",
     "The peregrine falcon is the fastest bird, diving at over 300 kilometers per hour."),
    (r"\b(largest|biggest) internal organ\b", "The liver is the largest internal organ."),
    (r"\blongest bone\b", "The femur, the thigh bone, is the longest bone in the human body."),
    (r"\b(largest|biggest) land animal\b{A}", "The African elephant is the largest land animal."),
    (r"\bfastest land animal\b{A}|\bland animal\b{G} the fastest\b{A}",
     "The cheetah is the fastest land animal, at up to about 110 kilometers per hour."),
    (_all("how fast|top speed|speed of", "cheetahs?"),
     "A cheetah can run up to about 110 kilometers per hour, about 70 miles per hour."),
    (_all("how fast|top speed|speed of", "horses?") + r"(?!.*\b(race ?horse|seahorse|sea horse)s?\b)",
     "A galloping horse reaches about 50 to 70 kilometers per hour, 30 to 45 miles per hour."),
    (_all("how fast|top speed|speed of", "ostrich(es)?"),
     "An ostrich can run about 70 kilometers per hour, about 45 miles per hour."),
    (r"\bfastest animal\b{A}|(?<!land )\banimal\b{G} the fastest\b{A}",
     "The peregrine falcon is the fastest animal, diving at over 300 kilometers per hour; on land, the cheetah is."),
    (r"\btallest animal\b{A}|\banimal\b{G} the tallest\b{A}", "The giraffe is the tallest animal."),
    (r"\b(largest|biggest) bird\b{A}", "The ostrich is the largest bird."),
    (r"\b(?:what|which) gas(es)? (do |does |two )?(plants?|trees?) "
     r"(take in|taken|absorb|use|breathe in|need|soak up|suck in|suck up)\b|"
     r"\bwhat (do|does) (plants?|trees?) (take in|absorb|breathe in|soak up|suck in|suck up) from the air\b",
     "Plants take in carbon dioxide from the air, and give off oxygen."),
    (r"\bwhat (gas )?(do|does) (plants?|trees?) (give off|release|produce|make)\b", "Plants give off oxygen."),
    # What an eater of plants, of meat or of both is called ("A plant-only animal is called a terrestrial plant.")
    (_all("call(ed)?|word|name|term", r"animals?") + r"(?=.*\beats? (only |just )?(plants|vegetation|grass)\b)"
     r"(?!.*\b(meat|animals? and|and animals?)\b)", "An animal that eats only plants is a herbivore."),
    (_all("call(ed)?|word|name|term", r"animals?") + r"(?=.*\beats? (only |just )?(meat|other animals)\b)"
     r"(?!.*\bplants\b)", "An animal that eats mostly meat is a carnivore."),
    (_all("call(ed)?|word|name|term", r"animals?", r"plants", r"meat|animals? and|and animals?")
     + r"(?=.*\beats? (both )?(plants|meat)\b)", "An animal that eats both plants and meat is an omnivore."),
    (r"\bgreen (stuff|pigment|substance|chemical|thing)\b.*\b(leaf|leaves|plants?)\b|"
     r"\bwhat makes (leaves|plants|grass) green\b",
     "Chlorophyll is the green pigment in leaves that catches sunlight for photosynthesis."),
    (r"\bwhat (gas )?do (we|humans|people) (breathe in|need to breathe|breathe)\b",
     "We breathe in oxygen and breathe out carbon dioxide."),
    (r"\b(word|call|name|term)\b.*\bmeans? the same( thing)? as (another|a different|other) words?\b",
     "A word that means the same as another is a synonym; one that means the opposite is an antonym."),
    (r"\b(word|call|name|term)\b.*\bmeans? the opposite( of)? (another|a different|other) words?\b",
     "A word that means the opposite of another is an antonym; one that means the same is a synonym."),
    # Physics and chemistry
    (r"\bcalled when (water )?vapou?r (turns|changes|becomes|goes) (back )?(in)?to (a )?(liquid|water)\b|"
     r"\bcalled when (a )?gas (turns|changes|becomes|goes) (back )?(in)?to (a )?liquid\b",
     "That is condensation: the vapor cools and turns back into liquid water."),
    (r"\bcalled when (water|a liquid) (turns|changes|becomes|goes) (in)?to (a )?(gas|vapou?r|steam)\b",
     "That is evaporation: the liquid turns into a gas, water into water vapor."),
    (r"\bcalled when light bends\b|\bbending of light\b.*\bcalled\b",
     "That is refraction: light bends as it passes from one material into another, such as air into water."),
    (r"\bcalled when (a )?sound (bounces|reflects|comes) back\b|"
     r"\b(call|called) (a )?sound that (bounces|reflects|comes) back\b",
     "A sound that bounces back is an echo."),
    (r"\b(instrument|tool|device)\b.*\bmeasures? (the )?(air|atmospheric) pressure\b|"
     r"\bwhat measures (the )?(air|atmospheric) pressure\b",
     "A barometer measures air pressure."),
    (r"\bboiling point of water\b|\b(what|which) temperature (\w+ )?does water boil\b|\bwater boils? at\b",
     "Water boils at 100 degrees Celsius, or 212 degrees Fahrenheit, at sea level."),
    (r"\bfreezing point of water\b|\b(what|which) temperature (\w+ )?does water freeze\b|\bwater freezes? at\b",
     "Water freezes at 0 degrees Celsius, or 32 degrees Fahrenheit."),
    (r"\bchemical (formula|symbol) (for|of) water\b", "The chemical formula of water is H2O."),
    (r"\bhardest (natural )?(substance|material|mineral)s?\b", "Diamond is the hardest natural material."),
    (_all(r"pumps?|pumping", r"blood") + r"(?=.*\b(?:what|which) (?:part|organ)|.*\bwhat pumps\b)",
     "The heart pumps blood around the body."),
    (_all(r"insulin", r"organ|gland|which part|what part|where|makes?|made|produces?|produced|comes? from",
          unless=r"inject\w*|dose|doses|how much|pens?|pumps?|cost|price|store|fridge|units"),
     "The pancreas makes insulin."),
    (_all(r"vitamin d", r"why|what for|what does|good for|important|do for|does it do|need it|needs? it|use it",
          unless=r"how much|dose|deficien\w*|sources?|foods?|where|which|what vitamin"),
     "The body needs vitamin D to absorb calcium, for strong bones and teeth; it helps the muscles and the immune "
     "system too."),
    (_all(r"when|what year|how old|how long ago|what century", r"pyramids?", r"built|made|constructed|build|old|date",
          unless=r"who|why|how (?:were|was|did|do)|mexico|maya\w*|aztec|louvre|sudan|nubia\w*"),
     "The Great Pyramid of Giza was built around 2560 BC, about 4,500 years ago, for the pharaoh Khufu."),
    (r"\bhow many colou?rs (are )?(there )?in (a|the) rainbow\b",
     "A rainbow is usually said to have seven colors: red, orange, yellow, green, blue, indigo and violet."),
    (r"\bhow many days (are )?(there )?in a leap year\b", "A leap year has 366 days."),
    (r"\bhow many sides (does|do|has) (a|an) triangle\b", "A triangle has three sides."),
    (_all(r"angles?|degrees", r"triangles?", r"add up|add to|sum|total|how many degrees")
     + r"(?!.*\b(each|every|one|equilateral|isosceles|right|squares?|rectangles?|quadrilaterals?)\b)",
     "The angles of a triangle add up to 180 degrees."),
    (_all(r"how many degrees|what angle|measure", r"right angle", unless=r"triangle"), "A right angle is 90 degrees."),
    (_all(r"how many degrees", r"circle|full turn|full rotation", unless=r"semi\w*|half|quarter"),
     "A full circle is 360 degrees."),
    (_all(r"how many degrees|add up to|sum of (?:the )?(?:interior )?angles|angles add",
          r"quadrilaterals?|rectangles?|squares?|four[- ]sided"),
     "The four angles of a quadrilateral, a square or a rectangle add up to 360 degrees."),
    (_all(r"how many syllables", r"haikus?"), "A haiku has 17 syllables, in three lines of 5, 7 and 5."),
    (_all(r"how many lines", r"sonnets?"), "A sonnet has 14 lines."),
    (r"\bhow many sides (does|do|has) (a|an) pentagon\b", "A pentagon has five sides."),
    (r"\bhow many sides (does|do|has) (a|an) hexagon\b", "A hexagon has six sides."),
    (r"\bhow many sides (does|do|has) (a|an) octagon\b", "An octagon has eight sides."),
    (_ZEROS.format("thousand"), "A thousand has three zeros."),
    (_ZEROS.format("million"), "A million has six zeros."),
    (_ZEROS.format("billion"), "A billion has nine zeros."),
    (_ZEROS.format("trillion"), "A trillion has twelve zeros."),
    (r"^\W*what('s| is) (the )?((common|everyday|usual|normal|other) )?(name (for|of) )?h ?2 ?o"
     r"( called| known as)?\W*$",
     "H2O is water: two hydrogen atoms and one oxygen atom."),
    (r"^\W*what('s| is) co ?2\W*$", "CO2 is carbon dioxide: one carbon atom and two oxygen atoms."),
    # Paint colors mixed, as children learn them: the primary pairs
    (_MIX.format("blue", "yellow"), "Blue and yellow make green."),
    (_MIX.format("red", "yellow"), "Red and yellow make orange."),
    (_MIX.format("red", "blue"), "Red and blue make purple."),
    (_MIX.format("red", "white"), "Red and white make pink."),
    (_MIX.format("black", "white"), "Black and white make gray."),
    # Music and the kitchen
    (_all("how many strings", "guitars?") + r"(?!.*\b(bass|twelve|12)\b)", "A standard guitar has six strings."),
    (_all("how many strings", "bass(?: guitars?)?", unless=r"double|upright"),
     "A standard bass guitar has four strings; some have five or six."),
    (_all("how many strings", "violins?"), "A violin has four strings."),
    (_all("how many strings", "ukuleles?"), "A ukulele has four strings."),
    (_all("how many keys", "pianos?"),
     "A standard piano has 88 keys: 52 white and 36 black."),
    (r"\bhow (long|do i|do you|should i|to|can i) (should i |do i |do you |does it take to |to )?(hard |soft )?"
     r"boil (an? |the )?eggs?\b|\bhow long\b.*\b(soft|hard)[- ]boiled eggs?\b",
     "Put the egg into boiling water: about 6 to 7 minutes for a soft yolk, 10 to 12 for hard-boiled."),
    (r"\b(is|are) (a |the )?tomato(es)? (a |an )?(fruits?|vegetables?)(?=\s*(or\b|[?.!,]|$))|"
     r"\btomato(es)?\b.*\b(fruits? or (a )?vegetables?|vegetables? or (a )?fruits?)\b",
     "A tomato is a fruit, botanically: it grows from the flower and holds the seeds. Cooks use it as a vegetable."),
    (r"\b(main ingredients?|made (of|from|with)|what('s| is) in|ingredients (in|of|for))\b.*\bguacamole\b|"
     r"\bguacamole\b.*\b(made (of|from|with)|main ingredients?)\b",
     "Guacamole is made mainly of mashed avocado, with lime juice, salt, onion and cilantro."),
    # First aid, where the 0.5B gave unsafe advice ("it's important to put ice on it" for a burn from the oven)
    (r"^(?=.*\b(burn|burns|burned|burnt)\b)(?!.*\b(sun ?burn\w*|calories|fat|cds?|dvds?|discs?|wood|candles?|toast|"
     r"rice|food|dinner|fuel|energy|bridges?|out|down|house|fire)\b)(?=.*\b(what (should|do|can) (i|you|we)|"
     r"how (do|should|can|to) (i |you |we )?(treat|help|soothe|care)|treat\w*|first aid|ice|butter|toothpaste)\b)",
     "For a small burn, hold it under cool running water for about 20 minutes; don't put ice or butter on it. "
     "A large or deep burn needs a doctor."),
    (_all("stung|stings?|stingers?", "bees?|wasps?|hornets?", r"what|how|should|treat\w*|get|remove|help|worry"),
     "If the stinger is still in, scrape it out sideways with a fingernail or a card; then wash the spot and hold "
     "something cold on it. Call emergency services at once if breathing gets hard or the face or throat swells."),
    (_all("nose ?bleeds?|nose is bleeding|bleeding nose|nose (won't|will not) stop bleeding",
          "what|how|should|stop|help"),
     "Sit up, lean forward, and pinch the soft part of the nose for 10 to 15 minutes; don't tilt the head back. "
     "If it hasn't stopped after 20 minutes, get medical help."),
    (r"\bking of the jungle\b", "The lion is called the king of the jungle."),
    # Why the world looks as it does, asked by children (the 0.5B: the sky blue "because it's a color that is often
    # associated with the sun", rainbows "made by mixing water with water", leaves turning by "transpiration")
    (r"\bwhy (?:is|does) the sky (?:look )?blue\b|\bwhat makes the sky blue\b",
     "The sky is blue because the air scatters the blue part of sunlight much more than the red: Rayleigh "
     "scattering."),
    (r"\bhow (?:are|do|is|does) (?:a )?rainbows? (?:made|form|formed|happen|appear|work)\b|"
     r"\bwhat (?:makes|causes) (?:a )?rainbows?\b",
     "A rainbow forms when sunlight shines into raindrops: each drop bends the light, splits it into its colors "
     "and reflects it back, with the sun behind you."),
    (r"\bwhy (?:do |does )?(?:the )?leaves (?:change colou?rs?|turn \w+|go \w+)\b",
     "In autumn trees stop making chlorophyll, the green in their leaves, so the yellow and orange underneath "
     "show through."),
    (_all(r"ph", r"neutral"), "A pH of 7 is neutral: below 7 is acidic, above 7 is alkaline."),
    (r"\bwhy (?:do )?we (?:have|get) seasons\b|\bwhat causes (?:the )?seasons\b|\bwhy (?:are there|is there) seasons\b",
     "The seasons come from the tilt of Earth's axis: for half the year your half of the world leans toward the "
     "sun and gets more direct sunlight, and then away."),
    (_all(r"leap years?|leap days?", r"how often|how frequently|every how many|how many years (?:between|apart)"),
     "A leap year comes every four years, except years ending in 00 that can't be divided by 400: 2000 was one, 1900 "
     "was not."),
    (r"\bwhy (?:do )?we (?:have|need) leap years?\b|"
     r"\bwhy (?:is there|are there|do we add) (?:a )?leap (?:year|day)s?\b",
     "Earth takes about 365 and a quarter days to go around the sun, so every fourth year gets an extra day to "
     "keep the calendar in step."),
    (r"\bwhy (?:does )?the moon (?:change|changes) (?:its )?shapes?\b|\bwhat causes the (?:moon'?s )?phases\b|"
     r"\bwhy (?:does )?the moon (?:look|looks) different\b",
     "The moon doesn't change: as it goes around Earth we see more or less of its sunlit half, from new moon to "
     "full moon and back in about a month."),
    (r"\bwhy (?:is|does) mars (?:look )?red\b|\bwhat makes mars red\b|\bwhy is the red planet red\b",
     "Mars is red because its dust and rocks hold a lot of iron oxide: rust."),
    (r"\bwhy (?:is|are) (?:the )?(?:oceans?|seas?|sea water|seawater) salty\b|"
     r"\bwhat makes (?:the )?(?:oceans?|seas?) salty\b",
     "The sea is salty because rivers wash salts out of rocks into it, and when its water evaporates the salt "
     "stays behind."),
    (r"\bwhy (?:is|are) (?:the )?(?:grass|leaves|plants) green\b|\bwhat makes (?:the )?(?:grass|leaves|plants) green\b",
     "Plants are green because of chlorophyll, which takes in red and blue light for photosynthesis and reflects "
     "the green."),
    (r"\bwhy (?:does|do) ice (?:cubes? )?floats?\b|\bhow (?:does|do|can) ice (?:cubes? )?floats?\b",
     "Ice floats because water expands when it freezes, so ice is less dense than liquid water."),
    (r"\bwhy (?:do |does )?(?:the )?stars twinkle\b|\bwhat makes (?:the )?stars twinkle\b",
     "Stars twinkle because moving air in Earth's atmosphere bends their light one way and another on its way to "
     "us."),
    (r"\bwhat (?:causes|makes) (?:the )?tides?\b|\bwhy (?:are there|do we have|does the sea have) tides\b|"
     r"\bhow do tides work\b",
     "Tides are caused mostly by the moon's gravity pulling on the oceans, with some help from the sun's."),
    (r"\bwhat (?:causes|makes) thunder\b|\bwhy (?:does|do) thunder (?:happen|make)\b|\bwhere does thunder come from\b",
     "Thunder is the sound of air heated by lightning so fast that it expands with a bang."),
    (r"\bwhy (?:do|does) onions? make (?:you|us|me|people) cry\b|\bwhy (?:do|does) (?:cutting|chopping) onions? "
     r"make (?:you|us|me|people) cry\b",
     "Cutting an onion releases a gas that irritates the eyes, and they make tears to wash it away."),
    (r"\bwhy (?:do|does) popcorn pop\b|\bwhat makes popcorn pop\b|\bhow does popcorn pop\b",
     "Each popcorn kernel holds a little water: heated, it turns to steam until the hull bursts."),
    (r"\bwhat causes earthquakes?\b|\bwhy (?:do|does) earthquakes? happen\b|\bhow do earthquakes happen\b",
     "Earthquakes happen when pieces of Earth's crust, the tectonic plates, slip suddenly past each other."),
    (r"\bwhy (?:do|does) we have (?:day and night|night and day)\b|\bwhat causes (?:day and night|night and day)\b",
     "We have day and night because Earth spins once a day: the side facing the sun has day."),
    (r"\bwhy is (?:our |human )?blood red\b|\bwhat makes (?:our )?blood red\b",
     "Blood is red because of hemoglobin, the iron-rich protein in red blood cells that carries oxygen."),
    (r"\bwhere (?:does )?the sun (?:go|goes) at night\b",
     "The sun doesn't go anywhere: Earth turns, so at night your side of it faces away from the sun."),
    (r"\bwhy (?:do )?we get goose ?bumps\b|\bwhat (?:causes|are) goose ?bumps\b",
     "Goosebumps come from tiny muscles that pull each hair upright when you're cold or scared: a leftover from "
     "when our ancestors had fur to fluff up."),
    (r"\bwhen (?:did )?(?:the )?dinosaurs (?:die|died) out\b|\bwhen (?:did )?(?:the )?dinosaurs (?:go|went) extinct\b",
     "The dinosaurs died out about 66 million years ago, most likely after a huge asteroid hit Earth; birds are "
     "their living descendants."),
    (r"\bwhere (?:do |did )?kangaroos (?:come from|live|lives)\b", "Kangaroos come from Australia."),
    (_all(r"what|how much", r"blue whales?", r"eats?|food|diet"),
     "Blue whales eat krill, tiny shrimp-like animals: up to about 4 tonnes a day."),
    (_all(r"george washington|washington", r"how long|how many (?:years|terms)|when|what years",
          r"serve|served|president|presidency|in office") + r"(?!.*\b(?:born|die|died|dc|d\.c\.|state)\b)",
     "George Washington was president for two terms, eight years, from 1789 to 1797."),
    (r"\bwhere (?:do |did )?koalas (?:come from|live)\b", "Koalas live in eastern Australia."),
    (r"\bwhere (?:do |did )?(?:giant )?pandas (?:come from|live)\b", "Giant pandas live in the mountains of China."),
    (r"\bwhere (?:do |did )?polar bears (?:come from|live)\b", "Polar bears live around the Arctic."),
    (r"\bwhat(?:'s| is) the ph (?:of|level of) (?:pure |distilled )?water\b", "Pure water has a pH of 7: neutral."),
    (_all(r"birds?", r"eggs?", r"other birds'?|other birds's|another bird'?s?|other nests"),
     "The cuckoo lays its eggs in other birds' nests, and they raise its chicks."),
    (_all(r"bees?", r"collect|gather|get|take", r"flowers?") + r"(?!.*\bpollen\b)|\bhow (?:do )?bees make honey\b",
     "Bees collect nectar from flowers and turn it into honey; they gather pollen too, as food."),
    (r"\b(?:largest|biggest) (?:us |u\.s\. |american )?state\b(?!.*\b(?:in|of) (?!the (?:us|u\.s\.|united states|"
     r"usa|country)\b)\w+)(?!.*\bpopulation\b)",
     "Alaska is the largest US state by area; Texas is second."),
    (_all(r"largest|biggest|most populous|most people|highest population", r"(?:us |u\.s\. |american )?states?",
          r"population|populous|people", unless=r"countr(?:y|ies)|nations?|area|square|australia\w*|india\w*"),
     "California has the most people of any US state, about 39 million."),
    (r"\bsmallest (?:us |u\.s\. |american )?state\b(?!.*\b(?:in|of) (?!the (?:us|u\.s\.|united states|usa|country)\b)"
     r"\w+)(?!.*\bpopulation\b)",
     "Rhode Island is the smallest US state by area."),
    (_all("how many months", "(thirty[- ]one|31) days"),
     "Seven months have 31 days: January, March, May, July, August, October and December."),
    (_all("how many wheels", "tricycles?"), "A tricycle has three wheels."),
    (_all("how many wheels", "bicycles?|bikes?") + r"(?!.*\b(motor|tri|uni)\w*)", "A bicycle has two wheels."),
    (_all("world war (two|2|ii)|second world war|ww ?(2|ii)", "end|ended|over|finish(ed)?") + r"(?!.*\bwho\b)",
     "World War Two ended in 1945: in Europe on May 8, and with Japan's surrender on September 2."),
    (_all("invent(ed|ors?|ion)?|who (made|built|flew) the first", "(air|aero)?planes?") + r"(?!.*\bpaper\b)",
     "The Wright brothers, Orville and Wilbur, flew the first powered airplane, in 1903."),
    # People and history
    (_who_made("(?<!mobile )(?<!cell )(the )?(tele)?phones?"),
     "Alexander Graham Bell is credited with inventing the telephone, in 1876."),
    (_who_made("(the )?(first )?(light ?bulbs?|electric light)"),
     "Thomas Edison made the first practical light bulb, in 1879, building on earlier inventors' work."),
    (r"\bwho discovered (gravity|the law of gravity)\b", "Isaac Newton described the law of gravity, in 1687."),
    (_who_made("penicillin"), "Alexander Fleming discovered penicillin, in 1928."),
    # Inventions and discoveries (the 0.5B: "The internet was invented by Elon Musk in 2008.")
    (_who_made("(the )?(printing press|printing)"),
     "Johannes Gutenberg built the printing press with movable type, around 1440."),
    (_who_made("(the )?radios?"), "Guglielmo Marconi is credited with inventing the radio, in the 1890s."),
    (_who_made("(the )?(television|tv)s?"),
     "Philo Farnsworth built the first fully electronic television, in 1927; John Logie Baird showed an earlier "
     "mechanical one."),
    (_who_made("(the )?(world wide web|web)"), "Tim Berners-Lee invented the World Wide Web, in 1989."),
    (_who_made("(the )?internet"),
     "The internet grew out of the ARPANET; Vint Cerf and Bob Kahn designed its protocols in the 1970s."),
    (_who_made("(the )?steam engines?"),
     "James Watt made the steam engine practical in the 1770s; Thomas Newcomen built an earlier one in 1712."),
    (_who_made("(the )?(first )?(cars?|automobiles?)"), "Karl Benz built the first practical automobile, in 1886."),
    (_who_made("dynamite"), "Alfred Nobel invented dynamite, in 1867."),
    (_who_made("(the )?(first )?vaccines?"), "Edward Jenner made the first vaccine, against smallpox, in 1796."),
    (_who_made("electricity"),
     "No one person discovered electricity; Benjamin Franklin showed in 1752 that lightning is electricity."),
    (_who_made("(the )?(first )?computers?"),
     "Charles Babbage designed the first mechanical computer in the 1830s; electronic ones came in the 1940s."),
    (_who_made("america|the americas")
     + r"|\b(what|which) year (did )?(christopher )?columbus (first )?"
     r"(sail|reach|land|discover|arriv|cross|get|got|come|came)\w*|"
     r"\bwhen did (christopher )?columbus (first )?(sail|reach|land|discover|arrive)\b",
     "Christopher Columbus reached the Americas in 1492; people had lived there for thousands of years, and "
     "Leif Erikson came around the year 1000."),
    (_who_made("dna"),
     "Friedrich Miescher first found DNA in 1869; its double helix was described in 1953 by James Watson and "
     "Francis Crick, with Rosalind Franklin's work."),
    (_who_made("(the )?pianos?"), "Bartolomeo Cristofori invented the piano, around 1700, in Italy."),
    (_who_made("(the )?wheels?"), "No one knows who invented the wheel: it was first used about 5,500 years ago."),
    (_who_made("(the )?telescopes?"), "Hans Lippershey made the first known telescope, in 1608."),
    (_who_made("(the )?(first )?microscopes?"),
     "Zacharias Janssen is usually credited with the first compound microscope, around 1590."),
    (_who_made("(the )?(first )?bicycles?"),
     "Karl Drais built the first two-wheeled riding machine in 1817; pedals came in the 1860s."),
    (_all("first (person|man|human)", "in space|into space|to go to space|to space"),
     "Yuri Gagarin was the first person in space, in 1961."),
    (_all("first woman", "in space|into space|to go to space|to space"),
     "Valentina Tereshkova was the first woman in space, in 1963."),
    (r"\bwho (came up with|developed|discovered) (the theory of )?relativity\b",
     "Albert Einstein developed the theory of relativity."),
    (_all("statue of liberty", r"made of|made from|material|metal|why (?:is it |is the statue )?green|colou?r",
          unless=r"how tall|who made|who designed"),
     "The Statue of Liberty is copper sheets over an iron frame; the copper turned green as it weathered."),
    (_all("taj mahal", r"why|what for|purpose|reason|who built|built for|for whom",
          unless=r"where|how (?:tall|old|long)"),
     "The Mughal emperor Shah Jahan built the Taj Mahal as a tomb for his wife Mumtaz Mahal, who died in 1631."),
    (_all("machu picchu", r"who built|built by|who made|who lived|whose"),
     "The Inca built Machu Picchu, in the 1400s."),
    (_all(r"how deep|deepest|depth", r"pacific|ocean|oceans|sea|mariana|challenger",
          unless=r"lake|river|pool|swim\w*|dive"),
     "The deepest point of any ocean is the Challenger Deep, in the Pacific's Mariana Trench: about 10,900 meters, or "
     "35,800 feet."),
    (_all(r"how (?:big|large|wide)|size|diameter", r"jupiter", unless=r"red spot|moons?|storm"),
     "Jupiter is about 140,000 kilometers across, 11 times as wide as the Earth; about 1,300 Earths would fit inside."),
    (_all(r"how long|how many seconds|how much time", r"light", r"moon", unless=r"sun(?!light)|travel to|fly|rocket"),
     "Light from the moon takes about 1.3 seconds to reach the Earth."),
    (_all(r"absolute zero", unless=r"who|discover\w*|why|how (?:cold|close)|reach\w*"),
     "Absolute zero is minus 273.15 degrees Celsius, minus 459.67 degrees Fahrenheit, or 0 kelvins."),
    (_all(r"second (?:person|man|astronaut|human)", r"moon", unless=r"woman|women|third|orbit\w*"),
     "Buzz Aldrin was the second person to walk on the moon, right after Neil Armstrong, in 1969."),
    (_all("statue of liberty", r"gave|gift|give|from (which|what) country|where did") + r"(?!.*\bhow tall\b)",
     "France gave the Statue of Liberty to the United States, in 1886."),
    (r"\bfirst president of (the )?(united states|us|usa|america)\b",
     "George Washington was the first president of the United States."),
    # The United States (the 0.5B: 52 senators, 27 justices, 10 amendments, "written by Franklin D. Roosevelt")
    # Only the size of the whole body: not "How many senators voted for it?" or "How many does Texas have?".
    (rf"\bhow many {_US}senators (are there|in total|are in (the )?{_US}(senate|congress)|does (the )?"
     r"(us|united states|america|senate|congress) have)\b|"
     rf"\bhow many (members|seats|people) (are )?(there )?(in|does) (the )?{_US}senate( have)?\W*$",
     "The US Senate has 100 senators, two from each of the 50 states."),
    (r"^(?!.*\b(sales|state|lords|commons|california|texas|florida|new york)\b).*"
     r"(\bhow many (voting )?(members|seats|congressmen|congresspeople|representatives) (are )?(there )?(in|does|on) "
     rf"(the )?{_US}house( of representatives)?\b|\bhow many {_US}representatives are there( in congress)?\W*$)",
     "The US House of Representatives has 435 voting members, shared among the states by population."),
    (r"^(?!.*\b(uk|britain|british|canad\w*|india\w*|australia\w*|state|appoint\w*|named|nominated)\b).*"
     rf"(\bhow many (justices|judges) (are |sit |serve )?(there )?(on|in) (the )?{_US}supreme court\b|"
     rf"\bhow many (supreme court )?justices (are there|does the {_US}supreme court have)\b)",
     "The US Supreme Court has nine justices."),
    (rf"\bhow many amendments (are there in |are there to |does |are in |in |to |has )?(the )?{_US}"
     r"constitution( have| has)?\W*$|\bhow many amendments are there\W*$|"
     r"\bhow many amendments (are )?in the bill of rights\b",
     "The US Constitution has 27 amendments; the first ten are the Bill of Rights."),
    (_all("how many", "stripes|stars", r"(american|us|u\.s\.|united states|usa) flag|flag of the united states|"
          r"stars and stripes|star[- ]spangled banner")
     + r"(?!.*\b(first|original|did|had|was|were|\d{4}|betsy)\b)",
     "The American flag has 13 stripes, for the first 13 colonies, and 50 stars, one for each state."),
    (r"\bhow many states (are )?(there )?(are )?(in|does|make up) (the )?(us|usa|united states|america)( have)?\W*$",
     "The United States has 50 states."),
    (_all(r"declaration of independen\w*", r"who|wrote|written|author|when|what year|which year|signed|adopted")
     + r"(?!.*\b(how many|how long|youngest|oldest|died|last|first to sign|copy|copies|where)\b)",
     "Thomas Jefferson wrote most of the Declaration of Independence, adopted on July 4, 1776."),
    # History's dates (the 0.5B: the Berlin Wall fell in 1999, "the 1994 Titanic disaster")
    (_all("berlin wall", r"when|what year|which year|date") + r"(?!.*\b(how long|how tall|how high|long|length)\b)",
     "The Berlin Wall went up in 1961 and came down on November 9, 1989."),
    (_all("titanic", r"when|what year|which year|date", r"sink|sank|sunk|go down|went down|hit|struck")
     + r"(?!.*\b(movie|film|theaters?|released|dicaprio|how many|died|survivors?)\b)",
     "The Titanic sank on April 15, 1912, after hitting an iceberg on its first voyage."),
    (_all(r"world war (one|1|i)|first world war|ww ?(1|i)|great war",
          r"when|what year|which year|start|begin|began|end|ended|over|how long did")
     + r"(?!.*\b(who|enter\w*|join\w*|us|u\.s\.|america\w*|united states|veterans?|canada|australia)\b)",
     "World War One began in 1914 and ended in 1918."),
    (_all(r"world war (two|2|ii)|second world war|ww ?(2|ii)", r"start|started|begin|began|break out|broke out")
     + r"(?!.*\b(who|end|ended|over|finish\w*|enter\w*|join\w*|us|u\.s\.|america\w*|united states|japan\w*)\b)",
     "World War Two began in 1939, when Germany invaded Poland on September 1."),
    (_all(r"(american|us|u\.s\.|the) civil war", r"when|what year|which year|start|begin|began|end|ended|over|last")
     + r"(?!.*\b(movie|film|come out|came out|captain|game|show|series|book)\b)",
     "The American Civil War lasted from 1861 to 1865."),
    (_all(r"battle of hastings", r"when|what year|which year|date"), "The Battle of Hastings was fought in 1066."),
    (_all(r"magna carta", r"when|what year|which year|date|signed|sealed"),
     "King John sealed the Magna Carta in 1215."),
    (_all(r"sputnik", r"when|what year|which year|launch\w*") + r"(?!.*\bsputnik (\d|two|ii|three|iii)\b)",
     "The Soviet Union launched Sputnik 1, the first artificial satellite, on October 4, 1957."),
    (_all(r"first (roman )?emperor", r"rome|roman") + r"(?!.*\b(holy|byzantine|christian\w*|emperor to)\b)",
     "Augustus was the first Roman emperor, from 27 BC."),
    (_all("french revolution", r"when|what year|which year|start|begin|began")
     + r"(?!.*\b(end|ended|over|finish\w*)\b)",
     "The French Revolution began in 1789; the Bastille was stormed on July 14 that year."),
    # Firsts
    (_all("first woman", r"fly|flew|flight|pilot", "atlantic") + r"(?!.*\b(east to west|westward|passenger)\b)",
     "Amelia Earhart was the first woman to fly solo across the Atlantic, in 1932."),
    (_all(r"first (person|man|pilot|one)", r"fly|flew|flight", "atlantic", r"solo|alone|by himself")
     + r"(?!.*\b(woman|women|east to west|westward)\b)",
     "Charles Lindbergh made the first solo nonstop flight across the Atlantic, in 1927."),
    (_all(r"first", r"climb\w*|summit\w*|top|reach\w*", "everest")
     + r"(?!.*\b(woman|women|without|solo|alone|american|british|winter|oxygen|blind|ski\w*|from the north)\b)",
     "Edmund Hillary and Tenzing Norgay were the first to reach the top of Mount Everest, in 1953."),
    (_all("first", r"reach\w*|get to|got to|to the", "south pole")
     + r"(?!.*\b(woman|women|fly|flew|flight|plane|american|solo|alone|ski\w*|without)\b)",
     "Roald Amundsen's team was the first to reach the South Pole, in 1911."),
    # History, and a few more
    (_all(r"world war (?:two|2|ii)|second world war|ww ?(?:2|ii)", *_LASTED),
     "World War Two lasted six years, from September 1939 to September 1945."),
    (_all(r"world war (?:one|1|i)|first world war|ww ?(?:1|i)|great war", *_LASTED),
     "World War One lasted a little over four years, from July 1914 to November 1918."),
    (_all(r"who else|crew|astronauts?|who (?:was|were|went)|other (?:astronauts?|men)",
          r"apollo (?:11|eleven)|(?:first )?moon landing|that mission|(?:first )?(?:mission|trip|flight) to the moon|"
          r"on the moon with|with (?:neil )?armstrong"),
     "Apollo 11, the first moon landing, had three crew: Neil Armstrong and Buzz Aldrin walked on the moon, while "
     "Michael Collins stayed in orbit."),
    (_all(r"churchill", r"party|conservatives?|labour|liberals?|tory|tories"),
     "Winston Churchill was a Conservative; he sat as a Liberal from 1904 to 1924, then rejoined the Conservatives."),
    (_all(r"joeys?|baby kangaroos?", r"where|pouch|live|lives|stay|stays|grow|grows|sleep|sleeps",
          unless=r"what (?:is|do you call)|called|name"),
     "A newborn joey, about the size of a jelly bean, crawls into its mother's pouch and lives there for about six "
     "months."),
    (_all(r"vatican", r"surrounded|inside|within|which city|what city|in which city|located|enclave"),
     "Vatican City is surrounded by Rome, the capital of Italy: the whole country is an enclave inside the city."),
    (_all(_HENRY_VIII, r"first wife", unless=r"second|last|outliv\w*|surviv\w*"),
     "Henry the Eighth's first wife was Catherine of Aragon, married in 1509."),
    (_all(_HENRY_VIII, r"outliv\w*|surviv\w*|outlast\w*|last wife|sixth wife"),
     "Catherine Parr, Henry the Eighth's sixth and last wife, outlived him, and so did Anne of Cleves: divorced, "
     "beheaded, died, divorced, beheaded, survived."),
    (_all(_HENRY_VIII, r"how many wives|wives did|number of wives|times (?:was he )?married|"
          r"how many times"),
     "Henry the Eighth had six wives: Catherine of Aragon, Anne Boleyn, Jane Seymour, Anne of Cleves, Catherine "
     "Howard and Catherine Parr."),
    (_all(r"(?:seven |ancient )?wonders?|colossus", r"statue", r"harbou?r|rhodes|roads"),
     "The Colossus of Rhodes was the giant bronze statue of the sun god Helios at the harbor of Rhodes, one of the "
     "Seven Wonders of the Ancient World."),
    (_all(r"great fire of london", r"when|what year|which year|date", unless=r"where|how|who|why"),
     "The Great Fire of London was in September 1666: it burned for four days."),
    (_all(r"great fire of london", r"where|start\w*|began|begin", unless=r"when|what year|which year"),
     "The Great Fire of London started in Thomas Farriner's bakery on Pudding Lane, on September 2, 1666."),
    (_all(r"queen victoria(?:'s)?", r"husband|married|marry|spouse|prince consort"),
     "Queen Victoria married her cousin Prince Albert of Saxe-Coburg and Gotha in 1840, when she was 20."),
    (_all(r"harry potter", r"how many (?:\w+ ){0,2}(?:books|novels)|how many (?:are|is) (?:there|in)|number of books",
          unless=r"films?|movies?|pages|words|copies|sold"),
     "There are seven Harry Potter books, from The Philosopher's Stone, called The Sorcerer's Stone in the US, in "
     "1997 to The Deathly Hallows in 2007."),
    (_all(r"avocados?|guacamole|apples?|bananas?", r"turn\w* brown|go\w* brown|brown so|browning|oxidi\w*",
          r"why|what makes|how come|cause\w*|stop|prevent|keep"),
     "Cut avocado, apple or banana turns brown because an enzyme in it reacts with oxygen in the air; lemon or lime "
     "juice and covering it tightly slow that."),
    (_all(r"(?:largest|biggest|main|major) artery", unless=r"leg|arm|neck|heart attack"),
     "The aorta is the largest artery in the body: it carries blood from the heart's left ventricle."),
    # Sport
    (_all(r"first modern olympics?|first modern olympic games|first olympics? of the modern|olympics? (?:in|of) 1896|"
          r"1896 olympics?", r"where|which (?:country|city)|what (?:country|city)|host\w*|held"),
     "The first modern Olympic Games were held in Athens, Greece, in 1896."),
    (_all(r"how many squares", r"chess ?boards?|checker ?boards?|draughts ?boards?", unless=r"rectangles|of any size"),
     "A chessboard has 64 squares, in 8 rows of 8."),
    (_all(r"directed|director|made", r"jaws", unless=r"sequel|2|two|3|three|4|the revenge|music|score|wrote|book"),
     "Steven Spielberg directed Jaws, in 1975."),
    (_all("how many players", "(soccer|football)"),
     "A soccer team has eleven players on the field, and so does an American football team."),
    (_all("how many players", "basketball"), "A basketball team has five players on the court."),
    (_all("how many players", "baseball"), "A baseball team has nine players on the field."),
    (_all("how many players", "volleyball"), "A volleyball team has six players on the court."),
    (_all(r"how long|how many minutes|length|duration", r"soccer|football", r"match|game",
          unless=r"american|nfl|super bowl|extra time|overtime|halftime|half time|rugby"),
     "A soccer match lasts 90 minutes, two halves of 45, plus stoppage time."),
    (_all(r"how long|how many minutes|length|duration", r"rugby", r"match|game", unless=r"sevens|7s|league"),
     "A rugby union match lasts 80 minutes, two halves of 40."),
    (_all("how many players", "cricket", r"team|side|field|eleven") + r"(?!.*\b(squad|world cup|ipl)\b)",
     "A cricket team has eleven players."),  # the 0.5B: "typically has 12 players"
    (_all(r"olympic|olympics", r"rings?|circles?", unless=r"gymnast\w*|still rings|ring event|boxing|wedding"),
     "The Olympic flag has five interlocking rings, blue, yellow, black, green and red, on white: they stand for the "
     "five continents of the world joined by the Games."),  # the 0.5B: "18 rings"
    (_all("how many players", "rugby", r"team|side|on the field|on the pitch")
     + r"(?!.*\b(league|sevens|7s|scrum|bench|squad|world cup)\b)",
     "A rugby union team has 15 players on the field; rugby league has 13."),
    (_all("tennis", r"40[- ](40|all)|forty[- ](forty|all)"), "In tennis, 40-40 is called deuce."),
    (_all("how many players", "hockey", r"team|on the ice|side") + r"(?!.*\b(field hockey|hall of fame|roster|nhl)\b)",
     "An ice hockey team has six players on the ice, one of them the goalie."),
    (_all("how many strikes", r"out|baseball|batter|strike ?out")
     + r"(?!.*\b(bowling|bowl|lightning|workers?|union|in a row|turkey|perfect game|threw|thrown|pitched)\b)",
     "Three strikes make an out in baseball; four balls make a walk."),
    (_all("how many innings", r"game|baseball|match")
     + r"(?!.*\b(softball|cricket|pitched|little league|has \w+ pitched|did|high school)\b)",
     "A baseball game has nine innings."),
    (_all("chess|chessboard", r"diagonal\w*", r"(which|what) (chess )?piece")
     + r"(?!.*\b(can't|cannot|can not|doesn't|does not|never|longest|how many|not)\b)",
     "The bishop moves only diagonally; the queen and the king may too, and a pawn captures that way."),
    (r"^(?!.*\b(hours?|minutes?|time|takes?|movies?|films?|shows?|series|tv|watch|half|pace)\b).*"
     r"(\bhow (long|far) is (a|the|one) (full )?marathon\b|\bhow many (miles|kilometers|kilometres|km) (is|in) "
     r"(a|the|one) (full )?marathon\b|\b(length|distance) of (a|the) (full )?marathon\b|\b(full )?marathon "
     r"distance\b)",  # "What's the full marathon distance in miles exactly?" (it said 13,500 miles)
     "A marathon is 42.195 kilometers, or 26.2 miles."),
    (_all(r"half[- ]marathons?", r"how (?:long|far)|how many (?:miles|kilometers|kilometres|km)|distance|length",
          unless=r"hours?|minutes?|time|takes?|pace|train\w*|movies?|films?"),
     "A half marathon is about 21.1 kilometers, or 13.1 miles."),  # it said 1.5 miles
    (_all(r"pheidippides|(?:greek )?(?:messenger|runner|soldier)", r"marathon", r"ran|run|who"),
     "Pheidippides is the Greek messenger said to have run from Marathon to Athens in 490 BC with news of the "
     "victory, the legend behind the marathon."),
    (_all(r"tennis", r"(?:comes|goes|is) after (?:15|fifteen|30|thirty|love)|scor\w* (?:go|goes|work|works|order|"
          r"sequence)|how (?:does|do) (?:the )?(?:tennis )?scor\w*|points? (?:go|goes)"),
     "Tennis points go love, 15, 30, 40, then game; at 40 all it is deuce, and a player must win by two points."),
    (_all("how many holes", "golf") + r"(?!.*\b(mini|miniature|putt\w*|front|back|nine|9|ball|balls|in one|in ones)\b)",
     "A standard golf course has 18 holes."),
    (_all(r"field goals?", r"how many points|worth|points? (?:is|for)|how many for",
          unless=r"basketball|percentage|percent|touchdowns?"),
     "In American football a field goal is worth three points."),
    # "... not counting the extra point?": asked; "touch on", Whisper's
    (_all(r"touchdowns?|touch (?:down|on)s?", r"how many points|worth|points? (is|for)")
     + r"(?!.*\b(field goals?|conversions?|(?<!counting the )(?<!without the )(?<!excluding the )extra points?|safety|"
     r"two[ -]point)\b)",
     "A touchdown is worth six points, and the kick after it usually one more."),
    *(_anniversary_row(years, *names) for years, names in _ANNIVERSARIES.items()),
    *(_made_from_row(food, fact) for food, fact in _MADE_FROM.items()),
    (r"\b(which|what) spice\b.*\bcrocus\b", "Saffron comes from the crocus flower."),
    (r"\b(which|what) planet\b.*\b(great|big|giant|large|huge) red spot\b|"  # "the one with the big red spot": Mars
     r"\b(great|big|giant|large|huge) red spot\b.*\b(which|what) planet\b",
     "Jupiter has the Great Red Spot, a storm bigger than the Earth."),
    (_all("ship", "pilgrims|mayflower|1620") + r"(?!.*\b(how many|how long|how big|where)\b)",
     "The Pilgrims sailed to America on the Mayflower, in 1620."),
    (_all("perfect (score|game)", "bowling"), "A perfect game in ten-pin bowling scores 300."),
    (_all("tennis", r"zero|nothing|nil|no points?|0", r"call\w*|say|means?|term|word|name"),
     "In tennis, a score of zero is called love."),
    (_all("monopoly", r"pass\w* go|go square|land\w* on go|for go") + r"(?!.*\b(jail|free parking)\b)",
     "In Monopoly, you collect $200 each time you pass Go."),
    (_all("most", r"olympic|olympics", r"golds?|medals?")
     + r"(?!.*\b(countr(y|ies)|nations?|teams?|wom[ae]n|female|winter|swimm\w+ (?:race|event)|in (?:one|a single))\b)",
     "Michael Phelps has won the most Olympic medals: 28, 23 of them gold."),
    (_all("beatles", r"drums?|drummer"), "Ringo Starr played the drums in the Beatles."),
    (_all("beatles", r"who were|members?|who was in|who is in|made up of", unless=r"songs?|albums?|films?|movies?"),
     "The Beatles were John Lennon, Paul McCartney, George Harrison and Ringo Starr."),
    (_all("marathon", r"how (long|far) is (it|one|that)( exactly)?")
     + r"(?!.*\b(hours?|minutes?|time|takes?|movies?|films?|shows?|series|tv|watch)\b)",
     "A marathon is 42.195 kilometers, or 26.2 miles."),
    *(_compound_row(names, fact) for names, fact in _COMPOUNDS.items()),
    # Around the house
    (_all(r"screws?|bolts?|nuts?|lids?|jars?|taps?|faucets?|valves?", r"loosen\w*|tighten\w*|undo|unscrew\w*|open",
          r"which (?:way|direction)|clockwise|counter[- ]?clockwise|anti[- ]?clockwise|left or right|right or left"),
     "Turn it counterclockwise to loosen it and clockwise to tighten it: righty-tighty, lefty-loosey."),
    (_all(r"(?:a|one|1) (?:liter|litre|leader)", r"water", r"weigh\w*|weight|heavy|mass"),  # Whisper's "leader"
     "A liter of water weighs 1 kilogram, about 2.2 pounds."),
    (_all(r"(?:a|one|1) gallon", r"water", r"weigh\w*|weight|heavy|mass"),
     "A US gallon of water weighs about 8.34 pounds, or 3.79 kilograms."),
    *(_lumber_row(name, actual) for name, actual in _LUMBER.items()),
    (_all(r"plywood|drywall|sheetrock|osb|gypsum board", r"sheets?|boards?|panels?",
          r"size|dimensions?|how (?:big|large|wide|long)|standard"),
     "A standard sheet of plywood or drywall is 4 by 8 feet."),
    (_all(r"paint", r"gallons?|quarts?|liters?|litres?", r"cover\w*|square (?:feet|foot|meters?|metres?)",
          # not where the words say what a gallon covers (units.count_needed_note works it out)
          unless=r"spray|car|nails?|canvas|(?:gallon|quart|liter|litre|can)(?: of \w+)? covers? (?:about )?\d+"),
     "A gallon of paint covers about 350 to 400 square feet with one coat."),
    (_all(r"hot|live|ground|earth|neutral", r"wires?", r"colou?rs?",
          unless=r"uk|britain|british|england|europe\w*|eu|australia\w*|ireland|irish"),
     "In US wiring the neutral wire is white, the hot wire black or red, and the ground bare copper or green."),
    (_all(r"live|earth|neutral", r"wires?", r"colou?rs?", r"uk|britain|british|england|europe\w*|eu|ireland|irish"),
     "In the UK and Europe the live wire is brown, the neutral blue, and the earth green and yellow."),
    (r"\bhow often\b.*\bolympics\b|\bolympics\b.*\bhow often\b|\bhow many years between\b.*\bolympics\b",
     "The Summer and Winter Olympic Games are each held every four years, two years apart."),
)  # fmt: skip


# Fears and gods by name: behind their own gate (13 rows, each a few lookaheads, asked about rarely).
_NAMES_OF = (
    *((_all(rf"fear of (?:{feared})", r"what|called|name|word|term"), f"The fear of {feared.split('|')[0]} is {name}.")
      for feared, name in (("spiders", "arachnophobia"), ("heights", "acrophobia"),
                           ("small spaces|closed spaces|enclosed spaces|confined spaces", "claustrophobia"),
                           ("snakes", "ophidiophobia"), ("the number 13|thirteen", "triskaidekaphobia"),
                           ("open spaces|crowds|public places", "agoraphobia"))),
    *((_all(rf"greek god(?:dess)? of (?:the )?(?:{domain})|god(?:dess)? of (?:the )?(?:{domain})\b.*\bgreek|"
            rf"romans? called {roman}|greek (?:name|version|equivalent) (?:for|of) {roman}",
            r"who|what|which|name|called"), f"{greek} is the Greek {'goddess' if she else 'god'} of the "
            f"{domain.split('|')[0]}; the Romans called {'her' if she else 'him'} {roman}.")
      for greek, domain, roman, she in (("Poseidon", "sea|oceans?", "Neptune", False),
                                        ("Zeus", "sky|thunder", "Jupiter", False),
                                        ("Hades", "underworld|dead", "Pluto", False),
                                        ("Ares", "war", "Mars", False), ("Aphrodite", "love|beauty", "Venus", True),
                                        ("Athena", "wisdom", "Minerva", True),
                                        ("Hermes", "messengers?|travell?ers|thieves", "Mercury", False))),
)  # fmt: skip
_NAMES_OF_GATE = r"\bfear of\b|\bgod(?:dess)? of\b|\bromans? called\b|\bgreek (?:name|version|equivalent)\b"


def _compiled(rows: Sequence[tuple[str, str]]) -> tuple[tuple[re.Pattern[str], str], ...]:
    return tuple((re.compile(p.replace("{A}", _ANYWHERE).replace("{G}", _THEN_IS)), fact) for p, fact in rows)


# The rows in groups, each behind a gate that every row of the group also requires (None: no gate): words without a
# travel question's, a president's, a singer's, a language's, a life's, an abbreviation's, an idiom's or a term's
# asking words skip those rows (~1400 of ~2100; a turn's notes try the rows several times over).
_GROUPS: tuple[tuple[re.Pattern[str] | None, tuple[tuple[re.Pattern[str], str], ...]], ...] = (
    (None, _compiled((*_FACTS, *WORK_FACTS, *KITCHEN_FACTS, *MYTH_FACTS, *HEALTH_FACTS, *CHEMISTRY_FACTS,
                      *NATURE_FACTS))),
    (re.compile(TRAVEL_GATE), _compiled(TRAVEL_FACTS)),
    (re.compile(PRESIDENT_GATE), _compiled(PRESIDENT_FACTS)),
    (re.compile(SONG_GATE), _compiled(SONG_FACTS)),
    (re.compile(PHRASE_GATE), _compiled(PHRASE_FACTS)),
    (re.compile(LIFE_GATE), _compiled(LIFE_FACTS)),
    (re.compile(ACRONYM_GATE), _compiled(ACRONYM_FACTS)),
    (re.compile(KNOWN_FOR_GATE), _compiled(KNOWN_FOR_FACTS)),
    (re.compile(_NAMES_OF_GATE), _compiled(_NAMES_OF)),
    (re.compile(IDIOM_GATE), _compiled(IDIOM_FACTS)),
    (re.compile(GLOSSARY_GATE), _compiled(GLOSSARY_FACTS)),
)
_PATTERNS = tuple(row for _, rows in _GROUPS for row in rows)


def almanac_fact(text: str, earlier: Sequence[str] = (), said: str = "") -> str | None:
    """The fact the words ask for, if the table has it ("How many legs does a spider have?" -> "A spider has
    eight legs."); None for other words, and where the words ask for two (no guessing which). `earlier`: the
    user's words before these, the last last, for a follow-up that names only another thing ("And basketball?"
    after a question about soccer); `said`: the assistant's last reply, for a pronoun that stands for what it
    named ("How long is it?" after "The Thames runs through London.")."""
    lowered = text.lower()
    unit = _IN_UNIT.search(lowered) or (_IN_UNIT_AGAIN.match(lowered) if earlier else None)  # "And miles please."
    fact = _plain_fact(text, earlier, said)
    return (_in_unit(fact, unit["unit"]) or fact) if fact is not None and unit else fact


def _plain_fact(text: str, earlier: Sequence[str], said: str = "") -> str | None:
    """The table's fact as written, also for a follow-up that asks only for another unit ("I meant in miles.")."""
    if earlier and (again := _IN_UNIT_AGAIN.match(text.lower())) and _unit(again["unit"]) is not None:
        return _plain_fact(earlier[-1], earlier[:-1])
    if compared := comparison_fact(" ".join(text.lower().split()), earlier, _plain_fact):  # "Is that taller than ..."
        return compared
    question = _question(text, earlier, _CHAIN, said)
    found = _facts(question) if question is not None else ()
    if len(found) > 1 and (clauses := _SAID_FIRST.match(question or "")):  # "My daughter insists spiders are
        found = _facts(clauses["asked"])  # insects, how many legs does a spider have?": the last clause asks
    return found[0] if len(found) == 1 else None


# A fact given in two units ("about 384,000 kilometers, or 239,000 miles, from Earth") said in the one the user
# asks for: at the question's end ("How far is the moon in miles?"), or right after ("Sorry, I meant in miles.",
# "What's that in feet?"), where the model swapped the numbers: "384,000 miles, or 239,000 kilometers".
_IN_UNIT = re.compile(r"\b(?:in|and) (?:degrees )?(?P<unit>[a-z]+)\W*$")  # "and": Whisper's "in", often
_IN_UNIT_AGAIN = re.compile(
    r"^\W*(?:(?:sorry|no|oh|okay|ok|i mean|i meant|and|so|what about|how about|what is that|what's that|"
    r"how (?:much|far|tall|high|big|long|hot|cold) is (?:that|it)|say that|say it|tell me|can you say that)"
    r"\W+)*(?:in )?(?:degrees )?(?P<unit>[a-z]+)(?: per (?:second|hour))?\W*(?:please\W*)?$"
)
# The units the facts below give a quantity in, named as voicebot/units.py names them.
_FACT_UNITS = frozenset(
    {"kilometers", "miles", "meters", "feet", "degrees Celsius", "degrees Fahrenheit", "kilograms", "pounds", "kelvins"}
)
_QUANTITY = r"\d[\d,.]*(?: million| billion)? (?:degrees \w+|\w+)"
_TWO_UNITS = re.compile(rf"(?P<first>{_QUANTITY}), or (?:about )?(?P<second>{_QUANTITY}),?")


def _unit(asked: str) -> str | None:
    """The unit as the facts write it ("miles" for "mile", "degrees Celsius" for "c"); None for another word."""
    unit = unit_named(asked)
    return unit if unit in _FACT_UNITS else None


_CELSIUS = re.compile(r"(?P<value>-?\d+(?:\.\d+)?) degrees Celsius")


def _in_unit(fact: str, asked: str) -> str | None:
    """`fact` with only its quantity in the unit `asked` names, also in kelvin from Celsius ("And in Kelvin?" after
    water's freezing point: "273.15 degrees Fahrenheit"); None where it has no such quantity."""
    unit, match = _unit(asked), _TWO_UNITS.search(fact)
    if unit == "kelvins" and match and (celsius := _CELSIUS.search(match[0])):
        kelvin = say_number(Fraction(celsius["value"]) + Fraction("273.15"))
        return fact[: match.start()] + f"{kelvin} kelvin" + fact[match.end() :]
    if unit is None or match is None:
        return None
    keep = next((q for q in (match["first"], match["second"]) if q.endswith(" " + unit)), None)
    return None if keep is None else fact[: match.start()] + keep + fact[match.end() :]


# A follow-up naming only another thing: "And basketball?", "What about an ant?", "How about in baseball?", "No, I
# meant an insect.", "And how many arms?" (up to three words after an article or a preposition; "End" is how Whisper
# often writes a follow-up's "And"). The 0.5B answered "And basketball?"
# after the soccer fact with "A basketball team has ten players on the field, and so does a soccer team.": it
# copied the fact's shape.
_FOLLOW_UP = re.compile(
    r"^\W*(?:(?:and|end) (?:how (?:many|much) )?|(?:and )?(?:what|how) about |(?:(?:no|sorry|oh)\W+)*i (?:meant|mean) "
    r"|(?:no|sorry)\W+(?=(?:the|a|an) )"  # "No, the smallest one."
    r"|(?=the (?:second|third|next)(?: one)?\W*$)"  # "The second one." after the highest mountain
    r"|(?:and )?(?:which|what)(?: one)? (?:is|was)(?: the)? (?=\w+est\W*$)"  # "And which one is farthest?"
    r"|(?:who|what|which) (?:was|is|were|are) (?=the (?:[a-z]+[- ])?(?:first|second|third|[a-z]+th|last|next)\W*$))"
    r"(?:(?:in|on|for|of|with) )?(?:(?:the|a|an) )?"
    r"(?P<thing>(?!(?:what|which|who|how|why|when|where|is|are|do|does|can|you|it|that|this|then|so)\b)"
    r"[\w'-]+(?: [\w'-]+){0,2})\W*$"
)
_CHAIN = 5  # follow-ups in a row that may still lean on the last question the table answered
# Words of a question that are no thing to swap for another: its asking words and its grammar.
_FRAME = frozenset({
    "what", "what's", "which", "who", "who's", "whom", "how", "where", "when", "why", "is", "are", "was", "were",
    "do", "does", "did", "can", "could", "the", "a", "an", "of", "in", "on", "at", "to", "for", "from", "by", "and",
    "or", "many", "much", "long", "far", "big", "old", "there", "have", "has", "had", "it", "its",
})  # fmt: skip


# A follow-up that names its thing by a pronoun: "How far away is it?" after "Is the sun a star?", "How fast can they
# run?" after "What about cheetahs?" (the 0.5B said 98 million miles, and no speed).
_PRONOUN = re.compile(r"\b(?:it|its|they|them|their|he|she|him|her|his)\b")
_REFERENT = {"it": "it", "its": "it", "they": "they", "them": "they", "their": "they", "he": "he", "him": "he",
             "his": "he", "she": "she", "her": "she"}  # fmt: skip
_NAMED_WORDS = 40  # the last words looked in: each span of them that names a thing tries every pattern


# The words the patterns spell out, less the words of any sentence: a cheap test that a word may be what a fact is
# about (the swaps below try every pattern on every span of the last 40 words: ~30 ms where every span was tried).
_COMMON = frozenset({
    "the", "and", "that", "this", "with", "from", "what", "which", "who", "how", "many", "much", "does", "have",
    "has", "are", "was", "were", "there", "their", "they", "them", "you", "your", "our", "its", "into", "than",
    "then", "when", "where", "why", "can", "could", "would", "should", "did", "not", "all", "any", "one", "for",
    "about", "tell", "know", "long", "time", "great", "people", "made", "make", "call", "called", "name", "word",
    "first", "most", "more", "best", "good", "only", "just", "also", "very", "some", "other", "each", "every",
})  # fmt: skip
_NAMED = (
    PLACE_WORDS
    | ELEMENT_WORDS
    | frozenset(w for pattern, _ in _PATTERNS for w in re.findall(r"[a-z]{3,}", pattern.pattern) if w not in _COMMON)
) - NOT_PLACES  # "turkey" is in the languages' table, and in a sandwich


def _names_a_thing(word: str) -> bool:
    """Whether a pattern spells `word`, as it is or with an "s" or "es" ("whales?" names "whale")."""
    forms = (word, word + "s", word + "es", word.rstrip("s"))
    return len(word) > 2 and word not in _COMMON and any(form in _NAMED for form in forms)


# What a follow-up asks of the thing, and how a fact says it: the fact already given answers "How tall is it?" if
# it holds a measure, not "What does it eat?".
_MEASURED = re.compile(r"\bhow (?:tall|high|long|far|big|deep|heavy|old|fast|wide|many|much)\b")
_WHEN = re.compile(r"\b(?:when|what year)\b")


def _answers(words: str, fact: str) -> bool:
    if _MEASURED.search(words):
        return re.search(r"\d", fact) is not None
    return _WHEN.search(words) is not None and re.search(r"\b\d{3,4}\b", fact) is not None


_SUPERLATIVE = re.compile(r"\w+est|biggest|largest|smallest|longest|tallest|highest|deepest")
# What a "What is ...?" question asked about: "What's the highest mountain in Africa?" -> "the highest mountain in
# africa".
_ASKED_ABOUT = re.compile(r"^\W*(?:what|which|who)(?:'s| is| was| are| were)\s+(?P<thing>the [\w' -]+?)\W*$")


def _resolved(words: str, before: str) -> str | None:
    """`words` with its pronoun swapped for a thing the user's last words (or the assistant's last reply) name: all
    that their question asked about ("the highest mountain in africa"), or else one to three of them, with their
    article, where that swap, and only it, gives a single fact other than the one `before` itself asks ("What does
    it eat?" after "What's the largest animal?" asks no largest animal again); else None. A superlative narrowed by
    a place is no thing without it: "How big is it?" after "the largest desert in Africa" is not the world's."""
    pronouns = list(_PRONOUN.finditer(words))
    # one pronoun, or one person's said twice: "How old was she when she died?", "Which of his wives outlived him?"
    if len({_REFERENT[p[0]] for p in pronouns}) != 1:
        return None
    was = set(_facts(before.lower()))
    if asked := _ASKED_ABOUT.match(before.lower()):  # "How tall is it?" after "What's the highest mountain in
        swapped = _swap(words, pronouns, asked["thing"])  # Africa?": not Everest
        if len(found := _facts(swapped)) == 1 and (found[0] not in was or _answers(words, found[0])):
            return swapped
    said = re.findall(r"[\w'-]+", before.lower())[-_NAMED_WORDS:]
    swaps: dict[str, str] = {}
    # Words no pattern names cannot make a fact, unless the question has one whatever it is about: skip them.
    skip = not _facts(words[: pronouns[0].start()] + "xqzv" + words[pronouns[0].end() :])
    for n in (1, 2, 3):
        for i in range(len(said) - n + 1):
            named = (w for k, w in enumerate(said[i : i + n]) if w != "of" or k in (0, n - 1))  # "joan of arc"
            if any(w in _FRAME or _PRONOUN.fullmatch(w) for w in named):
                continue
            if skip and not any(_names_a_thing(w) for w in said[max(i - 1, 0) : i + n]):
                continue
            narrowed = said[i + n : i + n + 1] in (["in"], ["of"], ["on"])  # "the largest desert [in Africa]"
            if narrowed and any(_SUPERLATIVE.fullmatch(w) for w in said[max(i - 1, 0) : i + n]):
                continue
            for thing in {" ".join(said[max(i - 1, 0) : i + n]), " ".join(said[i : i + n])}:
                swapped = _swap(words, pronouns, thing)
                if len(found := _facts(swapped)) == 1 and (found[0] not in was or _answers(words, found[0])):
                    swaps.setdefault(found[0], swapped)
    return next(iter(swaps.values())) if len(swaps) == 1 else None


def _swap(words: str, pronouns: Sequence[re.Match[str]], thing: str) -> str:
    """`words` with the thing in each pronoun's place, "'s" after it for a possessive: "What's its atomic number?" ->
    "What's gold's atomic number?"."""
    for pronoun in reversed(pronouns):
        possessive = pronoun[0] in ("its", "their", "his")
        words = words[: pronoun.start()] + thing + ("'s" if possessive else "") + words[pronoun.end() :]
    return words


# A question after what the same turn said first: its pronoun may stand for a thing named there.
_SAID_FIRST = re.compile(r"^(?P<said>.+[,.;:])\s+(?P<asked>[^,.;:]+)$")


_BARE_HOW_MANY = re.compile(r"^(?P<asks>\W*(?:(?:and|so|okay|ok)\W+)*how many) (?P<rest>(?:are|were) there\W*)$")
_HYPHEN = re.compile(r"(?<=[a-z])-(?=[a-z]{3})")  # a hyphen Whisper put between words; not "x-ray", "t-rex"


# A question taken back ("Why is blood red? Never mind, I'm squeamish."), and a story or a joke asked for ("Tell me a
# bedtime story about a kid who travels to the farthest planet."): no fact.
_TAKEN_BACK = re.compile(
    r"[?.!,]\s*(?:(?:oh|ok|okay|no|wait|um|actually|so)\W+)*(?:never ?mind|forget (?:it|that|i asked)|scratch that|"
    r"change the subject|don't answer|just tell me (?:a|an|something)|i don't care)\b"
)
_TALE = re.compile(
    r"^\W*(?:(?:can|could|would|will) you |please )?(?:tell|read|make up|write|sing)(?: me| us)?(?: a| another| one)?"
    r"(?: \w+){0,2} (?:story|stories|joke|jokes|poem|song|tale|riddle|limerick)\b"
)


# "Why?" alone after a fact: asked of the statement the reply made ("The sky is blue." -> "why is the sky blue"); the
# model had said "Because it's the color of the sun." (pairs 6).
_BARE_WHY = re.compile(
    r"^\W*(?:(?:and|but|so|okay|ok|oh|really)\W+)?(?:why(?: is that| is it| are they| does it| do they| so| not)?|"
    r"how come|what makes it (?:so|like that)|how so)\W*$"
)
_IS_STATEMENT = re.compile(r"^(?P<subject>(?:\w+ ){0,3}?\w+) (?P<verb>is|are)\b(?P<rest>(?: [\w'-]+){1,6})$")


def _why_asked(before: str) -> str | None:
    """The why-question of a statement's first sentence that gives a single fact: "why is the sky blue", "why does
    ice float on water", "why do leaves change color"; None where there is none."""
    sentence = re.split(r"(?<=[.!?])\s", before.strip(), maxsplit=1)[0].lower()
    words = re.sub(r"^(?:yes|no|well|actually|indeed)\b\W*", "", " ".join(re.findall(r"[\w'-]+", sentence)))
    if m := _IS_STATEMENT.match(words):  # "the sky is blue"
        asked = [f"why {m['verb']} {m['subject']}{m['rest']}"]
    else:  # "ice floats on water": does ice float; "leaves change color": do leaves change (a subject of 1 to 3 words)
        split = words.split()
        asked = [
            question
            for n in range(1, min(4, len(split) - 1))
            for subject, verb, rest in [(" ".join(split[:n]), split[n], " ".join(split[n + 1 :]))]
            for question in (f"why does {subject} {verb.removesuffix('s')} {rest}", f"why do {subject} {verb} {rest}")
        ]
    found = {fact: question for question in asked if len(facts := _facts(question)) == 1 for fact in facts}
    return next(iter(found.values())) if len(found) == 1 else None


def _question(text: str, earlier: Sequence[str], chain: int, reply: str = "") -> str | None:
    """The question `text` asks, lower-cased: the words themselves, or for a follow-up after a question the table
    answered (`chain` follow-ups deep at most), that question with the follow-up's thing in place of one or two of
    its words, where that swap, and only it, gives another single fact. A pronoun may also stand for what the
    assistant's last reply (`reply`) named: "How tall is it?" after "... the Eiffel Tower ..."."""
    words = " ".join(_HYPHEN.sub(" ", text.lower().replace("’", "'")).split())  # "the fastest-land animal"
    if _TAKEN_BACK.search(words) or _TALE.match(words):
        return None
    if earlier and _BARE_WHY.match(words):
        return _why_asked(reply) if reply else None
    follow = _FOLLOW_UP.match(words) if earlier else None
    if not ASKING.search(text) and follow is None:  # "No, I meant an insect." corrects the last question
        return None
    # "We want to see Mount Rushmore on the way, which state is it in?": "it" is what the same turn named
    found = _facts(words)
    clauses = None if found else _SAID_FIRST.match(words)
    if clauses and _PRONOUN.search(clauses["asked"]) and (resolved := _resolved(clauses["asked"], clauses["said"])):
        return resolved
    if not found and earlier and (one := _which_one(words, earlier[-1]) or _in_language_before(words, earlier[-1])):
        return one
    if found or not earlier or chain == 0:
        return words
    # "Who came next?" after the first president; "Which one comes second?" after the largest planet
    next_one = _NEXT.match(words)
    before = _question(earlier[-1], earlier[:-1], chain - 1) if next_one else None
    # a table's own row for "after him" first ("John Adams came after George Washington"), else the next in rank
    if next_one and before and _PRONOUN.search(words) and (resolved := _resolved(words, reply) if reply else None):
        return resolved
    if next_one and before and (ranked := _ranked(before, next_one["rank"] or "next")):
        return ranked
    if follow is None:
        # "How many are there?" after "Can you name the planets?" counts what was named, as "How many of them ..."
        bare = _BARE_HOW_MANY.sub(r"\g<asks> them \g<rest>", words)
        resolved = _resolved(bare, earlier[-1]) or (_resolved(bare, reply) if reply else None)
        return resolved or _colors_again(words, earlier, chain) or words
    before = _question(earlier[-1], earlier[:-1], chain - 1)
    if before is None or len(was := _facts(before)) != 1:
        return words
    said, thing = before.rstrip("?.! ").split(), re.sub(r" ones?$", "", follow["thing"])  # "the smallest one"
    if thing in ("second", "third", "next") and (ranked := _ranked(before, thing)):
        return ranked
    swaps: dict[str, str] = {}  # fact -> the question that asks it
    for n in (1, 2):
        for i in range(len(said) - n + 1):
            if any(w.strip(",") in _FRAME for w in said[i : i + n]):
                continue
            swapped = " ".join([*said[:i], thing, *said[i + n :]]) + "?"
            if len(found := _facts(swapped)) == 1 and found != was:
                swaps.setdefault(found[0], swapped)
    return next(iter(swaps.values())) if len(swaps) == 1 else words


# "Which one is farthest away?" after "Which planet is closest to the sun?", "Which is the smallest?" after "How many
# continents are there?": "one" is the thing the last question asked for (the model said "Mercury is the planet
# farthest away from the sun.", "The smallest continent is Africa.").
_WHICH_ONE = re.compile(r"^\W*(?:(?:and|so|okay|ok|then|now)\W+)*(?:which|what)(?: one)?(?= (?:is|was|are|comes?)\b)")
_ASKED_FOR = re.compile(
    r"\b(?:which|what) (?!is\b|are\b|was\b|were\b|do\b|does\b|did\b|'s\b|one\b)(?P<a>[a-z]+)\b|"
    r"\b(?:\w+est|biggest|largest|smallest) (?P<b>[a-z]+)\b|\bhow many (?P<c>[a-z]+?)(?:ies|s)?\b(?= (?:are|is|were))"
)


def _which_one(words: str, before: str) -> str | None:
    if not (which := _WHICH_ONE.match(words)) or not (m := _ASKED_FOR.search(before.lower())):
        return None
    noun = m["a"] or m["b"] or (m["c"] + ("y" if before.lower()[m.end("c") : m.end("c") + 3] == "ies" else ""))
    asked = words[: which.start()] + re.sub(r"(?:which|what)(?: one)?$", lambda w: f"{w[0].split()[0]} {noun}",
                                            which[0]) + words[which.end() :]
    return asked if _facts(asked) else None


# "What colors are they?" after "How many rings are on the Olympic flag?": the last fact already names the colors
# (the model said "They stand for the five continents").
_COLORS_ASKED = re.compile(r"^\W*(?:(?:and|so|okay|ok)\W+)*what colou?rs? (?:are|is|were|was) (?:they|it|them)\W*$")
_COLOR = re.compile(r"\b(?:red|blue|yellow|green|black|white|orange|purple|brown|pink|gr[ae]y|gold|silver)\b")


def _colors_again(words: str, earlier: Sequence[str], chain: int) -> str | None:
    if not _COLORS_ASKED.match(words) or not (before := _question(earlier[-1], earlier[:-1], chain - 1)):
        return None
    found = _facts(before)
    return before if len(found) == 1 and len(_COLOR.findall(found[0])) >= 2 else None


# "Who came next?" after "Who was the first president?"; "Which one comes second?" after the largest planet (the
# model said "George Washington was the second president", "Earth is the second largest planet").
_NEXT = re.compile(
    r"^\W*(?:(?:and|so|okay|ok|then)\W+)*(?:(?:who|what|which)(?: one)? (?:came|comes|went|was|is|stepped \w+|"
    r"walked \w+|followed|did)? ?(?:next|after (?:him|her|that|them|it|that one))|(?:which|what)(?: one)? "
    r"(?:comes|came|is|was) (?P<rank>second|third))\W*$"
)
_AFTER = {"first": "second", "second": "third", "third": "fourth"}


def _ranked(before: str, rank: str) -> str | None:
    """The last question asked of the next in rank: "the first president" -> "the second president", "the largest
    planet" -> "the second largest planet"; None where the table has no such fact."""
    if rank == "next":
        m = re.search(r"\b(first|second|third)\b", before)
        rank = _AFTER[m[1]] if m else "second"
    ranked = re.sub(r"\b(?:first|second|third)\b", rank, before, count=1)
    if ranked == before:
        ranked = re.sub(r"\b(?=(?:\w+est|biggest|largest)\b)", f"{rank} ", before, count=1)
    return ranked if ranked != before and len(_facts(ranked)) == 1 else None


# "How would I say goodbye?" after a question about French: in the language the last words named.
_SAY_WHAT = re.compile(r"^\W*(?:(?:and|so|okay|ok|now)\W+)*(?:how (?:do|would|can|should) (?:i|you|we) say|"
                       r"what(?:'s| is) (?:the word for )?)\W*[\w' ]+?\W*$")


def _in_language_before(words: str, before: str) -> str | None:
    language = re.search(PHRASE_GATE, before.lower())
    if not _SAY_WHAT.match(words) or language is None or re.search(PHRASE_GATE, words):
        return None
    said = re.sub(r"(?: (?:back|then|again|too|there|please))+$", "", words.rstrip(" ?.!"))  # "you're welcome back"
    asked = f"{said} in {language[0]}?"
    return asked if _facts(asked) else None


@functools.lru_cache(maxsize=1024)
def _facts(words: str) -> tuple[str, ...]:
    """Every fact whose question pattern the (lower-cased) words match, once each, and the elements' facts; a
    place's facts alone where there are any ("What's Africa's highest mountain?" is not the world's). Cached: a
    turn's words are matched against ~600 patterns a few times over (the note, the reply's start, the turn's end,
    a follow-up's swaps), and the same words always give the same facts."""
    if _RANKED.search(words):  # "the second highest mountain": only the few ranked past the first below
        return tuple(fact for pattern, fact in _SECOND if pattern.search(words))
    if places := place_facts(words):
        return tuple(places)
    matched = (
        fact
        for gate, rows in _GROUPS
        if gate is None or gate.search(words)
        for pattern, fact in rows
        if pattern.search(words)
    )
    return tuple(dict.fromkeys([*matched, *element_facts(words)]))


_RANKED = re.compile(r"\b(?:second|third|fourth|fifth|2nd|3rd|4th|5th|next) (?:\w+est|biggest|largest)\b")
# The second of the world's best-known firsts, which nobody disputes: "And the second biggest?" after the largest
# country got China (pairs 6).
_NOT_THE_WORLD = (  # a part of the world ("in Africa"), or another measure ("by population")
    r"(?!.*\b(?:in|of|on) (?!(?:the |our )?(?:world|earth|solar system|planet)\b)\w+)"
    r"(?!.*\b(?:population|people|populous|populated|economy|gdp|volume|mass)\b)"
)
_SECOND = tuple(
    (re.compile(rf"\b(?:second|2nd) (?:{superlative}) (?:{noun})\b{_NOT_THE_WORLD}"), fact)
    for superlative, noun, fact in (
        ("largest|biggest", "country|nation", "Canada is the second largest country by area, after Russia."),
        ("tallest|highest", "mountain|peak", "K2 is the second highest mountain, about 8,611 meters, after Everest."),
        ("largest|biggest", "planet", "Saturn is the second largest planet, after Jupiter."),
        ("largest|biggest", "ocean", "The Atlantic is the second largest ocean, after the Pacific."),
        ("largest|biggest", "continent", "Africa is the second largest continent, after Asia."),
        ("smallest", "planet", "Mars is the second smallest planet, after Mercury."),
    )
)
