"""The decoder (Llama / Qwen2 family) in plain torch: RMSNorm, RoPE, GQA attention, SwiGLU, tied embeddings.

One forward runs a flattened batch of tokens from many sequences. Each token carries its position and
its KV-cache slot; the batch is laid out as `group` (B sequences of 1..n tokens each: decode steps have
n=1, speculative verification 1+k) followed by prompt `chunks` (C tokens each, one sequence each).
The group's attention is one call reading the cache by slot (per token on CPU), each chunk's one SDPA call,
so the Python work per layer does not grow with the batch.
"""

from __future__ import annotations

import os
import tempfile
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import NamedTuple

import torch
import torch.nn.functional as F
from safetensors.torch import load_file, save_file

from engine import kernels
from engine.kv_cache import KVCache
from engine.quant import (
    HeadRefine,
    Int8Linear,
    RangeObserver,
    int8_linear,
    observe,
    one_row_parts,
    pack_int8,
    quantize_linear,
    random_signs,
    refine_logits,
    rotated_parts,
    smooth_scales,
    unpack_int8,
)
from engine.scripted import Attn, Int8Layer, attend, compile_layer
from engine.vocab import Vocab


@dataclass(frozen=True)
class ModelConfig:
    arch: str
    hidden_size: int
    intermediate_size: int
    num_layers: int
    num_heads: int
    num_kv_heads: int
    head_dim: int
    rms_norm_eps: float
    rope_theta: float
    vocab_size: int
    qkv_bias: bool

    @classmethod
    def from_hf(cls, c: dict) -> ModelConfig:
        arch = c.get("model_type", "llama")
        heads = c["num_attention_heads"]
        rope = (c.get("rope_parameters") or {}).get("rope_theta") or c.get("rope_theta", 10000.0)
        return cls(
            arch=arch,
            hidden_size=c["hidden_size"],
            intermediate_size=c["intermediate_size"],
            num_layers=c["num_hidden_layers"],
            num_heads=heads,
            num_kv_heads=c.get("num_key_value_heads", heads),
            head_dim=c.get("head_dim") or c["hidden_size"] // heads,
            rms_norm_eps=c["rms_norm_eps"],
            rope_theta=float(rope),
            vocab_size=c["vocab_size"],
            qkv_bias=arch == "qwen2" or bool(c.get("attention_bias", False)),
        )


Matrix = torch.Tensor | Int8Linear | RangeObserver  # what `linear` multiplies by


class Layer(NamedTuple):
    attn_norm: torch.Tensor
    wqkv: Matrix  # q, k, v projections fused: one matmul instead of three
    bqkv: torch.Tensor | None
    wo: Matrix
    mlp_norm: torch.Tensor
    w_gate_up: Matrix  # gate and up fused
    w_down: Matrix


