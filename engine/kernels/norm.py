"""Fused RMSNorm and SiLU-mul: each is several elementwise torch ops (several round trips through memory
per layer) that one Triton kernel does in a single read and write of the row.

Semantics match engine/model.py: RMSNorm computes in fp32 with an fp32 weight and returns x's dtype;
silu_mul takes the fused gate|up projection [T, 2I] and returns silu(gate) * up [T, I].
"""

from __future__ import annotations

import torch
import torch.nn.functional as F
import triton
import triton.language as tl


def rms_norm_torch(x: torch.Tensor, weight: torch.Tensor, eps: float) -> torch.Tensor:
    return F.rms_norm(x.float(), weight.shape, weight.float(), eps).to(x.dtype)


def silu_mul_torch(gate_up: torch.Tensor) -> torch.Tensor:
    gate, up = gate_up.chunk(2, dim=-1)
    return F.silu(gate) * up


@triton.jit
def _rms_norm_kernel(X, W, Y, sx, sy, N, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    ok = cols < N
    x = tl.load(X + row * sx + cols, mask=ok, other=0.0).to(tl.float32)
    w = tl.load(W + cols, mask=ok, other=0.0).to(tl.float32)
    r = tl.rsqrt(tl.sum(x * x, 0) / N + eps)
    tl.store(Y + row * sy + cols, (x * r * w).to(Y.dtype.element_ty), mask=ok)


@triton.jit
def _silu_mul_kernel(GU, Y, sg, sy, N, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    ok = cols < N
    g = tl.load(GU + row * sg + cols, mask=ok, other=0.0).to(tl.float32)
    u = tl.load(GU + row * sg + N + cols, mask=ok, other=0.0).to(tl.float32)
    y = (g * tl.sigmoid(g)).to(Y.dtype.element_ty).to(tl.float32) * u  # round like torch: silu, then mul
    tl.store(Y + row * sy + cols, y.to(Y.dtype.element_ty), mask=ok)


def rms_norm_triton(x: torch.Tensor, weight: torch.Tensor, eps: float) -> torch.Tensor:
    """x [..., N] with a contiguous last axis; one program per row (N up to a few thousand)."""
    x2 = x.reshape(-1, x.shape[-1])
    assert x2.stride(-1) == 1
    y = torch.empty_like(x2)
    N = x2.shape[-1]
    _rms_norm_kernel[(x2.shape[0],)](x2, weight, y, x2.stride(0), y.stride(0), N, eps, BLOCK=triton.next_power_of_2(N))
    return y.view(x.shape)


def silu_mul_triton(gate_up: torch.Tensor, block: int = 1024) -> torch.Tensor:
    gu = gate_up.reshape(-1, gate_up.shape[-1])
    assert gu.stride(-1) == 1
    N = gu.shape[-1] // 2
    y = torch.empty(gu.shape[0], N, dtype=gu.dtype, device=gu.device)
    _silu_mul_kernel[(gu.shape[0], triton.cdiv(N, block))](gu, y, gu.stride(0), y.stride(0), N, BLOCK=block)
    return y.view(*gate_up.shape[:-1], N)
