"""Adaptive speculation: how many draft tokens each decoding row gets this step (0 included).

The choice maximises the step's expected tokens per second, from two measurements: each request's
acceptance rate (decayed counts, starting from the drafter's prior) and the time of a target forward of N
tokens (calibrated at load, then a running average of real steps) plus the drafter's time per draft step.
Because plain decoding (every k = 0) is always one of the candidates, speculation is only chosen when the
measurements say it pays; verify rows cost real compute on a CPU, so a bigger batch backs off by itself.
"""

from __future__ import annotations

import bisect
import time
from collections.abc import Callable

import torch

from engine.drafters import Drafter
from engine.options import SamplingParams
from engine.runner import ModelRunner, group_meta
from engine.sequence import Sequence

DECAY = 0.9  # weight of the past in the acceptance counts, per verified step
RELAX = 0.97  # per step a row could speculate but does not: forget toward the prior, so it is retried
MARGIN = 1.1  # speculate only when the model predicts at least 10% more tokens per second (noise)


def expected_tokens(rate: float, k: int) -> float:
    """Tokens one verify step emits with k drafts, each accepted with probability `rate` (the bonus included)."""
    return sum(rate**i for i in range(k + 1))


def choose_k(
    rates: list[float],
    caps: list[int],
    step_cost: Callable[[int], float],
    draft_cost: Callable[[int], float],
    spec_bias: float = 1.0,
) -> list[int]:
    """Per-row draft lengths maximising (expected tokens) / (verify time of all rows' tokens + draft time).

    Coordinate ascent over rows (two passes) from k = 0 everywhere: each row tries every k up to its cap
    with the others fixed. Trying every k, not just +1, matters: on CPU the cost of N tokens jumps from N=1
    (fp16 weights) to N=2 (bf16), so k=1 can lose where k=4 wins. `spec_bias` scales the predicted time of
    any plan that speculates (how far real speculative steps have overrun the prediction, relative to plain).
    """
    ks = [0] * len(rates)

    def rate_of(ks: list[int]) -> float:
        tokens = sum(expected_tokens(r, k) for r, k in zip(rates, ks, strict=True))
        seconds = step_cost(len(ks) + sum(ks)) + draft_cost(max(ks, default=0))
        return tokens / (seconds * (spec_bias if any(ks) else 1.0))

    plain = best = rate_of(ks)
    for _ in range(2):
        for i in range(len(ks)):
            for k in range(caps[i] + 1):
                trial = [*ks[:i], k, *ks[i + 1 :]]
                score = rate_of(trial)
                if score > best * 1.001:
                    ks, best = trial, score
    return ks if best > MARGIN * plain else [0] * len(ks)  # a predicted gain within the noise is no gain


class StepCosts:
    """Seconds of a target forward by number of tokens: a running average per measured N, interpolated.

    Plain steps keep refreshing the N they use while the speculative N are measured rarely; so that a busier
    (or quieter) machine does not make the stale entries look cheap (or dear), every measurement also scales
    the other entries by half its relative change: the shape comes from calibration, the level from now.
    """

    def __init__(self) -> None:
        self.table: dict[int, float] = {}

    def record(self, n: int, seconds: float) -> None:
        old = self.table.get(n)
        if old is None:
            self.table[n] = seconds
            return
        change = min(seconds, 3 * old) / old - 1  # damp outliers: one slow step moves the level by <= 20%
        for k in self.table:
            self.table[k] *= 1 + (0.1 if k == n else 0.05) * change

    def __call__(self, n: int) -> float:
        if n in self.table:
            return self.table[n]
        keys = sorted(self.table)
        if not keys:
            return float(n)
        i = bisect.bisect_left(keys, n)
        if i == 0:
            return self.table[keys[0]]
        if i == len(keys):  # past the largest measured N: grow in proportion to the tokens
            return self.table[keys[-1]] * n / keys[-1]
        lo, hi = keys[i - 1], keys[i]
        return self.table[lo] + (self.table[hi] - self.table[lo]) * (n - lo) / (hi - lo)


