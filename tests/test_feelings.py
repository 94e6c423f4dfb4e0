"""voicebot.feelings: a kind word first for a user who says how they feel, and nothing for other words."""

from __future__ import annotations

import pytest

from voicebot.conversation import WholeReply
from voicebot.entertain import JOKES
from voicebot.feelings import OFFER, feeling_reply, takes_offer
from voicebot.notes import TurnNotes

SAID = {  # the 0.5B's own reply in the comment
    "I had a really rough day at work.": "sorry",  # "I had a really rough day at work, but I managed ..."
    "Today was a terrible day.": "sorry",  # "Today was a terrible day."
    "I feel lonely.": "sorry",  # a lecture on loneliness
    "I'm a bit worried about tomorrow.": "sorry",
    "My dog died yesterday.": "loss",  # "The dog died yesterday, which means it was not alive at the time."
    "My grandma passed away last week.": "loss",
    "I'm so tired today.": "rest",  # "I'm feeling very tired today."
    "I'm bored.": "joke",  # a lecture on boredom
    "I got the job!": "Congratulations",  # "I'm glad I could help! What's next?"
    "I'm so happy, I got engaged!": "Congratulations",
    "I'm feeling really happy today.": "great to hear",
    "I burned the toast.": "Oh no",  # "I burned the toast."
    "My car broke down this morning.": "Oh no",  # "I'm sorry, but I can't assist with that."
    "I lost my keys.": "Oh no",
    "I'm hungry.": "snack",  # "I'm hungry."
    "Guess what, I got the promotion!": "Congratulations",  # "I'm glad I could help! What's your promotion?"
}


@pytest.mark.parametrize("text", SAID)
def test_a_user_who_says_how_they_feel_gets_a_kind_word_that_asks_back(text: str) -> None:
    reply = feeling_reply(text)
    assert reply is not None and SAID[text] in reply and reply.endswith("?"), reply  # a question: the model stops


@pytest.mark.parametrize(
    "text",
    [
        "I'm tired, what should I do?", "I feel sad, can you tell me a joke?",  # asks something: the model's
        "I'm tired of this.", "I'm bad at math.", "I'm down to my last dollar.", "I'm sick of your answers.",
        "I'm not sad.", "I'm good, thanks.", "I'm fine.", "Are you bored?", "The weather is bad.",
        "I'm happy with that answer.", "My boss yelled at me.", "I lost weight!", "I broke my personal record today!",
        "I missed you.", "I got in trouble.", "Guess what?", "",
    ],
)  # fmt: skip
def test_other_words_get_none(text: str) -> None:
    assert feeling_reply(text) is None


def test_the_kind_word_starts_the_reply_but_not_twice_in_a_row() -> None:
    notes = TurnNotes(None)
    sorry = notes.opener("I had a rough day.")
    assert sorry == feeling_reply("I had a rough day.") and isinstance(sorry, WholeReply)  # it asks back: all said
    assert notes.opener("Yes, it was a long day.", 1, ["I had a rough day."], said=sorry) is None  # the model's turn
    assert TurnNotes(None, entertain=False).opener("I had a rough day.") is None


def test_a_yes_to_the_offer_when_bored_gets_a_fun_fact() -> None:
    """"Sure, what do you suggest?" after "Want to hear a fun fact, a joke or a short story?" got "You could try a
    new game or a new hobby."; a pick of one of them gets that one."""
    notes = TurnNotes(None)
    offer = notes.opener("I'm bored.")
    assert offer == OFFER
    for yes in ("Sure, what do you suggest?", "Yes.", "Surprise me.", "Okay."):
        start = notes.opener(yes, 1, ["I'm bored."], said=offer)
        assert start is not None and start.startswith("Here's a fun fact: "), yes
    assert notes.opener("A joke, please.", 1, ["I'm bored."], said=offer) in [j for j, _ in JOKES]
    fact = notes.opener("Sure.", 1, ["I'm bored."], said=offer)
    more = notes.opener("Another one.", 2, ["I'm bored.", "Sure."], said=fact)  # the model said something else
    assert more is not None and more.startswith("Here's a fun fact: ") and more != fact
    assert notes("Sure.", 1, ["I'm bored."]).startswith("If asked for a fun fact")  # the note, for other backends
    assert notes.opener("Sure.", 1, ["Hello."], said="Hello! How can I help?") is None  # no offer made
    assert not takes_offer("Yes, but first tell me the time in Tokyo and then the weather in Paris.")
