"""The TorchScript int8 layer (engine/scripted.py) against the eager one: the same ops, so the same bits.

A small random Qwen2-shaped model (qkv bias, grouped kv heads, a padded down projection, both activation
schemes) is quantized for real (fbgemm, SmoothQuant calibration) and run through the batch layouts the
runner builds: a prompt chunk, decode rows, rows of different lengths with padding, a chunk beside a group.
"""

from __future__ import annotations

import pytest
import torch

from engine import quant
from engine.kv_cache import KVCache
from engine.model import AttentionMeta, Model, ModelConfig, linear, rms_norm
from engine.quant import padded_width, refine_logits
from engine.runner import group_meta
from engine.scripted import attend

CONFIG = ModelConfig(
    arch="qwen2", hidden_size=128, intermediate_size=200, num_layers=3, num_heads=4, num_kv_heads=2,
    head_dim=32, rms_norm_eps=1e-6, rope_theta=10000.0, vocab_size=300, qkv_bias=True,
)  # fmt: skip
MAX_POS = 64


def random_state(c: ModelConfig) -> dict[str, torch.Tensor]:
    g = torch.Generator().manual_seed(0)

    def r(*shape: int, scale: float = 0.1) -> torch.Tensor:
        return torch.randn(*shape, generator=g) * scale

    kv = c.num_kv_heads * c.head_dim
    state = {
        "model.embed_tokens.weight": r(c.vocab_size, c.hidden_size, scale=1.0),
        "model.norm.weight": 1 + r(c.hidden_size),
    }
    for i in range(c.num_layers):
        p = f"model.layers.{i}."
        state |= {
            p + "input_layernorm.weight": 1 + r(c.hidden_size),
            p + "post_attention_layernorm.weight": 1 + r(c.hidden_size),
            p + "self_attn.q_proj.weight": r(c.num_heads * c.head_dim, c.hidden_size),
            p + "self_attn.k_proj.weight": r(kv, c.hidden_size),
            p + "self_attn.v_proj.weight": r(kv, c.hidden_size),
            p + "self_attn.q_proj.bias": r(c.num_heads * c.head_dim),
            p + "self_attn.k_proj.bias": r(kv),
            p + "self_attn.v_proj.bias": r(kv),
            p + "self_attn.o_proj.weight": r(c.hidden_size, c.num_heads * c.head_dim),
            p + "mlp.gate_proj.weight": r(c.intermediate_size, c.hidden_size),
            p + "mlp.up_proj.weight": r(c.intermediate_size, c.hidden_size),
            p + "mlp.down_proj.weight": r(c.hidden_size, c.intermediate_size),
        }
    state["model.layers.1.input_layernorm.weight"][5] = 30.0  # an outlier channel for SmoothQuant to move
    return state


def chunk(slot: int, start: int, n: int, meta: AttentionMeta | None = None) -> AttentionMeta:
    return (meta or AttentionMeta(None, None, None, 0, 1)).add_chunk(slot, start, n, "cpu")


def steps(model: Model, scripted: bool) -> tuple[list[torch.Tensor], KVCache]:
    """Logits of five steps over two cache slots, through the scripted or the eager layer, and the cache."""
    layer = model.int8_layer
    if not scripted:
        model.int8_layer = None
    kv = KVCache.allocate(CONFIG.num_layers, 2, CONFIG.num_kv_heads, MAX_POS, CONFIG.head_dim, torch.float32, "cpu")
    g = torch.Generator().manual_seed(1)

    def run(rows: list[tuple[int, int, int]], meta: AttentionMeta) -> torch.Tensor:
        """rows: (slot, first position, tokens), the group's rows first, then the chunk's."""
        flat = [(s, p0 + i) for s, p0, n in rows for i in range(n)]
        ids = torch.randint(0, CONFIG.vocab_size, (len(flat),), generator=g)
        slots, positions = torch.tensor([s for s, _ in flat]), torch.tensor([p for _, p in flat])
        with torch.inference_mode():
            return model.forward(ids, positions, slots, meta, kv)

    try:
        return [
            run([(0, 0, 12)], chunk(0, 0, 12)),  # a prompt from position 0: plain causal
            run([(0, 12, 1), (1, 0, 8)], chunk(1, 0, 8, group_meta([12], [1], [0], "cpu", False))),  # decode + prompt
            run([(1, 8, 5)], chunk(1, 8, 5)),  # a prompt's second chunk: masked
            run([(0, 13, 1), (1, 13, 3)], group_meta([13, 13], [1, 3], [0, 1], "cpu", False)),  # padded rows
            run([(1, 16, 1), (0, 14, 1)], group_meta([16, 14], [1, 1], [1, 0], "cpu", False)),  # slots by index
        ], kv
    finally:
        model.int8_layer = layer


def test_the_scripted_int8_layer_computes_bitwise_what_the_eager_one_does(monkeypatch):
    monkeypatch.setitem(quant.ONE_ROW, "qwen2", frozenset({"wqkv", "wo", "w_gate_up"}))  # both schemes
    state = random_state(CONFIG)
    calibration = [torch.randint(0, CONFIG.vocab_size, (20,), generator=torch.Generator().manual_seed(2)).tolist()]
    model = Model(CONFIG, state, MAX_POS, torch.float32, "cpu", int8_calibration=calibration)
    assert isinstance(model.int8_layer, torch.jit.ScriptFunction)  # TorchScript compiled it: the fast path runs
    layer = model.weights.layers[0]
    assert layer.wqkv.bias is not None and layer.wqkv.one_row and not layer.w_down.one_row
    assert layer.wqkv.rotation is not None and layer.w_down.rotation is None  # 128 wide: rotated; 200: too odd
    assert layer.w_down.width == padded_width(CONFIG.intermediate_size) > CONFIG.intermediate_size
    fast, fast_kv = steps(model, scripted=True)
    slow, slow_kv = steps(model, scripted=False)
    for a, b in zip(fast, slow, strict=True):
        assert a.shape == b.shape and torch.isfinite(a).all()
        assert torch.equal(a, b)
    assert torch.equal(fast_kv.k, slow_kv.k) and torch.equal(fast_kv.v, slow_kv.v)
    # and the int8 model is still the model: close to its fp32 form on the first step's logits
    ref = Model(CONFIG, state, MAX_POS, torch.float32, "cpu")
    assert ref.int8_layer is None
    exact, _ = steps(ref, scripted=False)
    assert torch.corrcoef(torch.stack([fast[0].flatten(), exact[0].flatten()]))[0, 1] > 0.99


