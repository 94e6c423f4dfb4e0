"""What a cook asks with their hands full: rows for the almanac's table (voicebot/almanac.py), and a recipe's
servings scaled (`servings_note`).

A kitchen is where a voice assistant is asked the most, and there the 0.5B was wrong in ways that matter: chicken
"safe to eat" with no temperature at all, ground beef "kept at 68°F", pork chops "between 65°F and 75°F", a medium
rare steak "20-25°C"; cornstarch replaced by "olive oil, garlic, and paprika", eggs in muffins by "flour, sugar, and
baking soda"; cookies baked "1 hour and 30 minutes"; a cup of sugar "12 tablespoons" when asked its grams; a recipe
for four made for six "multiplied by six" (docs/MEASUREMENTS.md, thirty-first session). The rows give the figures
cooks go by: the USDA's safe minimum internal temperatures, the usual doneness of a steak, the weight of a cup of
the common baking ingredients, the standard substitutions, and the usual times, each said as a short sentence.
"""

from __future__ import annotations

import re
from fractions import Fraction

from voicebot.arithmetic import read_number, say_fraction, say_number, tokenize
from voicebot.patterns import all_words

__all__ = ["KITCHEN_FACTS", "servings_note"]


# Safe to eat: asked as an internal temperature, not an oven's ("What temperature do I bake chicken at?", "What oven
# temperature for chicken?").
_INSIDE = r"internal|inside|safe\w*|done|cooked|reach|hit|thermometer|probe|minimum|doneness|to be"
_TEMPERATURE = r"temperatures?|temps?|degrees|how hot|thermometer|probe"
_NOT_INSIDE = (
    r"at(?=\W*$)|preheat\w*|oven (?:temperature|temp)s?|set (?:the |my )?oven|fridge|freezer|stor\w+|thaw\w*|"
    r"defrost\w*|calories|fever"
)
_DONENESS = r"rare|medium|well[- ]done"
_GROUND = r"ground|minced?|burgers?|hamburgers?|meatballs?|meatloaf|sausages?"


def _safe(meat: str, fact: str, unless: str = "") -> tuple[str, str]:
    unless = "|".join(w for w in (_NOT_INSIDE, _DONENESS, unless) if w)
    return all_words(_TEMPERATURE, _INSIDE, meat, unless=unless), fact


_SAFE = (
    _safe(r"chickens?|turkeys?|ducks?|poultry|geese|goose",
          "Poultry is safe once the thickest part reaches 165 degrees Fahrenheit, or 74 degrees Celsius."),
    _safe(rf"(?:{_GROUND}) (?:beef|pork|lamb|veal|meat)|{_GROUND}",
          "Ground meat is safe at 160 degrees Fahrenheit, or 71 degrees Celsius, inside.",
          unless=r"chickens?|turkeys?|poultry"),
    _safe(r"beef|steaks?|pork|pork chops?|chops?|lamb|veal|roasts?|ham",
          "Steaks, chops and roasts of beef, pork, lamb or veal are safe at 145 degrees Fahrenheit, or 63 degrees "
          "Celsius, inside, with a 3 minute rest.", unless=_GROUND),
    _safe(r"fish|salmon|tuna|cod|halibut|tilapia|trout|seafood|shrimp|prawns?",
          "Fish is done at 145 degrees Fahrenheit, or 63 degrees Celsius, inside: opaque, and flaking easily."),
    (all_words(_TEMPERATURE, r"leftovers?|casseroles?|reheat\w*", unless=_NOT_INSIDE),
     "Reheat leftovers to 165 degrees Fahrenheit, or 74 degrees Celsius, all the way through."),
)  # fmt: skip

# A steak's doneness, by the temperature inside when it comes off the heat (ranges: said once, in both scales).
_STEAK = (
    r"steaks?|beef|lamb|burgers?|prime rib|roast beef|ribeyes?|rib eyes?|sirloins?|filets?|fillets?|tenderloins?|"
    r"t-bones?"
)
_ASKS_HEAT = rf"{_TEMPERATURE}|internal|inside|how do i know|how can i tell"
_DONE = (
    (all_words(r"(?<!medium )(?<!medium-)rare", _STEAK, _ASKS_HEAT),
     "A rare steak is about 125 degrees Fahrenheit (52 Celsius) inside."),
    (all_words(r"medium[- ]rare", _STEAK, _ASKS_HEAT),
     "A medium rare steak is about 130 to 135 degrees Fahrenheit (54 to 57 Celsius) inside."),
    (all_words(r"medium(?![- ](?:rare|well))", _STEAK, _ASKS_HEAT),
     "A medium steak is about 140 to 145 degrees Fahrenheit (60 to 63 Celsius) inside."),
    (all_words(r"medium[- ]well", _STEAK, _ASKS_HEAT),
     "A medium well steak is about 150 to 155 degrees Fahrenheit (66 to 68 Celsius) inside."),
    (all_words(r"(?<!medium )(?<!medium-)well[- ]done", _STEAK, _ASKS_HEAT),
     "A well done steak is 160 degrees Fahrenheit (71 Celsius) or more inside."),
)  # fmt: skip