@dataclass
class AttentionMeta:
    """Where each part of a flattened batch reads the cache; built once per step, used by every layer."""

    group_slots: torch.Tensor | None  # [B] slot of each sequence in the group
    group_slice: slice | None  # the same slots as a contiguous range: read the cache without a copy
    group_mask: torch.Tensor | None  # [B, 1, 1, n, L] fp32, 0 where a query may attend, -inf elsewhere
    group_len: int  # L: cache positions the group reads
    group_n: int  # n: tokens of the longest group sequence (the others are padded to it for attention)
    group_tokens: int = 0  # real group tokens (B*n without padding)
    group_pad: torch.Tensor | None = None  # [group_tokens] row of each real token in the padded B*n layout
    group_lengths: torch.Tensor | None = None  # [B] int32 start + n: set when the decode_attention kernel runs
    # Prompt chunks after the group, one sequence each (`add_chunk`): its slot, the position of its first token,
    # its length C, and its mask [C, start+C] (None: plain causal, the chunk starts at 0).
    chunk_slots: list[int] = field(default_factory=list)
    chunk_starts: list[int] = field(default_factory=list)
    chunk_lens: list[int] = field(default_factory=list)
    chunk_masks: list[torch.Tensor | None] = field(default_factory=list)
    token_slots: list[int] = field(default_factory=list)  # per group token: its slot (CPU attention)...
    token_keys: list[int] = field(default_factory=list)  # ...and the keys it sees: its position + 1

    def add_chunk(self, slot: int, start: int, n: int, device) -> AttentionMeta:
        """Append a chunk of n prompt tokens at positions start.. of `slot` (its rows follow those before)."""
        mask = torch.ones(n, start + n, dtype=torch.bool, device=device).tril(start) if start else None
        self.chunk_slots.append(slot)
        self.chunk_starts.append(start)
        self.chunk_lens.append(n)
        self.chunk_masks.append(mask)
        return self

    def scripted(self) -> Attn:
        """The same in TorchScript's types (engine/scripted.py)."""
        s = self.group_slice
        start, stop = (s.start, s.stop) if s is not None else (0, 0)
        return Attn(
            self.group_tokens, self.group_slots, start, stop, self.group_mask, self.group_len, self.group_n,
            self.group_pad, self.chunk_slots, self.chunk_starts, self.chunk_lens, self.chunk_masks, self.token_slots,
            self.token_keys,
        )  # fmt: skip


class Weights(NamedTuple):
    dtype: torch.dtype  # of the activations (fp32 for int8 weights)
    embed: torch.Tensor
    lm_head: Matrix
    norm: torch.Tensor
    layers: list[Layer]
    head_refine: HeadRefine | None = None  # int8: the lm_head's top logits recomputed exactly


def packed_linear_available(dtype: torch.dtype, device) -> bool:
    """CPU bf16 matmuls run on oneDNN weights reordered once at load (`pack`): measured on the project's
    CPU (2 threads), SmolLM2-135M's gate/up matmul 148 -> 57 us at 8 rows and 118 -> 40 us at one row (fp16
    unpacked: 79 us), the lm_head 3.1 -> 1.2 ms. Row results do not depend on the batch size."""
    return (
        torch.device(device).type == "cpu"
        and dtype == torch.bfloat16
        and torch.backends.mkldnn.is_available()
        and torch.ops.mkldnn._is_mkldnn_bf16_supported()
    )


def pack(w: torch.Tensor) -> torch.Tensor:
    """A [out, in] weight in oneDNN's blocked layout (an opaque mkldnn tensor: only `linear` reads it)."""
    return torch.ops.mkldnn._reorder_linear_weight(w, None)


def linear(x: torch.Tensor, w: Matrix, b: torch.Tensor | None = None) -> torch.Tensor:
    if isinstance(w, Int8Linear):
        return int8_linear(x, w)  # its bias is inside
    if isinstance(w, RangeObserver):
        return w(x, b)
    if w.is_mkldnn:
        return torch.ops.mkldnn._linear_pointwise(x, w, b, "none", [], "")
    return F.linear(x, w, b)


