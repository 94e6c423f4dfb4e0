"""The decoder layer's int8 CPU form, written so TorchScript can compile it: one call per layer from Python.

Why: on a 2-core AVX2 laptop a batch-1 step of Qwen2.5-0.5B (int8) spent a third of its ~40 ms outside
the matmuls, in eager PyTorch's cost per op when called from Python (a few us an op, ~60 ops a layer), and
each call of fbgemm's op from Python cost ~25 us more than from TorchScript (its packed-weight argument,
a TorchBind object, takes a slow path). TorchScript runs the same ATen kernels in the same order from C++,
so its results are bitwise the eager ones (tests/test_scripted.py): measured side by side, batch 1
26 -> 35 tok/s, batch 8 124 -> 147 tok/s (docs/MEASUREMENTS.md).

torch.compile, the successor, breaks its graph at the packed weights and a compiled call of a few ops
measured ~46 us of guards and wrappers here, against ~32 us for the same ops eager. `torch.jit.script` is
deprecated but present in the pinned torch: its warning is silenced, and if scripting fails the same
functions run as plain Python (`compile_layer`), only slower.

Everything here is also what the eager path calls (`int8_matmul`, `rope_cache`, `attend`), so the only code in
two forms is the layer body: `Model.forward` for every weight kind, `int8_layer` for int8.
This module has no `from __future__ import annotations`: TorchScript reads the annotations.
"""

import warnings
from collections.abc import Callable
from typing import NamedTuple

import torch
import torch.nn.functional as F

Packed = torch.classes.quantized.LinearPackedParamsBase  # fbgemm's prepacked int8 weight


class Attn(NamedTuple):
    """Where a flattened batch reads the cache (engine.model.AttentionMeta in types TorchScript knows)."""

    group_tokens: int  # real group tokens (B*n without padding); 0: no group
    group_slots: torch.Tensor | None  # [B]
    group_start: int  # the slots as a contiguous range [start, stop) when they are one; else stop == start
    group_stop: int
    group_mask: torch.Tensor | None  # [B, 1, 1, n, L]
    group_len: int  # L
    group_n: int  # n
    group_pad: torch.Tensor | None  # [group_tokens] row of each real token in the padded B*n layout
    chunk_slots: list[int]  # per prompt chunk after the group (none: empty lists)
    chunk_starts: list[int]
    chunk_lens: list[int]
    chunk_masks: list[torch.Tensor | None]  # None: plain causal
    token_slots: list[int]  # per group token: its cache slot...
    token_keys: list[int]  # ...and how many keys it sees (its position + 1)


def hadamard(x: torch.Tensor, a: torch.Tensor, c: torch.Tensor) -> torch.Tensor:
    """x [T, in] times a block-diagonal Hadamard matrix whose blocks are a (x) c (Sylvester factors, p x p and
    q x q, normalized): two small matmuls instead of one p*q-wide one (2-5x cheaper at 8-60 rows). Batched
    per row with fixed shapes, so a row's result does not depend on the rows beside it (one [T*blocks, q]
    GEMM picks its kernel, and its rounding, by T: measured)."""
    t, p, q = x.shape[0], a.shape[0], c.shape[0]
    y = torch.bmm(x.reshape(t, -1, q), c.expand(t, q, q)).view(-1, p, q)
    return torch.bmm(a.expand(y.shape[0], p, p), y).view(t, -1)


def int8_matmul(
    x: torch.Tensor,
    packed: Packed,
    bias: torch.Tensor | None,
    in_features: int,
    width: int,
    one_row: bool,
    rot_a: torch.Tensor | None = None,
    rot_c: torch.Tensor | None = None,
) -> torch.Tensor:
    """x [T, in] -> [T, out] fp32: engine.quant.int8_linear's work (see there for why it is done this way).
    rot_a, rot_c: the Hadamard factors the input is rotated by first (the weight was rotated alike)."""
    x = x.float()
    if rot_a is not None and rot_c is not None:
        x = hadamard(x, rot_a, rot_c)
    rows = x.shape[0]
    # abs().amax, not linalg.vector_norm(inf): the same value, 5-7x faster at 60 rows on AVX2 (23 vs 117 us)
    scale = x.abs().amax(dim=1, keepdim=True).clamp_min_(1e-30)
    n = rows if one_row else 2 * rows
    xa = x.new_zeros(n, width) if width > in_features else x.new_empty(n, in_features)
    hi = xa[:rows, :in_features]
    torch.div(x, scale, out=hi)
    # The grids (TorchScript takes no float globals, hence literals): one row 128 + round(127.5 x), clipped
    # to 0..255; two rows 64 + round(63.5 x), 0..128 in steps of exactly 1 / 63.5.
    if one_row:
        y = torch.ops.quantized.linear_with_input_q_dq_qweight_dq_output_fp32(xa, 1 / 127.5, 128, packed)
    else:  # fbgemm rounds t = 63.5 * hi to whole steps; the second row is what it loses, scaled x2
        lo = xa[rows:, :in_features]
        torch.mul(hi, 63.5, out=lo)
        lo.sub_(torch.round(lo)).mul_(2.0)  # (t - round(t)) in [-0.5, 0.5], scaled x2
        y = torch.ops.quantized.linear_with_input_q_dq_qweight_dq_output_fp32(xa, 1 / 63.5, 64, packed)
        y = torch.add(y[:rows], y[rows:], alpha=0.5 / 63.5)
    y.mul_(scale)
    return y if bias is None else y.add_(bias)


