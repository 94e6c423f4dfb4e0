"""Decode benchmark: our engine at batch 1/2/4/8 next to HF transformers (greedy, batch 1) on the same device,
time to first token for a ~60-token chat and across a 6-turn chat (with and without the per-session prefix
cache), what a background warm-up costs other requests (engine/bench_background.py), then speculative
decoding with each drafter against plain decoding (engine/bench_spec.py).

    python -m engine.bench --json /tmp/engine_bench.json [--quick] [--model NAME] [--dtype auto]

HF runs on the engine's device: fp32 on CPU (the target is "engine batch 1 >= 4x HF fp32 on the same CPU"),
the engine's dtype on CUDA. The JSON records the machine and each side's device, dtype and threads, because
a figure without them cannot be compared with another machine's.

Figures are measured here, never asserted in tests: the machines are shared and noisy. The engine runs
first and is closed before HF runs, so the two never share the CPU (or OpenMP thread pools).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import statistics
import time
from pathlib import Path

import torch

from engine import Engine, EngineOptions, SamplingParams
from engine.cpu import ISA_VARIABLES
from engine.tokenizer import Tokenizer

PROMPT = [{"role": "user", "content": "Tell me a short story about a robot who learns to paint."}]
# One name per TTFT prompt: it opens the system prompt, so no two prompts share more than the template's
# first tokens and no prefix cache can help.
NAMES = ("Ada", "Ben", "Cleo", "Dara", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jun", "Kai", "Lena", "Milo", "Nia",
         "Omar", "Pia", "Quinn", "Rosa", "Sami", "Tara", "Uma", "Vik")  # fmt: skip
QUESTION = (
    "I am planning a weekend trip to the mountains with two friends and a dog. What should we pack, how "
    "early should we leave on Saturday morning, and is it a good idea to cook our own dinner at the campsite "
    "or should we book a table at a restaurant in the village nearby?"
)
TURNS = (
    "What is the capital of France?",
    "How many people live there?",
    "What is it famous for?",
    "What food should I try there?",
    "When is the best time to visit?",
    "How do I get there from London?",
)
TTFT_TOKENS = 60


def _dtype_name(dtype: torch.dtype | None) -> str | None:
    return None if dtype is None else str(dtype).removeprefix("torch.")


def _pcts(seconds: list[float]) -> dict[str, float]:
    s = sorted(seconds)
    return {"p50": round(1e3 * statistics.median(s), 1), "p95": round(1e3 * s[min(len(s) - 1, int(0.95 * len(s)))], 1)}


def _system(variant: int) -> dict[str, str]:
    return {"role": "system", "content": f"{NAMES[variant]}, you are a friendly voice assistant. Keep answers short."}


def ttft_chat(tokenizer: Tokenizer, variant: int) -> list[dict[str, str]]:
    """A chat of about TTFT_TOKENS tokens in this model's own template: the question cut at the first word
    that reaches the target, so every model and template gets the same prompt length."""
    words = QUESTION.split()
    for n in range(1, len(words) + 1):
        chat = [_system(variant), {"role": "user", "content": " ".join(words[:n])}]
        if len(tokenizer.encode_chat(chat)) >= TTFT_TOKENS:
            return chat
    raise ValueError(f"QUESTION is too short for a {TTFT_TOKENS}-token chat with this tokenizer")


def machine_info() -> dict:
    """What makes figures from two machines comparable or not: CPU, the features torch uses, overrides."""
    from engine.cpu import detect

    try:
        cpuinfo = Path("/proc/cpuinfo").read_text()
    except OSError:
        cpuinfo = ""
    name = next((x.partition(":")[2].strip() for x in cpuinfo.splitlines() if x.startswith("model name")), "")
    cpu = detect(cpuinfo)
    info = {
        "cpu": name or platform.processor(),
        "cpu_features": cpu.describe(),
        "torch_cpu_capability": torch.backends.cpu.get_cpu_capability(),
        "env": {k: os.environ[k] for k in ISA_VARIABLES if k in os.environ},
        "cores": os.cpu_count(),
        "torch": torch.__version__,
    }
    if torch.cuda.is_available():
        info["gpu"] = torch.cuda.get_device_name()
    return info


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
        "ttft_ms": 1e3 * (min(r[0] for r in runs) - t0),  # the burst's first request to get a token...
        "last_ttft_ms": 1e3 * (start - t0),  # ...and its last
        "p50_ms": 1e3 * statistics.median(steps),
        "p95_ms": 1e3 * steps[min(len(steps) - 1, int(0.95 * len(steps)))],
    }


async def _first_token(engine: Engine, chat: list[dict[str, str]], tokens: int, **kw: str) -> tuple[float, str]:
    """(seconds from the request to its first delta, the reply's text)."""
    t0 = time.perf_counter()
    first, text = 0.0, ""
    async for d in engine.generate(chat, SamplingParams(max_tokens=tokens), **kw):
        first = first or time.perf_counter() - t0
        text += d.text
    return first, text


def bench_ttft(engine: Engine, repeat: int) -> dict:
    """TTFT of a fresh ~60-token chat (a voice turn's first prompt), a new prompt every time."""
    tok = engine.tokenizer
    asyncio.run(_first_token(engine, ttft_chat(tok, len(NAMES) - 1), 1))  # warm-up at this length
    chats = [ttft_chat(tok, i % (len(NAMES) - 1)) for i in range(repeat)]
    before = _reused(engine)
    times = [asyncio.run(_first_token(engine, chat, 1))[0] for chat in chats]
    lengths = [len(tok.encode_chat(c)) for c in chats]
    reused = _reused(engine) - before  # must be 0: these are fresh prompts
    return {"prompt_tokens": [min(lengths), max(lengths)], "repeat": repeat, **_pcts(times), "reused_tokens": reused}


def _reused(engine: Engine) -> int:
    """Prompt tokens the engine took from cached KV so far (0 before the prefix cache existed)."""
    return engine.stats().get("reused_tokens", 0)


def bench_multi_turn(engine: Engine, repeat: int) -> dict:
    """TTFT at each turn of a 6-turn chat, each turn twice: in a session (`cache_key`: the engine reuses the
    KV the session already computed) and recomputed. The recomputed chat starts with another name, because a
    request without a key may still copy the KV of any slot that shares its first tokens. Replies are the
    model's own (24 tokens at most), taken from the session so its cache matches the next prompt; the
    `reused_tokens` of each side show what was not computed (0 when recomputing, or the figure is wrong)."""
    times: dict[str, list[list[float]]] = {"cached": [[] for _ in TURNS], "recompute": [[] for _ in TURNS]}
    reused = {"cached": 0, "recompute": 0}
    available, lengths = True, []
    for r in range(repeat):
        key, chat = f"engine-bench-{r}", [_system(r)]
        for turn, question in enumerate(TURNS):
            chat.append({"role": "user", "content": question})
            before = _reused(engine)
            if available:
                try:
                    seconds, reply = asyncio.run(_first_token(engine, chat, 24, cache_key=key))
                    times["cached"][turn].append(seconds)
                    reused["cached"] += _reused(engine) - before
                except TypeError as e:  # the engine predates the prefix cache
                    if "cache_key" not in str(e):
                        raise
                    available = False
            before = _reused(engine)
            seconds, text = asyncio.run(_first_token(engine, [_system(r + repeat), *chat[1:]], 1 if available else 24))
            times["recompute"][turn].append(seconds)
            reused["recompute"] += _reused(engine) - before
            if not available:
                reply = text
            if r == 0:
                lengths.append(len(engine.tokenizer.encode_chat(chat)))
            chat.append({"role": "assistant", "content": reply})
        if available:
            engine.forget(key)
    out: dict = {"prefix_cache": "available" if available else "not available", "prompt_tokens": lengths}
    for name, runs in times.items():
        if runs[0]:
            p50 = [_pcts(t)["p50"] for t in runs]
            out[name] = {
                "ttft_ms": p50,
                "turn1_ms": p50[0],
                "turn6_ms": p50[-1],
                "turn6_vs_turn1": round(p50[-1] / p50[0], 2),
                "reused_tokens": reused[name],
            }
    return out


def bench_engine(options: EngineOptions, tokens: int, repeat: int, ttft_repeat: int, turn_repeat: int) -> dict:
    """Best of `repeat` runs per batch size (the machines are shared: the best run is the least disturbed)."""
    from engine.bench_background import bench_background

    with Engine(options) as engine:
        ids = engine.tokenizer.encode_chat(PROMPT)
        asyncio.run(_decode_run(engine, ids, 1, 8))  # warm-up
        runs = {}
        for b in (1, 2, 4, 8):
            tries = [asyncio.run(_decode_run(engine, ids, b, tokens)) for _ in range(repeat)]
            runs[str(b)] = max(tries, key=lambda r: r["tok_s"])
        side = {
            "device": engine.device.type,
            "dtype": _dtype_name(engine.dtype),
            "path": engine.path.description,
            "int8": engine.path.int8,
            "vocabulary": f"{options.vocabulary} ({len(engine.runner.model.vocab)} tokens)",
            "single_row_dtype": _dtype_name(engine.path.single_row_dtype),
            # on CPU the count the engine's own thread runs on (OpenMP's setting is per thread); else the host's
            "threads": engine.threads or torch.get_num_threads(),
        }
        return {
            "side": side,
            "prompt_tokens": len(ids),
            "runs": runs,
            "ttft_60": bench_ttft(engine, ttft_repeat),
            "multi_turn": bench_multi_turn(engine, turn_repeat),
            "background": bench_background(engine, turn_repeat + 1),
        }


def bench_hf(model_dir: Path, tokens: int, threads: int, device: str, dtype: torch.dtype, ttft_repeat: int) -> dict:
    """HF transformers greedy decode tok/s at batch 1 and TTFT of the same ~60-token chats, same weights.

    A plain greedy loop over the model's KV cache (what `generate` does, minus its bookkeeping); the
    median step time is robust to the other processes that share these machines.
    """
    from transformers import AutoModelForCausalLM

    torch.set_num_threads(threads)
    sync = torch.cuda.synchronize if device == "cuda" else (lambda: None)
    model = AutoModelForCausalLM.from_pretrained(model_dir, dtype=dtype).to(device).eval()
    tok = Tokenizer.from_dir(model_dir)
    chats = [ttft_chat(tok, len(NAMES) - 1)] + [ttft_chat(tok, i % (len(NAMES) - 1)) for i in range(ttft_repeat)]
    ttft, times = [], []
    with torch.inference_mode():
        for chat in chats:  # the first is a warm-up
            x = torch.tensor([tok.encode_chat(chat)], device=device)
            t = time.perf_counter()
            model(x).logits[:, -1].argmax(-1).item()
            ttft.append(time.perf_counter() - t)
        out = model(torch.tensor([tok.encode_chat(PROMPT)], device=device), use_cache=True)
        for _ in range(tokens):
            token = out.logits[:, -1:].argmax(-1)
            sync()
            t = time.perf_counter()
            out = model(token, past_key_values=out.past_key_values, use_cache=True)
            sync()
            times.append(time.perf_counter() - t)
    side = {"device": device, "dtype": _dtype_name(dtype), "threads": torch.get_num_threads()}
    return {**side, "tok_s": 1.0 / statistics.median(times[2:]), "ttft_60": _pcts(ttft[1:])}


def main(argv: list[str] | None = None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--json", help="write the results here")
    ap.add_argument("--quick", action="store_true", help="fewer tokens and repeats, no Qwen pair: a minute or two")
    ap.add_argument("--model", default=EngineOptions.model)
    ap.add_argument("--dtype", default="auto")
    ap.add_argument("--threads", type=int, default=os.cpu_count())
    ap.add_argument("--repeat", type=int, default=2, help="runs per decode figure; the best is kept")
    ap.add_argument("--no-spec", action="store_true", help="skip the speculative-decoding comparison")
    ap.add_argument("--vocabulary", default=EngineOptions.vocabulary, choices=("speakable", "full"))
    args = ap.parse_args(argv)
    tokens, hf_tokens = (32, 16) if args.quick else (128, 48)
    ttft_repeat, turn_repeat = (5, 1) if args.quick else (20, 3)

    options = EngineOptions(
        model=args.model, dtype=args.dtype, threads=args.threads, max_seq_len=512, vocabulary=args.vocabulary
    )
    eng = bench_engine(options, tokens, args.repeat, ttft_repeat, turn_repeat)
    spec = None
    if not args.no_spec:  # before HF: after transformers has run in this process, our engine measures slower
        from engine.bench_spec import bench_spec

        spec = bench_spec(args.model, args.dtype, args.threads, 2 * tokens, args.repeat, qwen=not args.quick)
    from engine.weights import resolve_model

    side = eng["side"]
    hf_dtype = torch.float32 if side["device"] == "cpu" else getattr(torch, side["dtype"])
    hf = bench_hf(resolve_model(args.model), hf_tokens, args.threads, side["device"], hf_dtype, ttft_repeat)
    runs, machine, ttft, turns = eng["runs"], machine_info(), eng["ttft_60"], eng["multi_turn"]
    results = {
        "model": args.model,
        "machine": machine,
        "engine": side,
        "hf": {k: v for k, v in hf.items() if k not in ("tok_s", "ttft_60")},
        "tokens_per_request": tokens,
        "repeat": args.repeat,
        "prompt_tokens": eng["prompt_tokens"],
        "hf_tok_s": round(hf["tok_s"], 2),
        "decode_tok_s": {b: round(r["tok_s"], 1) for b, r in runs.items()},
        "step_ms": {b: {"p50": round(r["p50_ms"], 1), "p95": round(r["p95_ms"], 1)} for b, r in runs.items()},
        "ttft_ms": {b: round(r["ttft_ms"], 1) for b, r in runs.items()},
        "last_ttft_ms": {b: round(r["last_ttft_ms"], 1) for b, r in runs.items()},
        "speedup_vs_hf": round(runs["1"]["tok_s"] / hf["tok_s"], 2),
        "batch8_vs_batch1": round(runs["8"]["tok_s"] / runs["1"]["tok_s"], 2),
        "ttft_60": {**ttft, "hf": hf["ttft_60"]},
        "multi_turn": turns,
        "background": eng["background"],
    }
    env = "".join(f", {k}={v}" for k, v in machine["env"].items())
    gpu = f", {machine['gpu']}" if "gpu" in machine else ""
    print(f"machine: {machine['cpu']}, {machine['cores']} cores ({machine['cpu_features']}; torch "
          f"{machine['torch_cpu_capability']}{env}), torch {machine['torch']}{gpu}")  # fmt: skip
    print(f"engine: {args.model} on {side['device']}: {side['path']}, {side['threads']} threads")
    print(f"hf:     {args.model} on {hf['device']}: {hf['dtype']}, {hf['threads']} threads")
    print(f"prompt {eng['prompt_tokens']} tokens")
    print(f"{'':>12} {'tok/s':>8} {'step p50':>9} {'step p95':>9} {'TTFT first / last':>18}")
    short = hf["dtype"].replace("bfloat", "bf").replace("float", "fp")
    print(f"{'hf ' + short + ' b1':>12} {hf['tok_s']:8.1f}")
    for b, r in runs.items():
        print(f"{'engine b' + b:>12} {r['tok_s']:8.1f} {r['p50_ms']:7.1f}ms {r['p95_ms']:7.1f}ms "
              f"{r['ttft_ms']:9.0f} / {r['last_ttft_ms']:.0f} ms")  # fmt: skip
    print(f"speedup vs HF at batch 1: {results['speedup_vs_hf']}x; batch 8 vs batch 1: {results['batch8_vs_batch1']}x")
    lo, hi = ttft["prompt_tokens"]
    print(f"TTFT, {lo}-{hi}-token chat, {ttft['repeat']} new prompts: engine p50 {ttft['p50']} ms, "
          f"p95 {ttft['p95']} ms; hf p50 {hf['ttft_60']['p50']} ms, p95 {hf['ttft_60']['p95']} ms")  # fmt: skip
    print(f"multi-turn TTFT ({len(TURNS)} turns, prompts {turns['prompt_tokens'][0]}-{turns['prompt_tokens'][-1]} "
          f"tokens), prefix cache: {turns['prefix_cache']}")  # fmt: skip
    for name in ("cached", "recompute"):
        if name in turns:
            r = turns[name]
            print(f"{name:>12}: turn 1 {r['turn1_ms']} ms, turn 6 {r['turn6_ms']} ms ({r['turn6_vs_turn1']}x); "
                  f"per turn {r['ttft_ms']}; {r['reused_tokens']} prompt tokens reused")  # fmt: skip
    bg = eng["background"]
    for mode in ("background", "foreground"):
        r = bg[mode]
        print(f"a {bg['warm_tokens']}-token warm-up as {mode}: a streaming reply's longest gap {r['gap_ms']} ms, "
              f"a new reply's TTFT {r['ttft_ms']} ms, the warm-up {r['warm_ms']} ms")  # fmt: skip
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
