"""The CPU int8 path: accuracy against fp32, batch invariance, outlier smoothing, and the CPU path choice."""

from __future__ import annotations

import pytest
import torch

from engine import quant
from engine.cpu import choose_cpu_path, detect
from engine.quant import (
    HeadRefine,
    cache_file,
    hadamard_block,
    int8_linear,
    quantize_linear,
    refine_logits,
    rotation_factors,
    smooth_scales,
    stale_caches,
    top_indices,
)
from engine.scripted import hadamard

AVX2_ONLY = "flags\t\t: fpu sse sse2 avx fma f16c avx2 bmi2\n"
SAPPHIRE = "flags\t\t: fpu avx fma avx2 avx512f avx512_vnni avx512_bf16 avx512_fp16 amx_tile\n"


def rel_err(a: torch.Tensor, b: torch.Tensor) -> float:
    return float((a - b).norm() / b.norm())


def test_int8_linear_is_close_to_fp32_and_each_row_independent_of_the_batch():
    torch.manual_seed(0)
    w, b = torch.randn(300, 256) / 16, torch.randn(300)
    x = torch.randn(9, 256) * torch.logspace(-2, 2, 9)[:, None]  # rows of very different magnitude
    q = quantize_linear(w, b)
    y = int8_linear(x, q)
    assert rel_err(y, torch.nn.functional.linear(x, w, b)) < 1.5e-2  # int8 weights: ~0.5 % per weight
    w_int8 = torch.dequantize(torch.ops.quantized.linear_unpack(q.packed)[0])[:, :256]
    assert rel_err(y, torch.nn.functional.linear(x, w_int8, b)) < 1e-3  # activations keep ~14 bits
    alone = torch.cat([int8_linear(x[i : i + 1], q) for i in range(len(x))])
    assert torch.equal(y, alone)  # per-row scales pinned to [-1, 1]: a batch never changes a row's result


def test_one_row_int8_linear_is_close_batch_invariant_and_never_saturates():
    torch.manual_seed(0)
    w, b = torch.randn(300, 256) / 16, torch.randn(300)
    x = torch.randn(9, 256) * torch.logspace(-2, 2, 9)[:, None]
    q1, q2 = quantize_linear(w, b, one_row=True), quantize_linear(w, b)
    assert q1.one_row and not q2.one_row
    exact = torch.nn.functional.linear(x, w, b)
    one, two = rel_err(int8_linear(x, q1), exact), rel_err(int8_linear(x, q2), exact)
    assert two < one < 3e-2  # 8-bit activations and 7-bit weights: coarser than two rows, still ~1 %
    alone = torch.cat([int8_linear(x[i : i + 1], q1) for i in range(len(x))])
    assert torch.equal(int8_linear(x, q1), alone)
    # All-positive inputs and weights at full range: AVX2's u8 x s8 pair sums would pass int16 with 8-bit
    # weights (255 * 127 * 2 > 32767) and the result would be clipped; 7-bit weights keep them inside.
    w_pos, x_pos = torch.rand(64, 512), torch.ones(4, 512)
    assert rel_err(int8_linear(x_pos, quantize_linear(w_pos, one_row=True)), x_pos @ w_pos.T) < 1e-2


def test_a_rotated_input_loses_less_to_one_row_and_each_row_stays_independent_of_the_batch():
    a, c = rotation_factors(256)
    dense = torch.kron(a, c)
    assert torch.allclose(dense @ dense.T, torch.eye(256), atol=1e-6)  # orthogonal: the product is unchanged
    torch.manual_seed(0)
    x = torch.randn(60, 512)
    x[:, 7] *= 80  # an outlier channel, as Qwen's activations have: one per-row scale crushes the others
    assert torch.allclose(hadamard(x, a, c), x @ torch.block_diag(dense, dense), atol=1e-4)
    alone = torch.cat([hadamard(x[i : i + 1], a, c) for i in range(len(x))])
    assert torch.equal(hadamard(x, a, c), alone)  # a plain [T*blocks, 16] GEMM was not: its kernel follows T
    w = torch.randn(300, 512) / 16
    exact = x @ w.T
    rotated, plain = quantize_linear(w, one_row=True, rotate=True), quantize_linear(w, one_row=True)
    assert hadamard_block(512) == 256 and rotated.rotation is not None and plain.rotation is None
    assert rel_err(int8_linear(x, rotated), exact) < 0.5 * rel_err(int8_linear(x, plain), exact)
    assert torch.equal(int8_linear(x, rotated), torch.cat([int8_linear(x[i : i + 1], rotated) for i in range(60)]))
    assert hadamard_block(4864) == 256 and hadamard_block(896) == 128 and hadamard_block(200) == 0


