"""Speculative decoding: lossless output with every drafter, rollback, cancellation, adaptivity (fp32, real model)."""

from __future__ import annotations

import asyncio
import collections
import itertools
from dataclasses import replace

import pytest
import torch

from engine import Engine, EngineOptions, SamplingParams
from engine.drafters import ModelDrafter, ngram_lookup
from engine.kv_cache import KVCache
from engine.model import AttentionMeta
from engine.options import SamplingParams as SP
from engine.runner import ModelRunner, group_meta
from engine.scheduler import Batch
from engine.sequence import Sequence
from engine.speculative import StepCosts, choose_k
from engine.verify import verify

pytestmark = pytest.mark.slow

TEXT = (
    "The quick brown fox jumps over the lazy dog. A journey of a thousand miles begins with a single step. "
    "All that glitters is not gold, and the early bird catches the worm."
)
PROMPTS = [
    [{"role": "user", "content": "Repeat this text exactly: " + TEXT}],
    [{"role": "user", "content": "Hi! Say hello back, then say hello again."}],
    [{"role": "user", "content": "Fix the spelling: 'Teh cat sat on teh mat, and teh dog sat on teh log.'"}],
    [{"role": "user", "content": "Count from one to ten in words: one, two, three,"}],
]
BASE = dict(model="smollm2-135m", dtype="float32", max_batch=4, max_seq_len=384, prefill_chunk=64)
GREEDY = SamplingParams(max_tokens=24, ignore_eos=True)


async def tokens_of(engine: Engine, messages, params=GREEDY) -> list[int]:
    return [t async for d in engine.generate(messages, params) for t in d.token_ids]


async def batch_of(engine: Engine, params=GREEDY) -> list[list[int]]:
    return list(await asyncio.gather(*(tokens_of(engine, m, params) for m in PROMPTS)))


@pytest.fixture(scope="module")
def plain():
    with Engine(EngineOptions(**BASE)) as e:
        e.expected = asyncio.run(batch_of(e))  # each prompt's plain greedy reply (batch-invariant in fp32)
        yield e


SPEC_OPTIONS = {
    "ngram": dict(speculation="ngram"),
    "self": dict(speculation="self", self_draft_layers=24),
    "draft": dict(speculation="draft", draft_model="smollm2-135m"),  # its own draft: the mechanics, exactly
}


@pytest.fixture(scope="module", params=list(SPEC_OPTIONS))
def spec(request):
    with Engine(EngineOptions(**BASE, **SPEC_OPTIONS[request.param])) as e:
        e.speculator.fixed_k = 4  # every step speculates, whatever the cost model would choose
        yield e


async def test_greedy_identical_alone_and_batched(plain, spec):
    before = spec.stats()
    alone = await tokens_of(spec, PROMPTS[0])
    assert alone == plain.expected[0]
    assert await batch_of(spec) == plain.expected  # rows of different lengths and draft counts in one pass
    stats = spec.stats()
    assert stats["spec_proposed"] > before["spec_proposed"]
    assert stats["spec_accepted"] > before["spec_accepted"]


async def test_a_banned_first_token_is_banned_with_speculation_too(plain, spec):
    """SamplingParams.ban_first with drafts: the same reply as plain decoding with the ban, also when the
    whole prompt is cached and its last token is a decode row that speculates."""
    params = replace(GREEDY, ban_first=(plain.expected[0][0],))
    want = await tokens_of(plain, PROMPTS[0], params)
    assert want[0] != plain.expected[0][0]
    for _ in range(2):
        assert [t async for d in spec.generate(PROMPTS[0], params, "banned") for t in d.token_ids] == want
    spec.forget("banned")


async def test_decode_attention_kernel_path(plain, spec):
    """The CUDA branch (engine.kernels.decode_attention, T = 1+k query tokens) via its PyTorch reference."""
    spec.runner.decode_kernel = True
    try:
        assert await batch_of(spec) == plain.expected
    finally:
        spec.runner.decode_kernel = False


