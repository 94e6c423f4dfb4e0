"""voicebot.entertain: which requests get a story, joke or song note and reply start, and which joke."""

from __future__ import annotations

import random

from voicebot.entertain import FACTS, JOKES, STORY_OPENERS, Entertainment, entertain
from voicebot.notes import TurnNotes

STORIES = [
    "Tell me a story.", "Can you tell me a short story?", "Tell me a bedtime story.", "Read me a story about a cat.",
    "I want to hear a scary story.", "Do you know any fairy tales?", "Make up a story about a robot.",
    "A bedtime story, please.", "One more story.",
]  # fmt: skip
JOKE_ASKS = ["Tell me a joke.", "Do you know any jokes?", "Another joke.", "Say something funny.", "Make me laugh."]
FACT_ASKS = ["Tell me a fun fact.", "Tell me something interesting.", "Do you know any fun facts?", "Another fun fact.",
             "Thanks, tell me something nice."]  # fmt: skip  (it got "I'm glad you found this helpful!")
SONGS = ["Sing me a song.", "Can you sing?", "Could you sing happy birthday?", "Please sing something."]
NEITHER = [
    "What's the story with the Titanic?", "Who sings Thriller?", "What is a joke?", "I like to sing in the shower.",
    "That was a funny story.", "Why do people tell stories?", "How many stories does the Empire State Building have?",
    "What is the story of Romeo and Juliet about?", "Is that a joke?", "What is the capital of France?",
    "That's an interesting fact.", "Is that a fact?", "In fact, I want pizza.", "What is interesting about Rome?",
]  # fmt: skip


TOLD = [joke for joke, _ in JOKES]


def _joke(text: str, turn: int = 0, seed: int = 1) -> str | None:
    fun = entertain(text, random.Random(seed), turn)
    return fun.opener if fun else None


def test_requests_for_a_story_a_joke_or_a_song_get_their_note_and_reply_start() -> None:
    for text in STORIES:
        fun = entertain(text, random.Random(0), 0)
        assert fun is not None and fun.opener in STORY_OPENERS and f'"{fun.opener}"' in fun.note, text
    for text in SONGS:
        fun = entertain(text, random.Random(0), 0)
        assert fun is not None and fun.opener.startswith("I can't sing") and fun.opener in fun.note, text
    for text in JOKE_ASKS:
        fun = entertain(text, random.Random(0), 0)
        assert fun is not None and fun.opener in TOLD and f'"{fun.opener}"' in fun.note, text
    facts = [fact for _, fact in FACTS]
    for text in FACT_ASKS:
        fun = entertain(text, random.Random(0), 0)
        assert fun is not None and fun.opener.removeprefix("Here's a fun fact: ") in facts, text
    assert [t for t in NEITHER if entertain(t, random.Random(0), 0)] == []


def test_a_sessions_jokes_do_not_repeat_and_the_early_and_final_reply_tell_the_same() -> None:
    told = [_joke("Tell me a joke.", turn) for turn in range(len(JOKES))]
    assert len(set(told)) == len(JOKES)  # every joke once before any twice
    assert _joke("Tell me a joke", 3) == _joke("Tell me a joke.", 3)  # the early transcript and the final one
    other_sessions = {_joke("Tell me a joke.", 0, seed) for seed in range(20)}
    assert len(other_sessions) > 5  # sessions draw their own order


def test_a_joke_about_a_topic_is_one_about_it_or_the_models_own() -> None:
    for turn in range(5):
        assert "computer" in _joke("Tell me a joke about computers.", turn).lower()
    assert entertain("Tell me a joke about elephants.", random.Random(0), 0) is None  # the model makes one up
    for turn in range(5):  # a fact's topics count as well as its words: Venus and Saturn are "space"
        fact = entertain("Tell me a fun fact about space.", random.Random(0), turn).opener
        assert fact.removeprefix("Here's a fun fact: ") in [f for topics, f in FACTS if "space" in topics]


def test_turn_notes_give_the_note_and_the_reply_start_or_leave_both_out() -> None:
    notes = TurnNotes(None, seed=7)
    start = notes.opener("Tell me a story.")
    assert start in STORY_OPENERS and start in notes("Tell me a story.")
    assert notes.opener("Why do people yawn?") is None
    off = TurnNotes(None, entertain=False)
    assert off("Tell me a story.") is None and off.opener("Tell me a story.") is None
    joke = notes.opener("Tell me a joke.", 2)
    assert joke == notes.opener("Tell me a joke.", 2) != notes.opener("Tell me a joke.", 3)
    assert joke in notes("Tell me a joke.", 2)  # the note names the same joke


