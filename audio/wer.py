"""Word error rate for checking transcripts (tests, bench): lowercase, punctuation stripped."""

from __future__ import annotations

import re

__all__ = ["normalize", "wer", "word_edits"]


def normalize(text: str) -> list[str]:
    """Lowercased words without punctuation ("hurry-up," -> ["hurry", "up"]); apostrophes kept."""
    return re.sub(r"[^a-z0-9' ]", " ", text.lower().replace("-", " ")).split()


def word_edits(ref: list[str], hyp: list[str]) -> int:
    """Levenshtein distance over words (substitutions + deletions + insertions)."""
    row = list(range(len(hyp) + 1))
    for i, r in enumerate(ref, 1):
        prev, row[0] = row[:], i
        for j, h in enumerate(hyp, 1):
            row[j] = min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (r != h))
    return row[-1]


def wer(refs: list[str], hyps: list[str]) -> float:
    """Corpus WER: total word edits over total reference words."""
    pairs = [(normalize(r), normalize(h)) for r, h in zip(refs, hyps, strict=True)]
    return sum(word_edits(r, h) for r, h in pairs) / max(1, sum(len(r) for r, _ in pairs))
