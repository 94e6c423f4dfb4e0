"""Speculative-decoding benchmark: each drafter against plain decoding of the same prompts, in one run.

Greedy, batch 1, replies end at EOS or `tokens`. Decode speed counts tokens after the first (the prefill is
the same either way). Both sides run the same engine path (device and dtype as engine/bench.py records them),
loaded side by side and taking turns on each prompt.
`same_output` says whether the speculating engine produced exactly the plain tokens: always in fp32; on a path
whose one-token and multi-token steps round differently (a separate one-row weight copy, a kernel chosen per
shape) a near-tie may flip.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import replace

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
_VOICE_SYSTEM = {
    "role": "system",
    "content": "You are a friendly voice assistant. Answer in one or two short, spoken sentences.",
}
VOICE = [  # what the voice pipeline asks: replies to short spoken sentences, which often reuse their words
    [_VOICE_SYSTEM, {"role": "user", "content": u}]
    for u in ("The birch canoe slid on the smooth planks.", "Glue the sheet to the dark blue background.",
              "What is the capital of Italy?", "It's easy to tell the depth of a well.")
]  # fmt: skip
QWEN_TARGET, QWEN_DRAFT = "qwen2.5-coder-1.5b", "qwen2.5-coder-0.5b"


async def _decode(engine: Engine, messages, tokens: int) -> tuple[list[int], float]:
    """(tokens, seconds from the first token to the last)."""
    out, times = [], []
    async for d in engine.generate(messages, SamplingParams(max_tokens=tokens)):
        out += d.token_ids
        times.append(time.perf_counter())
    return out, times[-1] - times[0]


def _side_by_side(options: EngineOptions, drafter: str, prompts: list, tokens: int, repeat: int, **extra) -> dict:
    """A plain and a speculating engine loaded at once, each prompt decoded by one and then the other,
    `repeat` times (the best time of each kept): both see the same machine, which on a shared 2-core VM
    drifts by 20 % within minutes, so two engines measured one after the other can differ by more than
    speculation does."""
    with Engine(options) as plain, Engine(replace(options, speculation=drafter, **extra)) as spec:
        for engine in (plain, spec):
            asyncio.run(_decode(engine, prompts[0], 4))  # warm-up
        before = spec.stats()
        runs: dict[str, list[tuple[list[int], float]]] = {"plain": [], "spec": []}
        for p in prompts:
            got = {"plain": [], "spec": []}
            for _ in range(repeat):
                for name, engine in (("plain", plain), ("spec", spec)):
                    got[name].append(asyncio.run(_decode(engine, p, tokens)))
            for name, results in got.items():
                runs[name].append((results[0][0], min(t for _, t in results)))
        after = spec.stats()
    rows = max(1, after["spec_rows"] - before["spec_rows"])
    accepted, proposed = (after[k] - before[k] for k in ("spec_accepted", "spec_proposed"))
    tok_s = {name: sum(len(o) - 1 for o, _ in r) / sum(t for _, t in r) for name, r in runs.items()}
    return {
        "speedup": round(tok_s["spec"] / tok_s["plain"], 2),
        "plain_tok_s": round(tok_s["plain"], 1),
        "spec_tok_s": round(tok_s["spec"], 1),
        "acceptance_rate": round(accepted / max(1, proposed), 2),
        "mean_accepted": round(accepted / rows, 2),  # drafts kept per speculating row-step
        "same_output": [o for o, _ in runs["plain"]] == [o for o, _ in runs["spec"]],
    }


def bench_spec(model: str, dtype: str, threads: int, tokens: int, repeat: int, qwen: bool = True) -> dict:
    base = EngineOptions(model=model, dtype=dtype, threads=threads, max_seq_len=512, max_batch=8)
    spec = {
        "ngram_grounded": _side_by_side(base, "ngram", GROUNDED, tokens, repeat),
        "ngram_chat": _side_by_side(base, "ngram", CHAT, tokens, repeat),
        "ngram_voice": _side_by_side(base, "ngram", VOICE, tokens, repeat),
        "self_draft_chat": _side_by_side(base, "self", CHAT, tokens, repeat),
    }
    if not qwen:
        return spec
    try:
        from engine.weights import resolve_model

        resolve_model(QWEN_TARGET), resolve_model(QWEN_DRAFT)
    except ModelNotFoundError:
        return spec  # the Qwen pair is not installed (`make qwen`)
    q_tokens = max(8, tokens // 2)
    qbase = replace(base, model=QWEN_TARGET)
    spec["qwen_draft_chat"] = _side_by_side(qbase, "draft", CHAT[:1], q_tokens, 1, draft_model=QWEN_DRAFT)
    return spec
