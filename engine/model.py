"""The decoder (Llama / Qwen2 family) in plain torch: RMSNorm, RoPE, GQA attention, SwiGLU, tied embeddings.

One forward runs a flattened batch of tokens from many sequences. Each token carries its position and
its KV-cache slot; the batch is laid out as `group` (B sequences x n tokens each, B*n tokens, decode
steps have n=1) followed by an optional `chunk` (C prompt tokens of one sequence). Attention for each part
is one SDPA call reading the cache by slot, so Python work per layer does not grow with the batch.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import torch
import torch.nn.functional as F

from engine.kv_cache import KVCache


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


class Layer(NamedTuple):
    attn_norm: torch.Tensor
    wqkv: torch.Tensor  # q, k, v projections fused: one matmul instead of three
    bqkv: torch.Tensor | None
    wo: torch.Tensor
    mlp_norm: torch.Tensor
    w_gate_up: torch.Tensor  # gate and up fused
    w_down: torch.Tensor


@dataclass
class AttentionMeta:
    """Where each part of a flattened batch reads the cache; built once per step, used by every layer."""

    group_slots: torch.Tensor | None  # [B] slot of each sequence in the group
    group_slice: slice | None  # the same slots as a contiguous range: read the cache without a copy
    group_mask: torch.Tensor | None  # [B, 1, n, L] True where a query may attend
    group_len: int  # L: cache positions the group reads
    group_n: int  # tokens per group sequence
    chunk_slot: int = -1
    chunk_start: int = 0  # position of the chunk's first token
    chunk_len: int = 0


class Model:
    def __init__(self, config: ModelConfig, state: dict[str, torch.Tensor], max_positions: int, dtype, device):
        def w(name: str) -> torch.Tensor:
            return state[name].to(device=device, dtype=dtype)

        def norm(name: str) -> torch.Tensor:  # norms run in fp32 (fp16 squares overflow)
            return state[name].to(device=device, dtype=torch.float32)

        self.config, self.dtype = config, dtype
        self.embed = w("model.embed_tokens.weight")
        self.lm_head = w("lm_head.weight") if "lm_head.weight" in state else self.embed
        self.norm = norm("model.norm.weight")
        self.layers = []
        for i in range(config.num_layers):
            p = f"model.layers.{i}."
            qkv = [p + f"self_attn.{x}_proj" for x in "qkv"]
            self.layers.append(
                Layer(
                    attn_norm=norm(p + "input_layernorm.weight"),
                    wqkv=torch.cat([w(n + ".weight") for n in qkv]),
                    bqkv=torch.cat([w(n + ".bias") for n in qkv]) if config.qkv_bias else None,
                    wo=w(p + "self_attn.o_proj.weight"),
                    mlp_norm=norm(p + "post_attention_layernorm.weight"),
                    w_gate_up=torch.cat([w(p + "mlp.gate_proj.weight"), w(p + "mlp.up_proj.weight")]),
                    w_down=w(p + "mlp.down_proj.weight"),
                )
            )
        self.cos, self.sin = rope_tables(config.head_dim, config.rope_theta, max_positions, device)

    def forward(
        self,
        ids: torch.Tensor,  # [T]
        positions: torch.Tensor,  # [T]
        slots: torch.Tensor,  # [T]
        meta: AttentionMeta,
        kv: KVCache,
        logits_idx: torch.Tensor | None = None,  # rows whose logits we need; None = all
    ) -> torch.Tensor:
        c = self.config
        x = F.embedding(ids, self.embed)
        cos, sin = self.cos[positions].to(self.dtype), self.sin[positions].to(self.dtype)
        q_size, kv_size = c.num_heads * c.head_dim, c.num_kv_heads * c.head_dim
        for i, layer in enumerate(self.layers):
            h = rms_norm(x, layer.attn_norm, c.rms_norm_eps)
            q, k, v = F.linear(h, layer.wqkv, layer.bqkv).split([q_size, kv_size, kv_size], dim=-1)
            q = apply_rope(q.view(-1, c.num_heads, c.head_dim), cos, sin)
            k = apply_rope(k.view(-1, c.num_kv_heads, c.head_dim), cos, sin)
            kv.k[i][slots, :, positions] = k
            kv.v[i][slots, :, positions] = v.view(-1, c.num_kv_heads, c.head_dim)
            x = x + F.linear(attention(q, kv.k[i], kv.v[i], meta), layer.wo)
            gate, up = F.linear(rms_norm(x, layer.mlp_norm, c.rms_norm_eps), layer.w_gate_up).chunk(2, dim=-1)
            x = x + F.linear(F.silu(gate) * up, layer.w_down)
        if logits_idx is not None:
            x = x[logits_idx]
        return F.linear(rms_norm(x, self.norm, c.rms_norm_eps), self.lm_head).float()


def rms_norm(x: torch.Tensor, weight: torch.Tensor, eps: float) -> torch.Tensor:
    return F.rms_norm(x.float(), weight.shape, weight, eps).to(x.dtype)


def rope_tables(head_dim: int, theta: float, n: int, device) -> tuple[torch.Tensor, torch.Tensor]:
    """cos/sin per position in HF's rotate-half layout (fp32, cast per step)."""
    inv_freq = 1.0 / (theta ** (torch.arange(0, head_dim, 2, dtype=torch.int64).float() / head_dim))
    freqs = torch.outer(torch.arange(n, dtype=torch.float32), inv_freq)
    emb = torch.cat([freqs, freqs], dim=-1)
    return emb.cos().to(device), emb.sin().to(device)


