"""Speculative-decoding benchmark: each drafter against plain decoding of the same prompts, in one run.

Greedy, batch 1, replies end at EOS or `tokens`. Decode speed counts tokens after the first (the prefill is
the same either way). Both sides run the same engine path (device and dtype as engine/bench.py records them).
`same_output` says whether the speculating engine produced exactly the plain tokens: always in fp32; on a path
whose one-token and multi-token steps round differently (a separate one-row weight copy, a kernel chosen per
shape) a near-tie may flip.
"""

from __future__ import annotations

import asyncio
import time

from engine import Engine, EngineOptions, SamplingParams
from engine.errors import ModelNotFoundError

TEXT = (
    "Our office will be closed on Monday for the public holiday. During this time, support requests will be "
    "answered by email within two working days. Please make sure your invoices are submitted by Friday, so "
    "that payments can be processed before the end of the month. Thank you for your patience."
)
TYPOS = TEXT.replace("the ", "teh ").replace("will", "wil")
GROUNDED = [  # tasks SmolLM2-135M does answer by reworking the given text
    [{"role": "user", "content": "Copy this text:\n" + TEXT}],
    [{"role": "user", "content": "Fix the spelling mistakes in this text and return the corrected text:\n\n" + TYPOS}],
    [{"role": "user", "content": "Translate this text into plain English, keeping it the same length:\n\n" + TEXT}],
]
CHAT = [
    [{"role": "user", "content": "Tell me a short story about a robot who learns to paint."}],
    [{"role": "user", "content": "What are three good habits for staying healthy? Explain each briefly."}],
]
QWEN_TARGET, QWEN_DRAFT = "qwen2.5-coder-1.5b", "qwen2.5-coder-0.5b"


async def _decode(engine: Engine, messages, tokens: int) -> tuple[list[int], float]:
    """(tokens, seconds from the first token to the last)."""
    out, times = [], []
    async for d in engine.generate(messages, SamplingParams(max_tokens=tokens)):
        out += d.token_ids
        times.append(time.perf_counter())
    return out, times[-1] - times[0]


def _run(options: EngineOptions, prompts: list, tokens: int, repeat: int) -> dict:
    """Per prompt: the tokens and the best decode time of `repeat` runs; plus the engine's spec counters."""
    with Engine(options) as engine:
        asyncio.run(_decode(engine, prompts[0], 4))  # warm-up
        before = engine.stats()
        results = []
        for p in prompts:
            runs = [asyncio.run(_decode(engine, p, tokens)) for _ in range(repeat)]
            results.append((runs[0][0], min(t for _, t in runs)))
        after = engine.stats()
    counts = {k: after[k] - before[k] for k in ("spec_proposed", "spec_accepted", "spec_rows")}
    return {
        "outputs": [o for o, _ in results],
        "tok_s": sum(len(o) - 1 for o, _ in results) / sum(t for _, t in results),
        **counts,
    }


def _compare(plain: dict, spec: dict) -> dict:
    rows = max(1, spec["spec_rows"])
    return {
        "speedup": round(spec["tok_s"] / plain["tok_s"], 2),
        "plain_tok_s": round(plain["tok_s"], 1),
        "spec_tok_s": round(spec["tok_s"], 1),
        "acceptance_rate": round(spec["spec_accepted"] / max(1, spec["spec_proposed"]), 2),
        "mean_accepted": round(spec["spec_accepted"] / rows, 2),  # drafts kept per speculating row-step
        "same_output": plain["outputs"] == spec["outputs"],
    }


def bench_spec(model: str, dtype: str, threads: int, tokens: int, repeat: int, qwen: bool = True) -> dict:
    base = dict(model=model, dtype=dtype, threads=threads, max_seq_len=512, max_batch=8)
    plain = {
        "grounded": _run(EngineOptions(**base), GROUNDED, tokens, repeat),
        "chat": _run(EngineOptions(**base), CHAT, tokens, repeat),
    }
    spec = {
        "ngram_grounded": _compare(
            plain["grounded"], _run(EngineOptions(**base, speculation="ngram"), GROUNDED, tokens, repeat)
        ),
        "ngram_chat": _compare(plain["chat"], _run(EngineOptions(**base, speculation="ngram"), CHAT, tokens, repeat)),
        "self_draft_chat": _compare(
            plain["chat"], _run(EngineOptions(**base, speculation="self"), CHAT, tokens, repeat)
        ),
    }
    if not qwen:
        return spec
    try:
        from engine.weights import resolve_model

        resolve_model(QWEN_TARGET), resolve_model(QWEN_DRAFT)
    except ModelNotFoundError:
        return spec  # the Qwen pair is not installed (`make qwen`)
    qbase = {**base, "model": QWEN_TARGET}
    q_tokens = max(8, tokens // 2)
    q_plain = _run(EngineOptions(**qbase), CHAT[:1], q_tokens, 1)
    q_spec = _run(EngineOptions(**qbase, speculation="draft", draft_model=QWEN_DRAFT), CHAT[:1], q_tokens, 1)
    spec["qwen_draft_chat"] = _compare(q_plain, q_spec)
    return spec