async def test_seeded_sampling_reproducible(spec):
    params = SamplingParams(max_tokens=16, temperature=0.8, seed=3)
    a, b = await tokens_of(spec, PROMPTS[0], params), await tokens_of(spec, PROMPTS[0], params)
    assert a == b and len(a) > 0
    assert all(0 <= t < spec.config.vocab_size for t in a)


async def test_a_fault_in_the_speculators_bookkeeping_fails_only_its_request(plain, spec, monkeypatch):
    """After the verify forward every row's KV is counted: a fault in one row's bookkeeping must fail that
    request alone, not re-run the step (which would write the other rows' KV twice, out of place)."""
    from engine import EngineError

    poison = 616161
    real = spec.speculator.observe

    def observe(seq, proposed, new):
        if seq.params.seed == poison:
            raise RuntimeError("injected fault")
        real(seq, proposed, new)

    monkeypatch.setattr(spec.speculator, "observe", observe)
    async with asyncio.timeout(60):  # the re-run it replaced never ended
        results = await asyncio.gather(
            tokens_of(spec, PROMPTS[0]),
            tokens_of(spec, PROMPTS[2], SamplingParams(max_tokens=24, ignore_eos=True, seed=poison)),
            return_exceptions=True,
        )
    assert results[0] == plain.expected[0]
    assert isinstance(results[1], EngineError) and "injected fault" in str(results[1])


async def test_a_fault_in_the_step_cost_bookkeeping_keeps_every_token(plain, spec, monkeypatch, capfd):
    """The cost record is bookkeeping after a forward that succeeded: a fault there keeps the step's tokens
    (before, every request in the step got an error) and is reported once."""

    def record(tokens, seconds):
        raise RuntimeError("injected cost fault")

    monkeypatch.setattr(spec.speculator.costs, "record", record)
    async with asyncio.timeout(60):
        results = await asyncio.gather(tokens_of(spec, PROMPTS[0]), tokens_of(spec, PROMPTS[1]))
    assert results == plain.expected[:2]
    assert capfd.readouterr().err.count("injected cost fault") == 1


async def test_cancel_frees_both_slots(spec):
    stream = spec.generate(PROMPTS[0], SamplingParams(max_tokens=200, ignore_eos=True))
    seen = 0
    async for _ in stream:
        seen += 1
        if seen == 3:
            break
    await stream.aclose()
    for _ in range(500):
        if spec.stats()["free_slots"] == 4 and spec.stats()["in_flight"] == 0:
            break
        await asyncio.sleep(0.01)
    assert spec.stats()["free_slots"] == 4 and spec.stats()["in_flight"] == 0
    drafter = spec.speculator.drafter
    if isinstance(drafter, ModelDrafter):
        assert drafter.state == {}  # the draft model's per-slot state went with the request


def make_seq(ids: list[int], slot: int, params: SP = GREEDY, seed: int = 0) -> Sequence:
    g = torch.Generator().manual_seed(seed)
    return Sequence(0, list(ids), params, lambda _: None, None, g, slot=slot)  # no text: runner-level tests


def test_rollback_matches_fresh_prefill(plain):
    model, c = plain.runner.model, plain.config
    kv = KVCache.allocate(c.num_layers, 2, c.num_kv_heads, 256, c.head_dim, torch.float32, "cpu")
    runner = ModelRunner(model, kv, torch.device("cpu"))
    prompt = plain.tokenizer.encode_chat(PROMPTS[0])
    seq = make_seq(prompt, 0)
    seq.tokens.append(runner.run(Batch([], [(seq, len(prompt))], [seq]))[0][0])
    good = plain.expected[0][1:3]  # the next two greedy tokens, then two wrong ones
    wrong = [t + 1 for t in plain.expected[0][3:5]]
    new = runner.run(Batch([seq], [], [seq]), [good + wrong])[0]
    assert new == plain.expected[0][1:4]  # two drafts kept, the third position corrected
    seq.tokens += new
    assert seq.num_computed == len(seq.tokens) - 1  # the rejected positions were rolled back

    with torch.inference_mode():
        n, pos = len(seq.tokens), seq.num_computed
        meta = group_meta([pos], [1], [0], "cpu", False)
        cached = model.forward(torch.tensor(seq.tokens[-1:]), torch.tensor([pos]), torch.tensor([0]), meta, kv)
        meta = AttentionMeta(None, None, None, 0, 1).add_chunk(1, 0, n, "cpu")
        fresh = model.forward(torch.tensor(seq.tokens), torch.arange(n), torch.ones(n, dtype=torch.long), meta, kv)
    torch.testing.assert_close(cached[0], fresh[-1], atol=1e-4, rtol=1e-4)