def load_weights(
    config: ModelConfig,
    state: dict[str, torch.Tensor],
    dtype: torch.dtype,
    device,
    calibrating: bool = False,
    head_ids: torch.Tensor | None = None,
) -> Weights:
    """Float weights; `calibrating` wraps every matmul weight in a RangeObserver (see `calibrate`);
    `head_ids`: the tokens the lm_head keeps, one logits column each (engine/vocab.py); None: all."""
    packed = packed_linear_available(dtype, device) and not calibrating

    def w(name: str) -> torch.Tensor:
        return state[name].to(device=device, dtype=dtype)

    def mat(t: torch.Tensor) -> Matrix:  # a matmul weight
        return observe(t) if calibrating else pack(t) if packed else t

    def norm(name: str) -> torch.Tensor:  # norms run in fp32 (fp16 squares overflow)
        return state[name].to(device=device, dtype=torch.float32)

    layers = []
    for i in range(config.num_layers):
        p = f"model.layers.{i}."
        qkv = [p + f"self_attn.{x}_proj" for x in "qkv"]
        layers.append(
            Layer(
                attn_norm=norm(p + "input_layernorm.weight"),
                wqkv=mat(torch.cat([w(n + ".weight") for n in qkv])),
                bqkv=torch.cat([w(n + ".bias") for n in qkv]) if config.qkv_bias else None,
                wo=mat(w(p + "self_attn.o_proj.weight")),
                mlp_norm=norm(p + "post_attention_layernorm.weight"),
                w_gate_up=mat(torch.cat([w(p + "mlp.gate_proj.weight"), w(p + "mlp.up_proj.weight")])),
                w_down=mat(w(p + "mlp.down_proj.weight")),
            )
        )
    embed = w("model.embed_tokens.weight")
    lm_head = w("lm_head.weight") if "lm_head.weight" in state else embed
    lm_head = lm_head if head_ids is None else lm_head[head_ids]
    return Weights(dtype, embed, mat(lm_head), norm("model.norm.weight"), layers)


def calibrate(config: ModelConfig, state: dict[str, torch.Tensor], prompts: list[list[int]], device) -> Weights:
    """Run the fp32 model over `prompts`; the returned weights' observers hold each matmul's input ranges."""
    weights = load_weights(config, state, torch.float32, device, calibrating=True)
    longest = max(len(p) for p in prompts)
    model = Model.from_weights(config, weights, longest, device)
    kv = KVCache.allocate(config.num_layers, 1, config.num_kv_heads, longest, config.head_dim, torch.float32, device)
    with torch.inference_mode():
        for ids in prompts:
            n = len(ids)
            meta = AttentionMeta(None, None, None, 0, 1).add_chunk(0, 0, n, device)
            zeros = torch.zeros(n, dtype=torch.long, device=device)
            rows = torch.arange(0, n, 4, device=device)  # the lm_head's inputs: a sample is enough, and cheap
            model.forward(torch.tensor(ids, device=device), torch.arange(n, device=device), zeros, meta, kv, rows)
    return weights


