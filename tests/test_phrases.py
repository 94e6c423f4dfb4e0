"""voicebot.phrases: a traveller's first words in another language; other talk of languages gets nothing."""

from __future__ import annotations

import pytest

from voicebot.almanac import almanac_fact

ASKED = {  # the 0.5B: "Thank you!"
    "How do you say thank you in Japanese?": "In Japanese, thank you is arigato",
    "What's hello in Spanish?": "In Spanish, hello is hola.",
    "What is the German word for cheers?": "In German, cheers is prost.",
    "Translate good morning into Italian.": "In Italian, good morning is buongiorno.",
    "How do I say I love you in Korean?": "In Korean, I love you is saranghae.",
    "How do you say goodbye in Chinese?": "In Mandarin Chinese, goodbye is zai jian.",
    "How do you say good night in Italian?": "In Italian, good night is buona notte.",  # "Bocca" (pairs 6)
    "How do you say good evening in French?": "In French, good evening is bonsoir.",
    "How do you say you're welcome in Spanish?": "In Spanish, you're welcome is de nada.",  # "You're welcome back!"
    "How would I say you are welcome in Japanese?": "In Japanese, you're welcome is do itashimashite.",
}


@pytest.mark.parametrize("text", list(ASKED))
def test_a_travellers_word_in_another_language(text: str) -> None:
    fact = almanac_fact(text)
    assert fact is not None and fact.startswith(ASKED[text]), (text, fact)


def test_and_in_another_language() -> None:
    assert almanac_fact("And in French?", ["How do you say thank you in Japanese?"]) == "In French, thank you is merci."


@pytest.mark.parametrize(
    "text",
    [
        "What's the French word for apple?",  # not in the phrasebook: the model's
        "I speak Spanish, how are you?",
        "Say hello to my friend in Spanish class.",
        "How do you say thank you to a teacher?",  # no language named
    ],
)
def test_other_talk_of_languages_gets_nothing(text: str) -> None:
    assert almanac_fact(text) is None, (text, almanac_fact(text))
