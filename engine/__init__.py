"""voicebot's LLM engine: a small PyTorch runtime with continuous batching and an asyncio streaming API."""

from engine.engine import Engine
from engine.errors import EngineError, EngineOverloadedError, ModelNotFoundError
from engine.options import EngineOptions, SamplingParams
from engine.sequence import Delta

__all__ = [
    "Delta",
    "Engine",
    "EngineError",
    "EngineOptions",
    "EngineOverloadedError",
    "ModelNotFoundError",
    "SamplingParams",
]
