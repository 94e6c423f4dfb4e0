"""Plain decode steps replayed as CUDA graphs, one graph per batch-size bucket.

On a GPU a small model's decode step is bound by kernel launches, not by the GPU: every layer launches a
dozen kernels from Python, so a step cost ~12 ms on the H200 whatever the model's size (85 tok/s for a
135M model). A CUDA graph records a step's kernels once and replays them all with one launch.

A graph replays fixed shapes at fixed addresses, so:
- the step reads its inputs from static buffers, which `decode` fills before each replay;
- B rows run in the smallest captured bucket >= B; the padding rows compute into a scratch KV slot that
  no request owns (the cache has one slot more than `max_batch`), so they never touch a request's cache;
- attention is told the cache's full length, and the kernel stops each row at its own length, which it
  reads from the device: the same graph serves every context length.
Only plain decode steps (one token per row, no prompt chunk) are captured; prefill chunks and speculative
verification, whose shapes change every step, run eagerly.
"""

from __future__ import annotations

import torch

from engine.kv_cache import KVCache
from engine.model import AttentionMeta, Model

BUCKETS = (1, 2, 4, 8, 16, 32, 64, 128, 256)


def buckets_for(max_batch: int) -> list[int]:
    """Powers of two below max_batch, and max_batch itself: a batch pads by less than 2x."""
    return sorted({b for b in BUCKETS if b < max_batch} | {max_batch})


class DecodeGraphs:
    """The decode step for 1..max_batch rows. `capture=False` runs the same padded step eagerly (CPU
    tests of the padding and scratch-slot logic; there is nothing to capture on a CPU)."""

    def __init__(self, model: Model, kv: KVCache, max_batch: int, capture: bool = True) -> None:
        self.model, self.kv = model, kv
        self.scratch = max_batch  # the slot past the scheduler's 0..max_batch-1
        if kv.k.shape[1] <= self.scratch:
            raise ValueError(f"the KV cache needs max_batch + 1 = {max_batch + 1} slots for CUDA graphs")
        self.buckets = buckets_for(max_batch)
        n, device = self.buckets[-1], kv.k.device
        # rows: token ids, positions, slots, and the keys each row sees (position + 1)
        self.inputs = torch.tensor([[0] * n, [0] * n, [self.scratch] * n, [1] * n], device=device)
        self.graphs: dict[int, torch.cuda.CUDAGraph] = {}
        self.logits: dict[int, torch.Tensor] = {}
        if capture:
            self._capture()

    def _forward(self, b: int) -> torch.Tensor:
        ids, positions, slots, lengths = self.inputs[:, :b]
        # the attention kernel's int32 indices, converted once a step rather than in every layer
        slots32, lengths32 = slots.to(torch.int32), lengths.to(torch.int32)
        meta = AttentionMeta(slots32, None, None, self.kv.k.shape[3], 1, b, group_lengths=lengths32)
        return self.model.forward(ids, positions, slots, meta, self.kv)

    @torch.inference_mode()
    def _capture(self) -> None:
        side = torch.cuda.Stream()
        side.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(side):  # compile the Triton kernels and let cuBLAS pick, outside the capture
            for b in self.buckets:
                self._forward(b)
        torch.cuda.current_stream().wait_stream(side)
        pool = None
        for b in reversed(self.buckets):  # the largest first: the smaller graphs fit in its memory pool
            graph = torch.cuda.CUDAGraph()
            with torch.cuda.graph(graph, pool=pool):
                self.logits[b] = self._forward(b)
            pool = graph.pool()
            self.graphs[b] = graph
        torch.cuda.synchronize()

    def fits(self, rows: int) -> bool:
        return 1 <= rows <= self.buckets[-1]

    def decode(self, ids: list[int], positions: list[int], slots: list[int]) -> torch.Tensor:
        """Logits [B, vocab] of B plain decode rows; a view into the graph's output, valid until the next call."""
        rows = len(ids)
        b = next(x for x in self.buckets if x >= rows)
        pad = b - rows  # padding rows: token 0 at position 0 of the scratch slot
        keys = [p + 1 for p in positions]
        host = [ids + [0] * pad, positions + [0] * pad, slots + [self.scratch] * pad, keys + [1] * pad]
        self.inputs[:, :b].copy_(torch.tensor(host, dtype=torch.long))  # one host-to-device copy
        graph = self.graphs.get(b)
        if graph is None:
            return self._forward(b)[:rows]
        graph.replay()
        return self.logits[b][:rows]
