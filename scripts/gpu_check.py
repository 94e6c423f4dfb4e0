"""One short GPU session check: every Triton kernel against its PyTorch reference at realistic shapes,
kernel vs torch timings (µs, p50), and engine tokens/s end to end. Finishes in a few minutes.

    python scripts/gpu_check.py [--json out.json] [--model smollm2-135m] [--tokenizer-dir DIR]

The model's weights (a 93 MB GGUF) may not travel to a GPU machine. With --tokenizer-dir (a directory
holding config.json + tokenizer.json, e.g. a copy of the converted model's small files) the engine runs
the real architecture and tokenizer with random weights instead: throughput is the same, text is noise.
Exit status: 0 all checks passed, 1 a kernel disagreed with its reference, 2 no CUDA device.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

RESULTS: dict = {"kernels": [], "engine": [], "failures": []}


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


def random_model_dir(tokenizer_dir: Path) -> Path:
    """config.json + tokenizer files from tokenizer_dir, plus random weights of the right shapes."""
    from safetensors.torch import save_file

    c = json.loads((tokenizer_dir / "config.json").read_text())
    out = Path(tempfile.mkdtemp(prefix="voicebot-random-model-"))
    for f in tokenizer_dir.iterdir():
        if f.suffix == ".json":
            shutil.copy(f, out / f.name)
    H, inter, heads = c["hidden_size"], c["intermediate_size"], c["num_attention_heads"]
    kvh, D = c.get("num_key_value_heads", heads), c.get("head_dim") or H // heads
    bias = c.get("model_type") == "qwen2"
    t: dict[str, torch.Tensor] = {"model.embed_tokens.weight": torch.randn(c["vocab_size"], H) * 0.02}
    t["model.norm.weight"] = torch.ones(H)
    for i in range(c["num_hidden_layers"]):
        p = f"model.layers.{i}."
        for name, rows in [("q", heads * D), ("k", kvh * D), ("v", kvh * D)]:
            t[p + f"self_attn.{name}_proj.weight"] = torch.randn(rows, H) * 0.02
            if bias:
                t[p + f"self_attn.{name}_proj.bias"] = torch.zeros(rows)
        t[p + "self_attn.o_proj.weight"] = torch.randn(H, heads * D) * 0.02
        t[p + "mlp.gate_proj.weight"] = torch.randn(inter, H) * 0.02
        t[p + "mlp.up_proj.weight"] = torch.randn(inter, H) * 0.02
        t[p + "mlp.down_proj.weight"] = torch.randn(H, inter) * 0.02
        t[p + "input_layernorm.weight"] = torch.ones(H)
        t[p + "post_attention_layernorm.weight"] = torch.ones(H)
    save_file({k: v.to(torch.bfloat16).contiguous() for k, v in t.items()}, str(out / "model.safetensors"))
    return out


async def tokens_per_s(engine, batch: int, new_tokens: int) -> dict:
    from engine import SamplingParams

    prompt = engine.tokenizer.encode_chat([{"role": "user", "content": "Tell me a long story about a robot."}])
    params = SamplingParams(max_tokens=new_tokens, temperature=0.0, ignore_eos=True)
    first: list[float] = []

    async def one() -> int:
        t0, n = time.perf_counter(), 0
        async for d in engine.generate_ids(prompt, params):
            if n == 0:
                first.append(time.perf_counter() - t0)
            n += len(d.token_ids)
        return n

    await one()  # warm-up: compile, allocator, cuBLAS heuristics
    first.clear()
    t0 = time.perf_counter()
    counts = await asyncio.gather(*(one() for _ in range(batch)))
    wall = time.perf_counter() - t0
    return {
        "tokens": sum(counts),
        "wall_s": wall,
        "tok_per_s": sum(counts) / wall,
        "ttft_ms_p50": 1e3 * sorted(first)[len(first) // 2],
    }


def patch_model_with_kernels():
    """Preview of the integration: route engine/model.py's decode attention and RMSNorm to our kernels.

    Returns an undo function. Touches only module globals, so a changed engine API shows up as an error
    in this variant's row, not as a crash.
    """
    import engine.model as M
    from engine import kernels as K

    orig_attention, orig_norm = M.attention, M.rms_norm

    def attention(q, k_cache, v_cache, meta):
        if meta.group_mask is None or meta.chunk_len:
            return orig_attention(q, k_cache, v_cache, meta)
        n = meta.group_n
        qg = q.view(-1, n, *q.shape[1:]).transpose(1, 2)  # [B, heads, n, d]
        lengths = meta.group_mask[:, 0, -1].sum(-1)  # the last query sees its whole prefix
        o = K.decode_attention(qg.contiguous(), k_cache, v_cache, meta.group_slots, lengths, meta.group_len)
        return o.transpose(1, 2).reshape(q.shape[0], -1)

    M.attention, M.rms_norm = attention, K.rms_norm

    def undo() -> None:
        M.attention, M.rms_norm = orig_attention, orig_norm

    return undo


def check_engine(model: str, tokenizer_dir: Path | None, new_tokens: int) -> None:
    try:
        from engine import Engine, EngineOptions
        from engine.errors import ModelNotFoundError
        from engine.weights import resolve_model
    except Exception as e:  # the engine core is missing or broken: report, keep the kernel results
        RESULTS["engine"].append({"skipped": f"cannot import the engine: {e!r}"})
        print(f"engine: skipped ({e!r})")
        return
    spec, note = model, "real weights"
    try:
        resolve_model(model)
    except ModelNotFoundError as e:
        if tokenizer_dir is None or not (tokenizer_dir / "tokenizer.json").exists():
            RESULTS["engine"].append({"skipped": f"{e} (pass --tokenizer-dir for random weights)"})
            print(f"engine: skipped ({e})")
            return
        spec, note = str(random_model_dir(tokenizer_dir)), "random weights"
    fields = {f.name: f for f in dataclasses.fields(EngineOptions)}
    spec_field = next((n for n in fields if "spec" in n or "draft" in n), None)
    variants = [("plain", {}), ("triton-attn", {})]
    if spec_field and isinstance(fields[spec_field].default, int) and not isinstance(fields[spec_field].default, bool):
        variants.append((f"{spec_field}=4", {spec_field: 4}))
    for label, extra in variants:
        for batch in (1, 8):
            undo = patch_model_with_kernels() if label == "triton-attn" else None
            try:
                opts = EngineOptions(model=spec, max_batch=batch, max_seq_len=1024, **extra)
                with Engine(opts) as engine:
                    r = asyncio.run(tokens_per_s(engine, batch, new_tokens))
            except Exception as e:
                RESULTS["engine"].append({"variant": label, "batch": batch, "error": repr(e)})
                print(f"engine {label:12s} batch {batch}: FAILED {e!r}")
                continue
            finally:
                if undo:
                    undo()
            r.update(variant=label, batch=batch, weights=note, device=str(engine.device), dtype=str(engine.dtype))
            RESULTS["engine"].append(r)
            print(
                f"engine {label:12s} batch {batch}: {r['tok_per_s']:8.1f} tok/s  "
                f"TTFT p50 {r['ttft_ms_p50']:.1f} ms  ({note}, {r['dtype']})"
            )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    out_dir = os.environ.get("OUT")
    ap.add_argument("--json", default=str(Path(out_dir) / "gpu_check.json") if out_dir else None)
    ap.add_argument("--model", default="smollm2-135m")
    ap.add_argument("--tokenizer-dir", type=Path, default=None)
    ap.add_argument("--new-tokens", type=int, default=128)
    ap.add_argument("--skip-engine", action="store_true")
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
    for check in (check_attention, check_rejection, check_norms):
        try:
            check()
        except Exception as e:  # a kernel that fails to compile must not hide the others' results
            RESULTS["failures"].append(f"{check.__name__}: {e!r}")
            print(f"FAILED {check.__name__}: {e!r}")
    if not args.skip_engine:
        check_engine(args.model, args.tokenizer_dir, args.new_tokens)
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
