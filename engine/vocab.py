"""The tokens the model may say: a voice speaks Latin script, digits, punctuation and a few symbols.

Why: the English voice cannot say Chinese characters, Cyrillic or emoji, yet a third of Qwen's vocabulary
is such tokens (50,862 of 151,936), and asked about another language the 0.5B writes them ("猫", "Привет")
where the voice would say nothing. Leaving them out of the lm_head means the model answers in what the
voice can say ("cat", "Hello"), and the lm_head, the largest matmul of a decode step, reads a third fewer
rows (1-2 ms of a ~26-30 ms batch-1 step on 2 AVX2 cores). Its logits then have one column per kept token
(`Vocab.ids`); the runner maps columns back to token ids. The kept tokens' float logits are unchanged
(int8's lm_head scales are fitted to the kept rows); nothing else about the model changes.
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

import torch
from tokenizers import decoders

if TYPE_CHECKING:
    from engine.tokenizer import Tokenizer

# Unicode blocks a voice can say: Latin (ASCII, Latin-1, Extended-A/B), Greek (pi, mu), general
# punctuation, currency, letterlike symbols, number forms, arrows, mathematical operators.
_SPEAKABLE = ((0x0000, 0x024F), (0x0370, 0x03FF), (0x2000, 0x206F), (0x20A0, 0x20CF), (0x2100, 0x22FF))
# A token may be part of a character (byte-level BPE; `token_text` gives such a byte b as the lone surrogate
# U+DC00 + b): continuation bytes, and the lead bytes that start a character in the ranges above.
_PIECES = ((0x80, 0xBF), (0xC2, 0xC9), (0xCD, 0xCF), (0xE2, 0xE2))
_UNSPEAKABLE = re.compile(
    "[^" + "".join(f"\\U{lo:08x}-\\U{hi:08x}" for lo, hi in _SPEAKABLE)
    + "".join(f"\\U{0xDC00 + lo:08x}-\\U{0xDC00 + hi:08x}" for lo, hi in _PIECES) + "]"
)  # fmt: skip


def speakable(text: str) -> bool:
    """Every character is one a voice can say (a token's text from `token_text` may hold byte pieces)."""
    return _UNSPEAKABLE.search(text) is None


@functools.cache
def _byte_decoder() -> dict[int, int]:
    """Byte-level BPE's printable stand-in of each byte (GPT-2's table) -> the byte, for str.translate."""
    printable = [*range(ord("!"), ord("~") + 1), *range(ord("¡"), ord("¬") + 1), *range(ord("®"), ord("ÿ") + 1)]
    rest = [b for b in range(256) if b not in printable]
    return {b: b for b in printable} | {256 + i: b for i, b in enumerate(rest)}


def token_text(token: str) -> str:
    """A vocabulary entry as text; bytes of an incomplete character come out as lone surrogates."""
    try:
        raw = token.translate(_byte_decoder()).encode("latin-1")  # each stand-in -> its byte
    except UnicodeEncodeError:  # not a byte-level entry (an added token, another tokenizer)
        return token
    return raw.decode("utf-8", errors="surrogateescape")


def speakable_ids(tokenizer: Tokenizer, vocab_size: int) -> list[int]:
    """Token ids < `vocab_size` (the model's rows) whose text is speakable, and the ones that end a reply.
    Other control tokens (`<|im_start|>`, fill-in-the-middle marks) are left out: a reply that
    wrote one would be broken anyway."""
    special = {i for i, t in tokenizer.tok.get_added_tokens_decoder().items() if t.special}
    vocab = tokenizer.tok.get_vocab(with_added_tokens=True)
    if isinstance(tokenizer.tok.decoder, decoders.ByteLevel):
        texts = {i: token_text(token) for token, i in vocab.items()}
    else:  # SentencePiece-style ("▁word", "<0xE4>"): the decoder's text, where a byte piece reads U+FFFD
        texts = {i: tokenizer.decode([i], skip_special_tokens=False) for i in vocab.values()}
        texts = {i: t.replace("\ufffd", "\udc80") for i, t in texts.items()}  # kept, as a continuation byte
    return sorted(
        i
        for i, text in texts.items()
        if i < vocab_size and (i in tokenizer.stop_ids or (i not in special and speakable(text)))
    )


class Vocab:
    """Which token each logits column is: all of them (`ids` None), or a subset in id order."""

    def __init__(self, ids: list[int] | None, vocab_size: int) -> None:
        self.size = vocab_size
        self.ids = None if ids is None else torch.tensor(ids, dtype=torch.long)  # on the CPU, as tokens end up
        self._column: dict[int, int] = {} if ids is None else {t: c for c, t in enumerate(ids)}

    def __len__(self) -> int:
        return self.size if self.ids is None else self.ids.numel()

    def tokens(self, columns: torch.Tensor) -> torch.Tensor:
        """Logits columns -> token ids (on the CPU, unless every token is a column)."""
        return columns if self.ids is None else self.ids[columns.cpu()]

    def column(self, token: int) -> int | None:
        """A token's logits column; None: the model cannot produce it."""
        if self.ids is None:
            return token if 0 <= token < self.size else None
        return self._column.get(token)

    def columns(self, tokens: list[int]) -> list[int]:
        """Columns of tokens that are all in the vocabulary (drafts after `producible`)."""
        return tokens if self.ids is None else [self._column[t] for t in tokens]

    def producible(self, tokens: list[int]) -> list[int]:
        """The longest prefix the model could produce: a draft is cut at its first left-out token, which
        verification could never accept."""
        if self.ids is None:
            return tokens
        for i, t in enumerate(tokens):
            if t not in self._column:
                return tokens[:i]
        return tokens