# A US cup of the common baking ingredients, in grams (spooned and leveled; brown sugar packed).
_WEIGHS = r"grams?|weighs?|weight|how heavy"
_CUP = r"cups?"
_CUP_OF = (
    (r"(?:all[- ]purpose |plain |white )?flour", "A cup of all-purpose flour weighs about 120 to 125 grams.",
     r"almond|coconut|rice|bread|cake|whole[- ]wheat|wholemeal|corn|rye|oat"),
    (r"(?:granulated |white |caster |regular )?sugar", "A cup of granulated sugar weighs about 200 grams.",
     r"brown|powdered|icing|confectioners'?|coconut"),
    (r"brown sugar", "A cup of packed brown sugar weighs about 210 to 220 grams.", ""),
    (r"(?:powdered|icing|confectioners'?) sugar", "A cup of powdered sugar weighs about 115 to 120 grams.", ""),
    (r"butter", "A cup of butter weighs about 227 grams: two sticks.", r"sticks?|peanut|nut"),
    (r"(?:uncooked |white |dry )?rice", "A cup of uncooked white rice weighs about 185 to 200 grams.",
     r"cooked|brown|flour"),
    (r"(?:rolled )?oats|oatmeal", "A cup of rolled oats weighs about 80 to 90 grams.", ""),
    (r"honey", "A cup of honey weighs about 340 grams.", ""),
    (r"water", "A cup of water weighs about 237 grams: a milliliter of water weighs a gram.", ""),
    (r"milk", "A cup of milk weighs about 240 to 245 grams.", r"powdered|condensed|evaporated|almond|oat|soy|coconut"),
    (r"cocoa(?: powder)?", "A cup of cocoa powder weighs about 85 grams.", ""),
)  # fmt: skip
_STICK = r"sticks? of butter|butter sticks?|sticks? butter"
_NUTRITION = r"calories|fat|protein|carbs?|carbohydrates?|sugars? in|fiber|sodium|cost|price"

# What stands in for an ingredient the cook is out of: the thing must be what is replaced, not what replaces.
_REPLACED = (
    r"(?:instead of|in place of) (?:the |any |some )?{0}|(?:substitut\w*|replac\w*|alternatives?|swap) (?:for |to )?"
    r"(?:the |any |a )?{0}|{0} (?:substitut\w*|replacement|alternative)|"
    r"replac\w* (?:[\w ]{{0,25}}? of )?(?:the |my )?{0}|"
    r"(?:out of|ran out of|run out of|don't have|do not have|no|without|have no|haven't got|need to replace) "
    r"(?:any |some |the )?(?:more )?(?:fresh |regular |plain )?{0}|swap (?:out )?(?:the )?{0}"
)
_USE = r"use|substitut\w*|replac\w*|swap\w*|instead|alternatives?|stand[- ]in|else|works?|make (?:my own|some|it|more)"
# (what is replaced, the fact, whether "How do I make ...?" asks it too: buttermilk is made, mayonnaise is not
# made of yogurt)
_SUBSTITUTES = (
    ("buttermilk", "For a cup of buttermilk, stir a tablespoon of lemon juice or white vinegar into a cup of milk "
     "and let it stand 5 minutes; thinned plain yogurt works too.", True),
    ("baking powder", "For 1 teaspoon of baking powder, use a quarter teaspoon of baking soda and half a teaspoon of "
     "cream of tartar.", True),
    ("baking soda", "Use about three times as much baking powder: 1 teaspoon of it for each third of a teaspoon of "
     "baking soda.", False),
    ("eggs?", "For one egg in baking, use a quarter cup of applesauce or mashed banana, or a tablespoon of ground "
     "flaxseed stirred into 3 tablespoons of water.", False),
    ("corn ?starch|corn ?flour", "For a tablespoon of cornstarch, use 2 tablespoons of flour, or a tablespoon of "
     "arrowroot or potato starch.", False),
    ("sour cream", "Plain Greek yogurt replaces sour cream, cup for cup.", False),
    ("heavy cream|double cream|whipping cream", "For a cup of heavy cream in cooking, melt a quarter cup of butter "
     "into three quarters of a cup of milk; it will not whip.", True),
    ("brown sugar", "For a cup of brown sugar, mix a cup of white sugar with a tablespoon of molasses.", True),
    ("self[- ]rising flour|self[- ]raising flour", "For a cup of self-rising flour, mix a cup of all-purpose flour "
     "with 1 and a half teaspoons of baking powder and a quarter teaspoon of salt.", True),
    ("cake flour", "For a cup of cake flour, take a cup of all-purpose flour, remove 2 tablespoons, and add 2 "
     "tablespoons of cornstarch.", True),
    ("butter", "In baking, use three quarters as much vegetable oil as butter; in cooking, any oil.", False),
    ("garlic|garlic cloves?|cloves? of garlic", "For one clove of garlic, use an eighth of a teaspoon of garlic "
     "powder.", False),
    ("white wine|red wine|wine", "In cooking, use broth instead of wine, with a splash of vinegar or lemon juice.",
     False),
    ("lemon juice|lemons?", "Lime juice replaces lemon juice one for one; in a pinch, half as much white vinegar.",
     False),
    ("honey", "Maple syrup or agave syrup replaces honey one for one.", False),
    ("breadcrumbs|bread crumbs", "Crushed crackers, rolled oats or crushed cornflakes can replace breadcrumbs.", False),
    ("mayonnaise|mayo", "Plain Greek yogurt can replace mayonnaise.", False),
)  # fmt: skip
_HERBS = r"herbs?|basil|oregano|thyme|parsley|rosemary|dill|cilantro|coriander|sage|mint|tarragon|chives|marjoram"