def test_another_one_after_a_request_is_more_of_the_same() -> None:
    first = entertain("Tell me a joke.", random.Random(3), 1)
    more = entertain("Another one.", random.Random(3), 2, ["Tell me a joke."])
    assert first is not None and more is not None and more.opener in TOLD and more.opener != first.opener
    for said in ("Ah, another one.", "Oh, one more!"):  # the model told the same joke again
        assert entertain(said, random.Random(3), 2, ["Tell me a joke."]) == more, said
    again = entertain("One more.", random.Random(3), 3, ["Tell me a joke.", "Another one."])
    assert again is not None and again.opener in TOLD and again.opener not in (first.opener, more.opener)
    story = entertain("One more, please.", random.Random(3), 5, ["Hi.", "Tell me a story about a cat."])
    assert story is not None and story.opener in STORY_OPENERS
    assert entertain("Another one.", random.Random(3), 2, ["Tell me a joke.", "What is the capital of France?"]) is None
    assert entertain("Another one.", random.Random(3), 2) is None
    for unhappy in ("That wasn't funny. Tell me a better one.", "I heard that one. Give me a different one.",
                    "Give me another one, but easier."):  # fmt: skip
        better = entertain(unhappy, random.Random(3), 2, ["Tell me a joke."])  # it told the same joke again
        assert better is not None and better.opener in TOLD and better.opener != first.opener, unhappy


def test_more_about_a_topic_named_alone_is_asked_anew_about_it() -> None:
    """After jokes, "Something about cats this time." and "One more, but make it about food." got the last joke
    again; "Can you do a knock-knock joke?" got no joke of the list."""
    asked = ["Tell me a joke.", "Another one."]
    cheese = entertain("One more, but make it about cheese.", random.Random(3), 3, asked)
    assert cheese is not None and "cheese" in cheese.opener.lower()
    space = entertain("Something about space this time.", random.Random(3), 2, ["Tell me a fun fact."])
    assert space is not None and space.opener.removeprefix("Here's a fun fact: ") in [
        f for topics, f in FACTS if "space" in topics
    ]
    assert entertain("Something about elephants.", random.Random(3), 3, asked) is None  # none: the model's own
    assert entertain("Something about cheese.", random.Random(3), 2, ["What is the capital of France?"]) is None
    knock = entertain("Can you do a knock-knock joke?", random.Random(3), 1)
    assert knock is not None and knock.opener in TOLD


def test_not_liking_a_joke_gets_an_offer_of_another_and_a_yes_gets_it() -> None:
    """"That's not funny." got the joke's explanation again."""
    first = entertain("Tell me a joke.", random.Random(3), 1)
    assert first is not None
    groan = entertain("That's not funny.", random.Random(3), 2, ["Tell me a joke."])
    assert groan is not None and groan.opener == "Fair enough, that one was a groaner. Want another?"
    yes = entertain("Yes.", random.Random(3), 3, ["Tell me a joke.", "That's not funny."])
    assert yes is not None and yes.opener in TOLD and yes.opener != first.opener
    assert entertain("Yes.", random.Random(3), 2, ["What is two plus two?"]) is None
    assert entertain("This traffic is not funny.", random.Random(3), 2, ["What is two plus two?"]) is None


def test_another_one_about_a_topic_with_one_item_is_another_said_so() -> None:
    asked = "Tell me a fun fact about octopuses."
    first = entertain(asked, random.Random(3), 1)
    more = entertain("Another one.", random.Random(3), 2, [asked])  # it told the octopus fact again
    assert first is not None and more is not None and "octopus" in first.opener
    lead = "That's the only fun fact I know about octopuses, but here's another one: "
    assert more.opener.startswith(lead) and more.opener.removeprefix(lead) in [f for _, f in FACTS]
    assert "octopus" not in more.opener.removeprefix(lead).lower()
    joke = entertain("Another one.", random.Random(3), 2, ["Tell me a joke about cheese."])
    assert joke is not None and joke.opener.startswith("That's the only joke I know about cheese, but here's another")
    assert "cheese" not in joke.opener.split("another one: ")[1].lower()
    assert entertain("Tell me a joke about dogs.", random.Random(3), 1) is None  # none in the list: the model's own
    dogs = entertain("Another!", random.Random(3), 2, ["Tell me a joke about dogs."])  # it told its own again
    assert dogs is not None and dogs.opener.startswith("I don't know another joke about dogs, but here's one: ")
    assert dogs.opener.split("here's one: ")[1] in [j for j, _ in JOKES]
    why = entertain("I don't get it.", random.Random(3), 3, ["Tell me a joke about cheese.", "Another one."])
    assert why is not None and why.note.startswith("Explain the joke")  # the joke behind the lead-in


