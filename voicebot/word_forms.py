"""Plurals, past tenses and opposites, for the note before a user's turn ("What's the plural of goose?").

The default 0.5B gets everyday word forms wrong with confidence: "The plural of goose is "gooses".", tooth
"tooths", city "city", wolf "Wolf"; the past tense of bring "bring", catch "catches", seek "seeked", sing
"sing", freeze "frozen" (17 of 32 right, spoken; docs/MEASUREMENTS.md). English has a few hundred irregular
forms, which the tables below hold; the rest follows the spelling rules. Where the rules can't be sure, no
note: a word that is no noun or verb ("the past tense of of"; "by" is taken as "buy", which sounds the same),
or a verb of two syllables or more ending consonant-vowel-consonant that is not in the table of those that
double it ("visit" -> "visited", but "admit" -> "admitted"). A noun the ASR heard for a verb still gets the
rules' form ("the past tense of thing is thinged" for "think"): no table here knows which words are verbs.
"""

from __future__ import annotations

import re

__all__ = ["word_form_note"]

_WORD = r"(?:the (?:word|noun|verb) )?(?:to |an? )?[\"“']?(?P<word>[a-z][a-z'-]*[a-z](?:[ -]in[ -]law)?)\b"
_PLURAL = re.compile(rf"\bplural (?:form )?(?:of|for) {_WORD}", re.IGNORECASE)
_SINGULAR = re.compile(rf"\bsingular (?:form )?(?:of|for) {_WORD}", re.IGNORECASE)
_PAST = re.compile(rf"\bpast (?P<kind>tense|participle) (?:form )?(?:of|for) {_WORD}", re.IGNORECASE)
_OPPOSITE = re.compile(rf"\b(?:opposite|antonym) (?:word )?(?:of|for|to) {_WORD}", re.IGNORECASE)

# Opposites children learn, each pair said once (the 0.5B: "The opposite of generous is generous.", "The antonym of
# friend is friend."); either word asks for the other, and a word with two ("short": tall, or long) gets both.
_OPPOSITES = (
    ("hot", "cold"), ("big", "small"), ("tall", "short"), ("long", "short"), ("fast", "slow"), ("happy", "sad"),
    ("good", "bad"), ("up", "down"), ("in", "out"), ("open", "closed"), ("light", "dark"), ("day", "night"),
    ("black", "white"), ("old", "new"), ("young", "old"), ("rich", "poor"), ("strong", "weak"), ("hard", "soft"),
    ("easy", "difficult"), ("early", "late"), ("empty", "full"), ("heavy", "light"), ("wet", "dry"),
    ("clean", "dirty"), ("loud", "quiet"), ("thick", "thin"), ("wide", "narrow"), ("deep", "shallow"),
    ("high", "low"), ("near", "far"), ("first", "last"), ("left", "right"), ("push", "pull"), ("give", "take"),
    ("buy", "sell"), ("win", "lose"), ("begin", "end"), ("start", "finish"), ("arrive", "depart"),
    ("come", "go"), ("enter", "exit"), ("accept", "reject"), ("always", "never"), ("all", "none"),
    ("everything", "nothing"), ("everyone", "no one"), ("true", "false"), ("right", "wrong"), ("yes", "no"),
    ("love", "hate"), ("friend", "enemy"), ("war", "peace"), ("success", "failure"), ("victory", "defeat"),
    ("ancient", "modern"), ("generous", "selfish"), ("brave", "cowardly"), ("polite", "rude"), ("kind", "cruel"),
    ("honest", "dishonest"), ("patient", "impatient"), ("possible", "impossible"), ("visible", "invisible"),
    ("include", "exclude"), ("increase", "decrease"), ("expand", "contract"), ("ascend", "descend"),
    ("above", "below"), ("over", "under"), ("before", "after"), ("inside", "outside"), ("front", "back"),
    ("top", "bottom"), ("north", "south"), ("east", "west"), ("male", "female"), ("question", "answer"),
    ("rough", "smooth"), ("sharp", "blunt"), ("temporary", "permanent"), ("maximum", "minimum"),
    ("asleep", "awake"), ("alive", "dead"), ("sweet", "sour"), ("cheap", "expensive"), ("safe", "dangerous"),
    ("noisy", "quiet"), ("tight", "loose"), ("straight", "curved"), ("sunny", "cloudy"), ("summer", "winter"),
    ("present", "absent"), ("public", "private"), ("simple", "complex"), ("common", "rare"), ("wild", "tame"),
    ("shiny", "dull"), ("fat", "thin"), ("beautiful", "ugly"), ("interesting", "boring"), ("lazy", "hardworking"),
    ("smart", "stupid"), ("wise", "foolish"), ("calm", "angry"), ("friendly", "unfriendly"), ("remember", "forget"),
    ("laugh", "cry"), ("sink", "float"), ("freeze", "melt"), ("lend", "borrow"), ("teach", "learn"),
    ("attack", "defend"), ("whisper", "shout"), ("positive", "negative"), ("major", "minor"), ("plus", "minus"),
    ("add", "subtract"), ("multiply", "divide"), ("odd", "even"), ("more", "less"), ("many", "few"),
    ("most", "least"), ("better", "worse"), ("best", "worst"), ("bigger", "smaller"), ("hotter", "colder"),
    ("inhale", "exhale"), ("import", "export"), ("input", "output"), ("majority", "minority"), ("future", "past"),
    ("giant", "dwarf"), ("sunrise", "sunset"), ("dawn", "dusk"), ("arrival", "departure"), ("entrance", "exit"),
    ("found", "lost"), ("same", "different"), ("together", "apart"), ("on", "off"),
)  # fmt: skip
_OPPOSITE_OF = {
    word: [b if word == a else a for a, b in _OPPOSITES if word in (a, b)] for pair in _OPPOSITES for word in pair
}


