"""Continuous batching: who runs this step, and with how many tokens.

Requests join and leave only at step boundaries. Each step runs every sequence that is decoding (one
token each) plus at most one prompt chunk, so a long prompt is spread over several steps instead of
stalling the replies already streaming.
"""

from __future__ import annotations

import heapq
from collections import deque
from dataclasses import dataclass

from engine.sequence import Sequence


@dataclass
class Batch:
    group: list[Sequence]  # one token each: decoding, or a prompt with a single token left
    chunk: Sequence | None  # the prompt being prefilled this step
    chunk_len: int
    sampled: list[Sequence]  # get a new token this step (the chunk only when it ends the prompt)


class Scheduler:
    def __init__(self, max_batch: int, prefill_chunk: int) -> None:
        self.prefill_chunk = prefill_chunk
        self.waiting: deque[Sequence] = deque()
        self.running: list[Sequence] = []
        self.free_slots = list(range(max_batch))  # a heap: lowest slot first keeps slots contiguous

    def add(self, seq: Sequence) -> None:
        self.waiting.append(seq)

    def has_work(self) -> bool:
        return bool(self.waiting or self.running)

    def schedule(self) -> Batch | None:
        while self.waiting and self.free_slots:
            seq = self.waiting.popleft()
            seq.slot = heapq.heappop(self.free_slots)
            self.running.append(seq)
        group = [s for s in self.running if s.remaining == 1]
        chunk = next((s for s in self.running if s.remaining > 1), None)
        if not group and chunk is None:
            return None
        chunk_len = min(chunk.remaining, self.prefill_chunk) if chunk else 0
        ends_prompt = chunk is not None and chunk_len == chunk.remaining
        return Batch(group, chunk, chunk_len, [*group, chunk] if ends_prompt else group)

    def finish(self, seq: Sequence) -> None:
        """Drop a sequence (done, cancelled or failed) and free its slot at once."""
        if seq in self.running:
            self.running.remove(seq)
            heapq.heappush(self.free_slots, seq.slot)
        elif seq in self.waiting:
            self.waiting.remove(seq)
        seq.slot = -1
