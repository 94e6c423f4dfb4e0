"""Asking the voice to speak slower or faster: which words ask it, and what the session does."""

from __future__ import annotations

import pytest

from voicebot.notes import TurnNotes
from voicebot.speaking_rate import next_rate, rate_request

REQUESTS = {
    "Speak slower please.": "slower",
    "Can you talk a bit more slowly?": "slower",
    "Slow down!": "slower",
    "You are talking too fast.": "slower",
    "Speak faster.": "faster",
    "Could you speed up a little?": "faster",
    "Go back to normal speed.": "normal",
    "Slower please.": "slower",  # alone, as said to it (these three were no request)
    "A bit faster please.": "faster",
    "Say that again slower.": "slower",
}


@pytest.mark.parametrize("text", REQUESTS)
def test_a_request_to_change_pace(text: str) -> None:
    assert rate_request(text) == REQUESTS[text]


@pytest.mark.parametrize(
    "text",
    ["I walk slowly.", "The car was too fast for me.", "How do I speed up my computer?", "Can you slow down the video?",
     "Tell me how to talk to my boss.", "The car went slower."],
)  # fmt: skip
def test_words_about_the_world_are_not_a_request(text: str) -> None:
    assert rate_request(text) is None


def test_the_rate_steps_and_stops_at_its_limits() -> None:
    rate = 1.0
    rates = []
    for _ in range(5):
        rate = next_rate(rate, "slower")
        rates.append(rate)
    assert rates == [0.8, 0.64, 0.512, 0.5, 0.5]
    assert next_rate(0.5, "normal") == 1.0 and next_rate(1.0, "faster") == 1.25 and next_rate(1.9, "faster") == 2.0


def test_the_model_is_told_what_to_say_only_where_the_voice_can_change() -> None:
    assert "slower" in TurnNotes(None, rate=True)("Speak slower please.")
    assert TurnNotes(None)("Speak slower please.") is None  # a backend without rates (Coqui): no promise
