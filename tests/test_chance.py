"""voicebot.chance and the draws in a session's notes: asked for, fair, stable within a turn, new the next."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from voicebot.chance import chance_note
from voicebot.conversation import Conversation
from voicebot.notes import TurnNotes


@pytest.mark.parametrize(
    ("text", "allowed"),
    [
        ("Flip a coin.", {"heads.", "tails."}),
        ("Heads or tails?", {"heads.", "tails."}),
        ("Roll a die.", {f"a {n}." for n in range(1, 7)}),
        ("Pick a random number between 1 and 10.", {f"you picked {n}." for n in range(1, 11)}),
        ("Choose a number from ten to one.", {f"you picked {n}." for n in range(1, 11)}),
    ],
)
def test_a_draw_is_one_of_the_outcomes_and_all_of_them_come_up(text: str, allowed: set[str]) -> None:
    rng = random.Random(3)
    seen = Counter(chance_note(text, rng) for _ in range(600))
    assert set(seen) == allowed
    assert min(seen.values()) > 600 / len(allowed) / 2  # none far rarer than its share


def test_two_dice_are_added_up() -> None:
    note = chance_note("Roll two dice.", random.Random(1))
    assert note is not None
    first, rest = note.split(" and ")
    second, total = rest.split(" (")
    assert total == f"{int(first) + int(second)} in all)."


@pytest.mark.parametrize(
    "text", ["Give me a number.", "I flipped out.", "Roll the window down.", "What is a coin?", "Roll 500 dice."]
)
def test_nothing_asked_to_be_drawn_gets_no_draw(text: str) -> None:
    assert chance_note(text, random.Random(0)) is None


def test_a_session_draws_once_a_turn_and_anew_the_next_turn() -> None:
    conv = Conversation("sys", note=TurnNotes(None, seed=11))
    draws = []
    for turn in range(40):
        pending = conv.prompt("Flip a coin")[-2]["content"]  # a preemptive reply's note, before the final words
        conv.add_user(turn, "Flip a coin.")
        final = conv.messages[-2]["content"]
        assert pending == final, turn  # the reply started early and the final one see one draw
        conv.record_reply(turn, "ok")
        draws.append(final)
    assert set(draws) == {"Random result: heads.", "Random result: tails."}
    assert [TurnNotes(None, seed=11)("Flip a coin.", t) for t in range(40)] == draws  # the seed decides