def load_int8_weights(
    config: ModelConfig, state: dict[str, torch.Tensor], seen: Weights, device, head_ids: torch.Tensor | None = None
) -> Weights:
    """int8 weights, SmoothQuant-ed with the input ranges in `seen` (engine/quant.py says why and how);
    the lm_head keeps the rows of `head_ids` (None: all).

    Each smoothing divides a matmul's input channels by s where that input is made, and multiplies the
    weight's columns by s: RMSNorm weights for qkv, gate/up and the lm_head; the up projection's rows for
    down; the value rows for o (per kv channel, since grouped query heads share it).
    """
    c = config
    group = c.num_heads // c.num_kv_heads
    one_row, rotated = one_row_parts(c.arch), rotated_parts(c.arch)

    def signed(scale: torch.Tensor, part: str, seed: int) -> torch.Tensor:
        """A rotated input's smoothing scale with random signs in it (quant.random_signs)."""
        return scale * random_signs(scale.numel(), seed).to(scale.device) if part in rotated else scale

    def f32(name: str) -> torch.Tensor:
        return state[name].to(device=device, dtype=torch.float32)

    layers = []
    for i, obs in enumerate(seen.layers):
        p = f"model.layers.{i}."
        wqkv = torch.cat([f32(p + f"self_attn.{x}_proj.weight") for x in "qkv"])
        bqkv = torch.cat([f32(p + f"self_attn.{x}_proj.bias") for x in "qkv"]) if c.qkv_bias else None
        s = signed(smooth_scales(obs.wqkv.seen, wqkv.abs().amax(0)), "wqkv", 4 * i)
        attn_norm, wqkv = f32(p + "input_layernorm.weight") / s, wqkv * s

        wo = f32(p + "self_attn.o_proj.weight")  # input channel h*d + j reads kv channel (h // group)*d + j
        act = obs.wo.seen.view(c.num_kv_heads, group, c.head_dim).amax(1).flatten()
        s_v = smooth_scales(act, wo.abs().amax(0).view(c.num_kv_heads, group, c.head_dim).amax(1).flatten())
        s_v = signed(s_v, "wo", 4 * i + 1)
        wo = wo * s_v.view(c.num_kv_heads, 1, c.head_dim).expand(-1, group, -1).flatten()
        v_rows = slice(wqkv.shape[0] - s_v.numel(), wqkv.shape[0])
        wqkv[v_rows] /= s_v[:, None]
        if bqkv is not None:
            bqkv[v_rows] /= s_v

        gate, up = f32(p + "mlp.gate_proj.weight"), f32(p + "mlp.up_proj.weight")
        w_down = f32(p + "mlp.down_proj.weight")
        s_down = signed(smooth_scales(obs.w_down.seen, w_down.abs().amax(0)), "w_down", 4 * i + 3)
        up, w_down = up / s_down[:, None], w_down * s_down
        w_gate_up = torch.cat([gate, up])
        s = signed(smooth_scales(obs.w_gate_up.seen, w_gate_up.abs().amax(0)), "w_gate_up", 4 * i + 2)
        mlp_norm, w_gate_up = f32(p + "post_attention_layernorm.weight") / s, w_gate_up * s
        q = [
            quantize_linear(w, b, one_row=part in one_row, rotate=part in rotated)
            for part, w, b in zip(_INT8_PARTS, (wqkv, wo, w_gate_up, w_down), (bqkv, None, None, None), strict=True)
        ]
        layers.append(Layer(attn_norm, q[0], None, q[1], mlp_norm, q[2], q[3]))
    embed = state["model.embed_tokens.weight"].to(device)  # looked up by row: its stored dtype is fine
    rows = head_rows(state, device, head_ids)
    lm_head = rows.float()
    s = smooth_scales(seen.lm_head.seen, lm_head.abs().amax(0))
    head = quantize_linear(lm_head * s, one_row=True)  # it only ranks: HeadRefine makes the top exact
    return Weights(torch.float32, embed, head, f32("model.norm.weight") / s, layers, HeadRefine(rows, s))


def head_rows(state: dict[str, torch.Tensor], device, head_ids: torch.Tensor | None = None) -> torch.Tensor:
    """The lm_head's rows (those of `head_ids`) in their stored precision, which recompute each token's top
    logits exactly (quant.refine_logits): a tied head's are the embedding's (shared when all are kept, else
    a copy); an untied one's (the default Qwen GGUF stores its own, fp16) cost their memory (180 MB for
    Qwen's speakable tokens) but only 32 of them are read a token."""
    rows = state["lm_head.weight" if "lm_head.weight" in state else "model.embed_tokens.weight"].to(device)
    return rows if head_ids is None else rows[head_ids]


_INT8_PARTS = ("wqkv", "wo", "w_gate_up", "w_down")


def int8_state(weights: Weights) -> dict[str, torch.Tensor]:
    """Int8 weights as plain tensors (int8 values, scales, biases, norms) to cache on disk; no embedding."""
    out: dict[str, torch.Tensor] = {"norm": weights.norm}
    named = [(f"{i}.{part}", getattr(layer, part)) for i, layer in enumerate(weights.layers) for part in _INT8_PARTS]
    for name, q in [*named, ("lm_head", weights.lm_head)]:
        out[name + ".q"], out[name + ".s"] = unpack_int8(q)
        out[name + ".k"] = torch.tensor([q.in_features])
        out[name + ".r"] = torch.tensor([q.one_row])
        out[name + ".h"] = torch.tensor([0 if q.rotation is None else q.rotation[0].shape[0] * q.rotation[1].shape[0]])
        if q.bias is not None:
            out[name + ".b"] = q.bias
    if weights.head_refine is not None:
        out["lm_head.refine"] = weights.head_refine.scale  # its rows come from the model's own files
    for i, layer in enumerate(weights.layers):
        out[f"{i}.attn_norm"], out[f"{i}.mlp_norm"] = layer.attn_norm, layer.mlp_norm
    return out


