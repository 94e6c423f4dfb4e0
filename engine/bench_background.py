"""What a voice session's warm-up costs the others: a ~500-token prompt prefilled beside a streaming reply
and beside a new reply's first token, as a background request (`SamplingParams.background`, what
voicebot sends) and as a foreground one (what it sent before), interleaved in the same run.

    python -m engine.bench_background [--model NAME] [--repeat 3]

Reported: the streaming reply's longest gap between two tokens (a gap longer than the audio already
synthesized is a stall the user hears), the new reply's time to first token, and how long the warm-up
itself took. Also part of `python -m engine.bench` (its JSON's "background").
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import statistics
import time

from engine import Engine, EngineOptions, SamplingParams
from engine.bench import PROMPT, QUESTION, ttft_chat

WARM_TOKENS = 500


def _warm_ids(engine: Engine) -> list[int]:
    ids = engine.tokenizer.encode_chat([{"role": "user", "content": (QUESTION + " ") * 10}])
    return ids[:WARM_TOKENS]


async def _drain(engine: Engine, ids: list[int], params: SamplingParams) -> list[float]:
    return [time.perf_counter() async for _ in engine.generate_ids(ids, params)]


async def _warm_later(engine: Engine, ids: list[int], background: bool, delay_s: float) -> float:
    await asyncio.sleep(delay_s)
    t0 = time.perf_counter()
    await _drain(engine, ids, SamplingParams(max_tokens=1, background=background))
    return time.perf_counter() - t0


async def _beside_stream(engine: Engine, background: bool) -> tuple[float, float]:
    """(longest gap of a 48-token reply while the warm-up runs, the warm-up's seconds)."""
    reply = engine.tokenizer.encode_chat(PROMPT)
    times, warm = await asyncio.gather(
        _drain(engine, reply, SamplingParams(max_tokens=48, ignore_eos=True)),
        _warm_later(engine, _warm_ids(engine), background, 0.3),
    )
    return max(b - a for a, b in itertools.pairwise(times[1:])), warm  # from the first token on


async def _beside_first_token(engine: Engine, background: bool, variant: int) -> float:
    """Time to first token of a fresh ~60-token chat asked for while the warm-up is under way."""
    warm = asyncio.ensure_future(_warm_later(engine, _warm_ids(engine), background, 0.0))
    await asyncio.sleep(0.2)
    t0 = time.perf_counter()
    async for _ in engine.generate(ttft_chat(engine.tokenizer, variant), SamplingParams(max_tokens=1)):
        break
    first = time.perf_counter() - t0
    await warm
    return first


def bench_background(engine: Engine, repeat: int) -> dict:
    out: dict[str, dict[str, list[float]]] = {
        mode: {"gap_ms": [], "ttft_ms": [], "warm_ms": []} for mode in ("background", "foreground")
    }
    asyncio.run(_beside_stream(engine, True))  # warm-up of the shapes
    for r in range(repeat):
        for mode in ("background", "foreground"):
            gap, warm = asyncio.run(_beside_stream(engine, mode == "background"))
            first = asyncio.run(_beside_first_token(engine, mode == "background", r % 20))
            out[mode]["gap_ms"].append(1e3 * gap)
            out[mode]["warm_ms"].append(1e3 * warm)
            out[mode]["ttft_ms"].append(1e3 * first)
    result: dict = {"warm_tokens": WARM_TOKENS, "repeat": repeat}
    for mode, runs in out.items():
        result[mode] = {k: round(statistics.median(v)) for k, v in runs.items()}
    return result


def main(argv: list[str] | None = None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", default=EngineOptions.model)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--json", help="write the results here")
    args = ap.parse_args(argv)
    with Engine(EngineOptions(model=args.model, max_seq_len=1024)) as engine:
        result = bench_background(engine, args.repeat)
    print(json.dumps(result, indent=2))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f, indent=2)
    return result


if __name__ == "__main__":
    main()
