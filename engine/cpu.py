"""What this CPU can do, and which compute path the engine takes on it.

Why: the same dtype is fast on one x86 CPU and emulated on another. bf16 without AVX-512 BF16 / AMX
is emulated (measured on an AVX2 laptop-class CPU: a 43-token prefill 510-600 ms in bf16 vs 159 ms in
fp32), and fp16 matmuls without AVX-512 FP16 are too. fbgemm's int8 GEMM needs only AVX2 and reads a
quarter of fp32's bytes, so it is the CPU default (engine/quant.py).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import torch

from engine.quant import int8_available

# What lowers the instruction set a CPU path really uses, for measuring an ordinary laptop's column on a
# faster CPU: oneDNN's, ATen's and fbgemm's own switches (fbgemm, our int8 GEMM, heeds only its own),
# CTranslate2's (Whisper), which heeds only its own too, and MKL's (fp32 matmuls: the HF baseline, our
# attention), which heeds neither ATen's nor oneDNN's.
ISA_VARIABLES = (
    "ONEDNN_MAX_CPU_ISA", "ATEN_CPU_CAPABILITY", "FBGEMM_ENABLE_INSTRUCTIONS", "CT2_FORCE_CPU_ISA",
    "MKL_ENABLE_INSTRUCTIONS",
)  # fmt: skip

# /proc/cpuinfo flag -> the name we print
_FEATURES = {
    "avx2": "AVX2",
    "fma": "FMA",
    "avx512f": "AVX-512",
    "avx512_vnni": "AVX-512 VNNI",
    "avx512_bf16": "AVX-512 BF16",
    "avx512_fp16": "AVX-512 FP16",
    "amx_tile": "AMX",
}


@dataclass(frozen=True)
class CpuInfo:
    flags: frozenset[str]  # the _FEATURES keys this CPU has and torch will use
    capability: str  # torch's own dispatch level (ATEN_CPU_CAPABILITY lowers it)

    @property
    def native_bf16(self) -> bool:
        return bool({"avx512_bf16", "amx_tile"} & self.flags)

    @property
    def native_fp16(self) -> bool:
        return bool({"avx512_fp16", "amx_tile"} & self.flags)

    def describe(self) -> str:
        have = [name for flag, name in _FEATURES.items() if flag in self.flags]
        return ", ".join(have) or "no AVX2"


def detect(cpuinfo: str | None = None, capability: str | None = None) -> CpuInfo:
    """Flags from /proc/cpuinfo, capped by what torch dispatches to (so `ATEN_CPU_CAPABILITY=avx2` on an
    AVX-512 machine is measured and chosen for as the AVX2 machine it emulates)."""
    if cpuinfo is None:
        try:
            cpuinfo = Path("/proc/cpuinfo").read_text()
        except OSError:
            cpuinfo = ""
    line = next((x for x in cpuinfo.splitlines() if x.startswith(("flags", "Features"))), "")
    flags = frozenset(line.partition(":")[2].split()) & set(_FEATURES)
    capability = capability or torch.backends.cpu.get_cpu_capability()
    if capability in ("DEFAULT", "NO AVX"):  # torch will not run AVX code at all
        flags = frozenset()
    elif capability == "AVX2":  # a capped (or real) AVX2 machine: nothing of AVX-512 is used
        flags = frozenset(f for f in flags if not f.startswith(("avx512", "amx")))
    return CpuInfo(flags, capability)


@dataclass(frozen=True)
class CpuPath:
    dtype: torch.dtype  # activations and KV cache
    int8: bool  # matmul weights int8 (fbgemm)
    single_row_dtype: torch.dtype | None  # a second weight copy for one-token steps
    description: str  # for the start-up line and every benchmark JSON


def choose_cpu_path(requested: str, cpu: CpuInfo) -> CpuPath:
    """`auto` is int8 wherever fbgemm runs (AVX2 and up), else fp32. A half dtype the CPU would emulate
    runs as fp32 instead, with one warning line."""
    half = {"bfloat16": (torch.bfloat16, cpu.native_bf16), "float16": (torch.float16, cpu.native_fp16)}
    if requested in ("auto", "int8"):
        if "avx2" in cpu.flags and int8_available():
            return CpuPath(torch.float32, True, None, f"int8 weights (fbgemm) + fp32 activations on {cpu.describe()}")
        if requested == "int8":
            warn(f"this CPU ({cpu.describe()}) has no AVX2 for fbgemm's int8: running fp32 instead")
        elif "avx2" not in cpu.flags:
            warn("this CPU has no AVX2: running fp32, expect slow replies")
        return CpuPath(torch.float32, False, None, f"fp32 on {cpu.describe()}")
    if requested in half:
        dtype, native = half[requested]
        if not native:
            warn(f"{requested} is emulated on this CPU ({cpu.describe()}): running fp32 instead")
            return CpuPath(torch.float32, False, None, f"fp32 on {cpu.describe()} ({requested} is emulated here)")
        return CpuPath(dtype, False, None, f"{requested} on {cpu.describe()}")
    return CpuPath(torch.float32, False, None, f"fp32 on {cpu.describe()}")


def warn(message: str) -> None:
    print(f"engine: warning: {message}", file=sys.stderr, flush=True)