def int8_weights_from_state(
    stored: dict[str, torch.Tensor], embed: torch.Tensor, head: torch.Tensor, num_layers: int
) -> Weights:
    """The cached int8 weights; `embed` and `head` (head_rows) come from the model's own files."""

    names = [f"{i}.{part}" for i in range(num_layers) for part in _INT8_PARTS] + ["lm_head"]
    linears = dict(zip(names, pack_int8([
        (stored[n + ".q"], stored[n + ".s"], stored.get(n + ".b"), int(stored[n + ".k"]), bool(stored[n + ".r"]),
         int(stored[n + ".h"]))
        for n in names
    ]), strict=True))  # fmt: skip
    layers = [
        Layer(stored[f"{i}.attn_norm"], linears[f"{i}.wqkv"], None, linears[f"{i}.wo"], stored[f"{i}.mlp_norm"],
              linears[f"{i}.w_gate_up"], linears[f"{i}.w_down"])
        for i in range(num_layers)
    ]  # fmt: skip
    refine = HeadRefine(head, stored["lm_head.refine"]) if "lm_head.refine" in stored else None
    return Weights(torch.float32, embed, linears["lm_head"], stored["norm"], layers, refine)


def int8_layers(weights: Weights) -> list[Int8Layer] | None:
    """Each layer's int8 weights as engine.scripted.int8_layer takes them; None unless all are int8."""
    out = []
    for layer in weights.layers:
        parts = (layer.wqkv, layer.wo, layer.w_gate_up, layer.w_down)
        if not all(isinstance(q, Int8Linear) for q in parts) or layer.bqkv is not None:
            return None
        qkv, o, gate_up, down = parts
        out.append(
            Int8Layer(
                layer.attn_norm, layer.mlp_norm, qkv.packed, qkv.bias, o.packed, gate_up.packed, down.packed,
                [q.in_features for q in parts], [q.width for q in parts], [q.one_row for q in parts],
                [None if q.rotation is None else q.rotation[0] for q in parts],
                [None if q.rotation is None else q.rotation[1] for q in parts],
            )
        )  # fmt: skip
    return out


