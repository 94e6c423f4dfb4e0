"""voicebot.entertain: which requests get a story, joke or song note, and which joke."""

from __future__ import annotations

import random

from voicebot.entertain import JOKES, SING_NOTE, STORY_NOTE, entertain_note
from voicebot.notes import TurnNotes

STORIES = [
    "Tell me a story.", "Can you tell me a short story?", "Tell me a bedtime story.", "Read me a story about a cat.",
    "I want to hear a scary story.", "Do you know any fairy tales?", "Make up a story about a robot.",
    "A bedtime story, please.", "One more story.",
]  # fmt: skip
JOKE_ASKS = ["Tell me a joke.", "Do you know any jokes?", "Another joke.", "Say something funny.", "Make me laugh."]
SONGS = ["Sing me a song.", "Can you sing?", "Could you sing happy birthday?", "Please sing something."]
NEITHER = [
    "What's the story with the Titanic?", "Who sings Thriller?", "What is a joke?", "I like to sing in the shower.",
    "That was a funny story.", "Why do people tell stories?", "How many stories does the Empire State Building have?",
    "What is the story of Romeo and Juliet about?", "Is that a joke?", "What is the capital of France?",
]  # fmt: skip


def _note(text: str, turn: int = 0, seed: int = 1) -> str | None:
    return entertain_note(text, random.Random(seed), turn)


def test_requests_for_a_story_a_joke_or_a_song_get_their_note_and_other_words_none() -> None:
    assert {t: _note(t) for t in STORIES} == dict.fromkeys(STORIES, STORY_NOTE)
    assert {t: _note(t) for t in SONGS} == dict.fromkeys(SONGS, SING_NOTE)
    for text in JOKE_ASKS:
        note = _note(text)
        assert note is not None and note.startswith("Tell this joke: ") and note[17:-1] in JOKES, (text, note)
    assert {t: _note(t) for t in NEITHER} == dict.fromkeys(NEITHER)


def test_a_sessions_jokes_do_not_repeat_and_the_early_and_final_reply_tell_the_same() -> None:
    told = [_note("Tell me a joke.", turn) for turn in range(len(JOKES))]
    assert len(set(told)) == len(JOKES)  # every joke once before any twice
    assert _note("Tell me a joke", 3) == _note("Tell me a joke.", 3)  # the early transcript and the final one
    other_sessions = {_note("Tell me a joke.", 0, seed) for seed in range(20)}
    assert len(other_sessions) > 5  # sessions draw their own order


def test_a_joke_about_a_topic_is_one_about_it_or_the_models_own() -> None:
    for turn in range(5):
        assert "computer" in _note("Tell me a joke about computers.", turn).lower()
    assert _note("Tell me a joke about elephants.") is None  # none in the list: the model makes one up


def test_turn_notes_add_it_and_can_leave_it_out() -> None:
    assert TurnNotes(None)("Tell me a story.") == STORY_NOTE
    assert TurnNotes(None, entertain=False)("Tell me a story.") is None
    notes = TurnNotes(None, seed=7)
    assert notes("Tell me a joke.", 2) == notes("Tell me a joke.", 2) != notes("Tell me a joke.", 3)
