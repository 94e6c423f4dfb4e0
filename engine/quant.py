"""int8 matmuls for CPUs: int8 weights, int8 activations per token, outlier channels smoothed into the weights.

Why: on a laptop-class CPU (AVX2, no AVX-512, no native bf16) decoding is bound by weight bytes, and
half-precision matmuls are emulated. fbgemm's int8 GEMM reads a quarter of fp32's bytes and stays cheap
for many rows (measured, Qwen2.5-0.5B decoder matmuls, 2 threads: fp32 65 / 163 / 416 ms at 1 / 8 / 64
rows, int8 16 / 22 / 146 ms), so batching and verifying draft tokens become nearly free.

Accuracy (the reason for the tricks below), measured against fp32 on Qwen2.5-0.5B: over 803 teacher-forced
positions (the 16 everyday requests of `python -m engine.bench_quant` and 40 short questions, 40 tokens each)
int8 now picks another token than fp32 at 22, with a mean KL divergence of 0.0019 and a mean error of 0.106
nats in the gap between fp32's two best tokens (before the rotation below: 21, 0.0033, 0.145). The older
variants below were measured with `engine.bench_quant` alone (teacher-forced / greedy tokens before the
first difference / identical replies, of 347 / 347 / 16), with the lm_head in two rows:
- fbgemm quantizes the whole input with one scale. We divide each row by its own max |x| first and give
  fbgemm a fixed range [-1, 1]: per-token scales, no range pass over the input, and a row's result never
  depends on what else is in the batch.
- On AVX2, fbgemm multiplies u8 activations by s8 weights and sums pairs in int16, which saturates for
  8-bit x 8-bit. So a matmul either takes 8-bit activations beside 7-bit weights (`one_row`), or 7-bit
  activations beside 8-bit weights, each row going in twice: the value, then what rounding it lost,
  scaled up, so the activations keep ~14 bits. The GEMM reads its weights once for both rows, so two rows
  cost almost nothing at batch 1, but twice the work where the GEMM is compute-bound: a batch of 8, a
  prompt. `ONE_ROW` names the matmuls that take one row: for Qwen2 all four since the rotation below
  (down's input carries the largest outliers and kept two rows until then), and the lm_head too, but
  for the refinement below. Measured before the rotation (teacher-forced / greedy / identical): two rows
  everywhere 337 / 257 / 10, one row for qkv, o, gate/up 339 / 293 / 11, also for the lm_head 337 / 198 /
  7, one row everywhere 323 / 180 / 6. Speed on 2 AVX2 cores, interleaved: batch 8 54 -> 81 tok/s, a
  60-token prompt's first token 582 -> 360 ms.
- The lm_head takes one row after all: the cheap GEMM ranks the vocabulary and each row's 32 highest
  logits are recomputed exactly from the head's rows in their stored precision (`refine_logits`; a tied
  head's rows are the embedding's, kept for the lookup anyway), so a near-tie among the tokens that can
  win is decided in fp32. The default Qwen GGUF's head is untied (its own fp16 rows, 4 % off the
  embedding's) and kept two rows until 2026-12-03: one row + refinement measured the same agreement
  (338 / 287 / 11 against 339 / 293 / 11, single flips either way) and batch 8 118 -> 142 tok/s.
- Qwen-class models have a few activation channels far larger than the rest; one per-token scale would
  crush every other channel. SmoothQuant moves that range into the weights: x / s and W * s give the same
  product, with s_j = max|x_j|^a / max|W_j|^(1-a) measured on a few calibration prompts, and x / s is
  folded into the op that produces x (an RMSNorm weight, the up projection, the value projection), so it
  costs nothing at run time.
- Then each matmul's input is rotated (`ROTATE`, Qwen2): x H and W H give the same product for an
  orthogonal H, and a rotation spreads what is left of an outlier channel over its block, so one 8-bit
  scale per row crushes less (the QuaRot idea). H is block-diagonal Hadamard (128 wide for Qwen's 896,
  256 for down's 4864), applied as two 16-wide matmuls per block, batched so a row's result never depends
  on the batch (`engine.scripted.hadamard`), after fixed random signs folded into the smoothing scales.
  Measured on the 803 positions above: KL 0.0033 -> 0.0019, the gap's error 0.145 -> 0.106, with down now
  in one row (down alone rotated, in one row: 0.0036 / 0.151; all rotated, down in two rows: 0.0014 /
  0.094, but no faster); the 40 questions fp32 answers 30 right, int8 29 before, 30 now (the same ones).
  Speed, interleaved, 2 AVX2 cores: batch 8 137 -> 146-160 tok/s, a 60-token prompt's first token 189 ->
  154-158 ms (down's GEMM has half the rows), batch 1 ~1 ms a step slower (4 rotations a layer).
"""

