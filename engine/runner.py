"""Runs one scheduled batch: builds the flat inputs and attention metadata, one forward, sampling."""

from __future__ import annotations

import torch

from engine.kv_cache import KVCache
from engine.model import AttentionMeta, Model
from engine.sampling import sample
from engine.scheduler import Batch


class ModelRunner:
    def __init__(self, model: Model, kv: KVCache, device: torch.device) -> None:
        self.model, self.kv, self.device = model, kv, device

    @torch.inference_mode()
    def run(self, batch: Batch) -> list[int]:
        """Compute KV for every scheduled token (advancing num_computed); return the sampled tokens."""
        ids = [s.tokens[-1] for s in batch.group]
        positions = [s.num_computed for s in batch.group]
        slots = [s.slot for s in batch.group]
        chunk = batch.chunk
        if chunk is not None:
            start = chunk.num_computed
            ids += chunk.tokens[start : start + batch.chunk_len]
            positions += range(start, start + batch.chunk_len)
            slots += [chunk.slot] * batch.chunk_len
        sampled = batch.sampled
        meta = self.attention_meta(batch)
        # Logits only where a token is sampled: the group's rows and the chunk's last row.
        rows = list(range(len(batch.group))) + ([len(ids) - 1] if len(sampled) > len(batch.group) else [])
        logits = self.model.forward(
            self._long(ids), self._long(positions), self._long(slots), meta, self.kv, self._long(rows)
        )
        for s in batch.group:
            s.num_computed += 1
        if chunk is not None:
            chunk.num_computed += batch.chunk_len
        if not sampled:
            return []
        return sample(logits, [s.params for s in sampled], [s.generator for s in sampled]).tolist()

    def attention_meta(self, batch: Batch) -> AttentionMeta:
        meta = AttentionMeta(None, None, None, 0, 1)
        if batch.group:
            slots = [s.slot for s in batch.group]
            pos = self._long([s.num_computed for s in batch.group])
            meta.group_len = int(max(s.num_computed for s in batch.group)) + 1
            meta.group_slots = self._long(slots)
            if slots == list(range(slots[0], slots[0] + len(slots))):
                meta.group_slice = slice(slots[0], slots[0] + len(slots))
            keys = torch.arange(meta.group_len, device=self.device)
            allowed = keys[None, :] <= pos[:, None]
            mask = torch.zeros(allowed.shape, dtype=torch.float32, device=self.device)
            meta.group_mask = mask.masked_fill_(~allowed, float("-inf"))[:, None, None, None, :]
        if batch.chunk is not None:
            start, n = batch.chunk.num_computed, batch.chunk_len
            meta.chunk_slot, meta.chunk_start, meta.chunk_len = batch.chunk.slot, start, n
            if start:
                meta.chunk_mask = torch.ones(n, start + n, dtype=torch.bool, device=self.device).tril(start)
        return meta

    def _long(self, values: list[int]) -> torch.Tensor:
        return torch.tensor(values, dtype=torch.long, device=self.device)
