"""The live terminal line of `voicebot mic`: partial transcripts overwrite one line, finals stay.

On a terminal the partial text and the reply being written update in place; when output is piped (logs,
tests) only complete lines are written, so the log reads as a transcript.
"""

from __future__ import annotations

import re
import sys
from typing import TextIO

from voicebot import frames as fr
from voicebot.report import TurnRecord


def _one_line(text: str) -> str:
    """A reply on one terminal line: no Markdown marks, its line breaks as spaces (the live line is
    rewritten in place, which a line break would break)."""
    return " ".join(re.sub(r"\*\*|__|`|^#+\s+", "", text, flags=re.MULTILINE).split())


class LiveConsole:
    def __init__(self, out: TextIO | None = None) -> None:
        self.out = out or sys.stdout
        self.live = self.out.isatty()
        self._reply: dict[int, str] = {}

    def _line(self, text: str, final: bool) -> None:
        if self.live:
            self.out.write("\r\x1b[K" + text + ("\n" if final else ""))
        elif final:
            self.out.write(text + "\n")
        self.out.flush()

    def on_frame(self, frame: fr.Frame) -> None:
        if isinstance(frame, fr.Interrupt):
            text = self._reply.pop(frame.turn_id, None)
            if text is not None:  # a reply still being written was cut
                self._line(f"bot: {_one_line(text)}  [{'withdrawn' if frame.merged else 'interrupted'}]", final=True)
        elif isinstance(frame, fr.SpeechStarted):
            self._line("you: …", final=False)
        elif isinstance(frame, fr.Transcript):
            if frame.final:
                if frame.text.strip():
                    self._line(f"you: {frame.text}", final=True)
            else:
                self._line(f"you: {frame.text} …", final=False)
        elif isinstance(frame, fr.LLMText):
            self._reply[frame.turn_id] = self._reply.get(frame.turn_id, "") + frame.text
            self._line(f"bot: {_one_line(self._reply[frame.turn_id])}", final=False)
        elif isinstance(frame, fr.LLMDone):
            self._reply.pop(frame.turn_id, None)
            error = f"  [error: {frame.error}]" if frame.error else ""
            self._line(f"bot: {_one_line(frame.text)}{error}", final=True)

    def on_turn(self, rec: TurnRecord) -> None:
        self._line(f"     turn {rec.turn_id}: {rec.latency_line()}", final=True)
