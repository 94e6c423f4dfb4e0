"""Triton kernels against their PyTorch references (under the Triton interpreter, small shapes), and the
statistics of the reference rejection sampler (it is what the CPU engine runs).

Triton picks compile-or-interpret when a function is decorated, and its own library functions are decorated
when triton is first imported; other tests in this process import torch and triton before us. So the
kernels run in one fresh subprocess started with TRITON_INTERPRET=1 (`run_kernels`), which saves their
outputs; the tests here rebuild the same seeded inputs and compare against the references in-process.
"""

from __future__ import annotations

import math
import os
import subprocess
import sys
from pathlib import Path

import pytest
import torch

from engine.kernels import attention, norm, rope, spec_sample

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def kernel_out(tmp_path_factory) -> dict:
    path = tmp_path_factory.mktemp("kernels") / "out.pt"
    env = {**os.environ, "TRITON_INTERPRET": "1"}
    code = f"from tests.test_kernels import run_kernels; run_kernels({str(path)!r})"
    r = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    return torch.load(path)


def run_kernels(path: str) -> None:
    """Subprocess side: every kernel on every case, outputs saved by test key."""
    assert type(attention._split_kernel).__name__ == "InterpretedFunction", "TRITON_INTERPRET not in effect"
    out = {}
    for i, (B, Hq, Hkv, T, D, S, lengths, splits) in enumerate(ATTN_CASES):
        for dtype in (torch.float32, torch.float16):
            case = make_attention_case(dtype, B, Hq, Hkv, T, D, S, lengths)
            out[f"attn{i}-{dtype}"] = attention.decode_attention_triton(*case, num_splits=splits)
    q, kc, vc, slots, lens = GARBAGE_CASE()
    out["garbage-clean"] = attention.decode_attention_triton(q, kc, vc, slots, lens, num_splits=2)
    spoil_beyond_length(kc, vc, slots, lens)
    out["garbage-spoiled"] = attention.decode_attention_triton(q, kc, vc, slots, lens, num_splits=2)
    for with_q in (True, False):
        for B, k, V, block_v in SPEC_CASES:
            args = make_spec_case(B, k, V, with_q, seed=V + k)
            out[f"spec-{with_q}-{V}"] = spec_sample.rejection_sample_triton(*args, block_v=block_v)
    for dtype in (torch.float32, torch.float16):
        x, w, gu = make_norm_case(dtype)
        out[f"rms-{dtype}"] = norm.rms_norm_triton(x, w, 1e-5)
        out[f"silu-{dtype}"] = norm.silu_mul_triton(gu, block=64)  # 4 column blocks, the last one partial
        qkv, cos, sin, kc, vc, slots, pos = make_rope_case(dtype)
        q = rope.rope_cache_triton(qkv, cos, sin, kc, vc, slots, pos, ROPE_HEADS)
        out[f"rope-{dtype}"] = (q, kc, vc)
    torch.save(out, path)


# ---------------------------------------------------------------- decode attention


