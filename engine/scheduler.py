"""Continuous batching and the prefix cache: who runs this step, with how many tokens, in which KV slot.

Requests join and leave only at step boundaries. Each step runs every sequence that is decoding (one
token each) plus prompt chunks of at most `prefill_chunk` tokens together, so a long prompt is spread over
several steps instead of stalling the replies already streaming, and a burst of short prompts (sessions
whose turns end together) is computed in one step instead of one a step. A prompt is cut where it would be
cut alone (every `prefill_chunk` tokens from where its computation starts, and at a scored row), so its KV
never depends on the prompts beside it.

Background requests (`SamplingParams.background`: warming a voice session's cache before anyone waits
for it) come after foreground ones: a free slot goes to a waiting foreground request first, a foreground
prompt is computed before a background one, and a background prompt goes `background_chunk` tokens a
step, so a reply or a turn decision that arrives meanwhile waits for one short step, not a long chunk.
There is no preemption: a background request that holds a slot keeps it until it ends (a warm-up asks
for one token, so it ends when its prompt is computed).

Prefix cache: a finished request with a `cache_key` (a voice session) keeps its slot, parked with the
tokens whose KV it holds. The session's next request takes that slot back and only computes the tokens
after the common prefix (the whole history of a conversation is already there). A request without a
parked slot of its own may copy another slot's KV for the prefix it shares token for token (in practice
the system prompt): nothing but identical tokens ever crosses sessions. Parked slots are evicted, least
recently used first, when a request needs a slot and none is free.
"""

from __future__ import annotations

import heapq
from collections import OrderedDict, deque
from dataclasses import dataclass, field

from engine.sequence import Sequence

MIN_SHARED = 8  # a shorter common prefix with another slot is not worth a copy


@dataclass
class Batch:
    group: list[Sequence]  # one token each: decoding, or a prompt with a single token left
    chunks: list[tuple[Sequence, int]]  # prompts being prefilled this step, and how many tokens of each
    sampled: list[Sequence]  # get a new token this step: the group, then each chunk that ends its prompt
    copies: list[tuple[int, int, int]] = field(default_factory=list)  # (from slot, to slot, positions) first


@dataclass
class Parked:
    slot: int
    tokens: list[int]  # whose KV the slot holds, positions 0..len-1


def _background(seq: Sequence) -> bool:
    return seq.params.background


def _chunk_len(seq: Sequence, limit: int) -> int:
    """Tokens of `seq`'s prompt to compute this step: up to `limit`, and a score mid-prompt comes out as soon as
    its row is computed."""
    n = min(seq.remaining, limit)
    row = seq.scored_row(n)
    return n if row is None else row + 1


def common_prefix(a: list[int], b: list[int]) -> int:
    n = min(len(a), len(b))
    i = 0
    while i < n and a[i] == b[i]:
        i += 1
    return i


