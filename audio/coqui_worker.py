"""Coqui TTS worker: runs one Coqui model inside the Coqui venv and speaks a small protocol on stdin/stdout.

Why a process of its own: coqui-tts needs torch 2.9.1 + torchaudio 2.9.1 (the only torchaudio here that
loads), the main venv pins CPU torch 2.13, and one interpreter cannot hold both. So this file imports only
the standard library, numpy and `TTS`, never the project's modules; audio/tts_coqui.py starts it as
``.venv-coqui/bin/python -P -s audio/coqui_worker.py`` (``-P``: this folder, which holds audio/io.py and
friends, must not shadow the standard library; ``-s``: no user site-packages).

Protocol (version 1). Requests: one JSON object per line on stdin, UTF-8.

  {"op": "load", "model_dir": DIR, "device": "cpu"|"cuda", "threads": N, "speaker": S|null,
   "language": L|null, "length_scale": X}                   exactly once, first
  {"op": "synthesize", "text": T}                             any number of times after a good load
  {"op": "quit"}                                              or end of stdin: the worker exits 0

Replies: one JSON object per line on stdout; an "audio" line is followed by its payload.

  {"type": "ready", "model": "vits"|"xtts", "sample_rate": HZ, "streaming": bool, "device": D,
   "cpu": "AVX512"|"AVX2"|..., "versions": {...}}            answer to load (cpu: torch's kernel level)
  {"type": "audio", "samples": N} + N * 4 bytes               mono float32 little-endian PCM at sample_rate
  {"type": "done"}                                            end of one synthesize answer
  {"type": "error", "kind": K, "message": M}                  instead of ready, or ends a synthesize answer

A synthesize answer is zero or more "audio" messages and then "done" or "error": one "audio" per
sentence for VITS, one per streamed chunk for XTTS (`inference_stream`). Error kinds: "not_installed"
(TTS does not import), "config" (no or bad config.json, unsupported model type), "checkpoint" (missing,
unreadable or not matching its config), "speaker", "language", "device", "request" (malformed or out of
order), "synthesis" (inference failed; the worker stays usable), "load" (anything else that failed while
loading). After an error answer to load the worker exits 1. Everything the libraries print goes to
stderr: stdout carries only the protocol.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from pathlib import Path
from typing import Any, BinaryIO

SUPPORTED = ("vits", "xtts")  # end-to-end models: text in, waveform out, no separate vocoder
CHECKPOINT_NAMES = ("model.pth", "model_file.pth", "best_model.pth", "checkpoint.pth")


class WorkerError(Exception):
    """A failure to report to the main process as one error reply."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


def _claim_stdout() -> BinaryIO:
    """Keep the real stdout for the protocol; point fd 1 (Python prints and C libraries) at stderr."""
    proto = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    return proto


def _send(out: BinaryIO, msg: dict[str, Any], payload: bytes = b"") -> None:
    out.write(json.dumps(msg).encode() + b"\n" + payload)
    out.flush()


def _one_line(e: BaseException, limit: int = 400) -> str:
    text = "; ".join(line.strip() for line in str(e).splitlines() if line.strip()) or type(e).__name__
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _checkpoint(model_dir: Path) -> Path:
    for name in CHECKPOINT_NAMES:
        if (model_dir / name).is_file():
            return model_dir / name
    found = sorted(model_dir.glob("*.pth"))
    if len(found) == 1:
        return found[0]
    if not found:
        raise WorkerError("checkpoint", f"{model_dir}: no checkpoint (.pth) next to config.json")
    names = ", ".join(p.name for p in found)
    raise WorkerError("checkpoint", f"{model_dir}: several checkpoints ({names}); keep one or name it model.pth")