# "I'm out of baking soda, what else could I bake tonight?" asks for another dish, not a substitute.
_OTHER_DISH = r"(?:else|instead) (?:could|can|should|might|do) (?:i|we|you) (?:bake|cook|make)(?! (?:it|them|one|some))"


def _substitute(thing: str, fact: str, made: bool) -> tuple[str, str]:
    """"What can I use instead of buttermilk?", "I'm out of buttermilk, what can I use?", "buttermilk substitute",
    and for what can be made, "How do I make buttermilk?"; not "Can I use buttermilk instead of milk?" (there
    buttermilk replaces) nor "I'm out of eggs, add them to my list.". "butter" is not "buttermilk" nor "peanut
    butter"; "eggs" not "egg whites"; "garlic" not its powder."""
    thing = rf"(?<!peanut )(?:{thing})(?![- ]?(?:milk|whites?|yolks?|powder|salt|cream|sugar|flour|bread))"
    asked = all_words(_REPLACED.format(thing), _USE, unless=_OTHER_DISH)
    if made:
        made_of = r"(?:\s+(?:at home|myself|from \w+(?: \w+)?|with \w+(?: \w+)?))?\W*$"  # not "buttermilk pancakes"
        asked += rf"|\bhow (?:do|can|would|should) (?:i|you|we) make (?:my own |some |homemade )?{thing}{made_of}"
    return asked, fact


# The usual times, with the oven's temperature where it matters.
_TIME = r"how long|how many minutes|how much time|what temperature|what temp|how hot"
_TIMES = (
    (all_words(_TIME, r"cookies?", unless=r"last|keep|stay|store|fresh|freeze|cool|chill|dough"),
     "Most drop cookies bake at 350 degrees Fahrenheit (175 Celsius) for about 8 to 12 minutes, until the edges "
     "turn golden."),
    (all_words(r"how long|how many minutes|how much time", r"boil|cook",
               r"pasta|spaghetti|noodles|penne|macaroni|linguine", unless=r"last|keep|store|fresh|leftovers?"),
     "Most dried pasta cooks in 8 to 12 minutes in boiling salted water, fresh pasta in 2 to 4; the packet gives "
     "the exact time."),
    (all_words(r"how long|how many minutes|how much time", r"boil|cook|simmer|take", r"rice",
          unless=r"last|keep|store|fresh|leftovers?|soak\w*|cooker"),
     "White rice simmers, covered, for about 15 to 20 minutes; brown rice takes about 40 to 45."),
    (all_words(r"how long|how many minutes|how much time", r"boil\w*", r"potato(?:es)?"),
     "Potatoes cut in chunks boil in about 15 to 20 minutes, whole ones in 20 to 30, until a knife slides in "
     "easily."),
    (all_words(_TIME, r"bake|baked|roast", r"potato(?:es)?", unless=r"sweet|boil\w*|mash\w*|fries|chips"),
     "A whole potato bakes at 400 degrees Fahrenheit (200 Celsius) in about 45 to 60 minutes."),
    (all_words(r"how long|how many minutes|how much time", r"bak\w*|roast\w*|oven", r"chicken breasts?",
          unless=_DONENESS),
     "Boneless chicken breasts bake at 400 degrees Fahrenheit (200 Celsius) in about 20 to 25 minutes, until 165 "
     "degrees Fahrenheit (74 Celsius) inside."),
    (all_words(r"how long|how many minutes|how much time", r"bak\w*|roast\w*|oven|cook\w*", r"salmon"),
     "A salmon fillet bakes at 400 degrees Fahrenheit (200 Celsius) in about 12 to 15 minutes, until it flakes "
     "easily."),
    (all_words(r"how long|how many minutes|how much time|how many hours", r"cook\w*|roast\w*|bak\w*|oven", r"turkey",
          unless=r"thaw\w*|defrost\w*|rest|brine|fridge"),
     "Roast an unstuffed turkey at 325 degrees Fahrenheit (165 Celsius) for about 13 to 15 minutes a pound, until "
     "the thickest part of the thigh reaches 165 degrees Fahrenheit (74 Celsius)."),
)  # fmt: skip