def test_verify_sampling_follows_target_not_draft():
    """A tiny vocabulary: the first emitted token is distributed as the target p, whatever the draft says."""
    logits = torch.log(torch.tensor([[0.1, 0.2, 0.3, 0.4], [0.25, 0.25, 0.25, 0.25]]))
    counts = collections.Counter()
    n = 4000
    for seed in range(n):
        seq = make_seq([1], 0, SP(temperature=1.0), seed)
        accepted, token = verify([logits], [seq], [[0]])  # the draft always proposes the least likely token
        counts[0 if accepted[0] else token[0]] += 1
    freq = torch.tensor([counts[i] / n for i in range(4)])
    torch.testing.assert_close(freq, torch.tensor([0.1, 0.2, 0.3, 0.4]), atol=0.03, rtol=0)
    greedy = make_seq([1], 0)
    assert verify([logits], [greedy], [[3]]) == ([1], [0])  # argmax 3 kept, then argmax of the uniform row
    assert verify([logits], [greedy], [[2]]) == ([0], [3])


class WrongDrafter:
    """Always proposes a token the model never picks here."""

    free, prior = True, 0.95  # so confident at first that the engine surely tries it

    def __init__(self, token: int) -> None:
        self.token = token

    def propose(self, seqs, ks):
        return [[self.token] * k for k in ks]

    def release(self, seq):
        pass


async def test_adaptive_k_drops_to_zero_for_a_useless_drafter(plain):
    with Engine(EngineOptions(**BASE), drafter=WrongDrafter(plain.tokenizer.encode(" zebra")[0])) as e:
        params = SamplingParams(max_tokens=96, ignore_eos=True)
        mid, steps = None, 0
        async for _ in e.generate(PROMPTS[1], params):
            steps += 1
            if steps == 32:
                mid = e.stats()["spec_proposed"]
        stats = e.stats()
    assert mid > 0 and stats["spec_accepted"] == 0  # it tried, and nothing was ever accepted
    # over the last 64 steps a non-adaptive k=4 would have proposed 256 tokens; only rare re-probes remain
    assert stats["spec_proposed"] - mid <= 16


class CutDrafter:
    """Proposes the plain reply's next token, then tokens the model may not produce (engine/vocab.py)."""

    free, prior = True, 0.95

    def __init__(self, prompt: int, reply: list[int], banned: int) -> None:
        self.prompt, self.reply, self.banned = prompt, reply, banned

    def propose(self, seqs, ks):
        done = [len(s.tokens) - self.prompt for s in seqs]  # reply tokens so far (< 0: the engine's warm-up)
        return [(self.reply[n : n + 1] + [self.banned] * k)[:k] if 0 <= n < len(self.reply) else []
                for n, k in zip(done, ks, strict=True)]  # fmt: skip

    def release(self, seq):
        pass


