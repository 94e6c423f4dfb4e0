"""How the fact tables write a question's pattern (voicebot/almanac.py, kitchen.py, myths.py)."""

from __future__ import annotations

import re

__all__ = ["all_words", "name_said"]


def all_words(*words: str, unless: str = "") -> str:
    """A pattern for questions that hold each of these (regexes of whole words) in any order, and none of `unless`:
    "How many wheels does a tricycle have?" and "A tricycle has how many wheels?" ask the same."""
    return "^" + "".join(rf"(?=.*\b(?:{w})\b)" for w in words) + (rf"(?!.*\b(?:{unless})\b)" if unless else "")


def name_said(name: str) -> str:
    """A person's full name as a pattern of the lower-cased words an ASR writes, the dots of initials optional:
    "John F. Kennedy" is also "john f kennedy"."""
    return re.escape(name.lower()).replace(r"\ ", " ").replace(r"\.", r"\.?")
