"""The chat history of one voice session.

Only what the user actually heard of an interrupted reply is kept, so the model never believes it said
something the user never heard.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Conversation:
    system_prompt: str
    history_turns: int = 6
    messages: list[dict[str, str]] = field(default_factory=list)
    _reply_at: dict[int, int] = field(default_factory=dict)  # turn id -> index of its reply message

    def add_user(self, text: str) -> None:
        self.messages.append({"role": "user", "content": text})

    def record_reply(self, turn_id: int, text: str) -> None:
        """Set (or, after a barge-in, cut down to what was heard) the assistant's reply for a turn."""
        text = text.strip()
        i = self._reply_at.get(turn_id)
        if i is not None:
            self.messages[i]["content"] = text
        elif text:
            self._reply_at[turn_id] = len(self.messages)
            self.messages.append({"role": "assistant", "content": text})

    def prompt(self) -> list[dict[str, str]]:
        """System prompt plus the last `history_turns` exchanges and the pending user message."""
        live = [m for m in self.messages if m["content"]]
        keep = live[-(2 * self.history_turns + 1) :]
        while keep and keep[0]["role"] != "user":
            keep = keep[1:]
        return [{"role": "system", "content": self.system_prompt}, *keep]


def heard_prefix(spoken: list[tuple[str, int]], played_samples: int) -> str:
    """The text of the phrases whose audio was fully or partly played.

    spoken: (phrase text, number of samples of its audio) in playback order. A phrase cut off mid-way
    is kept up to the proportional word (speech rate is near constant within a phrase).
    """
    heard: list[str] = []
    left = played_samples
    for text, n in spoken:
        if left <= 0:
            break
        if left >= n:
            heard.append(text)
        else:
            words = text.split()
            k = int(len(words) * left / max(n, 1))
            if k:
                heard.append(" ".join(words[:k]))
        left -= n
    return " ".join(heard).strip()
