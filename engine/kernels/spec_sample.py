"""Speculative-decoding rejection sampler: how many draft tokens the target accepts, and the next token.

Inputs per row b (all on one device):
    p        [B, k+1, V] target probabilities (after temperature / top-p; sampling.probs)
    q        [B, k, V] draft probabilities, or None for a deterministic drafter (n-gram): q = one-hot(draft)
    draft    [B, k] draft token ids
    u_accept [B, k] uniforms in [0, 1): draft i is accepted iff u_accept[i] * q_i(x_i) < p_i(x_i),
             i.e. with probability min(1, p/q)
    u_sample [B] one uniform in [0, 1) for the token emitted after the accepted prefix
    greedy   [B] bool or None: greedy rows accept while draft == argmax p and emit argmax p
    num_draft [B] int or None: row b only uses its first num_draft[b] drafts (adaptive draft length)
Returns (num_accepted [B] int64, next_token [B] int64); the row emits draft[:num_accepted] + [next_token].

At the first rejection, position j = num_accepted, the next token is drawn from norm(max(0, p_j - q_j))
(for a one-hot q: p_j with the draft token removed), falling back to p_j if that is all zero; if every draft
was accepted, it is drawn from p at the bonus position num_draft. Every draw is inverse-CDF with the given
uniform: the first index whose cumulative weight exceeds u * total. Passing the uniforms in (instead of a
generator) makes the Triton kernel and this reference bit-comparable and each request reproducible from its
own seeded generator.
"""

from __future__ import annotations

import torch
import triton
import triton.language as tl


def inverse_cdf(w: torch.Tensor, u: torch.Tensor) -> torch.Tensor:
    """w [B, V] non-negative weights, u [B] -> index of the first cumulative weight above u * sum(w)."""
    c = w.cumsum(-1)
    thr = u * w.sum(-1)
    return (c <= thr[:, None]).sum(-1).clamp_(max=w.shape[-1] - 1)