# Irregular plurals, and the two forms where both are in use (the commoner first).
_PLURALS = {
    "man": "men", "woman": "women", "child": "children", "tooth": "teeth", "foot": "feet", "goose": "geese",
    "mouse": "mice", "louse": "lice", "person": "people", "ox": "oxen", "die": "dice",
    "cactus": "cacti or cactuses", "fungus": "fungi", "nucleus": "nuclei", "radius": "radii",
    "stimulus": "stimuli", "alumnus": "alumni", "syllabus": "syllabi or syllabuses", "octopus": "octopuses or octopi",
    "hippopotamus": "hippopotamuses or hippopotami", "analysis": "analyses", "axis": "axes", "basis": "bases",
    "crisis": "crises", "diagnosis": "diagnoses", "hypothesis": "hypotheses", "oasis": "oases",
    "parenthesis": "parentheses", "thesis": "theses", "ellipsis": "ellipses", "phenomenon": "phenomena",
    "criterion": "criteria", "datum": "data", "medium": "media or mediums", "bacterium": "bacteria",
    "curriculum": "curricula or curriculums", "memorandum": "memoranda or memorandums", "millennium": "millennia",
    "stratum": "strata", "index": "indexes or indices", "appendix": "appendixes or appendices",
    "matrix": "matrices", "vertex": "vertices", "formula": "formulas or formulae", "antenna": "antennas or antennae",
    "larva": "larvae", "vertebra": "vertebrae", "alga": "algae", "knife": "knives", "wife": "wives",
    "life": "lives", "leaf": "leaves", "half": "halves", "wolf": "wolves", "calf": "calves", "loaf": "loaves",
    "shelf": "shelves", "elf": "elves", "thief": "thieves", "sheaf": "sheaves", "self": "selves",
    "scarf": "scarves or scarfs", "hoof": "hooves or hoofs", "dwarf": "dwarfs or dwarves", "wharf": "wharves",
    "potato": "potatoes", "tomato": "tomatoes", "hero": "heroes", "echo": "echoes", "veto": "vetoes",
    "torpedo": "torpedoes", "embargo": "embargoes", "mosquito": "mosquitoes", "volcano": "volcanoes or volcanos",
    "tornado": "tornadoes or tornados", "domino": "dominoes", "buffalo": "buffaloes or buffalo", "quiz": "quizzes",
    "fish": "fish, or fishes for several kinds", "sheep": "sheep", "deer": "deer", "moose": "moose",
    "series": "series", "species": "species", "aircraft": "aircraft", "spacecraft": "spacecraft",
    "salmon": "salmon", "trout": "trout", "bison": "bison", "swine": "swine", "offspring": "offspring",
    "shrimp": "shrimp or shrimps", "squid": "squid or squids", "cod": "cod",
    "passerby": "passersby", "stomach": "stomachs", "monarch": "monarchs", "epoch": "epochs",
    "patriarch": "patriarchs", "matriarch": "matriarchs",
}  # fmt: skip
# Compounds of an irregular noun ("policeman", "grandchild", "midwife", "bookshelf") take its plural; these words only
# end like one.
_NOT_COMPOUNDS = frozenset({
    "human", "german", "shaman", "talisman", "caiman", "cayman", "ottoman", "roman", "walkman", "doberman", "pullman",
    "mongoose", "bluetooth",
})  # fmt: skip
_COMPOUND_ENDS = ("woman", "man", "child", "wife", "knife", "shelf", "wolf", "tooth", "foot", "mouse", "goose")
# Nouns that are plural already, or have no singular.
_PLURAL_ONLY = frozenset({
    "scissors", "pants", "trousers", "jeans", "shorts", "clothes", "glasses", "police", "cattle", "people", "news",
})  # fmt: skip
# Nouns that take no plural: "information" is never "informations".
_UNCOUNTABLE = frozenset({
    "information", "advice", "furniture", "news", "luggage", "baggage", "equipment", "homework", "knowledge",
    "research", "evidence", "music", "weather", "traffic", "rice", "bread", "milk",
})  # fmt: skip
_O_PLAIN = frozenset({"photo", "piano", "radio", "zoo", "video", "kangaroo", "kilo", "logo", "memo", "solo", "studio"})

