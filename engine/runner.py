"""Runs one scheduled batch: builds the flat inputs and attention metadata, one forward, sampling/verification.

A group row is the sequence's one uncomputed token, followed by its draft tokens when it speculates; the
target scores them all in this one forward, and `verify` keeps the accepted prefix. Rolling back the
rejected drafts is just not counting them in `num_computed` (the cache is written by position).
"""

from __future__ import annotations

import os
from collections.abc import Callable

import torch

from engine.cuda_graphs import DecodeGraphs
from engine.kv_cache import KVCache
from engine.model import AttentionMeta, Model
from engine.sampling import sample
from engine.scheduler import Batch
from engine.sequence import Sequence
from engine.verify import verify
from engine.vocab import Vocab


def use_decode_kernel(device: torch.device) -> bool:
    """The Triton decode-attention kernel on CUDA (VOICEBOT_KERNELS=torch opts out); CPU keeps group_attention,
    whose two batched matmuls beat SDPA for a handful of query rows."""
    return device.type == "cuda" and os.environ.get("VOICEBOT_KERNELS", "auto") != "torch"


def group_meta(starts: list[int], lens: list[int], slots: list[int], device, kernel: bool) -> AttentionMeta:
    """Metadata for B group rows: row b computes lens[b] tokens at positions starts[b].. of cache slot slots[b].

    Attention pads every row to n = max(lens) query tokens; `group_pad` maps the real tokens into that layout
    (None when all rows have the same length, the plain-decode case). Query t of row b may see keys up to
    position starts[b] + t (a padded query sees what the row's last real one sees, so no row is all -inf).
    On CPU each token attends alone (engine.scripted.attend): it needs only `token_slots` / `token_keys`,
    so the padding map and the mask, built every step, are left out there (unless the kernel's metadata is
    asked for: tests run that CUDA branch on CPU through its PyTorch reference).
    """
    b, n = len(starts), max(lens)
    slot_ids = torch.tensor(slots, dtype=torch.int32 if kernel else torch.long, device=device)  # what each reads
    meta = AttentionMeta(slot_ids, None, None, 0, n, sum(lens))
    meta.token_slots = [slot for slot, length in zip(slots, lens, strict=True) for _ in range(length)]
    meta.token_keys = [s + t + 1 for s, length in zip(starts, lens, strict=True) for t in range(length)]
    meta.group_len = max(meta.token_keys)
    if torch.device(device).type == "cpu" and not kernel:
        return meta
    if slots == list(range(slots[0], slots[0] + b)):
        meta.group_slice = slice(slots[0], slots[0] + b)
    if n > 1 and min(lens) < n:
        pad = [i * n + t for i, length in enumerate(lens) for t in range(length)]
        meta.group_pad = torch.tensor(pad, dtype=torch.long, device=device)
    if kernel:  # the kernel places query t at lengths - n + t: lengths = start + n (padded queries come last)
        meta.group_lengths = torch.tensor([s + n for s in starts], dtype=torch.int32, device=device)
        meta.group_len = max(starts) + n
        return meta
    info = torch.tensor([starts, [length - 1 for length in lens]], dtype=torch.long, device=device)
    t = torch.arange(n, device=device)
    qpos = info[0][:, None] + torch.minimum(t[None, :], info[1][:, None])  # [B, n]
    allowed = torch.arange(meta.group_len, device=device)[None, None, :] <= qpos[:, :, None]
    mask = torch.zeros(allowed.shape, dtype=torch.float32, device=device).masked_fill_(~allowed, float("-inf"))
    meta.group_mask = mask[:, None, None]  # [B, 1, 1, n, L]
    return meta