def apply_rope(x: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor) -> torch.Tensor:
    """x: [T, heads, head_dim]; cos/sin: [T, head_dim]."""
    half = x.shape[-1] // 2
    rotated = torch.cat([-x[..., half:], x[..., :half]], dim=-1)
    return x * cos[:, None] + rotated * sin[:, None]


def attention(q: torch.Tensor, k_cache: torch.Tensor, v_cache: torch.Tensor, meta: AttentionMeta) -> torch.Tensor:
    """q: [T, heads, head_dim] -> [T, heads*head_dim]; keys/values come from this layer's cache."""
    outs = []
    n_group = 0
    if meta.group_mask is not None:
        n_group = meta.group_mask.shape[0] * meta.group_n
        qg = q[:n_group].view(-1, meta.group_n, *q.shape[1:]).transpose(1, 2)  # [B, heads, n, d]
        if meta.group_slice is not None:
            k, v = k_cache[meta.group_slice, :, : meta.group_len], v_cache[meta.group_slice, :, : meta.group_len]
        else:
            k = k_cache[:, :, : meta.group_len].index_select(0, meta.group_slots)
            v = v_cache[:, :, : meta.group_len].index_select(0, meta.group_slots)
        o = F.scaled_dot_product_attention(qg, k, v, attn_mask=meta.group_mask, enable_gqa=True)
        outs.append(o.transpose(1, 2).reshape(n_group, -1))
    if meta.chunk_len:
        s, end = meta.chunk_slot, meta.chunk_start + meta.chunk_len
        qc = q[n_group:].transpose(0, 1).unsqueeze(0)  # [1, heads, C, d]
        k, v = k_cache[s : s + 1, :, :end], v_cache[s : s + 1, :, :end]
        if meta.chunk_start == 0:
            o = F.scaled_dot_product_attention(qc, k, v, is_causal=True, enable_gqa=True)
        else:  # query i sits at chunk_start + i and sees keys up to there
            mask = torch.ones(meta.chunk_len, end, dtype=torch.bool, device=q.device).tril(meta.chunk_start)
            o = F.scaled_dot_product_attention(qc, k, v, attn_mask=mask, enable_gqa=True)
        outs.append(o[0].transpose(0, 1).reshape(meta.chunk_len, -1))
    return outs[0] if len(outs) == 1 else torch.cat(outs)
