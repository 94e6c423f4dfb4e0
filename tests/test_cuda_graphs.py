"""The CUDA-graph decode step's padding and scratch slot, run eagerly on CPU (capture=False): the same
static buffers and padded buckets the GPU replays, checked against the plain eager step (fp32, real model).
Capture and replay themselves need a GPU: scripts/gpu_check.py compares them with the eager step there."""

from __future__ import annotations

import pytest
import torch

from engine import Engine, EngineOptions
from engine.cuda_graphs import DecodeGraphs, buckets_for
from engine.kv_cache import KVCache
from engine.options import SamplingParams
from engine.runner import ModelRunner
from engine.scheduler import Batch
from engine.sequence import Sequence

pytestmark = pytest.mark.slow

QUESTIONS = ("What is the capital of France?", "Name three colours.", "Count to five.")
SENTINEL = 7.0


@pytest.fixture(scope="module")
def engine():
    with Engine(EngineOptions(model="smollm2-135m", dtype="float32", max_batch=1, max_seq_len=256)) as e:
        yield e


def decode(engine: Engine, graphs: bool, steps: int = 6) -> tuple[list[list[int]], KVCache, int]:
    """Three requests prefilled, then decoded together; -> their tokens, the cache, and replayed steps."""
    model, c, cpu = engine.runner.model, engine.config, torch.device("cpu")
    kv = KVCache.allocate(c.num_layers, 5, c.num_kv_heads, 256, c.head_dim, torch.float32, cpu)
    kv.k[:, 3], kv.v[:, 3] = SENTINEL, SENTINEL  # a slot nobody uses in this batch
    g = DecodeGraphs(model, kv, max_batch=4, capture=False) if graphs else None
    replayed = 0
    if g is not None:
        inner = g.decode

        def counted(*args):
            nonlocal replayed
            replayed += 1
            return inner(*args)

        g.decode = counted
    runner = ModelRunner(model, kv, cpu, g)
    params = SamplingParams(max_tokens=steps + 1, ignore_eos=True)
    seqs = []
    for slot, q in enumerate(QUESTIONS):
        ids = engine.tokenizer.encode_chat([{"role": "user", "content": q}])
        seq = Sequence(slot, ids, params, lambda _: None, None, torch.Generator().manual_seed(0), slot=slot)
        seq.tokens += runner.run(Batch([], [(seq, len(ids))], [seq]))[0]
        seqs.append(seq)
    for _ in range(steps):
        for seq, new in zip(seqs, runner.run(Batch(seqs, [], seqs)), strict=True):
            seq.tokens += new
    return [s.tokens for s in seqs], kv, replayed


def test_padded_decode_matches_the_eager_step(engine):
    eager, _, none = decode(engine, graphs=False)
    padded, kv, replayed = decode(engine, graphs=True)
    assert none == 0 and replayed == 6  # every decode step went through the graphs' path, no prefill did
    assert padded == eager  # three rows padded to the bucket of four give the same greedy tokens
    assert bool((kv.k[:, 3] == SENTINEL).all() and (kv.v[:, 3] == SENTINEL).all())  # padding never wrote here
    assert kv.k[:, 4, :, 0].abs().sum() > 0  # it wrote the scratch slot (token 0 at position 0)


def test_buckets_and_scratch_slot(engine):
    assert buckets_for(1) == [1]
    assert buckets_for(6) == [1, 2, 4, 6]
    assert buckets_for(8) == [1, 2, 4, 8]
    c = engine.config
    kv = KVCache.allocate(c.num_layers, 4, c.num_kv_heads, 16, c.head_dim, torch.float32, "cpu")
    with pytest.raises(ValueError, match="max_batch \\+ 1"):
        DecodeGraphs(engine.runner.model, kv, max_batch=4, capture=False)
    g = DecodeGraphs(engine.runner.model, kv, max_batch=3, capture=False)
    assert g.fits(3) and not g.fits(4) and not g.fits(0)


def test_cpu_engine_captures_nothing(engine):
    assert engine.runner.graphs is None  # the option is for CUDA: a CPU engine decodes eagerly
    assert engine.runner.kv.k.shape[1] == engine.options.max_batch  # and needs no scratch slot
    with pytest.raises(ValueError, match="cuda_graphs"):
        EngineOptions(cuda_graphs="yes")  # type: ignore[arg-type]