class ModelRunner:
    def __init__(self, model: Model, kv: KVCache, device: torch.device, graphs: DecodeGraphs | None = None) -> None:
        """`graphs`: the plain decode steps they fit replay them (engine/cuda_graphs.py)."""
        self.model, self.kv, self.device, self.graphs = model, kv, device, graphs
        self.decode_kernel = use_decode_kernel(device)

    @torch.inference_mode()
    def run(
        self, batch: Batch, drafts: list[list[int]] | None = None, pause: Callable[[], None] | None = None
    ) -> list[list[int]]:
        """Compute KV for every scheduled token and return the new tokens of each of `batch.sampled`:
        one token, or for a speculating row its accepted drafts plus the target's next token. `pause` is
        called between layers (Model.forward)."""
        group, chunks = batch.group, batch.chunks
        for src, dst, n in batch.copies:  # a shared prompt prefix computed in another slot (engine/scheduler.py)
            self.kv.k[:, dst, :, :n] = self.kv.k[:, src, :, :n]
            self.kv.v[:, dst, :, :n] = self.kv.v[:, src, :, :n]
        drafts = drafts or [[] for _ in group]
        rows = [[s.tokens[-1], *d] for s, d in zip(group, drafts, strict=True)]
        ids = [t for r in rows for t in r]
        positions = [s.num_computed + i for s, r in zip(group, rows, strict=True) for i in range(len(r))]
        slots = [s.slot for s, r in zip(group, rows, strict=True) for _ in r]
        n_group = len(ids)
        replay = self._replays(batch, n_group)  # a plain decode step: its captured CUDA graph computes it
        meta = AttentionMeta(None, None, None, 0, 1)
        if group and not replay:
            meta = group_meta(
                [s.num_computed for s in group], [len(r) for r in rows], [s.slot for s in group], self.device,
                self.decode_kernel,
            )  # fmt: skip
        # Logits only where a token is sampled or verified: every group token and the last row of each chunk
        # that ends its prompt, plus a prompt row someone asked to score (SamplingParams.probs_at).
        want = list(range(n_group))
        ending: list[tuple[int, Sequence]] = []  # (logits row, sequence) of each chunk that ends its prompt
        scored: list[tuple[int, Sequence]] = []  # (logits row, sequence) of each scored prompt row
        for chunk, n in chunks:
            start, first = chunk.num_computed, len(ids)
            ids += chunk.tokens[start : start + n]
            positions += range(start, start + n)
            slots += [chunk.slot] * n
            meta.add_chunk(chunk.slot, start, n, self.device)
            if n == chunk.remaining:
                ending.append((len(want), chunk))
                want.append(len(ids) - 1)
            scored_row = chunk.scored_row(n)
            if scored_row is not None and not chunk.probs:
                row = first + scored_row
                if row not in want:
                    want.append(row)
                scored.append((want.index(row), chunk))
        if replay:  # every row's logits: want == range(n_group)
            assert self.graphs is not None
            logits = self.graphs.decode(ids, positions, slots)
        else:
            flat = torch.tensor([ids, positions, slots], dtype=torch.long, device=self.device)
            want_t = torch.tensor(want, dtype=torch.long, device=self.device)
            logits = self.model.forward(flat[0], flat[1], flat[2], meta, self.kv, want_t, pause=pause)

        starts = [0]
        for r in rows:
            starts.append(starts[-1] + len(r))
        plain = [i for i, d in enumerate(drafts) if not d]
        spec = [i for i, d in enumerate(drafts) if d]
        out: list[list[int]] = [[] for _ in batch.sampled]
        plain_rows = [starts[i] for i in plain] + [row for row, _ in ending]
        plain_seqs = [group[i] for i in plain] + [seq for _, seq in ending]
        vocab = self.model.vocab  # logits have a column per token the model may produce
        for row, seq in scored:
            seq.probs = _probs(logits[row], seq.params.probs_of, vocab)
        for row, seq in [*zip(starts[:-1], group, strict=True), *ending]:  # scores at the prompt's end: the
            if seq.params.probs_of and seq.params.probs_at is None and not seq.output_ids:  # distribution after it
                seq.probs = _probs(logits[row], seq.params.probs_of, vocab)
        for row, seq in [*zip(starts[:-1], group, strict=True), *ending]:  # a reply's first token: its bans
            if seq.params.ban_first and not seq.output_ids:  # (the row's first logits predict it, drafts or not)
                logits[row, [c for t in seq.params.ban_first if (c := vocab.column(t)) is not None]] = float("-inf")
        if plain_seqs:
            # a batch of plain decodes reads rows 0..n-1: a view, not a copy (1.2 ms for 8 x 152k logits)
            rows = logits[: len(plain_rows)] if plain_rows == list(range(len(plain_rows))) else logits[plain_rows]
            columns = sample(rows, [s.params for s in plain_seqs], [s.generator for s in plain_seqs])
            tokens = vocab.tokens(columns).tolist()
            for i, t in zip([*plain, *range(len(group), len(batch.sampled))], tokens, strict=True):
                out[i] = [t]
        if spec:
            spec_logits = [logits[starts[i] : starts[i + 1]] for i in spec]
            spec_drafts = [vocab.columns(drafts[i]) for i in spec]  # each producible (Speculator.plan cut them)
            accepted, nxt = verify(spec_logits, [group[i] for i in spec], spec_drafts)
            nxt = vocab.tokens(torch.tensor(nxt, dtype=torch.long)).tolist()
            for i, a, t in zip(spec, accepted, nxt, strict=True):
                out[i] = [*drafts[i][:a], t]
        for s, o in zip(group, out, strict=False):
            s.num_computed += len(o)  # the row's first token plus the accepted drafts; the rest is rolled back
        for chunk, n in chunks:
            chunk.num_computed += n
        return out

    def _replays(self, batch: Batch, tokens: int) -> bool:
        """A plain decode step the captured graphs can replay: no prompt chunk, no drafts, a bucket that fits."""
        return (
            self.graphs is not None and not batch.chunks and tokens == len(batch.group)
            and self.graphs.fits(len(batch.group))
        )  # fmt: skip


def _probs(logits: torch.Tensor, ids: tuple[int, ...], vocab: Vocab) -> tuple[float, ...]:
    """Each token's probability; 0 for one the model may not produce."""
    columns = [vocab.column(i) for i in ids]
    p = torch.softmax(logits.float(), dim=-1)[[0 if c is None else c for c in columns]].tolist()
    return tuple(0.0 if c is None else x for c, x in zip(columns, p, strict=True))