def rope(x: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor) -> torch.Tensor:
    """x: [T, heads, head_dim]; cos/sin: [T, head_dim] (sin carries rotate-half's sign)."""
    return x * cos[:, None] + x.roll(x.shape[-1] // 2, dims=-1) * sin[:, None]


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
    """qkv [T, heads + 2*kv_heads, D]: rotate q and k heads together, write k and v into the cache by
    position; -> the rotated q [T, heads, D] (engine/kernels/rope.py does the same in one CUDA kernel)."""
    kv_heads = (qkv.shape[1] - heads) // 2
    qk = rope(qkv[:, : heads + kv_heads], cos, sin)
    k_cache[slots, :, positions] = qk[:, heads:]
    v_cache[slots, :, positions] = qkv[:, heads + kv_heads :]
    return qk[:, :heads]


def group_attention(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """Attention for B sequences of n query tokens each (decode: n=1) as two small batched matmuls.

    q: [B*n, heads, d]; k, v: [B, kv_heads, L, d]; mask: [B, 1, 1, n, L]. For a handful of query rows this
    is several times cheaper than SDPA's CPU flash kernel (measured ~400 us -> <100 us a layer at B=8).
    Query heads sharing a kv head are stacked as rows, so GQA needs no copy of k/v.
    """
    b, kv_heads, d = k.shape[0], k.shape[1], k.shape[3]
    n, g = mask.shape[3], q.shape[1] // kv_heads
    qg = q.view(b, n, kv_heads, g, d).permute(0, 2, 3, 1, 4).reshape(b, kv_heads, g * n, d)
    scores = torch.matmul(qg, k.transpose(-1, -2)).view(b, kv_heads, g, n, -1)
    scores = torch.add(mask, scores, alpha=d**-0.5)  # scale + mask in one op, promoted to fp32
    probs = torch.softmax(scores, dim=-1).to(v.dtype).view(b, kv_heads, g * n, -1)
    out = torch.matmul(probs, v).view(b, kv_heads, g, n, d).permute(0, 3, 1, 2, 4)
    return out.reshape(b * n, -1)


def token_attention(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
    """One query token: q [heads, d], its keys and values k, v [kv_heads, L, d] -> [1, heads*d] (fp32)."""
    kv_heads, d = k.shape[0], k.shape[2]
    qg = q.float().view(kv_heads, q.shape[0] // kv_heads, d)  # the query heads sharing a kv head, as rows
    scores = torch.matmul(qg, k.float().transpose(-1, -2)) * d**-0.5
    return torch.matmul(torch.softmax(scores, dim=-1), v.float()).reshape(1, -1)


def attend(q: torch.Tensor, k_cache: torch.Tensor, v_cache: torch.Tensor, meta: Attn, cpu: bool) -> torch.Tensor:
    """q: [T, heads, head_dim] -> [T, heads*head_dim]; keys/values come from this layer's cache.

    `cpu`: each group token attends alone, in fp32, with exactly the shapes of a one-token step, so its
    result does not depend on the batch or on draft tokens beside it. Batched matmuls over every row (the
    CUDA path) let MKL pick its kernel by shape: past ~190 keys a row's sums then come out in another order
    than alone, and on the int8 path the next matmul's rounding amplifies that into different tokens
    (docs/MEASUREMENTS.md). fp32 because bf16 bmm on CPU goes through oneDNN, which builds a new kernel,
    ~1 ms, for nearly every shape; fp32 runs on MKL and the cast is the only copy."""
    outs: list[torch.Tensor] = []
    if meta.group_tokens > 0 and cpu:
        keys, slots = meta.token_keys, meta.token_slots
        rows = [
            token_attention(q[i], k_cache[slots[i], :, : keys[i]], v_cache[slots[i], :, : keys[i]])
            for i in range(meta.group_tokens)
        ]
        outs.append(torch.cat(rows))
    elif meta.group_tokens > 0:
        slots, mask = meta.group_slots, meta.group_mask
        assert slots is not None and mask is not None
        qg, b, n = q[: meta.group_tokens], slots.shape[0], meta.group_n
        pad = meta.group_pad
        if pad is not None:  # rows of different lengths: pad to n for attention only
            qg = q.new_zeros(b * n, q.shape[1], q.shape[2]).index_copy_(0, pad, qg)
        if meta.group_stop > meta.group_start:
            k = k_cache[meta.group_start : meta.group_stop, :, : meta.group_len]
            v = v_cache[meta.group_start : meta.group_stop, :, : meta.group_len]
        else:
            k = k_cache[:, :, : meta.group_len].index_select(0, slots)
            v = v_cache[:, :, : meta.group_len].index_select(0, slots)
        o = group_attention(qg, k, v, mask)
        outs.append(o if pad is None else o.index_select(0, pad))
    row = meta.group_tokens
    for i in range(len(meta.chunk_lens)):  # each prompt chunk attends alone: its result ignores its neighbours
        s, n, mask = meta.chunk_slots[i], meta.chunk_lens[i], meta.chunk_masks[i]
        end = meta.chunk_starts[i] + n
        qc = q[row : row + n].transpose(0, 1).unsqueeze(0)  # [1, heads, C, d]
        k, v = k_cache[s : s + 1, :, :end], v_cache[s : s + 1, :, :end]
        o = F.scaled_dot_product_attention(qc, k, v, attn_mask=mask, is_causal=mask is None, enable_gqa=True)
        outs.append(o[0].transpose(0, 1).reshape(n, -1))
        row += n
    return outs[0] if len(outs) == 1 else torch.cat(outs)


class Int8Layer(NamedTuple):
    """One layer's int8 weights as `int8_layer` takes them (built once at load)."""

    attn_norm: torch.Tensor
    mlp_norm: torch.Tensor
    qkv: Packed
    qkv_bias: torch.Tensor | None
    o: Packed
    gate_up: Packed
    down: Packed
    in_features: list[int]  # of qkv, o, gate_up, down
    widths: list[int]
    one_row: list[bool]
    rot_a: list[torch.Tensor | None]  # each matmul's Hadamard factors (engine.quant.Int8Linear.rotation)
    rot_c: list[torch.Tensor | None]


def int8_layer(
    x: torch.Tensor,
    w: Int8Layer,
    shape: list[int],  # heads, kv_heads, head_dim
    eps: float,
    cos: torch.Tensor,
    sin: torch.Tensor,
    k_cache: torch.Tensor,
    v_cache: torch.Tensor,
    slots: torch.Tensor,
    positions: torch.Tensor,
    meta: Attn,
) -> torch.Tensor:
    """One decoder layer with int8 weights: the same ops, in the same order, as Model.forward's loop body."""
    heads, kv_heads, head_dim = shape[0], shape[1], shape[2]
    ins, widths, one, ra, rc = w.in_features, w.widths, w.one_row, w.rot_a, w.rot_c
    h = torch.rms_norm(x, [x.shape[-1]], w.attn_norm, eps)
    qkv = int8_matmul(h, w.qkv, w.qkv_bias, ins[0], widths[0], one[0], ra[0], rc[0])
    qkv = qkv.view(-1, heads + 2 * kv_heads, head_dim)
    qkv = qkv.to(k_cache.dtype)
    q = rope_cache(qkv, cos, sin, k_cache, v_cache, slots, positions, heads)
    o = attend(q, k_cache, v_cache, meta, True)
    x = x + int8_matmul(o, w.o, None, ins[1], widths[1], one[1], ra[1], rc[1])
    h = torch.rms_norm(x, [x.shape[-1]], w.mlp_norm, eps)
    gate, up = int8_matmul(h, w.gate_up, None, ins[2], widths[2], one[2], ra[2], rc[2]).chunk(2, dim=-1)
    return x + int8_matmul(F.silu(gate) * up, w.down, None, ins[3], widths[3], one[3], ra[3], rc[3])


LayerFn = Callable[
    [
        torch.Tensor, Int8Layer, list[int], float, torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor,
        torch.Tensor, torch.Tensor, Attn,
    ],
    torch.Tensor,
]  # fmt: skip


def compile_layer() -> LayerFn:
    """`int8_layer` compiled by TorchScript, or the plain function (one warning) where that fails."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # torch.jit.script: see the module docstring
            return torch.jit.script(int8_layer)
    except Exception as e:  # a torch without TorchScript, or one that no longer compiles this
        warnings.warn(f"int8 layer runs eagerly (TorchScript failed: {type(e).__name__}: {e})", stacklevel=2)
        return int8_layer
