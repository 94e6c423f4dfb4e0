"""The validated config mapped onto each module's own typed options: the only place the two meet."""

from __future__ import annotations

from typing import TYPE_CHECKING

from audio.asr import AsrOptions
from audio.tts import TtsOptions
from audio.tts_coqui import CoquiOptions
from audio.vad import VadOptions
from voicebot.config import Config
from voicebot.transports.echo import EchoOptions
from voicebot.turn_policy import TurnOptions

if TYPE_CHECKING:
    from engine import EngineOptions


def vad_options(cfg: Config) -> VadOptions:
    return VadOptions(**cfg.vad.model_dump(exclude={"backend", "max_segment_ms"}))


def turn_options(cfg: Config) -> TurnOptions:
    t = cfg.turns
    names = ("backchannels", "fillers", "dismissals", "short_replies")
    opts = t.model_dump(exclude={"end_of_turn", *names})
    lists = {k: tuple(v) for k in names if (v := getattr(t, k)) is not None}
    return TurnOptions(**opts, **lists)


def asr_options(cfg: Config) -> AsrOptions:
    return AsrOptions(**cfg.asr.model_dump(exclude={"backend", "partial_interval_ms", "pause_priority"}))


def tts_options(cfg: Config) -> TtsOptions:
    t = cfg.tts
    first = t.first_threads if t.first_audio_priority else t.threads  # more threads only with the CPU to itself
    return TtsOptions(voice=t.voice, length_scale=t.length_scale, threads=t.threads, first_threads=first)


def coqui_options(cfg: Config) -> CoquiOptions:
    t = cfg.tts
    assert t.model is not None  # TtsConfig requires it for backend coqui
    return CoquiOptions(
        model=t.model, python=t.coqui_python, speaker=t.speaker, language=t.language, device=t.device,
        threads=t.threads, length_scale=t.length_scale,
    )


def echo_options(cfg: Config, webrtc: bool = False) -> EchoOptions:
    """The mic's strategy, or for browser calls `webrtc_strategy` (the browser cancels echo itself)."""
    e = cfg.echo
    strategy = e.webrtc_strategy if webrtc else e.strategy
    return EchoOptions(strategy, e.margin_db, e.echo_gain_db, e.floor_db, e.tail_ms, e.hold_ms)


def chunking(cfg: Config) -> dict[str, int]:
    """PhraseChunker's keyword arguments."""
    return cfg.tts.model_dump(include={"first_min_words", "first_max_words", "min_words", "max_words"})


_ENGINE_KEYS = (
    "model", "device", "dtype", "max_batch", "max_seq_len", "threads", "speculation", "num_draft", "cuda_graphs",
    "vocabulary",
)  # fmt: skip


def engine_options(cfg: Config) -> EngineOptions:
    from engine import EngineOptions  # torch is imported only when the in-process engine is used

    opts = cfg.llm.model_dump(include={*_ENGINE_KEYS})
    if cfg.llm.draft_model is not None:
        opts["draft_model"] = cfg.llm.draft_model
    return EngineOptions(**opts)
