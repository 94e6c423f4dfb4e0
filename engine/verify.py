"""Speculative verification: which draft tokens the target keeps, and the token it emits after them.

Greedy rows accept while draft == argmax of the target's logits (so the reply is exactly plain greedy
decoding); sampled rows use rejection sampling (engine.kernels.rejection_sample), which makes every emitted
token follow the target's own distribution. Drafts here are deterministic (q=None: accept x with probability
p(x), on rejection resample from p without x). The uniforms come from each request's own generator, in a
fixed order, so a seeded reply is reproducible for the same draft lengths.
"""

from __future__ import annotations

import torch

from engine import kernels
from engine.sampling import probs
from engine.sequence import Sequence


def verify(logits: list[torch.Tensor], seqs: list[Sequence], drafts: list[list[int]]) -> tuple[list[int], list[int]]:
    """logits[i]: [1+k_i, V] target logits at the row's uncomputed token and its k_i drafts.

    Returns (accepted drafts per row, next token per row).
    """
    n, k, vocab = len(seqs), max(len(d) for d in drafts), logits[0].shape[-1]
    device = logits[0].device
    p = torch.zeros(n, k + 1, vocab, dtype=torch.float32, device=device)
    draft = torch.zeros(n, k, dtype=torch.long, device=device)
    u_accept = torch.zeros(n, k, dtype=torch.float32, device=device)
    u_sample = torch.zeros(n, dtype=torch.float32, device=device)
    greedy = torch.tensor([s.params.temperature == 0 for s in seqs], device=device)
    for i, (lg, s, d) in enumerate(zip(logits, seqs, drafts, strict=True)):
        sp = s.params
        # Greedy rows compare against the raw logits: the same argmax plain decoding takes, ties included.
        p[i, : len(lg)] = lg if sp.temperature == 0 else probs(lg, sp.temperature, sp.top_p)
        draft[i, : len(d)] = torch.tensor(d, device=device)
        if sp.temperature > 0:
            u = torch.rand(len(d) + 1, generator=s.generator, device=s.generator.device).to(device)
            u_accept[i, : len(d)], u_sample[i] = u[:-1], u[-1]
    num_draft = torch.tensor([len(d) for d in drafts], device=device)
    accepted, token = kernels.rejection_sample(p, None, draft, u_accept, u_sample, greedy, num_draft)
    return accepted.tolist(), token.tolist()