# A jam maker's and a baker's facts and words (round 36: jam "sets at 10 degrees Celsius", sets with "bananas",
# a croissant "flaky crepes", creaming "a common ingredient").
_MEANS = r"what (?:does|do|is) (?:[\w']+ ){0,6}mean\b|\bmeaning\b|\bwhat(?:'s| is) (?:it|that)\b|\bhow do (?:i|you)\b"
_BAKING = (
    (all_words(r"jam|jelly|marmalade", r"setting point|set(?:s|ting)? at|temperature", unless=r"store|keep|fridge"),
     "Jam sets at about 104 to 105 degrees Celsius, 220 degrees Fahrenheit; the cold plate test checks it: a drop "
     "on a chilled plate wrinkles when pushed."),
    (all_words(r"jam|jelly|marmalade", r"pectin|makes? (?:it |the jam )?set|setting agent|natural stuff|"
               r"(?:what|which) (?:substance|ingredient|thing)", unless=r"temperature|how long|point"),
     "Pectin, a natural gum in fruit, makes jam set, with sugar and acid; apples, citrus and currants have a lot."),
    (all_words(r"crescent", r"pastry|pastries|roll|bread", r"what|which|name|called|word"),
     "A croissant is the flaky, buttery, crescent-shaped French pastry."),
    (all_words(r"cream(?:ing)? (?:the )?butter|cream (?:the )?(?:butter and )?sugar", _MEANS),
     "To cream butter and sugar is to beat them together until pale, light and fluffy, which traps air for a "
     "lighter cake."),
    (all_words(r"fold(?:ing)? (?:in|it in|the)", _MEANS, unless=r"laundry|towels?|clothes|paper|napkins?"),
     "To fold in is to mix gently with a spatula, cutting down and turning over, so the air in the mixture stays."),
    (all_words(r"knead\w*", _MEANS + r"|how long|why"),
     "Kneading is pushing, folding and turning dough, usually for about 10 minutes by hand, to build the gluten that "
     "makes bread chewy and helps it rise."),
    (all_words(r"proof(?:ing)? (?:the )?(?:dough|bread|yeast)|let (?:the )?dough (?:rise|proof)", _MEANS),
     "Proofing is letting a yeast dough rest and rise before baking, until about doubled."),
    (all_words(r"blind bak\w*|bake (?:it |the (?:crust|pastry|case) )?blind", _MEANS),
     "Blind baking is baking a pie crust empty, weighed down with baking beans or rice, before the filling goes in."),
    (all_words(r"al dente", _MEANS), "Al dente is Italian for to the tooth: pasta cooked until tender but still "
     "slightly firm when bitten."),
    (all_words(r"zest", _MEANS, unless=r"zest for life|zesty"),
     "Zest is the colored outer skin of a citrus fruit, finely grated, without the bitter white pith."),
)