def _model_type(config_path: Path) -> str:
    try:
        data = json.loads(config_path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise WorkerError("config", f"{config_path}: not a readable JSON config ({_one_line(e)})") from e
    if not isinstance(data, dict) or not isinstance(data.get("model"), str):
        raise WorkerError("config", f"{config_path}: not a Coqui model config (no \"model\" key)")
    kind = data["model"].lower()
    if kind not in SUPPORTED:
        raise WorkerError(
            "config",
            f"{config_path}: Coqui model type {kind!r} is not supported (supported: {', '.join(SUPPORTED)}; "
            "other types need a separate vocoder)",
        )
    return kind


class Voice:
    """One loaded model and the settings every synthesize call uses."""

    def __init__(self, req: dict[str, Any]) -> None:
        if importlib.util.find_spec("TTS") is None:
            raise WorkerError("not_installed", "coqui-tts is not installed (no module named 'TTS')")
        try:
            import numpy as np
            import pysbd
            import torch
            from TTS.config import load_config
            from TTS.tts.models import setup_model
        except Exception as e:  # ImportError, or a torchaudio/torch ABI mismatch (OSError)
            raise WorkerError("not_installed", f"coqui-tts does not import ({type(e).__name__}: {_one_line(e)})") from e
        self.np, self.torch = np, torch
        torch.set_num_threads(int(req.get("threads") or 1))
        torch.set_num_interop_threads(1)

        if not isinstance(req.get("model_dir"), str):
            raise WorkerError("request", "load needs a string \"model_dir\"")
        model_dir = Path(req["model_dir"])
        config_path = model_dir / "config.json"
        if not config_path.is_file():
            raise WorkerError("config", f"{model_dir}: no config.json (not a Coqui model directory)")
        self.kind = _model_type(config_path)
        self.device = req.get("device") or "cpu"
        if self.device == "cuda" and not torch.cuda.is_available():
            raise WorkerError("device", "tts.device is cuda but torch in the Coqui venv sees no CUDA GPU")
        checkpoint = model_dir / "model.pth" if self.kind == "xtts" else _checkpoint(model_dir)
        # The steps of Coqui's own Synthesizer._load_tts, one at a time so each failure names its cause.
        try:
            self.config = load_config(config_path)
            self.model = setup_model(self.config)
        except Exception as e:  # coqpit type errors, unknown keys, a model that cannot be built from it
            raise WorkerError("config", f"{config_path}: {type(e).__name__}: {_one_line(e)}") from e
        try:
            if self.kind == "xtts":  # loads model.pth, vocab.json and speakers_xtts.pth from its directory
                self.model.load_checkpoint(self.config, checkpoint_dir=model_dir, eval=True)
            else:
                self.model.load_checkpoint(self.config, checkpoint, eval=True)
        except RuntimeError as e:
            if "state_dict" in str(e):  # "Error(s) in loading state_dict for Vits:" + one line per problem
                problems = [line.strip() for line in str(e).splitlines()[1:] if line.strip()]
                first = _one_line(RuntimeError(problems[0] if problems else e), 240)
                raise WorkerError(
                    "checkpoint",
                    f"{checkpoint} does not match {config_path} ({len(problems)} tensors differ; first: {first})",
                ) from e
            raise WorkerError("checkpoint", f"cannot load {checkpoint}: {_one_line(e)}") from e
        except Exception as e:  # unreadable file (pickle, zip, EOF), a dict without "model", a missing vocab
            raise WorkerError("checkpoint", f"cannot load {checkpoint}: {type(e).__name__}: {_one_line(e)}") from e
        if self.device == "cuda":
            self.model.cuda()
        audio = self.config.audio
        self.sample_rate = int(audio.get("output_sample_rate") or audio["sample_rate"])
        self.trim = bool(audio.get("do_trim_silence"))
        self.pysbd = pysbd
        self.length_scale = float(req.get("length_scale") or 1.0)
        self.streaming = self.kind == "xtts"  # XTTS streams chunks as its GPT decodes (inference_stream)
        if self.kind == "xtts":
            self._init_xtts(req.get("speaker"), req.get("language"))
        else:
            self._init_vits(req.get("speaker"), req.get("language"))

    def _init_vits(self, speaker: str | None, language: str | None) -> None:
        self.model.length_scale = self.length_scale  # Vits.inference reads it for every call
        sm = self.model.speaker_manager
        names = list(sm.speaker_names) if sm is not None and sm.num_speakers > 1 else []
        if names and speaker not in names:
            raise WorkerError("speaker", f"the model has {len(names)} speakers; set tts.speaker to one of {names[:10]}")
        if not names and speaker is not None:
            raise WorkerError("speaker", "the model has a single speaker: leave tts.speaker null")
        langs = list(self.model.language_manager.language_names)
        if language is not None and language not in langs:
            raise WorkerError("language", f"the model speaks {langs}, not {language!r}")
        if language is None and len(langs) > 1:
            raise WorkerError("language", f"the model speaks {langs}: set tts.language")
        self.speaker, self.language = speaker, language
        code = (language or (langs[0] if langs else "en")).split("-")[0]
        code = code if code in self.pysbd.languages.LANGUAGE_CODES else "en"
        self._segmenter = self.pysbd.Segmenter(language=code, clean=True)  # Coqui's own sentence splitter

    def _init_xtts(self, speaker: str | None, language: str | None) -> None:
        langs = list(self.model.config.languages)
        self.language = language or "en"
        if self.language not in langs:
            raise WorkerError("language", f"XTTS speaks {langs}, not {self.language!r}")
        sm = self.model.speaker_manager
        if speaker is not None and sm is not None and speaker in sm.speakers:
            self.latent, self.embedding = sm.speakers[speaker].values()
        elif speaker is not None and Path(speaker).is_file():  # a reference recording to clone
            self.latent, self.embedding = self.model.get_conditioning_latents(audio_path=[speaker])
        else:
            names = list(sm.speakers)[:10] if sm is not None else []
            got = "" if speaker is None else f"{speaker!r} is neither a known speaker nor a file; "
            raise WorkerError(
                "speaker", f"XTTS needs tts.speaker: {got}a name from speakers_xtts.pth {names} or a reference WAV"
            )

    def synthesize(self, text: str, send_audio: Any) -> None:
        """Call send_audio(float32 array) for each sentence (VITS) or streamed chunk (XTTS)."""
        with self.torch.inference_mode():
            if self.streaming:
                for chunk in self.model.inference_stream(
                    text, self.language, self.latent, self.embedding, speed=1.0 / self.length_scale
                ):
                    send_audio(chunk.detach().cpu().numpy().reshape(-1))
                return
            for sentence in self._segmenter.segment(text):
                if not self.model.tokenizer.text_to_ids(sentence, language=self.language):
                    continue  # nothing the model can say (e.g. only symbols outside its characters)
                out = self.model.synthesize(
                    text=sentence, speaker=self.speaker, language=self.language, use_griffin_lim=False
                )
                wav = self.np.asarray(out["wav"], dtype=self.np.float32).reshape(-1)
                if self.trim:
                    wav = wav[: self.model.ap.find_endpoint(wav)]
                send_audio(wav)

    def versions(self) -> dict[str, str]:
        from importlib.metadata import version

        return {name: version(name) for name in ("coqui-tts", "torch", "torchaudio", "transformers")}


def _answer(voice: Voice, text: Any, out: BinaryIO) -> None:
    """One synthesize answer: audio messages, then done or error (the worker stays usable)."""
    if not isinstance(text, str):
        _send(out, {"type": "error", "kind": "request", "message": "synthesize needs a string \"text\""})
        return

    def send_audio(wav: Any) -> None:
        pcm = voice.np.ascontiguousarray(wav, dtype="<f4")
        _send(out, {"type": "audio", "samples": int(pcm.size)}, pcm.tobytes())

    try:
        if text.strip():
            voice.synthesize(text, send_audio)
    except BrokenPipeError:
        raise
    except Exception as e:
        _send(out, {"type": "error", "kind": "synthesis", "message": f"{type(e).__name__}: {_one_line(e)}"})
        return
    _send(out, {"type": "done"})


def serve(stdin: BinaryIO, out: BinaryIO) -> int:
    voice: Voice | None = None
    for raw in stdin:
        try:
            req = json.loads(raw)
            if not isinstance(req, dict):
                raise ValueError("not an object")
        except ValueError as e:
            _send(out, {"type": "error", "kind": "request", "message": f"not a JSON request line: {e}"})
            continue
        op = req.get("op")
        if op == "quit":
            return 0
        if op == "load":
            if voice is not None:
                _send(out, {"type": "error", "kind": "request", "message": "a model is already loaded"})
                continue
            try:
                voice = Voice(req)
            except WorkerError as e:
                _send(out, {"type": "error", "kind": e.kind, "message": str(e)})
                return 1
            except Exception as e:  # a bug or an unforeseen model: still one clear answer, not a traceback
                _send(out, {"type": "error", "kind": "load", "message": f"{type(e).__name__}: {_one_line(e)}"})
                return 1
            print(f"coqui_worker: loaded {voice.kind} ({req['model_dir']}) at {voice.sample_rate} Hz", file=sys.stderr)
            _send(out, {"type": "ready", "model": voice.kind, "sample_rate": voice.sample_rate,
                        "streaming": voice.streaming, "device": voice.device,
                        "cpu": voice.torch.backends.cpu.get_cpu_capability(), "versions": voice.versions()})
        elif op == "synthesize":
            if voice is None:
                _send(out, {"type": "error", "kind": "request", "message": "synthesize before a successful load"})
                continue
            _answer(voice, req.get("text"), out)
        else:
            _send(out, {"type": "error", "kind": "request", "message": f"unknown op {op!r}"})
    return 0  # end of stdin: the main process closed us or went away


def main() -> int:
    out = _claim_stdout()
    try:
        return serve(sys.stdin.buffer, out)
    except BrokenPipeError:  # the main process went away mid-answer
        return 0


if __name__ == "__main__":
    sys.exit(main())
