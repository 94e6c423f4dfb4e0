"""'Speak slower', 'talk faster', 'normal speed': the session's speaking rate, asked for in words.

Without this the 0.5B answers "Speak slower please." by repeating its last reply at the same pace. The LLM
stage reads the request off the user's final words, keeps the session's rate and tells the TTS stage
(`frames.SpeakingRate`); the model is told in the turn's note, so it says it will (voicebot/notes.py).
"""

from __future__ import annotations

import re

__all__ = ["RATE_STEP", "next_rate", "rate_request"]

RATE_STEP = 1.25  # each "slower" or "faster": a quarter of the time more or less
_LIMITS = (0.5, 2.0)  # past these Piper's voice is hard to follow
# To the voice, not about the world: "slow down" said to it, not "How do I speed up my computer?"; "you're
# talking too fast", not "The car was too fast".
_TO_IT = r"(?:^\W*|\b(?:please|you|can you|could you|would you)\s+)"
_NO_OBJECT = r"(?!\s+(my|the|this|that|it|your|his|her|their|our)\b)"
_SLOWER = re.compile(
    rf"\b(speak|talk|say (it|that)|read|repeat)\b.*\b(slower|more slowly|slowly)\b|{_TO_IT}slow down\b{_NO_OBJECT}"
    r"|\b(you're|you are) (talking|speaking|going) too fast\b"
    r"|^\W*((a )?(bit|little) )?(slower|more slowly)\W*(please)?\W*$",  # "Slower please." alone
    re.IGNORECASE,
)
_FASTER = re.compile(
    rf"\b(speak|talk|say (it|that)|read|repeat)\b.*\b(faster|more quickly|quicker)\b|{_TO_IT}speed up\b{_NO_OBJECT}"
    r"|\b(you're|you are) (talking|speaking|going) too slow(ly)?\b"
    r"|^\W*((a )?(bit|little) )?(faster|quicker)\W*(please)?\W*$",
    re.IGNORECASE,
)
_NORMAL = re.compile(
    r"\b(normal|usual|regular|original|default) (speed|pace|rate)\b|\bspeak normally\b", re.IGNORECASE
)


def rate_request(text: str) -> str | None:
    """'slower', 'faster' or 'normal' when the words ask the voice to change pace; None otherwise."""
    if _NORMAL.search(text):
        return "normal"
    if _SLOWER.search(text):
        return "slower"
    if _FASTER.search(text):
        return "faster"
    return None


def next_rate(rate: float, request: str) -> float:
    """The speaking rate (1.0: the voice's own pace; 0.8: slower) after a request, within the limits."""
    if request == "normal":
        return 1.0
    rate = rate / RATE_STEP if request == "slower" else rate * RATE_STEP
    return round(min(max(rate, _LIMITS[0]), _LIMITS[1]), 3)
