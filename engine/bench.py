"""Decode benchmark: our engine at batch 1/2/4/8 next to HF transformers (fp32, greedy, batch 1), then
speculative decoding with each drafter against plain decoding of the same prompts (engine/bench_spec.py).

    python -m engine.bench --json /tmp/engine_bench.json [--quick] [--model smollm2-135m] [--dtype auto]

Figures are measured here, never asserted in tests: the machines are shared and noisy. The engine runs
first and is closed before HF runs, so the two never share the CPU (or OpenMP thread pools).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import time

from engine import Engine, EngineOptions, SamplingParams

PROMPT = [{"role": "user", "content": "Tell me a short story about a robot who learns to paint."}]


async def _timed_stream(engine: Engine, ids: list[int], tokens: int) -> list[float]:
    """Arrival time of every delta of one request."""
    params = SamplingParams(max_tokens=tokens, ignore_eos=True)
    return [time.perf_counter() async for _ in engine.generate_ids(ids, params)]


async def _decode_run(engine: Engine, ids: list[int], batch: int, tokens: int) -> dict:
    """Aggregate decode tok/s once every request is past its prefill, and per-step latency."""
    engine.step_times.clear()
    t0 = time.perf_counter()
    runs = await asyncio.gather(*(_timed_stream(engine, ids, tokens) for _ in range(batch)))
    start, end = max(r[0] for r in runs), max(r[-1] for r in runs)
    decoded = sum(1 for r in runs for t in r if t > start)
    steps = sorted(list(engine.step_times)[batch:])  # the first steps carry the prompts' prefill
    return {
        "tok_s": decoded / (end - start),
        "ttft_ms": 1e3 * (min(r[0] for r in runs) - t0),
        "p50_ms": 1e3 * statistics.median(steps),
        "p95_ms": 1e3 * steps[min(len(steps) - 1, int(0.95 * len(steps)))],
    }


def bench_engine(options: EngineOptions, tokens: int, repeat: int) -> dict:
    """Best of `repeat` runs per batch size (the machines are shared: the best run is the least disturbed)."""
    with Engine(options) as engine:
        ids = engine.tokenizer.encode_chat(PROMPT)
        asyncio.run(_decode_run(engine, ids, 1, 8))  # warm-up
        runs = {}
        for b in (1, 2, 4, 8):
            tries = [asyncio.run(_decode_run(engine, ids, b, tokens)) for _ in range(repeat)]
            runs[str(b)] = max(tries, key=lambda r: r["tok_s"])
        dtype = str(engine.dtype).removeprefix("torch.")
        if engine.single_row_dtype is not None:
            dtype += "+" + str(engine.single_row_dtype).removeprefix("torch.") + " (one-token steps)"
        return {"dtype": dtype, "prompt_tokens": len(ids), "runs": runs}


def bench_hf(model_dir, tokens: int, threads: int) -> float:
    """HF transformers greedy decode tok/s at batch 1, fp32, from the same converted weights.

    A plain greedy loop over the model's KV cache (what `generate` does, minus its bookkeeping); the
    median step time is robust to the other processes that share these machines.
    """
    import torch
    from transformers import AutoModelForCausalLM

    from engine.tokenizer import Tokenizer

    torch.set_num_threads(threads)
    model = AutoModelForCausalLM.from_pretrained(model_dir, dtype=torch.float32).eval()
    ids = torch.tensor([Tokenizer.from_dir(model_dir).encode_chat(PROMPT)])
    times = []
    with torch.inference_mode():
        out = model(ids, use_cache=True)
        for _ in range(tokens):
            token = out.logits[:, -1:].argmax(-1)
            t = time.perf_counter()
            out = model(token, past_key_values=out.past_key_values, use_cache=True)
            times.append(time.perf_counter() - t)
    return 1.0 / statistics.median(times[2:])


def main(argv: list[str] | None = None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--json", help="write the results here")
    ap.add_argument("--quick", action="store_true", help="fewer tokens, no Qwen pair: about a minute")
    ap.add_argument("--model", default=EngineOptions.model)
    ap.add_argument("--dtype", default="auto")
    ap.add_argument("--threads", type=int, default=os.cpu_count())
    ap.add_argument("--repeat", type=int, default=2, help="runs per figure; the best is kept")
    ap.add_argument("--no-spec", action="store_true", help="skip the speculative-decoding comparison")
    args = ap.parse_args(argv)
    tokens, hf_tokens = (32, 16) if args.quick else (128, 48)

    options = EngineOptions(model=args.model, dtype=args.dtype, threads=args.threads, max_seq_len=512)
    eng = bench_engine(options, tokens, args.repeat)
    spec = None
    if not args.no_spec:  # before HF: after transformers has run in this process, our engine measures slower
        from engine.bench_spec import bench_spec

        spec = bench_spec(args.model, args.dtype, args.threads, 2 * tokens, args.repeat, qwen=not args.quick)
    from engine.weights import resolve_model

    hf = bench_hf(resolve_model(args.model), hf_tokens, args.threads)
    runs = eng["runs"]
    results = {
        "model": args.model,
        "dtype": eng["dtype"],
        "threads": args.threads,
        "tokens_per_request": tokens,
        "repeat": args.repeat,
        "prompt_tokens": eng["prompt_tokens"],
        "hf_tok_s": round(hf, 2),
        "decode_tok_s": {b: round(r["tok_s"], 1) for b, r in runs.items()},
        "step_ms": {b: {"p50": round(r["p50_ms"], 1), "p95": round(r["p95_ms"], 1)} for b, r in runs.items()},
        "ttft_ms": {b: round(r["ttft_ms"], 1) for b, r in runs.items()},
        "speedup_vs_hf": round(runs["1"]["tok_s"] / hf, 2),
        "batch8_vs_batch1": round(runs["8"]["tok_s"] / runs["1"]["tok_s"], 2),
    }
    print(f"model {args.model}  dtype {eng['dtype']}  threads {args.threads}  prompt {eng['prompt_tokens']} tokens")
    print(f"{'':>12} {'tok/s':>8} {'step p50':>9} {'step p95':>9} {'TTFT':>8}")
    print(f"{'hf fp32 b1':>12} {hf:8.1f}")
    for b, r in runs.items():
        print(f"{'engine b' + b:>12} {r['tok_s']:8.1f} {r['p50_ms']:7.1f}ms {r['p95_ms']:7.1f}ms {r['ttft_ms']:6.0f}ms")
    print(f"speedup vs HF at batch 1: {results['speedup_vs_hf']}x; batch 8 vs batch 1: {results['batch8_vs_batch1']}x")
    if spec is not None:
        results["spec"] = spec
        print(f"{'speculation':>16} {'speedup':>8} {'plain':>7} {'spec':>7} {'accept':>7} {'mean acc':>8} same")
        for name, r in spec.items():
            print(
                f"{name:>16} {r['speedup']:7.2f}x {r['plain_tok_s']:7.1f} {r['spec_tok_s']:7.1f} "
                f"{r['acceptance_rate']:7.2f} {r['mean_accepted']:8.2f} {r['same_output']}"
            )
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=2)
    return results


if __name__ == "__main__":
    main()
