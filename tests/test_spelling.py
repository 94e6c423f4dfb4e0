"""voicebot.spelling: which questions ask for a word's letters, and what the note says."""

from __future__ import annotations

import pytest

from voicebot.spelling import spelling_note

ANSWERS = {
    "How do you spell necessary?": "necessary is spelled N, E, C, E, S, S, A, R, Y (9 letters).",
    "Can you spell Mississippi?": "Mississippi is spelled M, I, S, S, I, S, S, I, P, P, I (11 letters).",
    "Spell the word rhythm.": "rhythm is spelled R, H, Y, T, H, M (6 letters).",
    "Okay, spell restaurant.": "restaurant is spelled R, E, S, T, A, U, R, A, N, T (10 letters).",
    "How is definitely spelled?": "definitely is spelled D, E, F, I, N, I, T, E, L, Y (10 letters).",
    "How many letters are in the word strawberry?": "strawberry has 10 letters: S, T, R, A, W, B, E, R, R, Y.",
    "How many letters are in the words elephant?": "elephant has 8 letters: E, L, E, P, H, A, N, T.",  # Whisper
    "How many r's are in strawberry?": "the letter R appears 3 times in strawberry: S, T, R, A, W, B, E, R, R, Y.",
    "How many Rs in strawberry?": "the letter R appears 3 times in strawberry: S, T, R, A, W, B, E, R, R, Y.",
    "How many times does the letter s appear in Mississippi?": (
        "the letter S appears 4 times in Mississippi: M, I, S, S, I, S, S, I, P, P, I."
    ),
    "How many q's are in banana?": "the letter Q does not appear in banana: B, A, N, A, N, A.",
}


@pytest.mark.parametrize("text", ANSWERS)
def test_a_spelling_question_gets_the_words_letters(text: str) -> None:
    assert spelling_note(text) == ANSWERS[text]


@pytest.mark.parametrize(
    "text",
    [
        "Can you spell it for me?",
        "How do you spell your name?",
        "How many letters are in the alphabet?",  # the model knows; "the" is not the word
        "It cast a spell on him.",
        "The witch's spell broke.",
        "How many cats are in the house?",
    ],
)
def test_other_words_get_no_spelling(text: str) -> None:
    assert spelling_note(text) is None


def test_spell_it_spells_the_word_named_last() -> None:
    """"What does the word ubiquitous mean?" then "How do you spell it?" got "spelled as 'ubiquity'"."""
    named = ("What does the word ubiquitous mean?", "What does ubiquitous mean?", "How do you pronounce ubiquitous?")
    for before in named:
        assert spelling_note("How do you spell it?", [before]) == (
            "ubiquitous is spelled U, B, I, Q, U, I, T, O, U, S (10 letters)."
        ), before
    two_back = ["What does the word ubiquitous mean?", "Can you use it in a sentence?"]
    assert spelling_note("How do you spell it?", two_back).startswith("ubiquitous is spelled")
    assert spelling_note("Can you spell that?", ["What time is it?"]) is None  # no word named
    assert spelling_note("Can you spell it for me?") is None