def rejection_sample_torch(
    p: torch.Tensor,
    q: torch.Tensor | None,
    draft: torch.Tensor,
    u_accept: torch.Tensor,
    u_sample: torch.Tensor,
    greedy: torch.Tensor | None = None,
    num_draft: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    """Reference and CPU path, vectorised over the batch (no Python loop over rows or positions)."""
    B, k = draft.shape
    rows = torch.arange(B, device=p.device)
    greedy = torch.zeros(B, dtype=torch.bool, device=p.device) if greedy is None else greedy.bool()
    n = torch.full((B,), k, device=p.device) if num_draft is None else num_draft.long()
    x = draft.long()
    px = p[:, :k].gather(-1, x[..., None])[..., 0]
    qx = torch.ones_like(px) if q is None else q.gather(-1, x[..., None])[..., 0]
    accept = torch.where(greedy[:, None], x == p[:, :k].argmax(-1), u_accept * qx < px)
    accept &= torch.arange(k, device=p.device)[None, :] < n[:, None]
    num_accepted = accept.long().cumprod(-1).sum(-1)

    j = num_accepted
    pj = p[rows, j].float()  # [B, V]
    rejected = j < n
    jq = j.clamp(max=k - 1)
    qj = torch.zeros_like(pj).scatter_(-1, x[rows, jq][:, None], 1.0) if q is None else q[rows, jq].float()
    resid = torch.where(rejected[:, None], (pj - qj).clamp(min=0), pj)
    resid = torch.where(resid.sum(-1, keepdim=True) > 0, resid, pj)
    token = torch.where(greedy, pj.argmax(-1), inverse_cdf(resid, u_sample.float()))
    return num_accepted, token


@triton.jit
def _rejection_kernel(
    P, Q, Draft, UA, US, Greedy, NDraft, NumAcc, Token,
    spb, spk, sqb, sqk, sdb, sub,
    V, K: tl.constexpr, HAS_Q: tl.constexpr, BLOCK_V: tl.constexpr,
):  # fmt: skip
    """One program per row. Each pass over the vocabulary goes in BLOCK_V chunks (V is up to ~152k)."""
    b = tl.program_id(0)
    greedy = tl.load(Greedy + b) != 0
    n = tl.load(NDraft + b)
    p_row = P + b * spb
    offs = tl.arange(0, BLOCK_V)

    # 1. the accepted prefix length
    num_acc = 0
    alive = 1
    for i in range(K):
        x = tl.load(Draft + b * sdb + i).to(tl.int32)
        px = tl.load(p_row + i * spk + x)
        if HAS_Q:  # noqa: SIM108 (a constexpr branch: Triton compiles only one side)
            qx = tl.load(Q + b * sqb + i * sqk + x)
        else:
            qx = 1.0
        u = tl.load(UA + b * sub + i)
        ok = u * qx < px
        if greedy:  # argmax of p_i, first index on ties (as torch.argmax)
            best = tl.full([BLOCK_V], float("-inf"), tl.float32)
            best_i = tl.zeros([BLOCK_V], tl.int32)
            for v0 in range(0, V, BLOCK_V):
                pv = tl.load(p_row + i * spk + v0 + offs, mask=v0 + offs < V, other=float("-inf"))
                better = pv > best
                best = tl.where(better, pv, best)
                best_i = tl.where(better, v0 + offs, best_i)
            m = tl.max(best, 0)
            ok = tl.min(tl.where(best == m, best_i, V), 0) == x
        alive = alive * (ok & (i < n)).to(tl.int32)
        num_acc += alive

    # 2. the next token, at position j = num_acc
    j = num_acc
    rejected = j < n
    jq = tl.minimum(j, K - 1)
    xj = tl.load(Draft + b * sdb + jq).to(tl.int32)
    pj_row = p_row + j * spk
    qj_row = Q + b * sqb + jq * sqk
    total = 0.0
    p_total = 0.0
    best = tl.full([BLOCK_V], float("-inf"), tl.float32)
    best_i = tl.zeros([BLOCK_V], tl.int32)
    for v0 in range(0, V, BLOCK_V):
        vs = v0 + offs
        pv = tl.load(pj_row + vs, mask=vs < V, other=0.0).to(tl.float32)
        if HAS_Q:  # noqa: SIM108 (constexpr branch)
            qv = tl.load(qj_row + vs, mask=vs < V, other=0.0).to(tl.float32)
        else:
            qv = tl.where(vs == xj, 1.0, 0.0)
        w = tl.where(rejected, tl.maximum(pv - qv, 0.0), pv)
        total += tl.sum(w, 0)
        p_total += tl.sum(pv, 0)
        pm = tl.where(vs < V, pv, float("-inf"))
        better = pm > best
        best = tl.where(better, pm, best)
        best_i = tl.where(better, vs, best_i)
    use_p = total <= 0.0  # residual all zero: fall back to p_j
    thr = tl.load(US + b) * tl.where(use_p, p_total, total)
    count = 0
    carry = 0.0
    for v0 in range(0, V, BLOCK_V):
        vs = v0 + offs
        pv = tl.load(pj_row + vs, mask=vs < V, other=0.0).to(tl.float32)
        if HAS_Q:  # noqa: SIM108 (constexpr branch)
            qv = tl.load(qj_row + vs, mask=vs < V, other=0.0).to(tl.float32)
        else:
            qv = tl.where(vs == xj, 1.0, 0.0)
        w = tl.where(rejected & (total > 0.0), tl.maximum(pv - qv, 0.0), pv)
        c = carry + tl.cumsum(w, 0)
        count += tl.sum(((c <= thr) & (vs < V)).to(tl.int32), 0)
        carry += tl.sum(w, 0)
    token = tl.minimum(count, V - 1)
    if greedy:
        m = tl.max(best, 0)
        token = tl.min(tl.where(best == m, best_i, V), 0)
    tl.store(NumAcc + b, num_acc.to(tl.int64))
    tl.store(Token + b, token.to(tl.int64))


def rejection_sample_triton(
    p: torch.Tensor,
    q: torch.Tensor | None,
    draft: torch.Tensor,
    u_accept: torch.Tensor,
    u_sample: torch.Tensor,
    greedy: torch.Tensor | None = None,
    num_draft: torch.Tensor | None = None,
    block_v: int | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    """Same contract as rejection_sample_torch; p and q must have a contiguous vocabulary axis."""
    B, k = draft.shape
    V = p.shape[-1]
    assert k >= 1 and p.shape[:2] == (B, k + 1) and p.stride(-1) == 1 and (q is None or q.stride(-1) == 1)
    dev = p.device
    greedy = torch.zeros(B, dtype=torch.int32, device=dev) if greedy is None else greedy.to(torch.int32)
    num_draft = torch.full((B,), k, dtype=torch.int32, device=dev) if num_draft is None else num_draft.int()
    u_accept, u_sample, draft = (
        u_accept.float().contiguous(),
        u_sample.float().contiguous(),
        draft.contiguous(),
    )
    num_acc = torch.empty(B, dtype=torch.int64, device=dev)
    token = torch.empty(B, dtype=torch.int64, device=dev)
    q_arg = p if q is None else q
    _rejection_kernel[(B,)](
        p, q_arg, draft, u_accept, u_sample, greedy.contiguous(), num_draft.contiguous(), num_acc, token,
        p.stride(0), p.stride(1), q_arg.stride(0), q_arg.stride(1), draft.stride(0), u_accept.stride(0),
        V, K=k, HAS_Q=q is not None, BLOCK_V=block_v or min(4096, triton.next_power_of_2(V)),
    )  # fmt: skip
    return num_acc, token