from __future__ import annotations

import hashlib
import json
import re
import time
import warnings
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import NamedTuple

import torch
import torch.nn.functional as F

from engine.scripted import hadamard, int8_matmul
from engine.weights import cache_root

# Activations in [-1, 1] go to fbgemm as 64 + round(63.5 x): 0..128, steps of exactly 1 / 63.5 (literals in
# engine/scripted.py's int8_matmul). The one-row scheme's: 128 + round(127.5 x), clipped to 0..255 (a row's +1
# loses half a step). Measured: 339 of 347 teacher-forced positions agree with fp32 (engine.bench_quant); with
# 127 (1..255, no clip) 328: the grid's placement moves which near-ties flip more than that half step does.
# SmoothQuant's migration strength (0: none, 1: all into the weights). Measured on Qwen2.5-Coder-0.5B, logits
# of 8 chats x 30 positions against fp32: mean |error| 0.135 at 0, 0.073 at 0.15, 0.081 at 0.3 (1 argmax flip
# in 240), 0.089 at 0.5 (earlier one-row kernel); SmolLM2-135M was best near 0.3 as well.
ALPHA = 0.3
# The matmuls (engine/model.py's names) whose activations go in as one 8-bit row, by model family (the HF
# config's model_type); the rest, and every other family, keep two. SmolLM2-135M (llama) with one row for
# the same three: 9 of 55 greedy tokens before the first difference from fp32 (two rows: over half).
ONE_ROW = {"qwen2": frozenset({"wqkv", "wo", "w_gate_up", "w_down"})}
# The matmuls whose input is rotated by a block Hadamard matrix (and its weight alike), by model family: a
# rotation spreads an outlier channel over its block, so one 8-bit row loses less (`rotation_factors`).
ROTATE = {"qwen2": frozenset({"wqkv", "wo", "w_gate_up", "w_down"})}
# The lm_head goes in as one 8-bit row, then each row's HEAD_REFINE highest logits are recomputed exactly from
# the head's rows in their stored precision: the tokens that can win are exact, the cheap GEMM only ranks the
# vocabulary (`refine_logits`).
HEAD_REFINE = 32
_FORMAT = "int8-smoothquant-v7"  # bump when the quantization changes: old caches are then ignored


def one_row_parts(arch: str) -> frozenset[str]:
    """The matmuls of a model family that take one activation row (none for a family not measured)."""
    return ONE_ROW.get(arch, frozenset())


def rotated_parts(arch: str) -> frozenset[str]:
    """The matmuls of a model family whose input is rotated (none for a family not measured)."""
    return ROTATE.get(arch, frozenset())


def hadamard_block(in_features: int) -> int:
    """The Hadamard block a matmul's input is rotated in: the largest power of two up to 256 that divides
    its width (Qwen2.5-0.5B: 896 -> 128, 4864 -> 256); 0 below 16, too few channels to spread an outlier."""
    block = min(in_features & -in_features, 256)
    return block if block >= 16 else 0