# Irregular verbs: the past tense and the past participle ("a or b": both in use, the commoner first).
_VERBS = {
    "be": ("was or were", "been"), "is": ("was", "been"), "am": ("was", "been"), "are": ("were", "been"),
    "have": ("had", "had"), "has": ("had", "had"), "do": ("did", "done"), "does": ("did", "done"),
    "can": ("could", ""), "will": ("would", ""), "shall": ("should", ""), "may": ("might", ""),
    "arise": ("arose", "arisen"), "awake": ("awoke", "awoken"), "bear": ("bore", "borne"), "beat": ("beat", "beaten"),
    "become": ("became", "become"), "begin": ("began", "begun"), "bend": ("bent", "bent"), "bet": ("bet", "bet"),
    "bind": ("bound", "bound"), "bite": ("bit", "bitten"), "bleed": ("bled", "bled"), "blow": ("blew", "blown"),
    "break": ("broke", "broken"), "breed": ("bred", "bred"), "bring": ("brought", "brought"),
    "broadcast": ("broadcast", "broadcast"), "build": ("built", "built"),
    "burn": ("burned or burnt", "burned or burnt"),
    "burst": ("burst", "burst"), "buy": ("bought", "bought"), "cast": ("cast", "cast"), "catch": ("caught", "caught"),
    "choose": ("chose", "chosen"), "cling": ("clung", "clung"), "come": ("came", "come"), "cost": ("cost", "cost"),
    "creep": ("crept", "crept"), "cut": ("cut", "cut"), "deal": ("dealt", "dealt"), "dig": ("dug", "dug"),
    "dive": ("dove or dived", "dived"), "draw": ("drew", "drawn"), "dream": ("dreamed or dreamt", "dreamed or dreamt"),
    "drink": ("drank", "drunk"), "drive": ("drove", "driven"), "eat": ("ate", "eaten"), "fall": ("fell", "fallen"),
    "feed": ("fed", "fed"), "feel": ("felt", "felt"), "fight": ("fought", "fought"), "find": ("found", "found"),
    "flee": ("fled", "fled"), "fling": ("flung", "flung"), "fly": ("flew", "flown"), "forbid": ("forbade", "forbidden"),
    "forecast": ("forecast", "forecast"), "foresee": ("foresaw", "foreseen"), "forget": ("forgot", "forgotten"),
    "forgive": ("forgave", "forgiven"), "freeze": ("froze", "frozen"), "get": ("got", "gotten or got"),
    "give": ("gave", "given"), "go": ("went", "gone"), "grind": ("ground", "ground"), "grow": ("grew", "grown"),
    "hang": ("hung", "hung"), "hear": ("heard", "heard"), "hide": ("hid", "hidden"), "hit": ("hit", "hit"),
    "hold": ("held", "held"), "hurt": ("hurt", "hurt"), "keep": ("kept", "kept"),
    "kneel": ("knelt or kneeled", "knelt or kneeled"), "know": ("knew", "known"), "lay": ("laid", "laid"),
    "lead": ("led", "led"), "leap": ("leaped or leapt", "leaped or leapt"),
    "learn": ("learned or learnt", "learned or learnt"), "leave": ("left", "left"), "lend": ("lent", "lent"),
    "let": ("let", "let"), "lie": ("lay, or lied for telling a lie", "lain, or lied for telling a lie"),
    "light": ("lit", "lit"),
    "lose": ("lost", "lost"), "make": ("made", "made"), "mean": ("meant", "meant"), "meet": ("met", "met"),
    "mistake": ("mistook", "mistaken"), "misunderstand": ("misunderstood", "misunderstood"),
    "overcome": ("overcame", "overcome"), "oversleep": ("overslept", "overslept"),
    "overtake": ("overtook", "overtaken"),
    "pay": ("paid", "paid"), "prove": ("proved", "proven or proved"), "put": ("put", "put"), "quit": ("quit", "quit"),
    "read": ("read", "read"), "rebuild": ("rebuilt", "rebuilt"), "rewrite": ("rewrote", "rewritten"),
    "rid": ("rid", "rid"), "ride": ("rode", "ridden"), "ring": ("rang", "rung"), "rise": ("rose", "risen"),
    "run": ("ran", "run"), "say": ("said", "said"), "see": ("saw", "seen"), "seek": ("sought", "sought"),
    "sell": ("sold", "sold"), "send": ("sent", "sent"), "set": ("set", "set"), "sew": ("sewed", "sewn"),
    "shake": ("shook", "shaken"), "shed": ("shed", "shed"),
    "shine": ("shone or shined", "shone or shined"), "shoot": ("shot", "shot"),
    "show": ("showed", "shown"), "shrink": ("shrank", "shrunk"), "shut": ("shut", "shut"), "sing": ("sang", "sung"),
    "sink": ("sank", "sunk"), "sit": ("sat", "sat"), "sleep": ("slept", "slept"), "slide": ("slid", "slid"),
    "sling": ("slung", "slung"), "slit": ("slit", "slit"), "smell": ("smelled or smelt", "smelled or smelt"),
    "speak": ("spoke", "spoken"), "speed": ("sped", "sped"), "spell": ("spelled or spelt", "spelled or spelt"),
    "spend": ("spent", "spent"), "spill": ("spilled or spilt", "spilled or spilt"), "spin": ("spun", "spun"),
    "spit": ("spat", "spat"), "split": ("split", "split"), "spread": ("spread", "spread"),
    "spring": ("sprang", "sprung"), "stand": ("stood", "stood"), "steal": ("stole", "stolen"),
    "stick": ("stuck", "stuck"), "sting": ("stung", "stung"), "stink": ("stank", "stunk"),
    "stride": ("strode", "stridden"), "strike": ("struck", "struck"), "string": ("strung", "strung"),
    "strive": ("strove", "striven"), "swear": ("swore", "sworn"), "sweep": ("swept", "swept"),
    "swell": ("swelled", "swollen"), "swim": ("swam", "swum"), "swing": ("swung", "swung"), "take": ("took", "taken"),
    "teach": ("taught", "taught"), "tear": ("tore", "torn"), "tell": ("told", "told"), "think": ("thought", "thought"),
    "throw": ("threw", "thrown"), "tread": ("trod", "trodden"), "undergo": ("underwent", "undergone"),
    "understand": ("understood", "understood"), "undertake": ("undertook", "undertaken"), "undo": ("undid", "undone"),
    "upset": ("upset", "upset"), "wake": ("woke", "woken"), "wear": ("wore", "worn"), "weave": ("wove", "woven"),
    "weep": ("wept", "wept"), "win": ("won", "won"), "wind": ("wound", "wound"), "withdraw": ("withdrew", "withdrawn"),
    "wring": ("wrung", "wrung"), "write": ("wrote", "written"), "bid": ("bid", "bid"), "thrust": ("thrust", "thrust"),
    "slay": ("slew", "slain"), "smite": ("smote", "smitten"), "forsake": ("forsook", "forsaken"),
    "partake": ("partook", "partaken"), "fit": ("fit or fitted", "fit or fitted"),
}  # fmt: skip
# A prefix before an irregular verb keeps it irregular: "rethink" -> "rethought", "withhold" -> "withheld", "oversee"
# -> "oversaw"; "relay" is no "lay", nor "outfit" a "fit".
_PREFIXES = ("over", "under", "with", "fore", "out", "mis", "for", "off", "re", "un", "up", "be")
_NOT_PREFIXED = frozenset({"relay", "belie", "outfit", "refit", "befit"})
# Verbs of two syllables or more that double their last consonant ("admitted"); the others add "ed" ("visited").
_DOUBLING = frozenset({
    "admit", "commit", "submit", "permit", "omit", "emit", "transmit", "prefer", "refer", "confer", "defer", "infer",
    "occur", "recur", "incur", "deter", "regret", "control", "patrol", "compel", "expel", "propel", "repel", "equip",
    "acquit", "rebel", "excel", "abhor", "unplug", "outwit", "transfer", "dispel", "extol", "impel", "abet",
    "befit", "refit", "remit", "outfit", "inter",
})  # fmt: skip
# Words that are no noun or verb (a word the ASR misheard is often one): no form to give.
_NOT_FORMED = frozenset({
    "a", "an", "the", "by", "to", "of", "in", "on", "at", "for", "with", "from", "and", "or", "but", "if", "it",
    "that", "this", "these", "those", "what", "which", "who", "why", "how", "when", "where", "my", "your", "his",
    "her", "its", "our", "their", "very", "too", "not", "no", "yes", "so", "than", "then", "there", "here", "word",
    "verb", "noun", "something", "anything", "i", "you", "me", "he", "she", "we", "they", "him", "us", "them",
})  # fmt: skip
_VERB_WORDS = frozenset({"is", "am", "are", "was", "were", "be", "been", "has", "have", "do", "does", "did", "can"})
# The past forms the table gives, to say so when one is asked for ("the past tense of went").
_PAST_OF = {
    form: (verb, kind)
    for verb, forms in reversed(_VERBS.items())
    for kind, said in reversed(list(zip(("past tense", "past participle"), forms, strict=True)))
    for form in said.split(" or ")
    if form and " " not in form
}
_VOWELS = "aeiou"
# Heard words that sound like a verb the tables hold: spoken, "the past tense of right" asks for "write" (and the
# reply "The past tense of write is wrote." sounds the same), "by" for "buy".
_SOUNDS_LIKE = {"right": "write", "rite": "write", "wright": "write", "by": "buy", "bye": "buy", "sea": "see"}


