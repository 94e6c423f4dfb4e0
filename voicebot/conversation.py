"""The chat history of one voice session.

Messages are tagged with the turn they belong to, so a turn can be amended after the fact: a barge-in
cuts the reply down to what the user actually heard (the model never believes it said something the user
never heard), and a turn the user continued after a pause is retracted and replaced by the merged one.
A user's turn may start with a system note the model needs for it: the clock, what it cannot do, an exact
result, ... (voicebot/notes.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

Messages = list[dict[str, str]]


def last_said(messages: Messages, role: str) -> str:
    """The last message of `role` ("user", "assistant"), "" where there is none."""
    return next((m["content"] for m in reversed(messages) if m["role"] == role), "")


class WholeReply(str):
    """An opener that is the whole reply: the model is not asked to go on from it. Told the last reply's first
    sentence for "Say that shorter.", the 0.5B went on with the rest of it, word for word."""


@dataclass
class Conversation:
    """fits: whether a prompt leaves the backend room for a reply (`LLMClient.fits`); a talkative user's
    long turns can outgrow the context well within `history_turns`, and older blocks are then dropped too.
    note: the system note, if any, to put before a user's words (`notes.TurnNotes`; None: no notes).
    opener: the words, if any, the reply to a user's words starts with (`notes.TurnNotes.opener`), or all it
        says (a `WholeReply`); it is also told the assistant's last reply (as heard, after a barge-in), for "Say
        that again.".
    Both are told the words, which user turn of the session they are, the user's earlier words in the
    history, the last last ("Another one." after "Tell me a joke."), and the assistant's last reply.
    asked: the question the user's words ask inside a sentence, said as one asks it (`indirect.direct_question`:
        "My daughter wants to know why the sky is blue." -> "Why is the sky blue?"), or None; the model, the
        note and the opener are given that question in place of the words (the 0.5B answered the wrapper)."""

    system_prompt: str
    history_turns: int = 16
    fits: Callable[[Messages], bool] | None = None
    note: Callable[[str, int, list[str], str], str | None] | None = None
    opener: Callable[[str, int, list[str], str], str | None] | None = None
    asked: Callable[[str], str | None] | None = None
    messages: Messages = field(default_factory=list)
    _turns: list[int] = field(default_factory=list)  # the turn of each message
    _added: int = 0  # user turns added so far (never less: dropping history keeps the count)

    def add_user(self, turn_id: int, text: str) -> None:
        for message in self._user_turn(text):
            self.messages.append(message)
            self._turns.append(turn_id)
        self._added += 1
        self._forget_dropped()

    def _user_turn(self, text: str) -> Messages:
        """The user's words, after the note they call for, if any (told which user turn of the session this
        is: a pending turn and the same turn once added get one note)."""
        text = self.question(text)
        note = self.note(text, self._added, self.user_words(), self.last_reply()) if self.note is not None else None
        return [*([{"role": "system", "content": note}] if note else []), {"role": "user", "content": text}]

    def reply_start(self, pending: str) -> str:
        """The words the reply to `pending` (a user message not added yet) starts with; "" for none."""
        if self.opener is None:
            return ""
        return self.opener(self.question(pending), self._added, self.user_words(), self.last_reply()) or ""

    def last_reply(self) -> str:
        """The assistant's last reply as the user heard it; "" before the first."""
        return last_said(self.messages, "assistant")

    def question(self, text: str) -> str:
        """The user's words as the model is given them: the question they ask inside a sentence, else as said."""
        return (self.asked(text) if self.asked is not None else None) or text

    def user_words(self) -> list[str]:
        """The user's messages so far, the last last."""
        return [m["content"] for m in self.messages if m["role"] == "user"]

    def _forget_dropped(self) -> None:
        """Free the exchanges `prompt` no longer shows, a whole block at a time, so a long session's memory
        stays bounded and every later prompt is exactly what it would have been."""
        starts = _turn_starts(self.messages)
        step = max(1, self.history_turns // 2)
        drop = (max(0, len(starts) - 1 - self.history_turns) // step) * step
        if drop and self.messages[: starts[drop]]:
            cut = starts[drop]
            self.messages, self._turns = self.messages[cut:], self._turns[cut:]

    def record_reply(self, turn_id: int, text: str) -> None:
        """Set (or, after a barge-in, cut down to what was heard) the assistant's reply for a turn."""
        text = text.strip()
        for m, t in zip(self.messages, self._turns, strict=True):
            if t == turn_id and m["role"] == "assistant":
                m["content"] = text
                return
        if text:
            self.messages.append({"role": "assistant", "content": text})
            self._turns.append(turn_id)

    def retract(self, turn_id: int) -> None:
        """Forget a turn entirely (it was merged into a later one)."""
        keep = [i for i, t in enumerate(self._turns) if t != turn_id]
        self.messages = [self.messages[i] for i in keep]
        self._turns = [self._turns[i] for i in keep]

    def prompt(self, pending: str | None = None) -> list[dict[str, str]]:
        """System prompt plus at most `history_turns` past exchanges and the last user message.

        Old exchanges are dropped in blocks of half the window, not one per turn: the prompt's start then
        stays the same for several turns, so the engine's prefix cache keeps the history computed (a
        sliding window would change the prefix right after the system prompt on every turn).

        pending: a user message not added yet (a preemptive reply): the prompt is then the one that
        `add_user(pending)` followed by `prompt()` would give.
        """
        live = [m for m in self.messages if m["content"]]
        if pending is not None:
            live += self._user_turn(pending)
        starts = _turn_starts(live)
        past, step = len(starts) - 1, max(1, self.history_turns // 2)
        drop = -(-max(0, past - self.history_turns) // step) * step  # whole blocks, enough to fit the window
        while True:
            prompt = [{"role": "system", "content": self.system_prompt}, *(live[starts[drop] :] if starts else [])]
            if self.fits is None or drop >= past or self.fits(prompt):
                return prompt  # (the last message alone too long: the backend says so)
            drop = min(drop + step, past)  # whole blocks again: the prompt's start stays put between drops


def _turn_starts(messages: Messages) -> list[int]:
    """Where each user turn begins: at its user message, or at the note just before it."""
    users = [i for i, m in enumerate(messages) if m["role"] == "user"]
    return [i - 1 if i and messages[i - 1]["role"] == "system" else i for i in users]


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
