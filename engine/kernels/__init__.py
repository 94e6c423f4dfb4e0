"""Hot-path kernels: Triton on CUDA, plain PyTorch everywhere else.

Each op has a ``*_torch`` reference (the CPU path, and what tests compare against) and a ``*_triton`` kernel
with the same contract. The functions here pick one per call: Triton when the tensors are on a CUDA device
and the shape suits the kernel, PyTorch otherwise. ``VOICEBOT_KERNELS=torch`` forces PyTorch everywhere
(to bisect a suspected kernel bug). Submodules are looked up at call time, so a test that reloads them
under ``TRITON_INTERPRET=1`` is seen here too.
"""

from __future__ import annotations

import os

import torch

from engine.kernels import attention, norm, rope, spec_sample


def use_triton(t: torch.Tensor) -> bool:
    return t.is_cuda and os.environ.get("VOICEBOT_KERNELS", "auto") != "torch"


def decode_attention(
    q: torch.Tensor,
    k_cache: torch.Tensor,
    v_cache: torch.Tensor,
    slot_ids: torch.Tensor,
    lengths: torch.Tensor,
    max_len: int | None = None,
) -> torch.Tensor:
    """q [B, Hq, T, D] against one layer's cache [slots, Hkv, S, D] -> [B, Hq, T, D] (see attention.py)."""
    D = q.shape[-1]
    if use_triton(q) and D >= 16 and D & (D - 1) == 0 and k_cache.stride(-1) == 1 and q.stride(-1) == 1:
        return attention.decode_attention_triton(q, k_cache, v_cache, slot_ids, lengths, max_len)
    return attention.decode_attention_torch(q, k_cache, v_cache, slot_ids, lengths, max_len)


def rejection_sample(
    p: torch.Tensor,
    q: torch.Tensor | None,
    draft: torch.Tensor,
    u_accept: torch.Tensor,
    u_sample: torch.Tensor,
    greedy: torch.Tensor | None = None,
    num_draft: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    """-> (num_accepted [B], next_token [B]); the contract is in spec_sample.py."""
    if use_triton(p) and p.stride(-1) == 1 and (q is None or q.stride(-1) == 1):
        return spec_sample.rejection_sample_triton(p, q, draft, u_accept, u_sample, greedy, num_draft)
    return spec_sample.rejection_sample_torch(p, q, draft, u_accept, u_sample, greedy, num_draft)


def rope_cache(
    qkv: torch.Tensor,
    cos: torch.Tensor,
    sin: torch.Tensor,
    k_cache: torch.Tensor,
    v_cache: torch.Tensor,
    slots: torch.Tensor,
    positions: torch.Tensor,
    heads: int,
) -> torch.Tensor:
    """qkv [T, heads + 2*kv_heads, D] -> rotated q [T, heads, D]; rotated k and v written to the cache (rope.py)."""
    half = qkv.shape[-1] // 2
    if use_triton(qkv) and half & (half - 1) == 0 and qkv.stride(-1) == 1 and k_cache.stride(-1) == 1:
        return rope.rope_cache_triton(qkv, cos, sin, k_cache, v_cache, slots, positions, heads)
    return rope.rope_cache_torch(qkv, cos, sin, k_cache, v_cache, slots, positions, heads)


def rms_norm(x: torch.Tensor, weight: torch.Tensor, eps: float) -> torch.Tensor:
    if use_triton(x) and x.stride(-1) == 1 and x.shape[-1] <= 16384:
        return norm.rms_norm_triton(x, weight, eps)
    return norm.rms_norm_torch(x, weight, eps)


def silu_mul(gate_up: torch.Tensor) -> torch.Tensor:
    """[..., 2I] (gate | up, as engine/model.py fuses them) -> silu(gate) * up [..., I]."""
    if use_triton(gate_up) and gate_up.stride(-1) == 1:
        return norm.silu_mul_triton(gate_up)
    return norm.silu_mul_torch(gate_up)


__all__ = ["decode_attention", "rejection_sample", "rms_norm", "rope_cache", "silu_mul", "use_triton"]