def test_a_float_model_keeps_the_eager_layer():
    model = Model(CONFIG, random_state(CONFIG), MAX_POS, torch.float32, "cpu")
    assert model.int8_layers is None and model.int8_layer is None


def test_an_untied_head_ranks_in_one_row_and_is_refined_from_its_own_rows(tmp_path):
    """The default Qwen GGUF stores its own lm_head (fp16, ~4 % off the embedding): its top logits must come
    from those rows, also when the int8 weights are read back from the cache."""
    state = random_state(CONFIG)
    embed = state["model.embed_tokens.weight"]
    state["lm_head.weight"] = (
        embed + 0.05 * torch.randn(embed.shape, generator=torch.Generator().manual_seed(3))
    ).half()
    calibration = [list(range(0, 300, 15))]
    cache = tmp_path / "int8.safetensors"
    built = Model(CONFIG, state, MAX_POS, torch.float32, "cpu", int8_calibration=calibration, int8_cache=cache)
    loaded = Model(CONFIG, state, MAX_POS, torch.float32, "cpu", int8_cache=cache)
    for model in (built, loaded):
        head, refine = model.weights.lm_head, model.weights.head_refine
        assert head.one_row and refine is not None and refine.rows is state["lm_head.weight"]
    a, _ = steps(built, scripted=True)
    b, _ = steps(loaded, scripted=True)
    assert all(torch.equal(x, y) for x, y in zip(a, b, strict=True))
    # each row's best logit is exactly the fp32 product with the head's stored rows
    w = built.weights
    x = rms_norm(torch.randn(3, CONFIG.hidden_size), w.norm, CONFIG.rms_norm_eps)
    logits = refine_logits(x, linear(x, w.lm_head).float(), w.head_refine)
    best = logits.argmax(1)
    exact = (x * w.head_refine.scale) @ state["lm_head.weight"].float().T
    assert torch.allclose(logits.gather(1, best[:, None]), exact.gather(1, best[:, None]), rtol=1e-5, atol=1e-5)


def test_a_tokens_attention_does_not_depend_on_the_rows_beside_it():
    """Lossless speculation and batching need a row's result to be the one-token step's, bit for bit. With
    Qwen's shapes (14 query heads on 2 kv heads of 64) past ~190 keys, batched matmuls over all rows summed in
    another order (docs/MEASUREMENTS.md); on CPU each token now attends alone. (On the project's AVX2 machine
    the batched form differed from alone at 190-400 keys here; MKL's choice varies by CPU.)"""
    g = torch.Generator().manual_seed(5)
    k_cache, v_cache = torch.randn(3, 2, 600, 64, generator=g), torch.randn(3, 2, 600, 64, generator=g)
    k_cache[1:], v_cache[1:] = k_cache[0].clone(), v_cache[0].clone()  # the same history in three slots
    q = torch.randn(6, 14, 64, generator=g)

    def row0(starts: list[int], lens: list[int], slots: list[int]) -> torch.Tensor:
        meta = group_meta(starts, lens, slots, "cpu", False).scripted()
        return attend(q[: sum(lens)], k_cache, v_cache, meta, True)[0]

    for start in (150, 190, 250, 400, 520):
        alone = row0([start], [1], [0])
        assert torch.equal(alone, row0([start], [4], [1]))  # the first of four verify rows
        assert torch.equal(alone, row0([start, start + 40], [1, 3], [2, 0]))  # beside a longer sequence


def test_a_damaged_int8_cache_is_rebuilt_and_an_unwritable_one_skipped(tmp_path):
    state, calibration = random_state(CONFIG), [list(range(0, 300, 15))]
    cache = tmp_path / "int8.safetensors"
    cache.write_bytes(b"half a file")  # what a full disk or another program may leave
    with pytest.warns(UserWarning, match="unreadable"):
        rebuilt = Model(CONFIG, state, MAX_POS, torch.float32, "cpu", int8_calibration=calibration, int8_cache=cache)
    loaded = Model(CONFIG, state, MAX_POS, torch.float32, "cpu", int8_cache=cache)  # the file is whole again
    assert all(torch.equal(x, y) for x, y in zip(steps(rebuilt, True)[0], steps(loaded, True)[0], strict=True))
    blocked = tmp_path / "a file, not a directory"
    blocked.write_bytes(b"")
    with pytest.warns(UserWarning, match="not cached"):
        uncached = Model(
            CONFIG, state, MAX_POS, torch.float32, "cpu", int8_calibration=calibration, int8_cache=blocked / "x"
        )
    assert uncached.int8_layers is not None
    cache.write_bytes(b"half a file")
    with pytest.raises(Exception):  # noqa: B017 -- without calibration chats there is nothing to rebuild from
        Model(CONFIG, state, MAX_POS, torch.float32, "cpu", int8_cache=cache)