def test_a_tied_heads_top_logits_are_recomputed_exactly_and_the_rest_left_as_they_were():
    torch.manual_seed(0)
    embed, scale = torch.randn(5000, 64).to(torch.bfloat16), torch.rand(64) + 0.5  # bf16 rows, as stored
    h = torch.randn(3, 64)  # the smoothed input: the true one is h * scale
    exact = (h * scale) @ embed.float().T
    cheap = exact + 0.05 * torch.randn_like(exact)  # the one-row GEMM's error
    got = refine_logits(h, cheap.clone(), HeadRefine(embed, scale), k=8)
    top = cheap.topk(8, dim=1).indices
    assert torch.allclose(got.gather(1, top), exact.gather(1, top), atol=1e-4)
    rest = torch.ones_like(got, dtype=torch.bool).scatter_(1, top, False)
    assert torch.equal(got[rest], cheap[rest])
    assert torch.equal(got.argmax(1), exact.argmax(1))
    assert torch.equal(refine_logits(h[1:2], cheap[1:2].clone(), HeadRefine(embed, scale), k=8), got[1:2])


@pytest.mark.parametrize(("rows", "vocab", "k"), [(1, 151936, 32), (8, 151936, 32), (3, 5000 + 77, 8), (2, 300, 32)])
def test_top_indices_are_topks_set(rows: int, vocab: int, k: int) -> None:
    torch.manual_seed(rows)
    x = torch.randn(rows, vocab)
    x[0, 256:256 + k] += 10  # all of row 0's winners in one block
    x[-1, -3:] += 10  # some in the tail
    got, want = top_indices(x, k), x.topk(k, dim=1).indices
    assert got.shape == want.shape
    assert torch.equal(got.sort(1).values, want.sort(1).values)


def test_smoothing_rescues_outlier_channels():
    torch.manual_seed(1)
    w = torch.randn(128, 256) / 16
    x = torch.randn(16, 256)
    x[:, :4] *= 3000.0  # a few activation channels far larger than the rest, as in Qwen-class models
    exact = x @ w.T
    s = smooth_scales(x.abs().amax(0), w.abs().amax(0), alpha=0.3)
    plain = rel_err(int8_linear(x, quantize_linear(w)), exact)
    smoothed = rel_err(int8_linear(x / s, quantize_linear(w * s)), exact)
    assert smoothed < 0.75 * plain, (plain, smoothed)


def test_cpu_features_are_read_and_capped_by_torch_capability():
    avx2 = detect(AVX2_ONLY, capability="AVX2")
    assert avx2.flags == {"avx2", "fma"} and not avx2.native_bf16
    full = detect(SAPPHIRE, capability="AVX512")
    assert full.native_bf16 and full.native_fp16 and "AMX" in full.describe()
    capped = detect(SAPPHIRE, capability="AVX2")  # ATEN_CPU_CAPABILITY=avx2 on a big CPU: measured as AVX2
    assert capped.flags == {"avx2", "fma"}
    assert detect("", capability="DEFAULT").describe() == "no AVX2"


def test_cpu_path_never_computes_in_an_emulated_half_dtype(capsys):
    avx2, full, old = detect(AVX2_ONLY, "AVX2"), detect(SAPPHIRE, "AVX512"), detect("flags: sse2\n", "DEFAULT")
    assert choose_cpu_path("auto", avx2).int8 and choose_cpu_path("auto", full).int8
    assert capsys.readouterr().err == ""
    path = choose_cpu_path("bfloat16", avx2)
    assert path.dtype == torch.float32 and not path.int8
    assert "bfloat16 is emulated on this CPU" in capsys.readouterr().err
    assert choose_cpu_path("bfloat16", full).dtype == torch.bfloat16
    path = choose_cpu_path("auto", old)
    assert path.dtype == torch.float32 and not path.int8
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no AVX2" in err  # one warning line
    assert choose_cpu_path("float32", avx2).description.startswith("fp32")


@pytest.mark.slow
def test_int8_engine_keeps_fp32_greedy_tokens():
    """SmolLM2 greedy replies under int8 against fp32 (SmolLM2 is the harder case: measured 8 argmax flips in
    240 teacher-forced positions vs Qwen2.5-0.5B's 2): most tokens agree before the first divergence."""
    import asyncio

    from engine import Engine, EngineOptions, SamplingParams

    prompts = [
        [{"role": "user", "content": q}]
        for q in ("What is the capital of France?", "Name three colours.", "What do bees make?", "Say hello.")
    ]

    def replies(dtype: str) -> list[list[int]]:
        async def run(engine: Engine) -> list[list[int]]:
            out = []
            for p in prompts:
                out.append([t async for d in engine.generate(p, SamplingParams(max_tokens=16)) for t in d.token_ids])
            return out

        with Engine(EngineOptions(model="smollm2-135m", dtype=dtype, max_batch=1, max_seq_len=256)) as e:
            assert e.path.int8 == (dtype == "int8")
            return asyncio.run(run(e))

    ref, q8 = replies("float32"), replies("int8")
    agree = sum(
        next((i for i, (a, b) in enumerate(zip(r, q, strict=False)) if a != b), len(r))
        for r, q in zip(ref, q8, strict=True)
    )
    total = sum(len(r) for r in ref)
    assert agree >= 0.5 * total, (agree, total)


