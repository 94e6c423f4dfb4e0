"""Decode attention over the static KV cache: a few query tokens per sequence against its cached prefix.

Layout (engine/kv_cache.py, one layer): ``k_cache/v_cache[slots, kv_heads, max_seq_len, head_dim]``.
``q[B, Hq, T, D]`` holds T new query tokens per sequence (T=1 decode, T=k+1 speculative verification);
their keys/values are already written, so sequence b holds ``lengths[b]`` cached positions and query t sits
at position ``lengths[b] - T + t``, attending causally to positions ``0 .. lengths[b] - T + t``.
Query head h reads kv head ``h // (Hq // Hkv)`` (GQA, the repeat_interleave convention SDPA uses).

The Triton path is flash-decoding: grid (B, Hkv, splits). One program packs the G*T query rows of one kv
head (so each K/V block is read once per group, not once per query head) and walks one split of the keys
with an online softmax; a second small kernel merges the splits by their log-sum-exp. Splitting the keys
keeps the GPU busy when B*Hkv is far below the number of SMs (batch 1, 3 kv heads on 132 SMs).
"""

from __future__ import annotations

import math

import torch
import torch.nn.functional as F
import triton
import triton.language as tl


def decode_attention_torch(
    q: torch.Tensor,
    k_cache: torch.Tensor,
    v_cache: torch.Tensor,
    slot_ids: torch.Tensor,
    lengths: torch.Tensor,
    max_len: int | None = None,
) -> torch.Tensor:
    """Reference and CPU path: gather the slots' prefixes, one masked SDPA call. Returns [B, Hq, T, D]."""
    T = q.shape[2]
    L = int(lengths.max()) if max_len is None else max_len
    k = k_cache[:, :, :L].index_select(0, slot_ids)
    v = v_cache[:, :, :L].index_select(0, slot_ids)
    qpos = lengths[:, None] - T + torch.arange(T, device=q.device)[None, :]  # [B, T]
    mask = torch.arange(L, device=q.device)[None, None, :] <= qpos[:, :, None]  # [B, T, L]
    return F.scaled_dot_product_attention(q, k, v, attn_mask=mask[:, None], enable_gqa=True)


@triton.jit
def _split_kernel(
    Q, K, V, Slots, Lens, O_part, Lse_part,
    sqb, sqh, sqt,
    sks, skh, skn,
    svs, svh, svn,
    sob, soh, sot, sos,
    slb, slh, slt,
    scale, split_len,
    T: tl.constexpr, G: tl.constexpr, D: tl.constexpr,
    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, IEEE: tl.constexpr,
):  # fmt: skip
    b = tl.program_id(0)
    kvh = tl.program_id(1)
    split = tl.program_id(2)
    slot = tl.load(Slots + b).to(tl.int64)
    L = tl.load(Lens + b)

    rows = tl.arange(0, BLOCK_M)  # row r = (query head kvh*G + r // T, token r % T)
    row_ok = rows < G * T
    head = kvh * G + rows // T
    t = rows % T
    qpos = L - T + t
    d = tl.arange(0, D)
    q = tl.load(Q + b * sqb + head[:, None] * sqh + t[:, None] * sqt + d[None, :], mask=row_ok[:, None], other=0.0)

    start = split * split_len
    end = tl.minimum(L, start + split_len)
    m_i = tl.full([BLOCK_M], float("-inf"), tl.float32)
    l_i = tl.zeros([BLOCK_M], tl.float32)
    acc = tl.zeros([BLOCK_M, D], tl.float32)
    k_base = K + slot * sks + kvh * skh
    v_base = V + slot * svs + kvh * svh
    for n0 in range(start, end, BLOCK_N):
        n = n0 + tl.arange(0, BLOCK_N)
        n_ok = n < end
        k = tl.load(k_base + n[:, None] * skn + d[None, :], mask=n_ok[:, None], other=0.0)
        if IEEE:  # noqa: SIM108 (a constexpr branch: Triton compiles only one side)
            s = tl.dot(q, tl.trans(k), input_precision="ieee") * scale
        else:
            s = tl.dot(q, tl.trans(k)) * scale
        s = tl.where(n_ok[None, :] & (n[None, :] <= qpos[:, None]), s, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(s, 1))
        m_safe = tl.where(m_new == float("-inf"), 0.0, m_new)  # a row with no key yet must not make NaN
        p = tl.exp(s - m_safe[:, None])
        alpha = tl.exp(m_i - m_safe)
        l_i = l_i * alpha + tl.sum(p, 1)
        v = tl.load(v_base + n[:, None] * svn + d[None, :], mask=n_ok[:, None], other=0.0)
        if IEEE:
            acc = acc * alpha[:, None] + tl.dot(p.to(v.dtype), v, input_precision="ieee")
        else:
            acc = acc * alpha[:, None] + tl.dot(p.to(v.dtype), v)
        m_i = m_new

    has = l_i > 0
    out = acc / tl.where(has, l_i, 1.0)[:, None]
    lse = tl.where(has, m_i + tl.log(tl.where(has, l_i, 1.0)), float("-inf"))
    o_off = b * sob + head[:, None] * soh + t[:, None] * sot + split * sos + d[None, :]
    tl.store(O_part + o_off, out, mask=row_ok[:, None])
    tl.store(Lse_part + b * slb + head * slh + t * slt + split, lse, mask=row_ok)