KITCHEN_FACTS: tuple[tuple[str, str], ...] = (
    *_SAFE,
    *_DONE,
    *((all_words(_WEIGHS, _CUP, thing, unless="|".join(u for u in (unless, _STICK, _NUTRITION) if u)), fact)
      for thing, fact, unless in _CUP_OF),
    (all_words(r"butter", r"sticks?", r"how many|how much|how big|what|weigh\w*|grams?|ounces?|tablespoons?|cups?|size",
          unless=r"peanut|nut|cocoa|shea|calories|fat|protein|cost|price|sodium"),
     "A stick of butter is half a cup, so two sticks make a cup: a stick is 8 tablespoons, about 113 grams."),
    *(_substitute(*row) for row in _SUBSTITUTES),
    (all_words(r"fresh", r"dried|dry", _HERBS, r"how much|how many|instead|substitut\w*|replac\w*|use|convert|equals?"),
     "Use a third as much dried herb as fresh: a teaspoon of dried for a tablespoon of fresh."),
    *_TIMES,
    *_BAKING,
)  # fmt: skip


# A recipe made for another number of people: "This recipe serves 4 but I'm feeding 6, what do I multiply by?"
_SERVES = re.compile(
    r"\b(?:serves|feeds|makes|is for|yields|recipe's for|recipe for)\s+(?P<n>[\w-]+)"
    r"(?:\s+(?:people|servings|portions))?\b"
)
_MEASURES = (
    r"cups?|tablespoons?|teaspoons?|grams?|kilograms?|ounces?|pounds?|liters?|litres?|milliliters?|eggs?|cans?|sticks?|"
    r"cloves?|slices?|pinch(?:es)?"
)
_FOR = re.compile(
    r"\b(?:feed|feeding|serve|serving|cook for|cooking for|make it for|making it for|have|having|got|expecting|"
    r"need it for|need to feed|want to feed|enough for|need|want|"  # "makes 12 muffins but I need 30"
    r"(?<!calls )(?<!asks )(?<!call )(?<!ask )for)"  # not "calls for 2"
    rf"\s+(?P<m>[\w-]+)(?!\s+(?:{_MEASURES}|of)\b)\s*(?:people|guests|of us|servings|portions|"  # not "need 2 cups"
    r"coming|instead)?\b|\bthe (?P<us>[\w-]+) of us\b"
)
# The one amount the recipe gives, said with its measure: "it calls for two cups of rice".
_AMOUNT = re.compile(
    rf"\b(?P<n>[\w.,/-]+(?: and a (?:half|quarter))?) (?P<measure>{_MEASURES})(?P<what> of [a-z]+(?: [a-z]+)?)?\b"
)
_ASKS_SCALE = re.compile(r"\b(?:multiply|multiplied|scale|scaling|factor|adjust|times|how much|how many|convert|cut)\b")


def servings_note(text: str) -> str | None:
    """'From 4 servings to 6, multiply every amount by 1.5.' for a recipe made for more or fewer people (the 0.5B
    said "multiply everything by six"); None unless the words say both numbers and ask how to scale."""
    words = text.lower()
    serves = _SERVES.search(words)
    if serves is None or not _ASKS_SCALE.search(words[serves.end() :] + " " + words[: serves.start()]):
        return None
    n = 4 if serves["n"] == "for" else _count(serves["n"])  # Whisper heard "serves four" as "serves for"
    fors = [m for f in _FOR.finditer(words, serves.end()) if (m := _count(f["m"] or f["us"])) is not None]
    if n is None or len(set(fors)) != 1 or fors[0] == n:
        return None
    factor = Fraction(fors[0], n)
    said = say_number(factor)
    if factor < 1 and (part := say_fraction(factor)):  # "by a third (about 0.333)"
        said = f"{part} ({said})"
    scaled = ""
    if len(amounts := [(a, c) for a in _AMOUNT.finditer(words) if (c := _quantity(a["n"])) is not None]) == 1:
        amount, count = amounts[0]  # "2 cups of rice becomes 3 cups."
        measure = amount["measure"]
        new = count * factor
        plural = measure if new <= 1 or measure.endswith("s") else measure + ("es" if measure.endswith("h") else "s")
        scaled = f": {say_number(count)} {measure}{amount['what'] or ''} becomes {say_number(new)} {plural}"
    return f"From {n} servings to {fors[0]}, multiply every amount by {said}{scaled}."


def _quantity(words: str) -> Fraction | None:
    """An amount as said ("2", "two", "1.5", "one and a half"); None for other words."""
    tokens = tokenize(words.replace(" and a half", " point five").replace(" and a quarter", " point two five"))
    read = read_number(tokens, 0)
    return read[0] if read is not None and read[1] == len(tokens) and read[0] > 0 else None


def _count(word: str) -> int | None:
    """A count of people as said ("6", "six", "twelve"); None for other words (not "a", "dinner")."""
    read = read_number(tokenize(word), 0)
    if read is None or read[1] != 1 or read[0].denominator != 1 or not 0 < read[0] <= 1000:
        return None
    return int(read[0])