@pytest.mark.slow
@pytest.mark.parametrize("every", [None, 3])  # the whole vocabulary, or every third token (engine/vocab.py)
def test_int8_weights_cached_on_disk_load_identical(tmp_path, monkeypatch, every):
    from engine.kv_cache import KVCache
    from engine.model import AttentionMeta, Model, ModelConfig
    from engine.quant import CALIBRATION_CHATS
    from engine.tokenizer import Tokenizer
    from engine.weights import load_config, load_state_dict, resolve_model

    model_dir = resolve_model("smollm2-135m")
    config, state = ModelConfig.from_hf(load_config(model_dir)), load_state_dict(model_dir)
    chats = [Tokenizer.from_dir(model_dir).encode_chat(c) for c in CALIBRATION_CHATS[:2]]
    cache = tmp_path / "int8.safetensors"
    ids = torch.tensor(chats[0])
    n = len(ids)

    def logits(model: Model) -> torch.Tensor:
        kv = KVCache.allocate(config.num_layers, 1, config.num_kv_heads, n, config.head_dim, torch.float32, "cpu")
        meta = AttentionMeta(None, None, None, 0, 1).add_chunk(0, 0, n, "cpu")
        with torch.inference_mode():
            return model.forward(ids, torch.arange(n), torch.zeros(n, dtype=torch.long), meta, kv)

    monkeypatch.setitem(quant.ONE_ROW, config.arch, frozenset({"wqkv", "w_gate_up"}))  # both kinds in the file
    monkeypatch.setitem(quant.ROTATE, config.arch, frozenset({"w_gate_up", "w_down"}))  # rotated and not
    vocab = None if every is None else list(range(0, config.vocab_size, every))
    built = Model(config, state, n, torch.float32, "cpu", int8_calibration=chats, int8_cache=cache, vocab=vocab)
    assert cache.is_file() and not list(tmp_path.glob(".*"))  # written whole, no temporary left behind
    loaded = Model(config, state, n, torch.float32, "cpu", int8_calibration=None, int8_cache=cache, vocab=vocab)
    assert torch.equal(logits(built), logits(loaded)) and logits(loaded).shape == (n, len(loaded.vocab))
    rows = state["model.embed_tokens.weight"] if vocab is None else state["model.embed_tokens.weight"][vocab]
    assert torch.equal(loaded.weights.head_refine.rows, rows)  # each column refined from its own token's row
    kinds = {part: getattr(loaded.weights.layers[0], part).one_row for part in ("wqkv", "wo", "w_gate_up", "w_down")}
    assert kinds == {"wqkv": True, "wo": False, "w_gate_up": True, "w_down": False}
    blocks = {part: getattr(loaded.weights.layers[0], part).rotation for part in ("wqkv", "w_gate_up", "w_down")}
    assert blocks["wqkv"] is None and blocks["w_gate_up"][1].shape == (16, 16) and blocks["w_down"] is not None
    assert "lm_head.weight" not in state  # tied: one cheap row, its top logits refined from the embedding
    assert loaded.weights.lm_head.one_row and loaded.weights.head_refine is not None
    assert torch.equal(loaded.weights.head_refine.scale, built.weights.head_refine.scale)


def test_a_new_int8_cache_replaces_the_same_models_older_ones_and_no_other(tmp_path, monkeypatch):
    monkeypatch.setenv("VOICEBOT_CACHE", str(tmp_path))
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
    current, other_model = cache_file(tmp_path / "a"), cache_file(tmp_path / "b")
    other_vocab, older_vocab = cache_file(tmp_path / "a", [0, 1, 2]), cache_file(tmp_path / "a", [0, 1])
    monkeypatch.setitem(quant.ROTATE, "qwen2", frozenset())  # another option: another name, the same model tag
    older = cache_file(tmp_path / "a")
    assert older != current and older.name.split("-")[0] == current.name.split("-")[0] != other_model.name[:8]
    assert other_vocab.name.split("-")[0] == current.name.split("-")[0]
    legacy = current.with_name("0123456789abcdef.safetensors")  # named before the model's tag led the name
    tagged = current.with_name(current.name[:9] + "0123456789abcdef.safetensors")  # before the vocabulary's
    current.parent.mkdir(parents=True)
    for f in (current, other_model, other_vocab, older_vocab, older, legacy, tagged):
        f.write_bytes(b"x")
    assert sorted(stale_caches(current)) == sorted([older, legacy, tagged])
    assert older_vocab in stale_caches(other_vocab) and current not in stale_caches(other_vocab)
