"""Cut streamed LLM text into phrases a TTS can speak as soon as they are complete.

Time to first audio is set by the first phrase, so it is cut early: at a sentence end of any
length, at a clause mark (, ; :) once it has `first_min_words`, or after `first_max_words` at a
word boundary. Later phrases only need to stay ahead of playback, so they are longer (fewer,
more natural-sounding breaks): sentence ends, clause marks after `min_words`, forced after
`max_words`. But a phrase is spoken only once it is whole, so each must be ready before the one
before it has played out: the limits grow from the first phrase's, doubling each phrase (4, 8, 16,
24 words with the defaults), so each phrase is made while one about half its length plays. A jump
from 4 words to a whole sentence left a break mid-reply in 4-5 of 14 bench replies on 2 AVX2
cores (up to ~1 s: the rest of the sentence was still being written and synthesized); doubling, in 1.

A break is only taken once the whitespace after a word has arrived, so a word, a number ("3.14",
"1,000") or an abbreviation ("Dr.", "e.g.") is never split. Markdown symbols that a TTS would read
aloud are removed, and each phrase is put as the voice should say it (audio/speakable.py).
"""

from __future__ import annotations

import re

from audio.speakable import LIST_MARKER, speakable

__all__ = ["PhraseChunker", "first_sentence", "whole_sentences"]

_ABBREVIATIONS = frozenset(
    {"mr", "mrs", "ms", "dr", "prof", "st", "jr", "sr", "vs", "etc", "approx", "fig", "inc", "ltd"}
    | {"co", "mt", "dept", "cf", "al"}
)
_WORD = re.compile(r"(\S+)(\s+)")
_SENTENCE_END = re.compile(r"[.!?…]+[\"'”’)\]]*$")
_CLAUSE_END = re.compile(r"[,;:–—][\"'”’)\]]*$")
_DROP = str.maketrans("", "", "#`~")  # and "*", dropped from a phrase once speakable has read "12 * 2" as times
_OPERATOR = re.compile(r"^[*×x/÷=+−-]$|\d[*×/]$")  # a phrase ending here would cut a calculation in two
# Thousands the model wrote with a space: "approximately 10, 000 kilometers" was said "ten, zero zero zero". A
# group that starts with 0 is no list item, so it is joined; the break after "10," waits for the next word.
_SPACED_THOUSANDS = re.compile(r"(?<![\d,])(\d{1,3}(?:,\d{3})*), (0\d\d)(?!\d)")
_GROUP_START = re.compile(r"(0\d?)?")  # what may follow "10, " while it could still be "10, 000"


