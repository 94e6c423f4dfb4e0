"""Static KV cache: one fixed row of `max_seq_len` positions per slot, written by position.

Because entries are addressed by (slot, position), a sequence's cached length is just a number we keep
elsewhere: rolling back rejected speculative tokens is lowering it, and freeing a slot costs nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch


@dataclass
class KVCache:
    k: torch.Tensor  # [layers, slots, kv_heads, max_seq_len, head_dim]
    v: torch.Tensor

    @classmethod
    def allocate(
        cls,
        layers: int,
        slots: int,
        kv_heads: int,
        max_seq_len: int,
        head_dim: int,
        dtype: torch.dtype,
        device,
    ) -> KVCache:
        shape = (layers, slots, kv_heads, max_seq_len, head_dim)
        return cls(torch.zeros(shape, dtype=dtype, device=device), torch.zeros(shape, dtype=dtype, device=device))

    @property
    def nbytes(self) -> int:
        return 2 * self.k.numel() * self.k.element_size()
