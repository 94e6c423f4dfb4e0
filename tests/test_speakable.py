"""Reply text as the voice says it (audio/speakable.py), and what the real Piper voice then reads."""

from __future__ import annotations

import pytest

from audio.chunker import PhraseChunker
from audio.speakable import speakable
from audio.tts import PiperTts, TtsOptions

CASES = [
    ("It is 5 km away.", "It is 5 kilometers away."),
    ("It weighs 1 kg.", "It weighs 1 kilogram."),
    ("Add 250 g of flour and 1/2 cup of milk.", "Add 250 grams of flour and one half cup of milk."),
    ("Use 2 1/2 cups and 3/4 tsp.", "Use 2 and one half cups and three quarters of a teaspoon."),
    ("It is 120 km/h, or 33 m/s.", "It is 120 kilometers per hour, or 33 meters per second."),
    ("Mount Everest is 8,849 m tall.", "Mount Everest is 8,849 meters tall."),
    ("It is 20 °C today, -5°F tonight.", "It is 20 degrees Celsius today, -5 degrees Fahrenheit tonight."),
    ("Aim for 7-9 hours, or 5–10 km.", "Aim for 7 to 9 hours, or 5 to 10 kilometers."),
    ("Try a 5-10-second breath.", "Try a 5 to 10 second breath."),  # read "five dash ten second"
    ("That is 200/1000 = 0.2 cups.", "That is 200 divided by 1000 = 0.2 cups."),  # read "slash"
    ("The area is πr^2, the volume r³.", "The area is pi r squared, the volume r cubed."),
    ("Sure! 😀 Happy to help 👍🏽.", "Sure! Happy to help."),
    ("Yes ✓ done. Go left → right.", "Yes done. Go left to right."),
    ("See [the docs](https://x.y/z).", "See the docs."),
    ("- It takes 30 min, about 1 hr.", "It takes 30 minutes, about 1 hour."),
    # inline LaTeX, as the coder model writes math
    (r"A day has \(24 \times 60 \times 60 = 86400\) seconds.", "A day has 24 × 60 × 60 = 86400 seconds."),
    (r"\[ x = \frac{5}{7} \approx 0.71 \]", "x = 5 over 7 about 0.71"),
    (r"Take $\frac{1}{2}$ of it: $\sqrt{16} = 4$.", "Take one half of it: the square root of 16 = 4."),
    (r"It is \(100^\circ\)C; \(2^{10} = 1024\).", "It is 100 degrees Celsius; 2 to the power of 10 = 1024."),
    # a float's rounding noise, which the voice read digit by digit for seconds
    ("It takes about 29.999999999999997 seconds.", "It takes about 30 seconds."),
    ("That is 0.30000000000000004 m, or 1,234.9999999 g.", "That is 0.3 meters, or 1,235 grams."),
    # "12 * 2 = 24" was read "twelve two equals twenty-four" (the "*" dropped), "336 / 4" "slash"
    ("Order 12 * 2 = 24, so 336 / 4 = 84 each.", "Order 12 × 2 = 24, so 336 divided by 4 = 84 each."),
    # money: the phonemizer read "$20" as "dollar twenty", "$9.99" "dollar nine point nine nine", and a note's
    # "12.60 dollars" "twelve point six zero dollars"; feet and inches as written, 6'2", "six two"
    ("It costs $20, or $9.99 on sale.", "It costs 20 dollars, or 9 dollars and 99 cents on sale."),
    ("It is $1 each.", "It is 1 dollar each."),
    ("About $2.5 million, £3.05 or €0.50.", "About 2.5 million dollars, 3 pounds and 5 pence or 50 cents."),
    ("That is about 12.60 dollars.", "That is about 12 dollars and 60 cents."),
    ('He is 6\'2" tall.', "He is 6 feet 2 inches tall."),
]
UNCHANGED = [
    "On 2024-05-01 call 555-1234.",  # a date, a phone number
    "5 - 3 = 2, and 12/25 is a date.",
    "It costs 20 dollars, about 50% of it, 3 × 4 times.",  # the phonemizer reads these well
    "The 5G network and 5 M users.",  # not our units
    "Version 3.11-slim, 2/4 done.",
    "Pi is 3.141592653589793, and 0.00005 is small.",  # long decimals that are no noise
]


@pytest.mark.parametrize(("written", "said"), CASES)
def test_symbols_are_said_as_words(written: str, said: str) -> None:
    assert speakable(written) == said


@pytest.mark.parametrize("text", UNCHANGED)
def test_what_the_phonemizer_reads_well_is_left_alone(text: str) -> None:
    assert speakable(text) == text


def test_the_chunker_speaks_its_phrases_so() -> None:
    chunker = PhraseChunker(first_min_words=2, min_words=4, max_words=20, first_max_words=8)
    reply = "Sleep 7-9 hours a night. **Drink** 2 L of water 😀."
    phrases = [p for word in reply.split() for p in chunker.push(word + " ")] + chunker.flush()
    assert phrases == ["Sleep 7 to 9 hours a night.", "Drink 2 liters of water."]


READ_OUT = {  # symbols Piper reads out, as its phonemes
    "slash": "slˈæʃ",
    "dash": "dˈæʃ",
    "symbol": "sɪmbəl",
    "face": "fˈeɪs",
    "arrow": "ˈæɹoʊ",
    "backslash": "bˈækslæʃ",
}


def test_the_real_voice_no_longer_reads_symbols_out() -> None:
    """Through Piper's own phonemizer: each written line reads out a symbol, its speakable form none."""
    voice = PiperTts(TtsOptions()).voice
    lines = ["It is 120 km/h.", "Sleep 7-9 hours.", "Use 3/4 cup.", "Sure 😀 done.", "Yes ✓ done.", "Go → north."]
    lines.append(r"It is \(24 \times 60\).")

    def phonemes(text: str) -> str:
        return " ".join("".join(p) for p in voice.phonemize(text))

    for line in lines:
        raw, said = phonemes(line), phonemes(speakable(line))
        assert any(p in raw for p in READ_OUT.values()), (line, raw)
        assert not any(p in said for p in READ_OUT.values()), (line, said)
