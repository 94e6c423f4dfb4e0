"""The terminal transcript of `voicebot mic` (voicebot/transports/console.py)."""

from __future__ import annotations

import io

from voicebot import frames as fr
from voicebot.transports.console import LiveConsole


def test_a_markdown_reply_is_one_plain_line_per_turn() -> None:
    out = io.StringIO()  # not a terminal: only complete lines are written
    console = LiveConsole(out)
    console.on_frame(fr.Transcript(1, "How do I reset my router?", True))
    written = "To reset it:\n\n1. **Unplug** the router.\n2. Wait `30` seconds."
    for piece in written.split(" "):
        console.on_frame(fr.LLMText(1, piece + " "))
    console.on_frame(fr.LLMDone(1, written))
    assert out.getvalue().splitlines() == [
        "you: How do I reset my router?",
        "bot: To reset it: 1. Unplug the router. 2. Wait 30 seconds.",
    ]


def test_an_interrupted_reply_is_marked() -> None:
    out = io.StringIO()
    console = LiveConsole(out)
    console.on_frame(fr.LLMText(2, "Once upon a **time**\n"))
    console.on_frame(fr.Interrupt(2))
    assert out.getvalue() == "bot: Once upon a time  [interrupted]\n"
