"""The one exception type the CLI and transports turn into a clear message instead of a traceback."""

from __future__ import annotations


class VoicebotError(Exception):
    """A failure a user can act on; its message says what went wrong and what to do."""


class ConfigError(VoicebotError):
    """The YAML config is malformed, has an unknown key or a bad value."""