def test_another_one_after_a_reaction_to_a_joke_is_another_joke() -> None:
    asked = ["Tell me a joke."]
    first = entertain("Tell me a joke.", random.Random(3), 1).opener
    for reactions in (["I don't get it."], ["Haha, good one."], ["That's funny.", "Ha ha."]):
        more = entertain("Another one.", random.Random(3), 3, asked + reactions)
        assert more is not None and more.opener in TOLD and more.opener != first, reactions
    for between in (["What is the capital of France?"], ["Explain black holes."], ["Ha.", "Ha.", "Ha."]):
        assert entertain("Another one.", random.Random(3), 3, asked + between) is None, between  # asks anew
    assert entertain("Another one.", random.Random(3), 3, ["A joke, please.", "Ha."]).opener in TOLD


def test_i_dont_get_it_after_a_joke_gets_why_the_told_joke_is_funny() -> None:
    why = dict(JOKES)
    for turn in range(6):
        told = entertain("Tell me a joke.", random.Random(5), turn, ["Hi."]).opener
        for text in ("I don't get it.", "I don't understand the joke.", "What does that mean?", "Why is that funny?"):
            fun = entertain(text, random.Random(5), turn + 1, ["Hi.", "Tell me a joke."])
            assert fun is not None and fun.opener == why[told] and why[told] in fun.note, (turn, text)
    more = entertain("One more.", random.Random(5), 3, ["Tell me a joke.", "Haha."]).opener  # told for "more" too
    fun = entertain("I don't get it.", random.Random(5), 4, ["Tell me a joke.", "Haha.", "One more."])
    assert fun is not None and fun.opener == why[more]
    for before in (["Tell me a story."], ["What is the capital of France?"], []):  # no joke told: the model's
        assert entertain("I don't get it.", random.Random(5), 1, before) is None, before
        assert entertain("Haha, good one.", random.Random(5), 1, before) is None, before
    assert all(why[joke].endswith(".") and len(why[joke].split()) <= 22 for joke in TOLD)


def test_laughing_at_a_joke_gets_glad_and_asking_for_more_gets_another() -> None:
    for text in ("Haha, good one.", "Ha ha ha.", "LOL", "That was funny.", "I love it!"):
        fun = entertain(text, random.Random(5), 2, ["Tell me a joke."])
        assert fun is not None and fun.opener == "Glad you liked it!", text
    first = entertain("Tell me a joke.", random.Random(5), 1).opener
    for text in ("Haha, another one!", "Okay, one more."):
        fun = entertain(text, random.Random(5), 2, ["Tell me a joke."])
        assert fun is not None and fun.opener in TOLD and fun.opener != first, text
    assert entertain("Haha, what?", random.Random(5), 2, ["Tell me a joke."]) is None


def test_the_conversation_tells_its_notes_the_users_words_before() -> None:
    from voicebot.conversation import Conversation

    notes = TurnNotes(None, seed=1)
    conv = Conversation("sys", note=notes, opener=notes.opener)
    conv.add_user(1, "Tell me a joke.")
    conv.record_reply(1, "Why did the bicycle fall over? Because it was two tired.")
    start = conv.reply_start("Another one.")
    assert start in TOLD and start == notes.opener("Another one.", 1, ["Tell me a joke."])
    assert conv.prompt("Another one.")[-2] == {"role": "system", "content": notes("Tell me a joke.", 1)}


def test_a_riddle_is_its_question_and_the_answer_comes_after_a_guess() -> None:
    """The 0.5B made up "Why did the cat sleep? Because it had a bath!" and then "The answer is that the cat is
    not a towel."."""
    from voicebot.conversation import WholeReply

    said: list[str] = []

    def turn(text: str) -> Entertainment | None:
        fun = entertain(text, random.Random(5), len(said) + 1, said)
        said.append(text)
        return fun

    asked = turn("Tell me a riddle.")
    assert asked is not None and isinstance(asked.opener, WholeReply) and asked.opener.endswith("?")
    joke = next(j for j, _ in JOKES if j.startswith(asked.opener))
    answer = joke.split("? ", 1)[1]
    wrong = turn("Is it a towel?")
    assert wrong is not None and wrong.opener == f"Nice try! The answer: {answer}"
    again = turn("Give me another one, but easier.")  # past the guess: another riddle
    assert again is not None and again.opener.endswith("?") and again.opener != asked.opener
    answer = next(j for j, _ in JOKES if j.startswith(again.opener)).split("? ", 1)[1]
    assert turn("I give up.").opener == f"The answer: {answer}"
    third = turn("Another riddle, please.")
    right = next(j for j, _ in JOKES if j.startswith(third.opener)).split("? ", 1)[1]
    assert turn(f"Is it {right.lower().rstrip('.')}?").opener == f"Yes, that's it! {right}"
    assert turn("What is the capital of France?") is None  # a question of its own, not a guess
