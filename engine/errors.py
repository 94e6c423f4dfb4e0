"""Errors the engine raises; each message says what to do next (the CLI prints it, never a traceback)."""

from __future__ import annotations


class EngineError(Exception):
    """Base class for every failure the engine reports to its callers."""


class ModelNotFoundError(EngineError):
    """The model spec names nothing we can load (unknown name, missing package, bad path)."""


class EngineOverloadedError(EngineError):
    """All slots are busy and the wait queue is full: the caller should retry later or shed load."""


class ModelFileError(EngineError):
    """A model file is unreadable, truncated or not what it claims to be; the message names it and the fix."""
