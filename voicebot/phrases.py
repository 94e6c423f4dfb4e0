"""How to say a traveller's first words in another language: rows for the almanac's table (voicebot/almanac.py).

"How do you say thank you in Japanese?" got "Thank you!" from the 0.5B (docs/MEASUREMENTS.md, thirty-second
session). The rows hold the handful of words a visitor needs first (hello, goodbye, thank you, please, yes, no, good
morning, good evening, good night, excuse me, cheers, I love you) in fifteen languages, written in the Latin letters
an English voice can read ("arigato", "xie xie"); a word a language says several ways by who speaks or to whom is left
out.
"""

from __future__ import annotations

import re

__all__ = ["PHRASE_FACTS", "PHRASE_GATE"]

# What the English words are asked as (regexes of lower-case words), and how the fact names them.
_ENGLISH = {
    "hello": (r"hello|hi", "hello"), "goodbye": (r"goodbye|good bye|bye", "goodbye"),
    "thank you": (r"thank you|thanks", "thank you"), "please": (r"please", "please"), "yes": (r"yes", "yes"),
    "no": (r"no", "no"), "good morning": (r"good morning", "good morning"),
    "excuse me": (r"excuse me|sorry", "excuse me"), "cheers": (r"cheers", "cheers"),
    "i love you": (r"i love you", "I love you"), "good night": (r"good ?night|night night", "good night"),
    "good evening": (r"good evening", "good evening"),
    "you're welcome": (r"you're welcome|you are welcome|your welcome|youre welcome", "you're welcome"),
}  # fmt: skip
# Language: {English words: how they are said}.
_WORDS: dict[str, dict[str, str]] = {
    "Spanish": {"hello": "hola", "goodbye": "adios", "thank you": "gracias", "please": "por favor", "yes": "si",
                "no": "no", "good morning": "buenos dias", "excuse me": "perdon", "cheers": "salud",
                "i love you": "te quiero", "good night": "buenas noches",
                "good evening": "buenas noches", "you're welcome": "de nada"},
    "French": {"hello": "bonjour", "goodbye": "au revoir", "thank you": "merci", "please": "s'il vous plait",
               "yes": "oui", "no": "non", "good morning": "bonjour", "excuse me": "excusez-moi", "cheers": "sante",
               "i love you": "je t'aime", "good night": "bonne nuit",
               "good evening": "bonsoir", "you're welcome": "de rien"},
    "German": {"hello": "hallo", "goodbye": "auf Wiedersehen, or tschuss", "thank you": "danke", "please": "bitte",
               "yes": "ja", "no": "nein", "good morning": "guten Morgen", "excuse me": "Entschuldigung",
               "cheers": "prost", "i love you": "ich liebe dich",
               "good night": "gute Nacht", "good evening": "guten Abend", "you're welcome": "bitte, or gern geschehen"},
    "Italian": {"hello": "ciao", "goodbye": "arrivederci", "thank you": "grazie", "please": "per favore",
                "yes": "si", "no": "no", "good morning": "buongiorno", "excuse me": "scusi", "cheers": "salute",
                "i love you": "ti amo", "good night": "buona notte",
                "good evening": "buonasera", "you're welcome": "prego"},
    "Portuguese": {"hello": "ola", "goodbye": "tchau, or adeus", "thank you": "obrigado, or obrigada from a woman",
                   "please": "por favor", "yes": "sim", "no": "nao", "good morning": "bom dia",
                   "excuse me": "com licenca", "cheers": "saude", "i love you": "eu te amo", "good night": "boa noite",
                   "good evening": "boa noite", "you're welcome": "de nada"},
    "Dutch": {"hello": "hallo", "goodbye": "tot ziens", "thank you": "dank je wel", "please": "alsjeblieft",
              "yes": "ja", "no": "nee", "good morning": "goedemorgen", "excuse me": "pardon", "cheers": "proost",
              "i love you": "ik hou van jou", "good night": "goedenacht, or welterusten",
              "good evening": "goedenavond", "you're welcome": "graag gedaan"},
    "Greek": {"hello": "yia sou", "goodbye": "yia sou, or antio", "thank you": "efharisto", "please": "parakalo",
              "yes": "ne", "no": "ohi", "good morning": "kalimera", "excuse me": "signomi", "cheers": "yamas",
              "i love you": "s'agapo", "good night": "kalinihta",
              "good evening": "kalispera", "you're welcome": "parakalo"},
    "Japanese": {"hello": "konnichiwa", "goodbye": "sayonara", "thank you": "arigato, or more politely arigato "
                 "gozaimasu", "yes": "hai", "no": "iie", "good morning": "ohayo gozaimasu",
                 "excuse me": "sumimasen", "cheers": "kanpai", "i love you": "aishiteru", "good night": "oyasumi nasai",
                 "good evening": "konbanwa", "you're welcome": "do itashimashite"},
    "Mandarin Chinese|Chinese|Mandarin": {"hello": "ni hao", "goodbye": "zai jian", "thank you": "xie xie",
                                          "good morning": "zao shang hao", "excuse me": "dui bu qi",
                                          "cheers": "gan bei", "i love you": "wo ai ni",
                                          "good night": "wan an", "good evening": "wan shang hao",
                                          "you're welcome": "bu ke qi"},
    "Korean": {"hello": "annyeonghaseyo", "thank you": "gamsahamnida", "yes": "ne", "no": "aniyo",
               "cheers": "geonbae", "i love you": "saranghae"},
    "Russian": {"hello": "zdravstvuyte, or privet among friends", "goodbye": "do svidaniya", "thank you": "spasibo",
                "please": "pozhaluysta", "yes": "da", "no": "nyet", "good morning": "dobroye utro",
                "excuse me": "izvinite", "i love you": "ya tebya lyublyu",
                "good night": "spokoynoy nochi", "good evening": "dobryy vecher", "you're welcome": "pozhaluysta"},
    "Arabic": {"hello": "marhaba, or as-salamu alaykum", "thank you": "shukran", "yes": "naam", "no": "la",
               "good morning": "sabah al-khair", "you're welcome": "afwan"},
    "Hindi": {"hello": "namaste", "thank you": "dhanyavaad, or shukriya", "yes": "haan", "no": "nahin"},
    "Swahili": {"hello": "jambo", "goodbye": "kwaheri", "thank you": "asante", "please": "tafadhali",
                "yes": "ndiyo", "no": "hapana", "you're welcome": "karibu"},
    "Hawaiian": {"hello": "aloha", "goodbye": "aloha", "thank you": "mahalo"},
}  # fmt: skip
# "How do you say X in Y?", "What's X in Y?", "the Y word for X", "Translate X into Y", "X in Y?"
_ASKS = (
    r"^(?:(?:so|and|hey|okay|ok|um)\W+)*(?:how (?:do|would|can|should) (?:you|i|we) say|what(?:'s| is| are)|say|"
    r"translate|tell me(?: how to say)?|how to say)?\W*(?:{english})\W+(?:in|into|to) {language}\W*$"
    r"|\b{language} (?:word|words|phrase|way to say) for\W+(?:{english})\W*$"
    r"|\bhow (?:do|would|can|should) (?:you|i|we) say\W+(?:{english})\W+(?:in|to) {language}\b"
)


def _row(language: str, english: str, said: str) -> tuple[str, str]:
    names = language.split("|")
    asked, told = _ENGLISH[english]
    pattern = _ASKS.format(english=asked, language=rf"(?:{'|'.join(re.escape(n.lower()) for n in names)})")
    return pattern, f"In {names[0]}, {told} is {said}."


PHRASE_FACTS: tuple[tuple[str, str], ...] = tuple(
    _row(language, english, said) for language, words in _WORDS.items() for english, said in words.items()
)
# The languages every row names (the almanac skips the rows for words without one).
PHRASE_GATE = r"\b(?:" + "|".join(n.lower() for language in _WORDS for n in language.split("|")) + r")\b"