def naive_attention(q, k_cache, v_cache, slot_ids, lengths):
    """Loop over every (sequence, head, token): the contract spelled out, to check the reference itself."""
    B, Hq, T, D = q.shape
    G = Hq // k_cache.shape[1]
    out = torch.zeros(B, Hq, T, D, dtype=torch.float64)
    for b in range(B):
        s, L = int(slot_ids[b]), int(lengths[b])
        for h in range(Hq):
            for t in range(T):
                pos = L - T + t
                k = k_cache[s, h // G, : pos + 1].double()
                v = v_cache[s, h // G, : pos + 1].double()
                w = torch.softmax(k @ q[b, h, t].double() / math.sqrt(D), dim=0)
                out[b, h, t] = w @ v
    return out


def make_attention_case(dtype, B, Hq, Hkv, T, D, S, lengths, seed=0):
    g = torch.Generator().manual_seed(seed)
    slots = 6
    k_cache = torch.randn(slots, Hkv, S, D, generator=g).to(dtype)
    v_cache = torch.randn(slots, Hkv, S, D, generator=g).to(dtype)
    q = torch.randn(B, Hq, T, D, generator=g).to(dtype)
    slot_ids = torch.tensor([5, 0, 3, 2][:B])
    return q, k_cache, v_cache, slot_ids, torch.tensor(lengths)


ATTN_CASES = [  # B, Hq, Hkv, T, D, S, lengths, num_splits
    (3, 9, 3, 1, 32, 96, [95, 1, 40], None),  # SmolLM2's 3:1 GQA, one sequence at its first token
    (2, 4, 1, 4, 16, 80, [80, 4], 3),  # speculative verify (T=k+1), MQA, length == T
    (2, 4, 4, 2, 32, 64, [33, 64], 5),  # no GQA, more splits than blocks (empty splits)
    (1, 8, 2, 3, 64, 200, [150], 1),  # one split: the merge kernel passes it through
]


def test_attention_reference_matches_naive_loop():
    for B, Hq, Hkv, T, D, S, lengths, _ in ATTN_CASES[:3]:
        case = make_attention_case(torch.float32, B, Hq, Hkv, T, D, S, lengths)
        ref = attention.decode_attention_torch(*case)
        assert torch.allclose(ref.double(), naive_attention(*case), atol=1e-5)


def GARBAGE_CASE():
    return make_attention_case(torch.float32, 2, 4, 2, 2, 32, 64, [10, 30])


def spoil_beyond_length(kc, vc, slots, lens):
    """What rejected drafts or a slot's previous owner leave past the length: it must not leak in."""
    kc[slots[0], :, int(lens[0]) :] = 1e4
    vc[slots[1], :, int(lens[1]) :] = float("nan")


@pytest.mark.parametrize("dtype,atol", [(torch.float32, 1e-5), (torch.float16, 3e-3)])
@pytest.mark.parametrize("i", range(len(ATTN_CASES)))
def test_attention_kernel_matches_reference(kernel_out, dtype, atol, i):
    B, Hq, Hkv, T, D, S, lengths, _ = ATTN_CASES[i]
    q, kc, vc, slots, lens = make_attention_case(dtype, B, Hq, Hkv, T, D, S, lengths)
    out = kernel_out[f"attn{i}-{dtype}"]
    ref = attention.decode_attention_torch(q.float(), kc.float(), vc.float(), slots, lens)
    assert out.dtype == dtype and out.shape == (B, Hq, T, D)
    assert (out.float() - ref).abs().max().item() < atol


def test_attention_kernel_ignores_cache_beyond_length(kernel_out):
    clean, spoiled = kernel_out["garbage-clean"], kernel_out["garbage-spoiled"]
    assert torch.equal(clean, spoiled)
    assert torch.allclose(clean, attention.decode_attention_torch(*GARBAGE_CASE()), atol=1e-5)


# ---------------------------------------------------------------- rejection sampler: kernel == reference


def make_spec_case(B, k, V, with_q, seed):
    g = torch.Generator().manual_seed(seed)
    p = torch.softmax(2 * torch.randn(B, k + 1, V, generator=g), -1)
    q = torch.softmax(2 * torch.randn(B, k, V, generator=g), -1) if with_q else None
    draft = torch.randint(0, V, (B, k), generator=g)
    draft = torch.where(torch.rand(B, k, generator=g) < 0.6, p[:, :k].argmax(-1), draft)  # some accepted
    u_accept, u_sample = torch.rand(B, k, generator=g), torch.rand(B, generator=g)
    greedy = torch.rand(B, generator=g) < 0.3
    num_draft = torch.randint(0, k + 1, (B,), generator=g)
    return p, q, draft, u_accept, u_sample, greedy, num_draft


SPEC_CASES = [(48, 3, 5, None), (16, 2, 37, 16), (6, 4, 300, 64)]  # B, k, V, block_v (small: many blocks)


@pytest.mark.parametrize("with_q", [True, False])
@pytest.mark.parametrize("B,k,V,block_v", SPEC_CASES)
def test_rejection_kernel_matches_reference(kernel_out, with_q, B, k, V, block_v):
    args = make_spec_case(B, k, V, with_q, seed=V + k)
    n_ref, tok_ref = spec_sample.rejection_sample_torch(*args)
    n_out, tok_out = kernel_out[f"spec-{with_q}-{V}"]
    assert torch.equal(n_out, n_ref) and torch.equal(tok_out, tok_ref)
    assert 0 < n_ref.sum() < args[6].sum()  # the case really mixes accepts and rejects


# ---------------------------------------------------------------- rejection sampler: statistics

P5 = torch.tensor([0.40, 0.25, 0.20, 0.10, 0.05])
Q5 = torch.tensor([0.05, 0.15, 0.20, 0.25, 0.35])  # total variation to P5: 0.45
CHI2_DF4_P001 = 18.47  # chi-square critical value, 4 degrees of freedom, p = 0.001


def first_emitted(p_rows, q_rows, k, n, seed, deterministic=False):
    """Run n independent rows with draft tokens drawn from q; return each row's first emitted token."""
    g = torch.Generator().manual_seed(seed)
    V = p_rows.shape[-1]
    p = p_rows.expand(n, k + 1, V).contiguous()
    q = q_rows.expand(n, k, V).contiguous()
    draft = torch.multinomial(q.reshape(-1, V), 1, replacement=True, generator=g).view(n, k)
    u_accept, u_sample = torch.rand(n, k, generator=g), torch.rand(n, generator=g)
    n_acc, token = spec_sample.rejection_sample_torch(p, None if deterministic else q, draft, u_accept, u_sample)
    return torch.where(n_acc > 0, draft[:, 0], token), n_acc


def chi2(tokens, probs):
    counts = torch.bincount(tokens, minlength=len(probs)).double()
    expected = probs.double() * len(tokens)
    return ((counts - expected) ** 2 / expected).sum().item(), counts / len(tokens)


@pytest.mark.parametrize("k", [1, 3])
def test_first_token_follows_target_not_draft(k):
    tokens, n_acc = first_emitted(P5[None], Q5[None], k, 40_000, seed=k)
    stat, freq = chi2(tokens, P5)
    assert stat < CHI2_DF4_P001, (stat, freq)
    assert 0.5 * (freq - P5.double()).abs().sum() < 0.015
    assert 0.5 * (freq - Q5.double()).abs().sum() > 0.4  # clearly not the draft's distribution
    # acceptance rate of draft 0 is sum(min(p, q)) = 1 - TV(p, q) = 0.55
    assert abs((n_acc > 0).double().mean().item() - 0.55) < 0.015


def test_deterministic_drafter_first_token_follows_target():
    """n-gram drafting: one fixed proposal (one-hot q); accept with prob p(x), else sample p without x."""
    for x in (0, 3):
        onehot = torch.zeros(1, 5).index_fill_(1, torch.tensor([x]), 1.0)
        tokens, n_acc = first_emitted(P5[None], onehot, 1, 40_000, seed=10 + x, deterministic=True)
        stat, _ = chi2(tokens, P5)
        assert stat < CHI2_DF4_P001
        assert abs((n_acc > 0).double().mean().item() - P5[x].item()) < 0.015


def test_bonus_and_zero_drafts_sample_target():
    """q == p accepts every draft, so the emitted token is the bonus from p[k]; num_draft=0 draws p[0]."""
    n, V = 40_000, 5
    g = torch.Generator().manual_seed(7)
    p = torch.stack([Q5, P5])[None].expand(n, 2, V).contiguous()  # position 0: Q5, bonus position 1: P5
    draft = torch.multinomial(Q5, n, replacement=True, generator=g)[:, None]
    n_acc, token = spec_sample.rejection_sample_torch(
        p, p[:, :1], draft, torch.rand(n, 1, generator=g), torch.rand(n, generator=g)
    )
    assert bool((n_acc == 1).all())
    assert chi2(token, P5)[0] < CHI2_DF4_P001
    n_acc, token = spec_sample.rejection_sample_torch(
        p,
        p[:, :1],
        draft,
        torch.rand(n, 1, generator=g),
        torch.rand(n, generator=g),
        num_draft=torch.zeros(n),
    )
    assert bool((n_acc == 0).all())
    assert chi2(token, Q5)[0] < CHI2_DF4_P001


def test_greedy_is_argmax_walk():
    p, q, draft, ua, us, _, _ = make_spec_case(64, 4, 11, True, seed=3)
    n_acc, token = spec_sample.rejection_sample_torch(p, q, draft, ua, us, greedy=torch.ones(64, dtype=torch.bool))
    best = p.argmax(-1)
    for b in range(64):
        j = 0
        while j < 4 and int(draft[b, j]) == int(best[b, j]):
            j += 1
        assert (int(n_acc[b]), int(token[b])) == (j, int(best[b, j]))
    assert 0 < int(n_acc.sum()) < 4 * 64


def test_inverse_cdf_never_picks_zero_weight():
    w = torch.tensor([[0.0, 1.0, 0.0, 2.0, 0.0]]).expand(6, 5)
    u = torch.tensor([0.0, 0.1, 0.333, 0.34, 0.9, 0.9999999])
    assert spec_sample.inverse_cdf(w, u).tolist() == [1, 1, 1, 3, 3, 3]


# ---------------------------------------------------------------- fused norm / activation


def make_norm_case(dtype):
    g = torch.Generator().manual_seed(0)
    x = torch.randn(7, 96, generator=g).to(dtype)
    w = torch.rand(96, generator=g) + 0.5
    return x, w, torch.randn(3, 2, 200, generator=g).to(dtype)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
def test_rms_norm_and_silu_mul_kernels(kernel_out, dtype):
    x, w, gu = make_norm_case(dtype)
    tol = 1e-5 if dtype == torch.float32 else 2e-3
    out = kernel_out[f"rms-{dtype}"]
    assert out.dtype == dtype and torch.allclose(out.float(), norm.rms_norm_torch(x, w, 1e-5).float(), atol=tol)
    out = kernel_out[f"silu-{dtype}"]
    assert out.shape == (3, 2, 100)
    assert torch.allclose(out.float(), norm.silu_mul_torch(gu).float(), atol=tol)


ROPE_HEADS = 6  # 6 q heads, 2 kv heads, head_dim 32


def make_rope_case(dtype):
    from engine.model import rope_tables

    g = torch.Generator().manual_seed(4)
    qkv = torch.randn(5, ROPE_HEADS + 4, 32, generator=g).to(dtype)
    cos, sin = rope_tables(32, 10000.0, 64, "cpu")
    pos = torch.tensor([3, 0, 63, 17, 4])
    slots = torch.tensor([2, 0, 1, 2, 2])  # three tokens of slot 2, as a prompt chunk writes them
    kc, vc = torch.randn(3, 2, 64, 32, generator=g).to(dtype), torch.randn(3, 2, 64, 32, generator=g).to(dtype)
    return qkv, cos[pos].to(dtype), sin[pos].to(dtype), kc, vc, slots, pos


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
def test_rope_cache_kernel(kernel_out, dtype):
    qkv, cos, sin, kc, vc, slots, pos = make_rope_case(dtype)
    untouched = kc.clone()
    q = rope.rope_cache_torch(qkv, cos, sin, kc, vc, slots, pos, ROPE_HEADS)
    assert q.shape == (5, ROPE_HEADS, 32)
    assert not torch.equal(kc, untouched) and torch.equal(kc[:, :, 5:17], untouched[:, :, 5:17])  # only by position
    tol = 1e-5 if dtype == torch.float32 else 2e-3
    for got, want in zip(kernel_out[f"rope-{dtype}"], (q, kc, vc), strict=True):
        assert got.dtype == dtype and torch.allclose(got.float(), want.float(), atol=tol)
    x = qkv[1, 0].double()  # token 1 sits at position 0: no rotation at all
    assert torch.allclose(q[1, 0].double(), x, atol=tol)


def test_dispatch_uses_torch_on_cpu():
    import engine.kernels as K

    case = make_attention_case(torch.float32, 2, 4, 2, 1, 32, 40, [12, 40])
    assert not K.use_triton(case[0])
    assert torch.equal(K.decode_attention(*case), attention.decode_attention_torch(*case))
    args = make_spec_case(8, 2, 7, True, seed=1)
    assert all(
        torch.equal(a, b)
        for a, b in zip(K.rejection_sample(*args), spec_sample.rejection_sample_torch(*args), strict=True)
    )