class Scheduler:
    def __init__(self, max_batch: int, prefill_chunk: int, background_chunk: int | None = None) -> None:
        self.prefill_chunk = prefill_chunk
        self.background_chunk = background_chunk or prefill_chunk
        self.waiting: deque[Sequence] = deque()
        self.running: list[Sequence] = []
        self.free_slots = list(range(max_batch))  # a heap: lowest slot first keeps slots contiguous
        self.parked: OrderedDict[str, Parked] = OrderedDict()  # by cache key, least recently used first
        self.reused_tokens = 0  # prompt tokens not computed thanks to the cache (stats)

    def add(self, seq: Sequence) -> None:
        self.waiting.append(seq)

    def has_work(self) -> bool:
        return bool(self.waiting or self.running)

    def schedule(self) -> Batch | None:
        copies: list[tuple[int, int, int]] = []
        while self.waiting and (self.free_slots or self.parked):
            seq = min(self.waiting, key=_background)  # foreground first, each in order of arrival
            self.waiting.remove(seq)
            copy = self._place(seq)
            if copy is not None:
                copies.append(copy)
            self.running.append(seq)
        group = [s for s in self.running if s.remaining == 1]
        chunks = self._chunks([s for s in self.running if s.remaining > 1])
        if not group and not chunks:
            return None
        ends = [s for s, n in chunks if n == s.remaining]
        return Batch(group, chunks, [*group, *ends], copies)

    def _chunks(self, prompts: list[Sequence]) -> list[tuple[Sequence, int]]:
        """Foreground prompts in order of arrival while their chunks fit in `prefill_chunk` tokens together;
        with none, one background chunk. A chunk that computes a scored row ends the list: the caller decides
        on that score before anything else is computed."""
        foreground = [s for s in prompts if not s.params.background]
        if not foreground:
            return [(prompts[0], _chunk_len(prompts[0], self.background_chunk))] if prompts else []
        chunks: list[tuple[Sequence, int]] = []
        budget = self.prefill_chunk
        for seq in foreground:
            n = _chunk_len(seq, self.prefill_chunk)
            if chunks and n > budget:
                break
            chunks.append((seq, n))
            budget -= n
            if budget <= 0 or seq.scored_row(n) is not None:
                break
        return chunks

    def _place(self, seq: Sequence) -> tuple[int, int, int] | None:
        """Give `seq` a slot, reusing cached KV; returns a KV copy the runner must make first, if any."""
        own = self.parked.pop(seq.cache_key, None) if seq.cache_key is not None else None
        if own is not None:
            seq.slot = own.slot
            self._reuse(seq, common_prefix(own.tokens, seq.tokens))
            return None
        donor, shared = self._best_donor(seq)
        if self.free_slots:
            seq.slot = heapq.heappop(self.free_slots)
        else:
            _, victim = self.parked.popitem(last=False)
            seq.slot = victim.slot
            if donor == victim.slot:  # the evicted slot already holds the shared prefix: no copy needed
                self._reuse(seq, shared)
                return None
        if donor is None or donor == seq.slot:
            return None
        self._reuse(seq, shared)
        return (donor, seq.slot, seq.num_computed)

    def _best_donor(self, seq: Sequence) -> tuple[int | None, int]:
        """The slot sharing the longest token prefix with `seq` (parked or running), if long enough."""
        best, best_n = None, MIN_SHARED - 1
        candidates = [(p.slot, p.tokens) for p in self.parked.values()]
        candidates += [(s.slot, s.tokens[: s.num_computed]) for s in self.running]
        for slot, tokens in candidates:
            n = common_prefix(tokens, seq.tokens)
            if n > best_n:
                best, best_n = slot, n
        return best, best_n

    def _reuse(self, seq: Sequence, cached: int) -> None:
        seq.num_computed = min(cached, len(seq.tokens) - 1)  # at least one token computes the next logits
        if seq.params.probs_at is not None:  # the scored position must be computed, not taken from the cache
            seq.num_computed = min(seq.num_computed, seq.params.probs_at)
        self.reused_tokens += seq.num_computed

    def finish(self, seq: Sequence, keep: bool = True) -> None:
        """Drop a sequence (done, cancelled or failed) and free its slot at once, or park it under its
        cache key when `keep` (its KV is valid: not after a failed step)."""
        if seq in self.running:
            self.running.remove(seq)
            if keep and seq.cache_key is not None and seq.num_computed > 0:
                self.forget(seq.cache_key)  # the newer request's KV replaces an older one
                self.parked[seq.cache_key] = Parked(seq.slot, seq.tokens[: seq.num_computed])
            else:
                heapq.heappush(self.free_slots, seq.slot)
        elif seq in self.waiting:
            self.waiting.remove(seq)
        seq.slot = -1

    def forget(self, cache_key: str) -> None:
        """Free a session's parked slot (the session ended)."""
        parked = self.parked.pop(cache_key, None)
        if parked is not None:
            heapq.heappush(self.free_slots, parked.slot)
