"""Does int8 keep the model's answers? Greedy replies of the int8 path against fp32 on a fixed prompt set.

    python -m engine.bench_quant [--model qwen2.5-coder-0.5b] [--tokens 40] [--json PATH]

Two figures, both against fp32 on the same CPU:
- greedy agreement: for each prompt, the tokens int8 generates before its first difference from fp32's
  reply (summed; a flip near a tie changes everything after it, so this is the strict figure);
- teacher-forced argmax agreement: at every position of fp32's replies, does int8 pick the same next
  token given the same history (counts each flip once).
The prompts are everyday voice-assistant requests, none of them from the spoken-question benchmark
(voicebot/bench_questions.py) or the int8 calibration chats (engine/quant.py).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import torch

from engine.bench import machine_info
from engine.kv_cache import KVCache
from engine.model import AttentionMeta, Model, ModelConfig
from engine.quant import CALIBRATION_CHATS, cache_file
from engine.tokenizer import Tokenizer
from engine.vocab import speakable_ids
from engine.weights import load_config, load_state_dict, resolve_model

SYSTEM = "You are a friendly voice assistant. Answer in one or two short, spoken sentences."
PROMPTS = (
    "What is the capital of Australia?",
    "How far is the moon from the earth?",
    "Who wrote Romeo and Juliet?",
    "Why is the sky blue?",
    "What is twelve times eight?",
    "How many minutes are there in a day?",
    "Can you suggest a quick vegetarian dinner?",
    "What should I pack for a rainy weekend in Scotland?",
    "How do I boil an egg so the yolk stays soft?",
    "What's a good name for a grey cat?",
    "Is it going to be cold on Mount Everest?",
    "Tell me a fun fact about octopuses.",
    "How do I say thank you in Japanese?",
    "What does a bee do in winter?",
    "Remind me why we have leap years.",
    "What is the tallest animal in the world?",
)


def _forward(model: Model, kv: KVCache, ids: list[int], start: int, logits_all: bool) -> torch.Tensor:
    n = len(ids)
    meta = AttentionMeta(None, None, None, 0, 1).add_chunk(0, start, n, "cpu")
    rows = None if logits_all else torch.tensor([n - 1])
    pos = torch.arange(start, start + n)
    return model.forward(torch.tensor(ids), pos, torch.zeros(n, dtype=torch.long), meta, kv, rows)


def greedy(model: Model, config: ModelConfig, prompt: list[int], tokens: int, stops: frozenset[int]) -> list[int]:
    kv = KVCache.allocate(config.num_layers, 1, config.num_kv_heads, len(prompt) + tokens + 1, config.head_dim,
                          torch.float32, "cpu")  # fmt: skip
    out: list[int] = []
    with torch.inference_mode():
        logits = _forward(model, kv, prompt, 0, False)
        while len(out) < tokens:
            out.append(int(model.vocab.tokens(logits[-1].argmax())))
            if out[-1] in stops:
                break
            logits = _forward(model, kv, out[-1:], len(prompt) + len(out) - 1, False)
    return out


def teacher_forced(model: Model, config: ModelConfig, prompt: list[int], reply: list[int]) -> list[int]:
    """int8's argmax at each of fp32's reply positions, given fp32's history (prefill of the whole text)."""
    ids = prompt + reply[:-1]
    kv = KVCache.allocate(config.num_layers, 1, config.num_kv_heads, len(ids), config.head_dim, torch.float32, "cpu")
    with torch.inference_mode():
        logits = _forward(model, kv, ids, 0, True)
    return model.vocab.tokens(logits[len(prompt) - 1 :].argmax(-1)).tolist()


def run(model_name: str, tokens: int, threads: int) -> dict:
    torch.set_num_threads(threads)
    model_dir = resolve_model(model_name)
    tok = Tokenizer.from_dir(model_dir)
    config, state = ModelConfig.from_hf(load_config(model_dir)), load_state_dict(model_dir)
    system = {"role": "system", "content": SYSTEM}
    prompts = [tok.encode_chat([system, {"role": "user", "content": p}]) for p in PROMPTS]
    longest = max(len(p) for p in prompts) + tokens + 1
    vocab = speakable_ids(tok, config.vocab_size)  # the engine's default (EngineOptions.vocabulary)
    fp32 = Model(config, state, longest, torch.float32, "cpu", vocab=vocab)
    calibration = [tok.encode_chat(c) for c in CALIBRATION_CHATS]
    int8 = Model(config, state, longest, torch.float32, "cpu", int8_calibration=calibration,
                 int8_cache=cache_file(model_dir, vocab), vocab=vocab)  # fmt: skip
    rows = []
    for text, prompt in zip(PROMPTS, prompts, strict=True):
        ref = greedy(fp32, config, prompt, tokens, tok.stop_ids)
        got = greedy(int8, config, prompt, tokens, tok.stop_ids)
        same = next((i for i, (a, b) in enumerate(zip(ref, got, strict=False)) if a != b), min(len(ref), len(got)))
        forced = teacher_forced(int8, config, prompt, ref)
        forced_same = sum(a == b for a, b in zip(forced, ref, strict=True))
        rows.append({
            "prompt": text, "fp32": tok.decode(ref), "int8": tok.decode(got), "tokens": len(ref),
            "agree_before_divergence": same, "teacher_forced_same": forced_same,
        })  # fmt: skip
    total = sum(r["tokens"] for r in rows)
    return {
        "model": model_name,
        "machine": machine_info(),
        "threads": threads,
        "greedy_agreement": [sum(r["agree_before_divergence"] for r in rows), total],
        "teacher_forced_agreement": [sum(r["teacher_forced_same"] for r in rows), total],
        "replies_identical": [sum(r["fp32"] == r["int8"] for r in rows), len(rows)],
        "prompts": rows,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", default="qwen2.5-coder-0.5b")
    ap.add_argument("--tokens", type=int, default=40)
    ap.add_argument("--threads", type=int, default=torch.get_num_threads())
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    t0 = time.perf_counter()
    out = run(args.model, args.tokens, args.threads)
    for r in out["prompts"]:
        mark = "=" if r["fp32"] == r["int8"] else "≠"
        print(f"{mark} {r['agree_before_divergence']:>2}/{r['tokens']:<2} {r['prompt']}")
        if mark == "≠":
            print(f"     fp32: {r['fp32']!r}\n     int8: {r['int8']!r}")
    g, f, same = out["greedy_agreement"], out["teacher_forced_agreement"], out["replies_identical"]
    print(f"greedy agreement {g[0]}/{g[1]}, teacher-forced {f[0]}/{f[1]}, identical replies {same[0]}/{same[1]}"
          f" ({time.perf_counter() - t0:.0f} s)")  # fmt: skip
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
