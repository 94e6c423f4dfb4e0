"""One short GPU session check: every Triton kernel against its PyTorch reference at realistic shapes,
kernel vs torch timings (µs, p50); the decode step replayed from its CUDA graph against the eager step;
and the engine's tokens/s and TTFT with and without CUDA graphs beside HF transformers on the same GPU in
the same dtype. Finishes in a few minutes.

    python scripts/gpu_check.py [--json out.json] [--tokenizer-dir DIR] [--sizes 0.5b,1.5b] [--skip-kernels]

The models' weights (1-3 GB) cannot travel to a GPU machine that reaches no network. With --tokenizer-dir
(config.json + tokenizer.json of a Qwen2.5 model: `make gpu-check` names the installed default's) the
engine runs Qwen2.5-0.5B's and -1.5B's shapes and tokenizer with random weights: the same work per token,
so the same speed; the text is noise. Exit status: 0 all checks passed, 1 a check failed, 2 no CUDA device.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

RESULTS: dict = {"kernels": [], "graphs": [], "engine": [], "failures": []}


def p50_us(fn) -> float:
    from triton.testing import do_bench

    ms = do_bench(fn, warmup=10, rep=50, quantiles=[0.5])
    return (ms[0] if isinstance(ms, list | tuple) else ms) * 1000.0  # one quantile: a float on triton 3.6


def record(name: str, shape: str, err: float, tol: float, fast, ref, nbytes: int = 0) -> None:
    ok = err <= tol
    t_k, t_r = p50_us(fast), p50_us(ref)
    row = {"kernel": name, "shape": shape, "max_err": err, "tol": tol, "ok": ok, "triton_us": t_k, "torch_us": t_r}
    if nbytes:
        row["triton_GBps"] = nbytes / t_k / 1e3
    RESULTS["kernels"].append(row)
    if not ok:
        RESULTS["failures"].append(f"{name} {shape}: max error {err:.3g} > {tol}")
    gbs = f"{row['triton_GBps']:7.0f} GB/s" if nbytes else ""
    head = f"{'OK ' if ok else 'BAD'} {name:10s} {shape:38s} err {err:8.2e}"
    print(f"{head}  triton {t_k:8.1f} µs  torch {t_r:8.1f} µs {gbs}")


def check_attention() -> None:
    from engine.kernels.attention import decode_attention_torch, decode_attention_triton

    g = torch.Generator(device="cuda").manual_seed(0)
    # (name, Hq, Hkv, D): SmolLM2-135M, Qwen2.5-0.5B, Qwen2.5-1.5B
    for name, Hq, Hkv, D in [("smollm2", 9, 3, 64), ("qwen0.5b", 14, 2, 64), ("qwen1.5b", 12, 2, 128)]:
        for B, T, L in [(1, 1, 1024), (8, 1, 1024), (32, 1, 2048), (1, 5, 4096), (8, 5, 2048)]:
            for dtype, tol in [(torch.bfloat16, 2e-2)] + ([(torch.float32, 1e-4)] if B == 8 else []):
                kc = torch.randn(B, Hkv, L, D, device="cuda", dtype=dtype, generator=g)
                vc = torch.randn(B, Hkv, L, D, device="cuda", dtype=dtype, generator=g)
                q = torch.randn(B, Hq, T, D, device="cuda", dtype=dtype, generator=g)
                slots = torch.randperm(B, device="cuda", generator=g)
                lens = torch.randint(T, L + 1, (B,), device="cuda", generator=g)
                lens[0] = L
                out = decode_attention_triton(q, kc, vc, slots, lens, L)
                ref = decode_attention_torch(q.float(), kc.float(), vc.float(), slots, lens, L)
                err = (out.float() - ref).abs().max().item()
                nbytes = int(lens.sum()) * Hkv * D * 2 * kc.element_size()
                record(
                    "attention",
                    f"{name} B={B} T={T} L={L} {str(dtype)[6:]}",
                    err,
                    tol,
                    lambda q=q, kc=kc, vc=vc, s=slots, n=lens, L=L: decode_attention_triton(q, kc, vc, s, n, L),
                    lambda q=q, kc=kc, vc=vc, s=slots, n=lens, L=L: decode_attention_torch(q, kc, vc, s, n, L),
                    nbytes,
                )


def check_rejection() -> None:
    from engine.kernels.spec_sample import rejection_sample_torch, rejection_sample_triton

    g = torch.Generator(device="cuda").manual_seed(1)
    for B, k, V in [(1, 4, 49152), (8, 4, 49152), (8, 4, 151936), (64, 2, 151936)]:
        for with_q in (True, False):
            p = torch.softmax(3 * torch.randn(B, k + 1, V, device="cuda", generator=g), -1)
            q = torch.softmax(3 * torch.randn(B, k, V, device="cuda", generator=g), -1) if with_q else None
            draft = torch.randint(0, V, (B, k), device="cuda", generator=g)
            keep = torch.rand(B, k, device="cuda", generator=g) < 0.7
            draft = torch.where(keep, p[:, :k].argmax(-1), draft)
            ua, us = torch.rand(B, k, device="cuda", generator=g), torch.rand(B, device="cuda", generator=g)
            greedy = torch.rand(B, device="cuda", generator=g) < 0.3
            args = (p, q, draft, ua, us, greedy)
            n1, t1 = rejection_sample_triton(*args)
            n2, t2 = rejection_sample_torch(*args)
            # float sums in another order can move an inverse-CDF draw across a boundary: allow rare ones
            err = ((n1 != n2) | (t1 != t2)).float().mean().item()
            record(
                "rejection",
                f"B={B} k={k} V={V} {'q' if with_q else 'one-hot'}",
                err,
                0.02,
                lambda a=args: rejection_sample_triton(*a),
                lambda a=args: rejection_sample_torch(*a),
            )


def check_norms() -> None:
    from engine.kernels.norm import rms_norm_torch, rms_norm_triton, silu_mul_torch, silu_mul_triton

    g = torch.Generator(device="cuda").manual_seed(2)
    for rows, H, inter in [(8, 576, 1536), (2048, 576, 1536), (8, 1536, 8960), (2048, 1536, 8960)]:
        x = torch.randn(rows, H, device="cuda", dtype=torch.bfloat16, generator=g)
        w = torch.rand(H, device="cuda", generator=g) + 0.5
        err = (rms_norm_triton(x, w, 1e-5).float() - rms_norm_torch(x, w, 1e-5).float()).abs().max().item()
        record(
            "rms_norm",
            f"[{rows}, {H}] bf16",
            err,
            3e-2,
            lambda x=x, w=w: rms_norm_triton(x, w, 1e-5),
            lambda x=x, w=w: rms_norm_torch(x, w, 1e-5),
            2 * x.numel() * 2,
        )
        gu = torch.randn(rows, 2 * inter, device="cuda", dtype=torch.bfloat16, generator=g)
        err = (silu_mul_triton(gu).float() - silu_mul_torch(gu).float()).abs().max().item()
        record(
            "silu_mul",
            f"[{rows}, 2x{inter}] bf16",
            err,
            3e-2,
            lambda gu=gu: silu_mul_triton(gu),
            lambda gu=gu: silu_mul_torch(gu),
            gu.numel() * 2 * 3 // 2,
        )


# Qwen2.5-1.5B's shapes (what `llm.model: auto` picks on a GPU), for a random-weights run beside the 0.5B
SIZES = {"0.5b": {}, "1.5b": dict(hidden_size=1536, intermediate_size=8960, num_hidden_layers=28,
                                  num_attention_heads=12, num_key_value_heads=2, head_dim=128)}  # fmt: skip


def check_rope() -> None:
    from engine.kernels.rope import rope_cache_torch, rope_cache_triton
    from engine.model import rope_tables

    g = torch.Generator(device="cuda").manual_seed(4)
    for name, heads, kvh, D in [("qwen0.5b", 14, 2, 64), ("qwen1.5b", 12, 2, 128)]:
        cos_t, sin_t = rope_tables(D, 1e6, 2048, "cuda")
        for T in (1, 8, 256):
            qkv = torch.randn(T, heads + 2 * kvh, D, device="cuda", dtype=torch.bfloat16, generator=g)
            pos = torch.randint(0, 2048, (T,), device="cuda", generator=g)
            slots = torch.randint(0, 8, (T,), device="cuda", generator=g)
            pos, slots = (pos, slots) if T <= 8 else (torch.arange(T, device="cuda"), torch.full_like(slots, 3))
            cos, sin = cos_t[pos].to(torch.bfloat16), sin_t[pos].to(torch.bfloat16)
            caches = [torch.zeros(8, kvh, 2048, D, device="cuda", dtype=torch.bfloat16) for _ in range(4)]
            exact = [c.float() for c in caches[:2]]  # the kernel rounds once, torch's bf16 ops three times:
            q1 = rope_cache_triton(qkv, cos, sin, caches[0], caches[1], slots, pos, heads)  # compare both in
            q0 = rope_cache_torch(qkv.float(), cos.float(), sin.float(), *exact, slots, pos, heads)  # ulps of fp32
            pairs = list(zip((q1, *caches[:2]), (q0, *exact), strict=True))
            err = max(((a.float() - b).abs() / b.abs().clamp_min(1.0)).max().item() for a, b in pairs)
            record(
                "rope_cache",
                f"{name} T={T} bf16 (rel. to fp32)",
                err,
                2**-7,  # one bf16 rounding (half an ulp), with room for fp32 FMA differences
                lambda a=(qkv, cos, sin, caches[0], caches[1], slots, pos, heads): rope_cache_triton(*a),
                lambda a=(qkv, cos, sin, caches[2], caches[3], slots, pos, heads): rope_cache_torch(*a),
            )


def random_model_dir(tokenizer_dir: Path, size: str) -> Path:
    """config.json + tokenizer files from tokenizer_dir, plus random weights of the right shapes (tied head,
    as Qwen2.5's small models have), drawn on the GPU: the same work per token as the real model."""
    from safetensors.torch import save_file

    c = {**json.loads((tokenizer_dir / "config.json").read_text()), **SIZES[size], "tie_word_embeddings": True}
    out = Path(tempfile.mkdtemp(prefix=f"voicebot-random-{size}-"))
    for f in tokenizer_dir.iterdir():
        if f.suffix == ".json" and f.name != "config.json":
            shutil.copy(f, out / f.name)
    (out / "config.json").write_text(json.dumps(c, indent=1))
    H, inter, heads = c["hidden_size"], c["intermediate_size"], c["num_attention_heads"]
    kvh, D = c.get("num_key_value_heads", heads), c.get("head_dim") or H // heads
    bias = c.get("model_type") == "qwen2"

    def rand(*shape: int) -> torch.Tensor:
        return (torch.randn(*shape, device="cuda") * 0.02).to(torch.bfloat16).cpu()

    t: dict[str, torch.Tensor] = {"model.embed_tokens.weight": rand(c["vocab_size"], H)}
    t["model.norm.weight"] = torch.ones(H)
    for i in range(c["num_hidden_layers"]):
        p = f"model.layers.{i}."
        for name, rows in [("q", heads * D), ("k", kvh * D), ("v", kvh * D)]:
            t[p + f"self_attn.{name}_proj.weight"] = rand(rows, H)
            if bias:
                t[p + f"self_attn.{name}_proj.bias"] = torch.zeros(rows)
        t[p + "self_attn.o_proj.weight"] = rand(H, heads * D)
        t[p + "mlp.gate_proj.weight"] = rand(inter, H)
        t[p + "mlp.up_proj.weight"] = rand(inter, H)
        t[p + "mlp.down_proj.weight"] = rand(H, inter)
        t[p + "input_layernorm.weight"] = torch.ones(H)
        t[p + "post_attention_layernorm.weight"] = torch.ones(H)
    save_file({k: v.to(torch.bfloat16).contiguous() for k, v in t.items()}, str(out / "model.safetensors"))
    return out


def check_graph_step(model_dir: Path, label: str) -> None:
    """One decode step replayed from its CUDA graph against the same step run eagerly over the same key
    range: the logits must agree (B=3 runs padded to 4 in the graph), and the step's time both ways (µs,
    p50 of triton's do_bench) at batch 1, 3 and 8. (Over the prefix alone the eager step splits the keys
    into fewer parts, which moves bf16 roundings: 4e-2 of the largest logit with random weights.)"""
    from engine.cuda_graphs import DecodeGraphs
    from engine.kv_cache import KVCache
    from engine.model import Model, ModelConfig
    from engine.runner import group_meta
    from engine.weights import load_config, load_state_dict

    c = ModelConfig.from_hf(load_config(model_dir))
    model = Model(c, load_state_dict(model_dir), 1024, torch.bfloat16, "cuda")
    kv = KVCache.allocate(c.num_layers, 9, c.num_kv_heads, 1024, c.head_dim, torch.bfloat16, "cuda")
    kv.k.normal_(), kv.v.normal_()
    t0 = time.perf_counter()
    graphs = DecodeGraphs(model, kv, max_batch=8)
    capture_s = time.perf_counter() - t0
    g = torch.Generator().manual_seed(3)
    for b in (1, 3, 8):
        ids = torch.randint(0, c.vocab_size, (b,), generator=g).tolist()
        pos = torch.randint(16, 1000, (b,), generator=g).tolist()
        slots = list(range(b))
        with torch.inference_mode():
            replayed = graphs.decode(ids, pos, slots).clone()
            meta = group_meta(pos, [1] * b, slots, "cuda", True)
            meta.group_len = kv.k.shape[3]  # as the graph: the kernel's split of the keys, so the same sums
            flat = torch.tensor([ids, pos, slots], device="cuda")
            eager = model.forward(flat[0], flat[1], flat[2], meta, kv)
            err = ((replayed - eager).abs().max() / eager.abs().max()).item()
            same = (replayed.argmax(-1) == eager.argmax(-1)).float().mean().item()

            def run_eager(flat=flat, meta=meta, model=model, kv=kv):
                model.forward(flat[0], flat[1], flat[2], meta, kv)

            def run_graph(ids=ids, pos=pos, slots=slots, graphs=graphs):
                graphs.decode(ids, pos, slots)

            eager_us, graph_us = p50_us(run_eager), p50_us(run_graph)
        ok = err <= 2e-2
        row = {"kernel": "decode_step", "shape": f"{label} B={b}", "max_err": err, "tol": 2e-2, "ok": ok,
               "same_argmax": same, "eager_us": eager_us, "graph_us": graph_us, "capture_s": capture_s}  # fmt: skip
        RESULTS["graphs"].append(row)
        if not ok:
            RESULTS["failures"].append(f"decode step {label} B={b}: graph vs eager relative error {err:.3g}")
        print(f"{'OK ' if ok else 'BAD'} graph step {label} B={b}: rel err {err:.2e}, argmax same {same:.2f}; "
              f"eager {eager_us:7.0f} µs, graph {graph_us:7.0f} µs ({eager_us / graph_us:.1f}x); "
              f"capture {capture_s:.1f} s")  # fmt: skip
    os.environ["VOICEBOT_KERNELS"] = "torch"  # the same graphs over PyTorch ops instead of our Triton kernels
    try:
        plain = DecodeGraphs(model, kv, max_batch=8)
    finally:
        os.environ.pop("VOICEBOT_KERNELS")
    for row in RESULTS["graphs"][-3:]:
        b = int(row["shape"].rpartition("=")[2])
        with torch.inference_mode():
            row["graph_torch_kernels_us"] = us = p50_us(lambda b=b: plain.decode([1] * b, [100] * b, list(range(b))))
        print(f"    graph step {label} B={b} with PyTorch ops for our kernels: {us:7.0f} µs")


def check_engine(model_dir: Path, label: str, tokens: int) -> None:
    """engine.bench's decode, TTFT and multi-turn figures with and without CUDA graphs, then HF
    transformers on the same GPU in the same dtype (bf16), same weights."""
    from engine import EngineOptions
    from engine.bench import bench_engine, bench_hf

    row: dict = {"model": label, "weights": "random (the architecture's shapes and tokenizer)"}
    # (name, CUDA graphs, VOICEBOT_KERNELS): "graphs_torch" is the graphs with PyTorch ops in place of our
    # Triton kernels (attention, RMSNorm, SiLU-mul, RoPE + cache write), to show what the kernels add
    for name, graphs, kernels in (("eager", False, "auto"), ("graphs", True, "auto"), ("graphs_torch", True, "torch")):
        opts = EngineOptions(model=str(model_dir), max_batch=8, max_seq_len=1024, cuda_graphs=graphs)
        os.environ["VOICEBOT_KERNELS"] = kernels
        try:
            r = bench_engine(opts, tokens, repeat=2, ttft_repeat=10, turn_repeat=1)
        except Exception as e:
            RESULTS["failures"].append(f"engine {label} {name}: {e!r}")
            print(f"engine {label} {name}: FAILED {e!r}")
            continue
        finally:
            os.environ.pop("VOICEBOT_KERNELS")
        row[name] = {
            "side": r["side"],
            "tok_s": {b: round(x["tok_s"], 1) for b, x in r["runs"].items()},
            "step_ms_p50": {b: round(x["p50_ms"], 2) for b, x in r["runs"].items()},
            "ttft_60_ms": r["ttft_60"],
            "multi_turn": r["multi_turn"],
        }
        tps, ttft = row[name]["tok_s"], r["ttft_60"]
        print(f"engine {label} {name:12s}: tok/s b1 {tps['1']} b2 {tps['2']} b4 {tps['4']} b8 {tps['8']}; "
              f"step p50 b1 {row[name]['step_ms_p50']['1']} ms; TTFT-60 p50 {ttft['p50']} ms")  # fmt: skip
    try:
        hf = bench_hf(model_dir, 48, torch.get_num_threads(), "cuda", torch.bfloat16, 10)
        row["hf"] = {"tok_s": round(hf["tok_s"], 1), "ttft_60_ms": hf["ttft_60"], "dtype": hf["dtype"]}
        print(f"hf     {label}: tok/s b1 {row['hf']['tok_s']} (bf16, same GPU); TTFT-60 p50 {hf['ttft_60']['p50']} ms")
    except Exception as e:
        RESULTS["failures"].append(f"hf {label}: {e!r}")
        print(f"hf {label}: FAILED {e!r}")
    for name in ("eager", "graphs", "graphs_torch"):
        if name in row and "hf" in row:
            row[f"{name}_b1_vs_hf"] = round(row[name]["tok_s"]["1"] / row["hf"]["tok_s"], 2)
            row[f"{name}_b8_vs_b1"] = round(row[name]["tok_s"]["8"] / row[name]["tok_s"]["1"], 2)
    RESULTS["engine"].append(row)
    print(f"engine {label}: " + ", ".join(f"{k} {v}x" for k, v in row.items() if k.endswith(("_vs_hf", "_vs_b1"))))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    out_dir = os.environ.get("OUT")
    ap.add_argument("--json", default=str(Path(out_dir) / "gpu_check.json") if out_dir else None)
    ap.add_argument("--tokenizer-dir", type=Path, help="config.json + tokenizer.json of a Qwen2.5 model")
    ap.add_argument("--sizes", default="0.5b,1.5b", help=f"random-weight models to run, of {','.join(SIZES)}")
    ap.add_argument("--new-tokens", type=int, default=128)
    ap.add_argument("--skip-kernels", action="store_true")
    args = ap.parse_args()
    if not torch.cuda.is_available():
        print(
            "gpu_check: no CUDA device (torch.cuda.is_available() is False): run it on a GPU machine", file=sys.stderr
        )
        return 2
    t0 = time.time()
    RESULTS["device"] = torch.cuda.get_device_name()
    RESULTS["torch"] = torch.__version__
    import triton

    RESULTS["triton"] = triton.__version__
    print(f"device {RESULTS['device']}  torch {torch.__version__}  triton {triton.__version__}")
    for check in () if args.skip_kernels else (check_attention, check_rejection, check_norms, check_rope):
        try:
            check()
        except Exception as e:  # a kernel that fails to compile must not hide the others' results
            RESULTS["failures"].append(f"{check.__name__}: {e!r}")
            print(f"FAILED {check.__name__}: {e!r}")
    for size in args.sizes.split(",") if args.tokenizer_dir else ():
        model_dir = random_model_dir(args.tokenizer_dir, size)
        for check in (check_graph_step, check_engine):
            try:
                check(model_dir, f"qwen2.5-{size}", *((args.new_tokens,) if check is check_engine else ()))
            except Exception as e:
                RESULTS["failures"].append(f"{check.__name__} {size}: {e!r}")
                print(f"FAILED {check.__name__} {size}: {e!r}")
            torch.cuda.empty_cache()
        shutil.rmtree(model_dir, ignore_errors=True)
    if not args.tokenizer_dir:
        print("engine: skipped (pass --tokenizer-dir DIR holding a Qwen2.5 config.json and tokenizer.json)")
    RESULTS["elapsed_s"] = time.time() - t0
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(RESULTS, indent=1))
        print(f"wrote {args.json}")
    print(f"{len(RESULTS['failures'])} failures in {RESULTS['elapsed_s']:.0f} s")
    for f in RESULTS["failures"]:
        print("  " + f)
    return 1 if RESULTS["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
