"""One request's state inside the engine thread, and the deltas it streams out."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

import torch

from engine.options import SamplingParams
from engine.tokenizer import IncrementalDetokenizer

_SENTENCE_END = re.compile(r"[.!?][\"'”’)\]]*\s*$")
_LIST_NUMBER = re.compile(r"(?:^|\n)\s*\d{1,2}[.)]\s*$")  # "\n2." opens a list item, it ends no sentence


@dataclass(frozen=True)
class Delta:
    text: str  # new text since the previous delta (may be "")
    token_ids: list[int]  # new tokens (a stop token that ends the reply is not included)
    finish_reason: str | None = None  # "stop" | "length" | None until the last delta
    probs: tuple[float, ...] = ()  # first delta only (one of its own, without text, for a `probs_at` inside
    # the prompt): the probabilities of `SamplingParams.probs_of`


@dataclass(eq=False)
class Sequence:
    """Tokens plus how many of them are in the KV cache.

    Every step computes ``tokens[num_computed:]`` (capped by the prefill chunk): a prompt chunk, or the one
    token sampled last step. Prefill, chunked prefill and decode are the same operation; so will be
    speculative verification and rollback (lower ``num_computed``).
    """

    id: int
    tokens: list[int]
    params: SamplingParams
    emit: Callable[[object], None]  # hands a Delta or an exception to the consumer's event loop
    detok: IncrementalDetokenizer
    generator: torch.Generator
    cache_key: str | None = None  # the session whose KV this request may reuse and leaves behind
    num_prompt: int = 0
    num_computed: int = 0
    slot: int = -1
    held: str = ""  # text held back because it may be the start of a stop string
    tail: str = ""  # the last few characters of the reply, for `soft_max_tokens`
    finish_reason: str | None = None
    output_ids: list[int] = field(default_factory=list)
    spec_hits: float = 0.0  # decayed counts of accepted / judged draft tokens (engine/speculative.py)
    spec_trials: float = 0.0
    spec_shadow: int | None = None  # a free drafter's guess this step when the row did not speculate
    probs: tuple[float, ...] = ()  # set by the runner at the first new position when params.probs_of asks

    def __post_init__(self) -> None:
        self.num_prompt = len(self.tokens)

    @property
    def remaining(self) -> int:
        """Tokens still to compute before the next one can be sampled."""
        return len(self.tokens) - self.num_computed

    def scored_row(self, n: int) -> int | None:
        """Which of the next n prompt tokens (0..n-1) is the one `params.probs_at` scores, if one of them is."""
        at = self.params.probs_at
        return at - self.num_computed if at is not None and self.num_computed <= at < self.num_computed + n else None

    def append(self, token: int, stop_ids: frozenset[int], max_seq_len: int) -> Delta:
        """Take a sampled token and return what to stream; sets finish_reason when the reply ends."""
        if token in stop_ids and not self.params.ignore_eos:
            self.finish_reason = "stop"
            return Delta(self._text(self.detok.flush(), final=True), [], "stop")
        piece = self.detok.add(token)
        if self._starts_a_sentence_past_the_soft_limit(piece):
            self.finish_reason = "stop"  # the token opens a sentence the reply has no room for: not taken
            return Delta(self._text("", final=True), [], "stop")
        self.tokens.append(token)
        self.output_ids.append(token)
        if len(self.output_ids) >= self.params.max_tokens or len(self.tokens) >= max_seq_len:
            self.finish_reason = "length"
        text = piece + self.detok.flush() if self.finish_reason else piece
        self.tail = (self.tail + piece)[-8:]
        return Delta(self._text(text, final=self.finish_reason is not None), [token], self.finish_reason)

    def _starts_a_sentence_past_the_soft_limit(self, piece: str) -> bool:
        """The text so far ends a sentence (". ? !", maybe a quote or bracket, maybe a line break) and this
        token begins the next: a space or line break first ("3." then "14" goes on; a list's "2." after a
        line break does not, and "2." itself, opening an item, ends nothing)."""
        soft = self.params.soft_max_tokens
        if soft is None or len(self.output_ids) < soft or not _SENTENCE_END.search(self.tail):
            return False
        if _LIST_NUMBER.search(self.tail):  # the reply would end saying "2." (the limit fell after it)
            return False
        return self.tail[-1].isspace() or piece[:1].isspace()

    def _text(self, new: str, final: bool) -> str:
        """Apply stop strings: cut at the first match, and hold back a tail that could still become one."""
        text, self.held = self.held + new, ""
        if not self.params.stop:
            return text
        cut = min((i for i in (text.find(s) for s in self.params.stop) if i >= 0), default=-1)
        if cut >= 0:
            self.finish_reason = "stop"
            return text[:cut]
        if not final:
            keep = max((k for s in self.params.stop for k in range(1, len(s)) if text.endswith(s[:k])), default=0)
            text, self.held = text[: len(text) - keep], text[len(text) - keep :]
        return text