class Model:
    """The decoder. `single_row_dtype` keeps a second copy of the weights for one-token steps: on CPU,
    fp16 is ~2x faster than bf16 for one row but far slower for several (see engine.pick_device_dtype)."""

    def __init__(
        self,
        config: ModelConfig,
        state: dict[str, torch.Tensor],
        max_positions: int,
        dtype: torch.dtype,
        device,
        single_row_dtype: torch.dtype | None = None,
        int8_calibration: list[list[int]] | None = None,
        int8_cache: Path | None = None,
        vocab: list[int] | None = None,
    ) -> None:
        """`int8_calibration`: token ids of a few prompts; given, the weights are int8 (and `dtype` the
        activations' dtype, fp32) with outliers smoothed by the input ranges seen on these prompts.
        `int8_cache`: a file holding those int8 weights, read if it exists, else written (calibrating and
        quantizing a 0.5B model takes ~15 s; packing stored int8 weights ~4 s). A cache that cannot be read
        is rebuilt, one that cannot be written is skipped, each with a warning: neither stops the engine.
        `vocab`: the token ids the model may produce (engine/vocab.py), one logits column each, in this
        order; None: every token, column = id. The int8 cache must have been made for the same list."""
        self.config, self.dtype = config, dtype
        self.vocab = Vocab(vocab, config.vocab_size)
        head_ids = self.vocab.ids
        cached = None
        if int8_cache is not None and int8_cache.is_file():
            try:
                stored = load_file(str(int8_cache))
                embed = state["model.embed_tokens.weight"].to(device)
                cached = int8_weights_from_state(stored, embed, head_rows(state, device, head_ids), config.num_layers)
            except Exception as e:  # a damaged file (a full disk, another program): calibrate again
                if int8_calibration is None:
                    raise
                warnings.warn(f"int8 cache {int8_cache} unreadable ({type(e).__name__}: {e}); rebuilding", stacklevel=2)
        if cached is not None:
            self.weights = cached
        elif int8_calibration is not None:
            seen = calibrate(config, state, int8_calibration, device)
            self.weights = load_int8_weights(config, state, seen, device, head_ids)
            if int8_cache is not None:
                try:
                    save_atomic(int8_state(self.weights), int8_cache)
                except OSError as e:  # a read-only or full cache directory: run uncached
                    warnings.warn(f"int8 weights not cached ({e}): the next start calibrates again", stacklevel=2)
        else:
            self.weights = load_weights(config, state, dtype, device, head_ids=head_ids)
        self.single_row = None
        if single_row_dtype is not None and single_row_dtype != dtype:
            self.single_row = load_weights(config, state, single_row_dtype, device, head_ids=head_ids)
        self.cos, self.sin = rope_tables(config.head_dim, config.rope_theta, max_positions, device)
        self.int8_layers = int8_layers(self.weights) if torch.device(device).type == "cpu" else None
        self.int8_layer = compile_layer() if self.int8_layers is not None else None

    @classmethod
    def from_weights(cls, config: ModelConfig, weights: Weights, max_positions: int, device) -> Model:
        model = cls.__new__(cls)
        model.config, model.dtype, model.weights, model.single_row = config, weights.dtype, weights, None
        model.vocab = Vocab(None, config.vocab_size)
        model.cos, model.sin = rope_tables(config.head_dim, config.rope_theta, max_positions, device)
        model.int8_layers = model.int8_layer = None
        return model

    def forward(
        self,
        ids: torch.Tensor,  # [T]
        positions: torch.Tensor,  # [T]
        slots: torch.Tensor,  # [T]
        meta: AttentionMeta,
        kv: KVCache,
        logits_idx: torch.Tensor | None = None,  # rows whose logits we need; None = all
        layers: list[int] | None = None,  # run only these layers (the self-draft); None = all
        pause: Callable[[], None] | None = None,  # called after each layer: may block while the caller's
        # urgent CPU work runs (voicebot/priority.py), so it need not wait for the whole step
    ) -> torch.Tensor:
        """Logits [rows, len(self.vocab)]: a column per token the model may produce (`self.vocab.tokens`)."""
        c = self.config
        w = self.single_row if self.single_row is not None and ids.numel() == 1 else self.weights
        x = F.embedding(ids, w.embed).to(w.dtype)
        cos, sin = self.cos[positions].to(kv.k.dtype), self.sin[positions].to(kv.k.dtype)
        heads, kv_heads = c.num_heads, c.num_kv_heads
        scripted = (
            self.int8_layers is not None and self.int8_layer is not None and w is self.weights
            and meta.group_lengths is None  # the CUDA decode kernel's metadata is the eager layer's alone
        )  # fmt: skip
        if scripted:
            shape, attn = [heads, kv_heads, c.head_dim], meta.scripted()
        for i in range(c.num_layers) if layers is None else layers:
            if scripted:  # int8 on CPU: the same layer as below, in one TorchScript call (engine/scripted.py)
                x = self.int8_layer(x, self.int8_layers[i], shape, c.rms_norm_eps, cos, sin, kv.k[i], kv.v[i],
                                    slots, positions, attn)  # fmt: skip
                if pause is not None:
                    pause()
                continue
            layer, k_cache, v_cache = w.layers[i], kv.k[i], kv.v[i]
            h = rms_norm(x, layer.attn_norm, c.rms_norm_eps)
            qkv = linear(h, layer.wqkv, layer.bqkv).view(-1, heads + 2 * kv_heads, c.head_dim)
            qkv = qkv.to(k_cache.dtype)  # a no-op unless the single-row weights differ from the cache
            q = kernels.rope_cache(qkv, cos, sin, k_cache, v_cache, slots, positions, heads)  # k, v: to the cache
            o = attention(q, k_cache, v_cache, meta).to(w.dtype)
            x = x + linear(o, layer.wo)
            gate_up = linear(rms_norm(x, layer.mlp_norm, c.rms_norm_eps), layer.w_gate_up)
            x = x + linear(kernels.silu_mul(gate_up), layer.w_down)
            if pause is not None:
                pause()
        if logits_idx is not None:
            x = x[logits_idx]
        h = rms_norm(x, w.norm, c.rms_norm_eps)
        logits = linear(h, w.lm_head).float()
        return logits if w.head_refine is None else refine_logits(h, logits, w.head_refine)