class Speculator:
    def __init__(
        self,
        drafter: Drafter,
        num_draft: int,
        max_seq_len: int,
        producible: Callable[[list[int]], list[int]] = lambda draft: draft,
    ) -> None:
        """`producible`: a draft's longest prefix the model could produce (engine.vocab.Vocab.producible):
        a guess is cut there before k is chosen, as if the drafter had found no more."""
        self.drafter, self.num_draft, self.max_seq_len = drafter, num_draft, max_seq_len
        self.producible = producible
        self.costs = StepCosts()
        self.draft_step_s = 0.0  # running average of drafting time per draft step
        self.proposed = self.accepted = self.verify_rows = 0
        self.fixed_k: int | None = None  # tests/benchmarks: always draft this many (capped); None = adaptive
        self.overrun = {False: 1.0, True: 1.0}  # real / predicted step time, plain and speculative steps
        self.predicted = 0.0

    def rate(self, seq: Sequence) -> float:
        return (seq.spec_hits + self.drafter.prior) / (seq.spec_trials + 1.0)

    def plan(self, group: list[Sequence]) -> list[list[int]]:
        """Draft tokens for each group row (empty: decode plainly)."""
        room = min(self.max_seq_len - s.num_computed for s in group) - 1  # keeps every padded row in the cache
        caps = [max(0, min(self.num_draft, s.params.max_tokens - len(s.output_ids) - 1, room)) for s in group]
        t0 = time.perf_counter()
        proposals = self.drafter.propose(group, caps) if self.drafter.free else None
        if proposals is not None:
            proposals = [self.producible(p) for p in proposals]
            caps = [len(p) for p in proposals]
        if self.fixed_k is not None:
            ks = [min(cap, self.fixed_k) for cap in caps]
        else:
            bias = self.overrun[True] / self.overrun[False]
            ks = choose_k([self.rate(s) for s in group], caps, self.costs, lambda k: k * self.draft_step_s, bias)
        self.predicted = self.costs(len(group) + sum(ks)) + max(ks, default=0) * self.draft_step_s
        if proposals is None:  # a paid drafter: a draft model shares the target's vocabulary, cut for others
            proposals = self.drafter.propose(group, ks) if any(ks) else [[] for _ in group]
            proposals = [self.producible(p) for p in proposals]
        if any(ks) or self.drafter.free:
            spent = (time.perf_counter() - t0 - getattr(self.drafter, "prefill_s", 0.0)) / max(1, max(ks))
            self.draft_step_s = (
                spent if not self.draft_step_s else 0.9 * self.draft_step_s + 0.1 * min(spent, 3 * self.draft_step_s)
            )
        for s, k, cap, p in zip(group, ks, caps, proposals, strict=True):
            # A free drafter's unused guess is still judged against the token the step produces (no cost);
            # a paid drafter that sits out forgets toward its prior instead, so it is retried now and then.
            s.spec_shadow = p[0] if k == 0 and self.drafter.free and p else None
            if k == 0 and cap > 0 and not self.drafter.free:
                s.spec_hits, s.spec_trials = RELAX * s.spec_hits, RELAX * s.spec_trials
        return [p[:k] for p, k in zip(proposals, ks, strict=True)]

    def record_step(self, speculated: bool, seconds: float) -> None:
        """A whole step's real time (drafting + verify, no prompt chunk) against what plan() predicted.

        What the cost table cannot see (draft steps of many rows, verification, a draft model's catch-up)
        shows up here, and choose_k charges it to speculation, so a plan that keeps losing stops being chosen.
        """
        if self.predicted > 0:
            ratio = min(seconds / self.predicted, 5.0)
            self.overrun[speculated] = 0.9 * self.overrun[speculated] + 0.1 * ratio

    def observe(self, seq: Sequence, proposed: int, new: list[int]) -> None:
        """Update the request's acceptance counts after verification (a rejection is one judged token too)."""
        accepted = len(new) - 1
        if proposed:
            judged = accepted + (accepted < proposed)
            seq.spec_hits = DECAY * seq.spec_hits + accepted
            seq.spec_trials = DECAY * seq.spec_trials + judged
            self.proposed += proposed
            self.accepted += accepted
            self.verify_rows += 1
        elif seq.spec_shadow is not None:
            seq.spec_hits = DECAY * seq.spec_hits + (new[0] == seq.spec_shadow)
            seq.spec_trials = DECAY * seq.spec_trials + 1

    def release(self, seq: Sequence) -> None:
        self.drafter.release(seq)

    @torch.inference_mode()
    def calibrate(self, runner: ModelRunner, max_batch: int, repeat: int = 2) -> None:
        """Time target forwards of N = B rows x T tokens, and one draft (slots 0..B-1, before any request)."""
        probe = Sequence(-1, [0] * 4, SamplingParams(), lambda _: None, None, None, num_computed=3, slot=0)
        times = []
        for _ in range(repeat + 1):  # the first call also catches the draft model up on the probe's tokens
            t0 = time.perf_counter()
            self.drafter.propose([probe], [self.num_draft])
            times.append((time.perf_counter() - t0) / self.num_draft)
        self.drafter.release(probe)
        self.draft_step_s = min(times[1:])
        for b in sorted({1, 2, max(1, max_batch // 2), max_batch}):
            for t in sorted({1, 2, (self.num_draft + 2) // 2, self.num_draft + 1}):
                meta = group_meta([0] * b, [t] * b, list(range(b)), runner.device, runner.decode_kernel)
                ids = torch.zeros(b * t, dtype=torch.long, device=runner.device)
                pos = torch.arange(t, device=runner.device).repeat(b)
                slots = torch.arange(b, device=runner.device).repeat_interleave(t)
                times = []
                for _ in range(repeat):
                    t0 = time.perf_counter()
                    runner.model.forward(ids, pos, slots, meta, runner.kv)
                    if runner.device.type == "cuda":
                        torch.cuda.synchronize()
                    times.append(time.perf_counter() - t0)
                self.costs.table[b * t] = min(times)
