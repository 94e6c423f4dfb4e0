"""Draft-token proposers for speculative decoding, behind one small interface.

A drafter guesses the next tokens of each speculating sequence; the target verifies them all in one forward
(engine/verify.py), so a drafter only affects speed, never the output. All drafters here are deterministic
(greedy), which is what verification assumes (q=None).

- NgramDrafter: continue the latest earlier match of the last 3, 2 or 1 tokens in the sequence itself (free).
- ModelDrafter: a smaller model with the target's tokenizer and its own KV cache (same slot numbers), or the
  target itself run on a subset of its layers (`layers`), sharing the target's weights and KV cache.
"""

from __future__ import annotations

import time
from typing import Protocol

import torch

from engine.kv_cache import KVCache
from engine.model import AttentionMeta, Model
from engine.runner import group_meta, use_decode_kernel
from engine.sampling import greedy_tokens
from engine.sequence import Sequence


class Drafter(Protocol):
    free: bool  # proposing costs ~nothing: the speculator asks for the most it may use, then picks k
    prior: float  # acceptance rate assumed before a request has been measured

    def propose(self, seqs: list[Sequence], ks: list[int]) -> list[list[int]]:
        """Up to ks[i] draft tokens continuing seqs[i].tokens (fewer, or none, is fine)."""
        ...

    def release(self, seq: Sequence) -> None:
        """Forget a finished or cancelled sequence."""
        ...


class NgramDrafter:
    """Prompt lookup: find the last n tokens (n = 3, 2, 1) earlier in prompt+reply and propose what followed."""

    free = True
    prior = 0.3  # chat rarely repeats; the guesses are judged for free, so the real rate is learnt anyway

    def __init__(self, max_n: int = 3) -> None:
        self.max_n = max_n

    def propose(self, seqs: list[Sequence], ks: list[int]) -> list[list[int]]:
        return [ngram_lookup(s.tokens, k, self.max_n) if k > 0 else [] for s, k in zip(seqs, ks, strict=True)]

    def release(self, seq: Sequence) -> None:
        pass


def ngram_lookup(tokens: list[int], k: int, max_n: int = 3) -> list[int]:
    """The k tokens after the latest earlier occurrence of the longest matching suffix (n <= max_n)."""
    size = len(tokens)
    for n in range(min(max_n, size - 1), 0, -1):
        suffix, first = tokens[size - n :], tokens[size - n]
        for i in range(size - n - 1, -1, -1):
            if tokens[i] == first and tokens[i : i + n] == suffix:
                return tokens[i + n : i + n + k]
    return []


class ModelDrafter:
    """Greedy drafts from a model: a separate draft model (own KV cache) or the target's first layers.

    With its own cache it tracks how much of each sequence it has computed: after verification the valid
    prefix is the tokens it fed that the target kept, so rejected drafts roll back by a count, as in the target.
    With the target's cache (`shared=True`, a layer subset) it starts at the target's num_computed: the
    positions it writes are rewritten by the target's verify pass in the same step.
    """

    free = False

    def __init__(
        self,
        model: Model,
        kv: KVCache,
        device: torch.device,
        prefill_chunk: int,
        layers: list[int] | None = None,
        shared: bool = False,
        prior: float = 0.6,
    ) -> None:
        self.model, self.kv, self.device, self.prefill_chunk = model, kv, device, prefill_chunk
        self.layers, self.shared, self.prior = layers, shared, prior
        self.kernel = use_decode_kernel(device)
        self.state: dict[Sequence, tuple[int, list[int]]] = {}  # own cache: (tokens then, drafts fed after them)
        self.prefill_s = 0.0  # time the last propose spent catching up on prompts (not a per-draft cost)

    def computed(self, seq: Sequence) -> int:
        if self.shared:
            return seq.num_computed
        base, fed = self.state.get(seq, (0, []))
        kept = 0
        while kept < len(fed) and base + kept < len(seq.tokens) and seq.tokens[base + kept] == fed[kept]:
            kept += 1
        return min(base + kept, len(seq.tokens) - 1)

    @torch.inference_mode()
    def propose(self, seqs: list[Sequence], ks: list[int]) -> list[list[int]]:
        rows = [(s, k) for s, k in zip(seqs, ks, strict=True) if k > 0]
        drafts: dict[Sequence, list[int]] = {s: [] for s, _ in rows}
        starts = {s: self.computed(s) for s, _ in rows}
        t0 = time.perf_counter()
        for s, _ in rows:  # a long catch-up (the prompt, the first time) goes through chunked prefill
            while len(s.tokens) - starts[s] > 8:
                n = min(self.prefill_chunk, len(s.tokens) - 1 - starts[s])
                self._chunk(s, starts[s], n)
                starts[s] += n
        self.prefill_s = time.perf_counter() - t0
        feed = {s: s.tokens[starts[s] :] for s, _ in rows}
        for step in range(max(ks, default=0)):
            active = [s for s, k in rows if k > step]
            if not active:
                break
            new = self._group(active, [starts[s] for s in active], [feed[s] for s in active])
            for s, t in zip(active, new, strict=True):
                drafts[s].append(t)
                starts[s] += len(feed[s])
                feed[s] = [t]
        if not self.shared:
            for s, _ in rows:
                self.state[s] = (len(s.tokens), drafts[s][:-1])  # the last draft was never fed
        return [drafts.get(s, []) for s in seqs]

    def release(self, seq: Sequence) -> None:
        self.state.pop(seq, None)

    def _group(self, seqs: list[Sequence], starts: list[int], feeds: list[list[int]]) -> list[int]:
        """One forward of each row's fed tokens; the argmax after each row's last one."""
        lens = [len(f) for f in feeds]
        meta = group_meta(starts, lens, [s.slot for s in seqs], self.device, self.kernel)
        ids = [t for f in feeds for t in f]
        pos = [p for st, n in zip(starts, lens, strict=True) for p in range(st, st + n)]
        slots = [s.slot for s, n in zip(seqs, lens, strict=True) for _ in range(n)]
        last = [sum(lens[: i + 1]) - 1 for i in range(len(lens))]
        flat = torch.tensor([ids, pos, slots, last + [0] * (len(ids) - len(last))], device=self.device)
        logits = self.model.forward(flat[0], flat[1], flat[2], meta, self.kv, flat[3, : len(last)], self.layers)
        return self.model.vocab.tokens(greedy_tokens(logits)).tolist()

    def _chunk(self, seq: Sequence, start: int, n: int) -> None:
        meta = AttentionMeta(None, None, None, 0, 1).add_chunk(seq.slot, start, n, self.device)
        ids = torch.tensor(seq.tokens[start : start + n], device=self.device)
        pos = torch.arange(start, start + n, device=self.device)
        slots = torch.full((n,), seq.slot, device=self.device)
        self.model.forward(ids, pos, slots, meta, self.kv, torch.tensor([n - 1], device=self.device), self.layers)