def save_atomic(tensors: dict[str, torch.Tensor], path: Path) -> None:
    """Write to a temporary file and rename: a killed process never leaves a half-written cache."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    os.close(fd)
    try:
        save_file({k: v.contiguous() for k, v in tensors.items()}, tmp)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    finally:
        Path(tmp).unlink(missing_ok=True)


def rms_norm(x: torch.Tensor, weight: torch.Tensor, eps: float) -> torch.Tensor:
    """In fp32 with the fp32 weight, back in x's dtype: one Triton kernel on CUDA (engine/kernels/norm.py)."""
    return kernels.rms_norm(x, weight, eps)


def rope_tables(head_dim: int, theta: float, n: int, device) -> tuple[torch.Tensor, torch.Tensor]:
    """cos/sin per position in HF's rotate-half layout (fp32, cast per step).

    The sign of rotate-half is folded into sin, so applying RoPE is x*cos + roll(x)*sin: fewer ops.
    """
    inv_freq = 1.0 / (theta ** (torch.arange(0, head_dim, 2, dtype=torch.int64).float() / head_dim))
    freqs = torch.outer(torch.arange(n, dtype=torch.float32), inv_freq)
    cos, sin = torch.cat([freqs, freqs], dim=-1).cos(), freqs.sin()
    return cos.to(device), torch.cat([-sin, sin], dim=-1).to(device)


def attention(q: torch.Tensor, k_cache: torch.Tensor, v_cache: torch.Tensor, meta: AttentionMeta) -> torch.Tensor:
    """q: [T, heads, head_dim] -> [T, heads*head_dim]; keys/values come from this layer's cache."""
    if meta.group_tokens and meta.group_lengths is not None:  # CUDA: the Triton decode-attention kernel
        assert meta.group_slots is not None
        qg, b, n = q[: meta.group_tokens], meta.group_slots.shape[0], meta.group_n
        if meta.group_pad is not None:  # rows of different lengths: pad to n for attention only
            qg = q.new_zeros(b * n, *q.shape[1:]).index_copy_(0, meta.group_pad, qg)
        qk = qg.view(b, n, *q.shape[1:]).transpose(1, 2)  # [B, Hq, n, D]
        o = kernels.decode_attention(qk, k_cache, v_cache, meta.group_slots, meta.group_lengths, meta.group_len)
        o = o.transpose(1, 2).reshape(b * n, -1)
        o = o if meta.group_pad is None else o.index_select(0, meta.group_pad)
        if not meta.chunk_lens:
            return o
        chunk = attend(q[meta.group_tokens :], k_cache, v_cache, replace(meta, group_tokens=0).scripted(), False)
        return torch.cat([o, chunk])
    return attend(q, k_cache, v_cache, meta.scripted(), k_cache.device.type == "cpu")