class PhraseChunker:
    """`push(delta)` -> phrases completed by this delta; `flush()` -> the rest at end of reply."""

    def __init__(
        self, first_min_words: int = 3, min_words: int = 6, max_words: int = 24, first_max_words: int = 12
    ) -> None:
        if not 1 <= first_min_words <= first_max_words:
            raise ValueError("need 1 <= first_min_words <= first_max_words")
        if not 1 <= min_words <= max_words:
            raise ValueError("need 1 <= min_words <= max_words")
        self.first_min_words, self.first_max_words = first_min_words, first_max_words
        self.min_words, self.max_words = min_words, max_words
        self._buf = ""
        self._index = 0  # phrases of this reply so far
        self._line_start = True  # the buffer starts a line: only there may "1." or "-" open a list item

    def push(self, text_delta: str) -> list[str]:
        """Add streamed text; return the phrases it completed (possibly none)."""
        self._buf = _SPACED_THOUSANDS.sub(r"\1,\2", self._buf + text_delta.translate(_DROP))
        out: list[str] = []
        while (cut := self._find_break()) is not None:
            phrase = _say(self._buf[: cut[0]], self._line_start)
            self._line_start = "\n" in self._buf[cut[0] : cut[1]]
            self._buf = self._buf[cut[1] :]
            if phrase:
                out.append(phrase)
                self._index += 1
        return out

    def flush(self, whole: bool = False) -> list[str]:
        """End of the reply: return what is left and get ready for the next reply. whole: the reply was cut off
        (a loop), so only its whole sentences are left to say, unless none of the reply has been said yet."""
        rest = (whole_sentences(self._buf) or (self._buf if self._index == 0 else "")) if whole else self._buf
        if self._line_start and LIST_MARKER.fullmatch(rest.strip() + " "):
            rest = ""  # a reply cut off right after a list item's "2." (the voice said "two")
        phrase = _say(rest, self._line_start)
        self.reset()
        return [phrase] if phrase else []

    def reset(self) -> None:
        """Drop buffered text (e.g. on barge-in)."""
        self._buf = ""
        self._index = 0
        self._line_start = True

    def limits(self, index: int) -> tuple[int, int]:
        """(words before a clause mark may end it, words that force a break) for this reply's phrase
        `index`: the first phrase's, doubling each phrase up to the later phrases' own."""
        if index == 0:
            return self.first_min_words, self.first_max_words
        cap = min(self.max_words, self.first_max_words << min(index, 16))
        return min(self.min_words, max(self.first_min_words, cap // 2)), cap

    def _find_break(self) -> tuple[int, int] | None:
        """(end of phrase, start of the rest) of the first allowed break, if any."""
        lo, cap = self.limits(self._index)
        count = 0
        for m in _WORD.finditer(self._buf):
            word, space = m.group(1), m.group(2)
            if count == 0 and self._line_start and LIST_MARKER.match(word + " "):
                continue  # "1." or "-" opening a list item is not a phrase (mid-line, "144." is a number)
            count += 1
            if word[-1] == "," and word[-2:-1].isdigit() and _GROUP_START.fullmatch(self._buf[m.end() :]):
                return None  # "10," may go on as "10, 000" (_SPACED_THOUSANDS)
            if (
                "\n" in space
                or (_SENTENCE_END.search(word) and not _is_abbreviation(word))
                or (_CLAUSE_END.search(word) and count >= lo)
                or (count >= cap and not _holds_to_next(word))
            ):
                return m.end(1), m.end()
        return None


def _say(text: str, line_start: bool) -> str:
    """The phrase as the voice should read it, without markdown's emphasis stars."""
    return " ".join(speakable(text, line_start=line_start).replace("*", "").split())


def _holds_to_next(word: str) -> bool:
    """A forced break must not come after a number ("15-20 | mg per cup" read "em gee") or an operator ("12 *" |
    "2 = 24" said "twelve", "two equals twenty-four")."""
    return bool(re.fullmatch(r"[$£€(]?[\d.,–-]*\d", word) or _OPERATOR.search(word))


def whole_sentences(text: str) -> str:
    """`text` up to the end of its last whole sentence ("" where none ends in it): what to keep of a reply cut off
    mid-sentence ("... First, apply a stain remover. Then, use" said "Then, use" and stopped)."""
    ends = _sentence_ends(text)
    return text[: ends[-1]] if ends else ""


def first_sentence(text: str) -> str:
    """`text`'s first whole sentence ("" where none ends in it)."""
    ends = _sentence_ends(text)
    return text[: ends[0]] if ends else ""


def _sentence_ends(text: str) -> list[int]:
    words = re.finditer(r"\S+", text)
    return [m.end() for m in words if _SENTENCE_END.search(m.group()) and not _is_abbreviation(m.group())]


def _is_abbreviation(word: str) -> bool:
    """'Dr.', 'e.g.', 'U.S.', 'J.' end in a period without ending the sentence."""
    if not word.endswith("."):
        return False
    core = word.rstrip(".").lstrip("\"'(“‘[")
    if core.lower() in _ABBREVIATIONS:
        return True
    if len(core) == 1:
        return core.isupper()  # an initial: "J. Smith"
    return bool(re.fullmatch(r"[a-zA-Z](?:\.[a-zA-Z])+", core))  # e.g, i.e, U.S, a.m