def word_form_note(text: str) -> str | None:
    """'the plural of goose is geese.', 'the past tense of sing is sang, and its past participle is sung.'; else
    None (also where the form would be a guess)."""
    if (m := _OPPOSITE.search(text)) and (opposite := _OPPOSITE_OF.get(m["word"].lower())):
        return f"the opposite of {m['word'].lower()} is {', or '.join(opposite)}."
    if m := _PAST.search(text):
        word = _SOUNDS_LIKE.get(m["word"].lower(), m["word"].lower())
        if word not in _VERBS and word in _PAST_OF:
            verb, kind = _PAST_OF[word]
            return f"{word} is already the {kind} of {verb}."
        forms = _verb_forms(word)
        if forms is None:
            return None
        past, participle = forms
        if m["kind"].lower() == "participle":
            return f"the past participle of {word} is {participle}." if participle else None
        if participle and participle != past:
            return f"the past tense of {word} is {past}, and its past participle is {participle}."
        return f"the past tense of {word} is {past}."
    if m := _PLURAL.search(text):
        word = m["word"].lower().replace(" ", "-")
        if word in _PLURAL_ONLY:
            return f"{word} is already plural."
        if (singular := _singular(word)) is not None:
            return f"{word} is already plural: the plural of {singular}."
        if word in _UNCOUNTABLE:
            return f"{word} has no plural: it is uncountable, as in some {word}."
        plural = _plural(word)
        return f"the plural of {word} is {plural}." if plural else None
    if m := _SINGULAR.search(text):
        word = m["word"].lower()
        singular = _singular(word)
        return f"the singular of {word} is {singular}." if singular else None
    return None