def rotation_factors(block: int) -> tuple[torch.Tensor, torch.Tensor]:
    """The normalized Sylvester Hadamard factors (p x p, 16 x 16) whose Kronecker product is the block:
    symmetric and orthogonal, so x H times (W H)^T is x W^T."""
    h = torch.ones(1, 1)
    while h.shape[0] < block:
        h = torch.cat([torch.cat([h, h], 1), torch.cat([h, -h], 1)])
    q = min(block, 16)
    return h[: block // q, : block // q] / (block // q) ** 0.5, h[:q, :q] / q**0.5


def random_signs(n: int, seed: int) -> torch.Tensor:
    """n fixed random +-1, multiplied into a rotated input's channels before the Hadamard (folded into the op
    that makes the input, like SmoothQuant's scales): a Hadamard alone may line up with structure in x."""
    return torch.randint(0, 2, (n,), generator=torch.Generator().manual_seed(seed)).float() * 2 - 1


def cache_file(model_dir: Path, vocab: list[int] | None = None) -> Path:
    """Where a model's int8 weights are cached: keyed by its files and everything that shapes the result,
    `vocab` included (the lm_head's rows: engine/vocab.py)."""
    files = sorted(model_dir.resolve().glob("*.safetensors"))
    head = "all" if vocab is None else hashlib.sha256(json.dumps(vocab).encode()).hexdigest()
    key = json.dumps(
        [
            head,
            _FORMAT,
            ALPHA,
            CALIBRATION_CHATS,
            sorted((arch, sorted(parts)) for arch, parts in ONE_ROW.items()),
            sorted((arch, sorted(parts)) for arch, parts in ROTATE.items()),
            str(model_dir.resolve()),
            [(f.name, f.stat().st_size, f.stat().st_mtime_ns) for f in files],
        ]
    )
    model = hashlib.sha256(str(model_dir.resolve()).encode()).hexdigest()[:8]
    # a full and a partial lm_head keep a file each; a new partial list replaces the old one's (stale_caches)
    name = f"{model}-{'all' if vocab is None else 'part'}-{hashlib.sha256(key.encode()).hexdigest()[:16]}"
    return cache_root() / "int8" / f"{name}.safetensors"


def stale_caches(current: Path) -> list[Path]:
    """The other int8 caches of `current`'s model and vocabulary (another format, option or model file: none
    will be read again, ~0.5 GB each for Qwen2.5-0.5B), and those named before the model's tag (or then the
    lm_head's, all or part) led the name. The other kind's cache stays: switching back costs no calibration."""
    model, vocab = current.name.split("-")[:2]
    older = (rf"{model}-{vocab}-[0-9a-f]{{16}}", rf"{model}-[0-9a-f]{{16}}", r"[0-9a-f]{16}")
    return [
        f
        for f in current.parent.glob("*.safetensors")
        if f != current and any(re.fullmatch(rf"{p}\.safetensors", f.name) for p in older)
    ]


def int8_available() -> bool:
    """fbgemm is PyTorch's x86 int8 backend; it needs AVX2 (checked by the caller from the CPU flags)."""
    return "fbgemm" in torch.backends.quantized.supported_engines


# A few everyday chats whose activations set the smoothing scales (any varied text does; these are not
# the benchmark's questions). Long enough to see each layer's outlier channels, short enough to run in ~1 s.
_SYSTEM = {"role": "system", "content": "You are a helpful assistant. Answer briefly."}
CALIBRATION_CHATS = [
    [_SYSTEM, {"role": "user", "content": u}, {"role": "assistant", "content": a}]
    for u, a in [
        ("Tell me a short story about a robot who learns to paint.",
         "Once there was a robot named Pix who mixed colours every night until, one morning, it painted the sunrise."),
        ("What's the weather usually like in London in spring?",
         "Mild and changeable: around 10 to 15 degrees Celsius, with sunny spells and frequent light showers."),
        ("How do I convert 3 miles to kilometres, and why does it work?",
         "Multiply by 1.609: 3 miles is about 4.8 kilometres, because one mile is 1,609 metres."),
        ("Can you remind me to call Anna at 6 pm tomorrow?",
         "Sure! I'll remind you tomorrow at 6:00 PM to call Anna. Anything else?"),
        ("Who painted the Mona Lisa, and where is it now?",
         "Leonardo da Vinci painted it in the early 1500s; it hangs in the Louvre in Paris."),
        ("Write a Python function that adds two numbers.", "def add(a, b):\n    return a + b"),
    ]
]  # fmt: skip


class Int8Linear(NamedTuple):
    packed: torch.ScriptObject  # fbgemm's prepacked [out, width] int8 weight, one scale per output row
    bias: torch.Tensor | None  # fp32, added after the matmul
    in_features: int  # columns from here up to `width` are zero padding
    width: int
    one_row: bool = False  # 8-bit activations in one row, 7-bit weights (else two 7-bit rows, 8-bit weights)
    rotation: tuple[torch.Tensor, torch.Tensor] | None = None  # the input's Hadamard factors (rotation_factors)


class HeadRefine(NamedTuple):
    """What recomputes a tied lm_head's top logits exactly: its rows and the input's smoothing."""

    rows: torch.Tensor  # [vocab, hidden] the embedding, in its stored dtype
    scale: torch.Tensor  # [hidden] fp32: the lm_head's input is x / scale (SmoothQuant, folded into the norm)


def refine_logits(h: torch.Tensor, logits: torch.Tensor, refine: HeadRefine, k: int = HEAD_REFINE) -> torch.Tensor:
    """Replace each row's k highest logits by exact ones: h [T, hidden] (the smoothed lm_head input),
    logits [T, vocab] from the one-row int8 GEMM. A token outside the cheap top k would need an int8 error
    larger than the gap between the best logits; each row is refined on its own (batch-invariant)."""
    top = top_indices(logits, min(k, logits.shape[1]))  # [T, k]
    rows = refine.rows[top].float()  # [T, k, hidden]
    # a product and a sum, not bmm: bmm's kernel (and its rounding) depends on T, a row's result must not
    exact = (rows * (h.float() * refine.scale).unsqueeze(1)).sum(-1)
    return logits.scatter_(1, top, exact)


def top_indices(x: torch.Tensor, k: int, block: int = 128) -> torch.Tensor:
    """Each row's k largest values' indices [T, k], in no particular order: the same set as `topk`'s (only
    which of equal values at the k-th place may differ). The k largest lie in the k blocks with the largest
    maxima (and the tail), so only those are searched: `topk` over a 152k vocabulary costs ~300 us a row on
    2 AVX2 cores, most of a step's work outside the model at batch 8."""
    t, v = x.shape
    n = v // block
    if n <= 4 * k:
        return x.topk(k, dim=1).indices
    blocks = x[:, : n * block].view(t, n, block)
    chosen = blocks.amax(-1).topk(k, dim=1).indices  # [T, k]
    index = (chosen[..., None] * block + torch.arange(block, device=x.device)).view(t, k * block)
    values = blocks.gather(1, chosen[..., None].expand(t, k, block)).view(t, k * block)
    if n * block < v:
        tail = torch.arange(n * block, v, device=x.device).expand(t, -1)
        index, values = torch.cat([index, tail], 1), torch.cat([values, x[:, n * block :]], 1)
    return index.gather(1, values.topk(k, dim=1).indices)


def padded_width(in_features: int) -> int:
    """Rounded up to a multiple of 64: fbgemm is up to 1.4x slower on odd widths (measured: down_proj 4866
    wide 0.19 ms, 4928 wide 0.13 ms at one row)."""
    return -(-in_features // 64) * 64


def _weight_levels(one_row: bool) -> int:
    """Largest |int8| of a weight: 63 beside 8-bit activations keeps AVX2's u8 x s8 pair sums in int16."""
    return 63 if one_row else 127


def quantize_linear(
    w: torch.Tensor, bias: torch.Tensor | None = None, one_row: bool = False, rotate: bool = False
) -> Int8Linear:
    """[out, in] float weight -> fbgemm int8, symmetric per output channel, zero columns as padding.
    `rotate`: the weight's columns (and at run time the input) are rotated by a block Hadamard matrix."""
    out, k = w.shape
    block = hadamard_block(k) if rotate else 0
    rotation = rotation_factors(block) if block else None
    if rotation is not None:  # W H: each row times H, as the input will be
        w = hadamard(w.float(), *rotation)
    w = torch.cat([w.float(), w.new_zeros(out, padded_width(k) - k, dtype=torch.float32)], dim=1)
    scale = (w.abs().amax(dim=1) / _weight_levels(one_row)).clamp_min(1e-12).double()
    with warnings.catch_warnings():  # quantized tensor constructors are deprecated; fbgemm still needs them
        warnings.simplefilter("ignore", UserWarning)
        q = torch.quantize_per_channel(w, scale, torch.zeros_like(scale, dtype=torch.long), 0, torch.qint8)
        packed = torch.ops.quantized.linear_prepack(q, None)
    return Int8Linear(packed, None if bias is None else bias.float(), k, w.shape[1], one_row, rotation)


def pack_int8(
    stored: list[tuple[torch.Tensor, torch.Tensor, torch.Tensor | None, int, bool, int]],
) -> list[Int8Linear]:
    """fbgemm's packed weights from stored (int8 values, per-row scales, bias, in_features, one_row, Hadamard
    block or 0) (the int8 cache). Packing is most of a cached load (~3.4 s of ~7 s for Qwen2.5-0.5B on 2 AVX2
    cores) and runs on one core, so two threads share it (GIL released): ~1.8x faster."""
    with warnings.catch_warnings():  # process-wide, so it also covers the packing threads
        warnings.simplefilter("ignore", UserWarning)  # quantized tensors are deprecated; fbgemm takes them
        quantized = [
            torch._make_per_channel_quantized_tensor(w, scale.double(), torch.zeros_like(scale, dtype=torch.long), 0)
            for w, scale, *_ in stored
        ]
        with ThreadPoolExecutor(2, thread_name_prefix="int8-pack") as pool:
            packed = list(pool.map(lambda q: torch.ops.quantized.linear_prepack(q, None), quantized))
    return [
        Int8Linear(p, bias, in_features, w.shape[1], one_row, rotation_factors(block) if block else None)
        for p, (w, _, bias, in_features, one_row, block) in zip(packed, stored, strict=True)
    ]


def unpack_int8(q: Int8Linear) -> tuple[torch.Tensor, torch.Tensor]:
    """(int8 values [out, width], per-row scales [out]) to store."""
    w = torch.ops.quantized.linear_unpack(q.packed)[0]
    return w.int_repr(), w.q_per_channel_scales()


def int8_linear(x: torch.Tensor, q: Int8Linear) -> torch.Tensor:
    """x [T, in] (float) -> [T, out] fp32, each row scaled by its own max |x| (see the module docstring).

    Two rows: the activations go in as two int8 rows in one GEMM, the value and what rounding it to 7 bits
    lost, so the weights are read once and the activations keep ~14 bits. One row: 8 bits, the weights 7,
    and half the GEMM's work where it is compute-bound (several rows: a batch, a prompt).
    The static range instead of fbgemm's dynamic one (a min/max pass and two pin columns) measured 5-15 %
    faster per matmul at 1-64 rows on AVX2, with the same error. The work is in engine/scripted.py, which
    the TorchScript layer calls too."""
    a, c = q.rotation if q.rotation is not None else (None, None)
    return int8_matmul(x, q.packed, q.bias, q.in_features, q.width, q.one_row, a, c)


class RangeObserver(NamedTuple):
    """A float weight that records the largest |x| per input channel it sees (calibration only)."""

    weight: torch.Tensor
    seen: torch.Tensor  # [in] running max of |x|

    def __call__(self, x: torch.Tensor, bias: torch.Tensor | None) -> torch.Tensor:
        torch.maximum(self.seen, x.detach().float().abs().amax(dim=0), out=self.seen)
        return F.linear(x, self.weight, bias)


def observe(w: torch.Tensor) -> RangeObserver:
    return RangeObserver(w, torch.zeros(w.shape[1], dtype=torch.float32, device=w.device))


def smooth_scales(act_max: torch.Tensor, w_max: torch.Tensor, alpha: float = ALPHA) -> torch.Tensor:
    """SmoothQuant's per-input-channel s (x / s, W * s) from each channel's max |x| and max |W| over the
    weight's rows; 1 for channels calibration never saw."""
    s = act_max.clamp_min(1e-5).pow(alpha) / w_max.float().clamp_min(1e-5).pow(1 - alpha)
    return torch.where(act_max > 0, s, torch.ones_like(s)).clamp(1e-4, 1e4)


def cpu_speed() -> tuple[float, float]:
    """(GB/s this CPU reads memory at, ms of one int8 matmul of Qwen2.5-1.5B's MLP down-projection shape at 32
    rows): what a decode step (reading every weight) and a prompt (computing) cost here, in ~0.2 s on the
    calling thread's torch threads. Medians of 5; `model: auto` compares them with a measured machine."""
    data = torch.ones(32 * 2**20)  # 128 MB: past any cache
    q = quantize_linear(torch.randn(1536, 8960) * 0.02, one_row=True)
    x = torch.randn(32, 8960)
    int8_linear(x, q)  # the first call picks fbgemm's kernel for the shape

    def median_s(work: Callable[[], object]) -> float:
        times = []
        for _ in range(5):
            t0 = time.perf_counter()
            work()
            times.append(time.perf_counter() - t0)
        return sorted(times)[2]

    return data.numel() * 4 / 1e9 / median_s(data.sum), 1e3 * median_s(lambda: int8_linear(x, q))