@triton.jit
def _merge_kernel(
    O_part, Lse_part, Out,
    sob, soh, sot, sos,
    slb, slh, slt,
    sxb, sxh, sxt,
    H: tl.constexpr, T: tl.constexpr, D: tl.constexpr, SPLITS: tl.constexpr, BLOCK_S: tl.constexpr,
):  # fmt: skip
    pid = tl.program_id(0)  # one (b, head, t) row
    b = pid // (H * T)
    h = (pid // T) % H
    t = pid % T
    s = tl.arange(0, BLOCK_S)
    s_ok = s < SPLITS
    lse = tl.load(Lse_part + b * slb + h * slh + t * slt + s, mask=s_ok, other=float("-inf"))
    w = tl.exp(lse - tl.max(lse, 0))  # split 0 always holds key 0, so the max is finite
    d = tl.arange(0, D)
    o = tl.load(O_part + b * sob + h * soh + t * sot + s[:, None] * sos + d[None, :], mask=s_ok[:, None], other=0.0)
    out = tl.sum(o * w[:, None], 0) / tl.sum(w, 0)
    tl.store(Out + b * sxb + h * sxh + t * sxt + d, out.to(Out.dtype.element_ty))


def _num_splits(B: int, Hkv: int, max_len: int, block_n: int, device: torch.device) -> int:
    """Enough (B, kv head, split) programs to fill the SMs twice, but at least 256 keys per split."""
    sms = torch.cuda.get_device_properties(device).multi_processor_count if device.type == "cuda" else 4
    want = max(1, (2 * sms) // (B * Hkv))
    return max(1, min(want, math.ceil(max_len / max(256, block_n)), 64))


def decode_attention_triton(
    q: torch.Tensor,
    k_cache: torch.Tensor,
    v_cache: torch.Tensor,
    slot_ids: torch.Tensor,
    lengths: torch.Tensor,
    max_len: int | None = None,
    num_splits: int | None = None,
) -> torch.Tensor:
    """Same contract as decode_attention_torch. Pass max_len (>= every length) to avoid a device sync."""
    B, Hq, T, D = q.shape
    Hkv = k_cache.shape[1]
    assert Hq % Hkv == 0 and D & (D - 1) == 0, "needs Hq divisible by Hkv and a power-of-two head_dim"
    assert k_cache.stride(-1) == 1 and v_cache.stride(-1) == 1 and q.stride(-1) == 1
    G = Hq // Hkv
    L = int(lengths.max()) if max_len is None else max_len
    block_m = max(16, triton.next_power_of_2(G * T))
    block_n = 64 if D <= 64 else 32
    splits = num_splits or _num_splits(B, Hkv, L, block_n, q.device)
    split_len = triton.cdiv(triton.cdiv(L, splits), block_n) * block_n
    o_part = torch.empty(B, Hq, T, splits, D, dtype=torch.float32, device=q.device)
    lse_part = torch.empty(B, Hq, T, splits, dtype=torch.float32, device=q.device)
    # [B, Hq, T, D] laid out as [B, T, Hq, D]: the model's next step, o.transpose(1, 2) -> [B*T, Hq*D], is a view
    out = torch.empty(B, T, Hq, D, dtype=q.dtype, device=q.device).transpose(1, 2)
    lengths = lengths.to(torch.int32)
    slot_ids = slot_ids.to(torch.int32)
    _split_kernel[(B, Hkv, splits)](
        q, k_cache, v_cache, slot_ids, lengths, o_part, lse_part,
        q.stride(0), q.stride(1), q.stride(2),
        k_cache.stride(0), k_cache.stride(1), k_cache.stride(2),
        v_cache.stride(0), v_cache.stride(1), v_cache.stride(2),
        o_part.stride(0), o_part.stride(1), o_part.stride(2), o_part.stride(3),
        lse_part.stride(0), lse_part.stride(1), lse_part.stride(2),
        1.0 / math.sqrt(D), split_len,
        T=T, G=G, D=D, BLOCK_M=block_m, BLOCK_N=block_n, IEEE=q.dtype == torch.float32,
    )  # fmt: skip
    _merge_kernel[(B * Hq * T,)](
        o_part, lse_part, out,
        o_part.stride(0), o_part.stride(1), o_part.stride(2), o_part.stride(3),
        lse_part.stride(0), lse_part.stride(1), lse_part.stride(2),
        out.stride(0), out.stride(1), out.stride(2),
        H=Hq, T=T, D=D, SPLITS=splits, BLOCK_S=max(2, triton.next_power_of_2(splits)),
    )  # fmt: skip
    return out