# Plurals that are also another word's ("axes" of ax and of axis, "bases" of base and basis): no single singular.
_TWO_SINGULARS = frozenset({"axes", "bases", "ellipses"})


def _singular(word: str) -> str | None:
    """The singular of an irregular plural the table holds ("mice" -> "mouse"); None for any other word."""
    if word in _TWO_SINGULARS:
        return None
    return next((s for s, p in _PLURALS.items() if word in p.split(" or ") and s != word), None)


def _plural(word: str) -> str | None:
    if word in _PLURALS:
        return _PLURALS[word]
    if word in _NOT_FORMED or word in _VERB_WORDS or len(word) < 2 or word.endswith("'s"):
        return None
    if re.search(r"[ -]in[ -]law$", word):  # "brothers-in-law"
        head = _plural(re.split(r"[ -]", word)[0])
        return f"{head}-in-law" if head and " or " not in head else None
    end = next((e for e in _COMPOUND_ENDS if word.endswith(e) and len(word) > len(e) + 2), None)
    if end and word not in _NOT_COMPOUNDS and " or " not in _PLURALS[end]:
        return word[: -len(end)] + _PLURALS[end]  # "policemen", "grandchildren"
    if re.search(r"(?<![aeious])s$", word):
        return None  # "cats": already plural, most likely
    if re.search(r"(s|x|z|ch|sh)$", word):
        return word + "es"
    if re.search(rf"[^{_VOWELS}]y$", word):
        return word[:-1] + "ies"
    if word.endswith("o") and word[-2] not in _VOWELS and word not in _O_PLAIN:
        return None  # potatoes but pianos: only the tables know
    return word + "s"


