"""Loads the models a config names, once per process; sessions share them."""

from __future__ import annotations

import asyncio
import sys
import time
from dataclasses import dataclass

import numpy as np

from audio.asr import WhisperAsr
from audio.tts import PiperTts, Tts
from audio.tts_coqui import CoquiTts
from voicebot.config import Config
from voicebot.errors import VoicebotError
from voicebot.llm import EngineClient, LLMClient, OpenAIClient, ReplyParams
from voicebot.options import asr_options, coqui_options, engine_options, tts_options
from voicebot.priority import CpuPriority


@dataclass
class Models:
    asr: WhisperAsr
    tts: Tts
    llm: LLMClient
    reply_params: ReplyParams
    priority: CpuPriority  # shared by every session: in-process LLM steps may yield to urgent work

    async def close(self) -> None:
        try:
            await self.llm.close()
        finally:
            await asyncio.to_thread(self.tts.close)  # the Coqui backend's worker process ends here


def _load_llm(cfg: Config, priority: CpuPriority) -> LLMClient:
    llm = cfg.llm
    if llm.backend == "openai":
        assert llm.url is not None
        return OpenAIClient(llm.url, llm.model, llm.api_key, context_tokens=llm.max_seq_len)
    from engine import Engine

    engine = Engine(engine_options(cfg))
    engine.step_gate, engine.pause_point = priority.step, priority.pause_point
    return EngineClient(engine, retry_refusals=llm.retry_refusals, retry_repeats=llm.retry_repeats)


def _resolve_auto(cfg: Config) -> Config:
    """`llm.model: auto` resolved to a built-in name while nothing else runs: the ASR and TTS loads beside it
    made the CPU look half as fast (measured: 16 against 31 GB/s)."""
    import torch

    from engine.weights import pick_auto

    name = pick_auto("cuda" if cfg.llm.device != "cpu" and torch.cuda.is_available() else "cpu")
    return cfg.model_copy(update={"llm": cfg.llm.model_copy(update={"model": name})})


def _check_names(cfg: Config) -> None:
    """Find the ASR model's and the Piper voice's files without loading them (ModelNotFoundError if missing)."""
    from audio.models import piper_voice, whisper_model_dir

    whisper_model_dir(cfg.asr.model)
    if cfg.tts.backend == "piper":
        piper_voice(cfg.tts.voice)


def _load_tts(cfg: Config) -> Tts:
    if cfg.tts.backend == "coqui":
        return CoquiTts(coqui_options(cfg))
    return PiperTts(tts_options(cfg))


def _timed(what: str, fn, *args):  # type: ignore[no-untyped-def]
    t = time.perf_counter()
    out = fn(*args)
    print(f"loaded {what} in {time.perf_counter() - t:.1f}s", file=sys.stderr)
    return out


# Words of a reply's longest phrase, for the TTS warm-up: the voice's memory grows with the longest phrase
# it has spoken (Piper's onnxruntime arena, measured: 17 words 407 MB, 24 words 451-467 MB) and never
# shrinks, so a session's first long reply grew the process for good (the soak read it as a leak).
_LONG_PHRASE = (
    "Whenever you are planning a longer journey across the country by train, remember to check the "
    "timetable the evening before, pack some water and snacks, and leave a little earlier than usual"
)


def _warm_up(models: Models, longest_phrase_words: int) -> None:
    """First calls are slow (allocations, kernel choice) and grow memory: pay that before the first turn."""
    models.asr.transcribe(np.zeros(16000, np.float32))
    words = _LONG_PHRASE.split()
    longest = " ".join((words * (longest_phrase_words // len(words) + 1))[:longest_phrase_words]) + "."
    for text in ("Hello.", longest):
        for _ in models.tts.synthesize(text):
            pass


async def load_models(cfg: Config) -> Models:
    """Load ASR, TTS and LLM concurrently in threads. Any failure becomes a VoicebotError."""
    from audio.io import AudioError
    from engine.errors import EngineError

    priority = CpuPriority()
    if cfg.llm.backend == "engine" and cfg.llm.model == "auto":  # before the loads: its CPU probe needs quiet
        try:
            cfg = await asyncio.to_thread(_resolve_auto, cfg)
        except Exception as e:
            raise VoicebotError(f"llm.model auto: {e}") from e
    try:  # a wrong ASR model or voice name fails in a second, not after the LLM's load (~35 s)
        await asyncio.to_thread(_check_names, cfg)
    except AudioError as e:
        raise VoicebotError(str(e)) from e
    voice = f"coqui: {cfg.tts.model}" if cfg.tts.backend == "coqui" else cfg.tts.voice
    llm = cfg.llm.model if cfg.llm.backend == "engine" else f"server {cfg.llm.url}"  # not the engine's model name
    loaded = await asyncio.gather(
        asyncio.to_thread(_timed, f"ASR ({cfg.asr.model})", WhisperAsr, asr_options(cfg)),
        asyncio.to_thread(_timed, f"TTS ({voice})", _load_tts, cfg),
        asyncio.to_thread(_timed, f"LLM ({llm})", _load_llm, cfg, priority),
        return_exceptions=True,
    )
    errors = [e for e in loaded if isinstance(e, BaseException)]
    if errors:
        if not isinstance(loaded[2], BaseException):
            await loaded[2].close()  # don't leave the engine's thread running
        if not isinstance(loaded[1], BaseException):
            await asyncio.to_thread(loaded[1].close)  # nor the Coqui worker process
        if isinstance(errors[0], AudioError | EngineError | VoicebotError):
            raise VoicebotError(str(errors[0])) from errors[0]
        raise errors[0]
    asr, tts, llm = loaded
    params = ReplyParams(cfg.llm.max_tokens, cfg.llm.temperature, cfg.llm.top_p, cfg.llm.seed)
    models = Models(asr, tts, llm, params, priority)
    try:
        await asyncio.to_thread(_warm_up, models, cfg.tts.max_words)
        async for _ in llm.stream([{"role": "user", "content": "Hi"}], ReplyParams(max_tokens=2)):
            pass
    except BaseException as e:
        await models.close()  # a failed warm-up must not leave the engine thread or the Coqui worker behind
        if isinstance(e, AudioError):
            raise VoicebotError(str(e)) from e
        raise
    return models