async def test_a_draft_is_cut_at_a_token_the_model_may_not_produce(plain):
    """Such a token has no logits column: the draft stops before it, the reply stays plain decoding's."""
    vocab = plain.runner.model.vocab
    banned = next(i for i in range(plain.config.vocab_size) if vocab.column(i) is None)
    prompt = plain.tokenizer.encode_chat(PROMPTS[1])
    drafter = CutDrafter(len(prompt), plain.expected[1], banned)
    with Engine(EngineOptions(**BASE), drafter=drafter) as e:
        e.speculator.fixed_k = 3
        assert await tokens_of(e, PROMPTS[1]) == plain.expected[1]
        stats = e.stats()
    assert stats["spec_accepted"] > 0 and stats["spec_proposed"] == stats["spec_accepted"]  # only the good ones


def test_choose_k():
    flat = StepCosts()
    flat.table.update({1: 1.0, 40: 1.0})  # a GPU-like step: extra tokens are free
    assert choose_k([0.9], [4], flat, lambda k: 0.0) == [4]
    assert choose_k([0.0], [4], flat, lambda k: 0.1) == [0]
    cliff = StepCosts()
    cliff.table.update({1: 1.0, 2: 2.0, 5: 2.1})  # CPU: one-token steps use fast fp16 weights
    assert choose_k([0.5], [4], cliff, lambda k: 0.0) == [0]
    assert choose_k([0.95], [4], cliff, lambda k: 0.0) == [4]  # k=1 loses, k=4 wins: every k is tried
    assert choose_k([0.95], [4], cliff, lambda k: 0.0, spec_bias=3.0) == [0]  # real spec steps overran: stop
    linear = StepCosts()
    linear.table.update({1: 1.0, 40: 40.0})  # compute-bound: cost grows with every token
    assert choose_k([0.6] * 8, [4] * 8, linear, lambda k: 0.0) == [0] * 8  # a full batch backs off
    assert sum(choose_k([0.6] * 8, [4] * 8, flat, lambda k: 0.0)) == 32


def test_ngram_lookup():
    assert ngram_lookup([1, 2, 3, 9, 9, 1, 2, 3], 2) == [9, 9]
    assert ngram_lookup([5, 6, 7, 5, 6, 8, 5, 6], 3) == [8, 5, 6]  # the latest match wins
    assert ngram_lookup([1, 2, 3], 4) == []


def test_speculation_options():
    with pytest.raises(ValueError, match="speculation"):
        EngineOptions(speculation="medusa")
    with pytest.raises(ValueError, match="draft_model"):
        EngineOptions(speculation="draft")
    with pytest.raises(ValueError, match="num_draft"):
        EngineOptions(speculation="ngram", num_draft=0)
    with pytest.raises(ValueError, match="self_draft_layers"):
        EngineOptions(speculation="self", self_draft_layers=0)
    assert EngineOptions(speculation="self", self_draft_layers=[0, 2]).self_draft_layers == (0, 2)


def test_verify_greedy_and_sampled_rows_together():
    """Greedy rows keep drafts while they equal the argmax (the first of tied maxima, as argmax), and emit
    the argmax after them; a sampled row beside them draws from its own generator as it would alone."""
    g = torch.Generator().manual_seed(1)
    logits = [torch.randint(0, 4, (k + 1, 50), generator=g).float() for k in (3, 1, 4, 2)]  # many ties
    best = [lg.argmax(-1).tolist() for lg in logits]
    drafts = [[*best[0][:2], (best[0][2] + 1) % 50], best[1][:1], best[2][:4], [7, 7]]
    seqs = [make_seq([1], 0), make_seq([1], 0), make_seq([1], 0, SP(temperature=0.7), 5), make_seq([1], 0)]
    accepted, token = verify(logits, seqs, drafts)
    pairs = [zip(d, b, strict=False) for d, b in zip(drafts, best, strict=True)]
    expect = [len(list(itertools.takewhile(lambda x: x[0] == x[1], p))) for p in pairs]
    assert expect[:2] == [2, 1]
    for i in (0, 1, 3):
        assert (accepted[i], token[i]) == (expect[i], best[i][expect[i]])
    alone = verify([logits[2]], [make_seq([1], 0, SP(temperature=0.7), 5)], [drafts[2]])
    assert (accepted[2], token[2]) == (alone[0][0], alone[1][0])
