"""RoPE on the fused q|k|v projection and the new keys/values written into the KV cache, in one kernel.

In torch this is six kernels a layer (the rotation's roll, two products and a sum, and two scattered
writes into the cache); in a CUDA-graph decode step, where the GPU's time is a few microseconds per
kernel, those six were a quarter of the step. Layout as engine/model.py: ``qkv[T, heads + 2*kv_heads, D]``,
``cos/sin[T, D]`` per token in rotate-half form with the sign folded into sin (engine/model.rope_tables),
``k_cache/v_cache[slots, kv_heads, max_seq_len, D]``. Returns the rotated queries ``[T, heads, D]``.
"""

from __future__ import annotations

import torch
import triton
import triton.language as tl

from engine.scripted import rope_cache

# the reference and CPU path: the int8 TorchScript layer's own (engine/scripted.py)
rope_cache_torch = rope_cache


@triton.jit
def _rope_cache_kernel(
    QKV, Cos, Sin, Slots, Pos, Q, K, V,
    sx_t, sx_h, sc_t, sq_t, sq_h,
    sks, skh, skn, svs, svh, svn,
    HEADS: tl.constexpr, KV_HEADS: tl.constexpr, HALF: tl.constexpr,
):  # fmt: skip
    t = tl.program_id(0)
    h = tl.program_id(1)  # a q head, a k head or a v head of token t
    d = tl.arange(0, HALF)
    src = QKV + t * sx_t + h * sx_h
    x1 = tl.load(src + d)
    x2 = tl.load(src + HALF + d)
    slot = tl.load(Slots + t).to(tl.int64)
    pos = tl.load(Pos + t).to(tl.int64)
    if h < HEADS + KV_HEADS:
        c1 = tl.load(Cos + t * sc_t + d).to(tl.float32)
        c2 = tl.load(Cos + t * sc_t + HALF + d).to(tl.float32)
        s1 = tl.load(Sin + t * sc_t + d).to(tl.float32)
        s2 = tl.load(Sin + t * sc_t + HALF + d).to(tl.float32)
        a, b = x1.to(tl.float32), x2.to(tl.float32)
        o1 = (a * c1 + b * s1).to(K.dtype.element_ty)
        o2 = (b * c2 + a * s2).to(K.dtype.element_ty)
        if h < HEADS:  # noqa: SIM108 (a runtime branch in Triton: no ternary)
            dst = Q + t * sq_t + h * sq_h
        else:
            dst = K + slot * sks + (h - HEADS) * skh + pos * skn
        tl.store(dst + d, o1)
        tl.store(dst + HALF + d, o2)
    else:
        dst = V + slot * svs + (h - HEADS - KV_HEADS) * svh + pos * svn
        tl.store(dst + d, x1.to(V.dtype.element_ty))
        tl.store(dst + HALF + d, x2.to(V.dtype.element_ty))


def rope_cache_triton(
    qkv: torch.Tensor,
    cos: torch.Tensor,
    sin: torch.Tensor,
    k_cache: torch.Tensor,
    v_cache: torch.Tensor,
    slots: torch.Tensor,
    positions: torch.Tensor,
    heads: int,
) -> torch.Tensor:
    """Same contract as rope_cache_torch (rotation in fp32, rounded once): one program per (token, head)."""
    T, H, D = qkv.shape
    kv_heads = (H - heads) // 2
    assert qkv.stride(-1) == 1 and cos.stride(-1) == 1 and sin.stride() == cos.stride() and D % 2 == 0
    assert k_cache.stride(-1) == 1 and v_cache.stride(-1) == 1
    q = torch.empty(T, heads, D, dtype=k_cache.dtype, device=qkv.device)
    _rope_cache_kernel[(T, H)](
        qkv, cos, sin, slots, positions, q, k_cache, v_cache,
        qkv.stride(0), qkv.stride(1), cos.stride(0), q.stride(0), q.stride(1),
        k_cache.stride(0), k_cache.stride(1), k_cache.stride(2),
        v_cache.stride(0), v_cache.stride(1), v_cache.stride(2),
        HEADS=heads, KV_HEADS=kv_heads, HALF=D // 2,
    )  # fmt: skip
    return q
