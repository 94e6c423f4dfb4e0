"""voicebot.indirect: a question asked inside a sentence is given to the model as the question itself."""

from __future__ import annotations

import pytest

from voicebot.conversation import Conversation
from voicebot.indirect import direct_question
from voicebot.notes import TurnNotes

ASKED = {  # the 0.5B answered the wrapper: "She might be looking for a reason to believe that the sky is blue"
    "My daughter wants to know why the sky is blue.": "Why is the sky blue?",
    "I can never remember what the capital of Australia is.": "What is the capital of Australia?",
    "My son asked me what the closest star to Earth is, and I wasn't sure.": "What is the closest star to Earth?",
    "My daughter wants to know what kind of animal a whale is, since it's not a fish.": (
        "What kind of animal is a whale?"
    ),
    "My daughter is asking what a group of lions is called.": "What is a group of lions called?",
    "I was wondering how far away the sun is from the Earth.": "How far away is the sun from the Earth?",
    "I've always wondered how long it takes light from the sun to reach us?": (
        "How long does it take light from the sun to reach us?"
    ),
    "My kids want to know why we have seasons?": "Why do we have seasons?",
    "I honestly don't know how many continents there are.": "How many continents are there?",
    "I was just wondering whether bats are actually blind.": "Are bats actually blind?",
    "My little one wants to know which part of your body pumps the blood around.": (
        "Which part of your body pumps the blood around?"  # the question word is the subject: no change of order
    ),
    "Someone at work was asking when the dinosaurs died out, and nobody knew.": "When the dinosaurs died out?",
    "I'd really like to know how many minutes there are in a day.": "How many minutes are there in a day?",
    "My wife and I were arguing about which ocean is the largest.": "Which ocean is the largest?",
    "My daughter asked how rainbows are made. Can you explain it simply?": (
        "How are rainbows made? Can you explain it simply?"  # a sentence after it is said on
    ),
    "I wonder how come the sky is blue.": "How come the sky is blue?",
}


@pytest.mark.parametrize("text", list(ASKED))
def test_a_question_inside_a_sentence_is_said_directly(text: str) -> None:
    assert direct_question(text) == ASKED[text]


@pytest.mark.parametrize(
    "text",
    [
        "Why is the sky blue?", "What did you say?",  # asked directly already
        "I don't know what you mean.", "I'm not sure what to say.", "I wonder what I should cook tonight.",
        "I asked you what time it is.", "She asked me if I was okay.", "My daughter asked if it will rain tomorrow.",
        "I told my brother where the keys were.",  # no one wants to know
        "Last summer my whole family and all of our cousins drove out to the lake and wondered how deep it was.",
    ],
)
def test_other_words_are_left_as_said(text: str) -> None:
    assert direct_question(text) is None, (text, direct_question(text))


def test_the_model_the_note_and_the_opener_get_the_question() -> None:
    notes = TurnNotes()
    conv = Conversation("system", note=notes, opener=notes.opener, asked=direct_question)
    text = "My son's science project asks what the hardest natural substance is."
    prompt = conv.prompt(pending=text)
    assert prompt[-1] == {"role": "user", "content": "What is the hardest natural substance?"}
    assert "Diamond" in prompt[-2]["content"]  # the table's fact, which the wrapped words did not match
    assert conv.reply_start(text).startswith("Diamond")
    plain = Conversation("system", note=notes, opener=notes.opener)
    assert plain.prompt(pending=text)[-1]["content"] == text  # without `asked`, the words as said