def _prefixed(prefix: str, forms: str) -> str:
    """'rethought' from 're' and 'thought'; each of 'a or b', not a note's words ("lay, or lied for telling a lie"
    gives "underlay")."""
    return " or ".join(prefix + f.strip(",") for f in forms.split(" or ") if " " not in f) if forms else ""


def _verb_forms(word: str) -> tuple[str, str] | None:
    """(past tense, past participle) of a verb; None where the rules would guess."""
    if word in _VERBS:
        return _VERBS[word]
    if word in _NOT_FORMED or len(word) < 2 or "'" in word:
        return None
    for prefix in _PREFIXES:
        base = word[len(prefix) :]
        if word.startswith(prefix) and base in _VERBS and len(base) > 1 and word not in _NOT_PREFIXED:
            past, participle = _VERBS[base]
            return _prefixed(prefix, past), _prefixed(prefix, participle)
    if word.endswith("e"):
        past = word + "d"
    elif re.search(rf"[^{_VOWELS}]y$", word):
        past = word[:-1] + "ied"
    elif word.endswith("ic"):
        past = word + "ked"  # panicked, picnicked
    elif re.search(rf"[^{_VOWELS}][{_VOWELS}][^{_VOWELS}wxy]$", spelled := word.replace("qu", "qw")):
        syllables = len(re.findall(rf"[{_VOWELS}]+", spelled))  # the u of "qu" is no vowel: quizzed, equipped
        if syllables == 1 or word in _DOUBLING:
            past = word + word[-1] + "ed"  # stopped, planned, admitted
        elif word.endswith(("en", "er", "on", "it", "et", "ol", "el", "al", "om")):
            past = word + "ed"  # opened, offered, visited, traveled (American spelling)
        else:
            return None
    else:
        past = word + "ed"
    return past, past
