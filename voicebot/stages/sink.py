"""Sink stage: hands reply audio to a Player and tells the observer when the reply becomes audible."""

from __future__ import annotations

from collections.abc import Callable

from voicebot import frames as fr
from voicebot.pipeline import Stage
from voicebot.playback import Player, first_audible


class SinkStage(Stage):
    name = "sink"

    def __init__(
        self,
        player: Player,
        on_audible: Callable[[int, float], None],
        on_done: Callable[[int], None],
    ) -> None:
        super().__init__()
        self.player = player
        self.on_audible = on_audible
        self.on_done = on_done
        self.active_turn: int | None = None
        self.spoken: list[tuple[str, int]] = []  # (phrase, samples) of the active turn, in order
        self._heard_audible = False

    async def handle(self, frame: fr.Frame) -> None:
        if isinstance(frame, fr.TTSAudio):
            if frame.turn_id != self.active_turn:
                self.active_turn, self.spoken, self._heard_audible = frame.turn_id, [], False
            start = self.player.play(frame.turn_id, frame.samples, frame.sample_rate)
            if not self._heard_audible and (i := first_audible(frame.samples)) is not None:
                self._heard_audible = True
                self.on_audible(frame.turn_id, start + i / frame.sample_rate)
            if self.spoken and len(self.spoken) - 1 == frame.phrase_index:
                text, n = self.spoken[-1]
                self.spoken[-1] = (text, n + len(frame.samples))
            else:
                self.spoken.append((frame.text, len(frame.samples)))
        elif isinstance(frame, fr.TTSDone):
            self.on_done(frame.turn_id)
