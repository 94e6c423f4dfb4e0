"""Spelling questions, answered from the transcript's own letters, for the note before a user's turn.

The default 0.5B reads tokens, not letters: "How do you spell necessary?" -> "To spell necessary, you need
to use the correct spelling of the words.", "How many letters are in the word strawberry?" -> 7, "How many
r's are in strawberry?" -> 1 (docs/MEASUREMENTS.md). The ASR has already written the word; its letters
are the answer. Told them ("Exact result: necessary is spelled N, E, C, E, S, S, A, R, Y (9 letters)."),
the model says them; commas, because the voice reads "N-E-C-..." with the A as a schwa.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["spelling_note"]

_WORD = r"(?:the (?:words?|name) )?[\"“']?(?P<word>[a-z][a-z'-]*[a-z])"
_SPELL = re.compile(
    rf"\bhow (?:do|would|should|can) (?:you|i|we) spell {_WORD}"
    rf"|(?:^|[,.!?]\s*|\b(?:please|you|me|to)\s+)spell(?: out)? {_WORD.replace('word>', 'word2>')}"
    rf"|\bhow is {_WORD.replace('word>', 'word3>')} spelled",
    re.IGNORECASE,
)
_LETTERS = re.compile(rf"\bhow many letters (?:are )?(?:there )?(?:are )?in {_WORD}", re.IGNORECASE)
_LETTER = re.compile(
    rf"\bhow many (?P<letter>[a-z])(?:'s|s)? (?:are )?(?:there )?(?:are )?in {_WORD}"
    rf"|\bhow many times does (?:the letter )?(?P<letter2>[a-z]) (?:appear|occur|show up|come up) in "
    rf"{_WORD.replace('word>', 'word2>')}",
    re.IGNORECASE,
)
# "Spell it", "spell that for me", "how do you spell your name", "how many letters are in the alphabet":
# nothing to spell in the words themselves.
_NOT_A_WORD = {"it", "that", "this", "them", "me", "my", "your", "his", "her", "their", "our", "something",
               "anything", "words", "word", "name", "out", "for", "correctly", "properly", "backwards", "the",
               "an", "on", "in", "of", "to"}  # fmt: skip


# Where the user named a word in the last three turns: "What does the word ubiquitous mean?", "Can you use it in a
# sentence?", then "How do you spell it?" (the model spelled "ubiquity").
_NAMED = re.compile(
    r"\bthe word [\"“']?(?P<word>[a-z][a-z'-]*[a-z])|\bwhat does [\"“']?(?P<word2>[a-z][a-z'-]*[a-z])[\"”']? mean\b"
    r"|\b(?:meaning of|define|pronounce) (?:the word )?[\"“']?(?P<word3>[a-z][a-z'-]*[a-z])",
    re.IGNORECASE,
)
_PRONOUNS = {"it", "that", "this"}


def spelling_note(text: str, earlier: Sequence[str] = ()) -> str | None:
    """'necessary is spelled N, E, C, E, S, S, A, R, Y (9 letters).' for a spelling question; else None. "Spell
    it." spells the word the user named last (`earlier`: their words so far, the last last)."""
    if m := _LETTER.search(text):
        word, letter = m.group("word") or m.group("word2"), (m.group("letter") or m.group("letter2")).upper()
        if _usable(word):
            count = word.upper().count(letter)
            times = {0: "does not appear", 1: "appears once"}.get(count, f"appears {count} times")
            return f"the letter {letter} {times} in {word}: {_letters(word)}."
    if (m := _LETTERS.search(text)) and _usable(m.group("word")):
        word = m.group("word")
        return f"{word} has {sum(c.isalpha() for c in word)} letters: {_letters(word)}."
    if m := _SPELL.search(text):
        word = m.group("word") or m.group("word2") or m.group("word3")
        if word.lower() in _PRONOUNS and (named := next(filter(None, map(_NAMED.search, earlier[::-1][:3])), None)):
            word = named.group("word") or named.group("word2") or named.group("word3")
        if _usable(word):
            return f"{word} is spelled {_letters(word)} ({sum(c.isalpha() for c in word)} letters)."
    return None


def _usable(word: str) -> bool:
    return word.lower() not in _NOT_A_WORD and len(word) <= 30


def _letters(word: str) -> str:
    return ", ".join(c.upper() for c in word if c.isalpha())
