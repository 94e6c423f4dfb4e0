"""voicebot.word_forms: plurals and past tenses as the note gives them, and where it gives none."""

from __future__ import annotations

import pytest

from voicebot.notes import TurnNotes
from voicebot.word_forms import word_form_note

ASKED = {  # as the ASR writes them, and what the note must say (the 0.5B's own answer in the comment)
    "What's the plural of Goose?": "the plural of goose is geese.",  # "gooses"
    "What is the plural of tooth?": "the plural of tooth is teeth.",  # "tooths"
    "What is the plural of city?": "the plural of city is cities.",  # city
    "What is the plural of Wolf?": "the plural of wolf is wolves.",  # Wolf
    "What's the plural of box?": "the plural of box is boxes.",
    "What's the plural of day?": "the plural of day is days.",
    "Plural of potato?": "the plural of potato is potatoes.",
    "And the plural of piano?": "the plural of piano is pianos.",
    "What's the plural of a mouse?": "the plural of mouse is mice.",
    "What is the plural form of the word cactus?": "the plural of cactus is cacti or cactuses.",
    "What's the plural of sheep?": "the plural of sheep is sheep.",  # goats
    "What's the plural of information?": "information has no plural",
    "What's the singular of mice?": "the singular of mice is mouse.",
    "What's the past tense of bring?": "the past tense of bring is brought.",  # bring
    "What is the past tense of the verb catch?": "the past tense of catch is caught.",  # catches
    "What's the past tense of seek?": "the past tense of seek is sought.",  # seeked
    "What's the past tense of sing?": "the past tense of sing is sang, and its past participle is sung.",  # sing
    "What's the past tense of to be?": "the past tense of be is was or were",
    "Past tense of stop?": "the past tense of stop is stopped.",
    "What's the past tense of visit?": "the past tense of visit is visited.",
    "What's the past tense of admit?": "the past tense of admit is admitted.",
    "What's the past tense of quiz?": "the past tense of quiz is quizzed.",
    "What's the past tense of try?": "the past tense of try is tried.",
    "What's the past tense of play?": "the past tense of play is played.",
    "What's the past tense of bake?": "the past tense of bake is baked.",
    "What's the past tense of panic?": "the past tense of panic is panicked.",
    "What's the past participle of swim?": "the past participle of swim is swum.",
    "What is the past tense of the verb by?": "the past tense of buy is bought.",  # heard for "buy": "to"
    "What's the past tense of right?": "the past tense of write is wrote",  # heard for "write": "was"
    # found in review
    "What's the plural of stomach?": "the plural of stomach is stomachs.",
    "What's the plural of policeman?": "the plural of policeman is policemen.",  # compounds of irregular nouns
    "What's the plural of grandchild?": "the plural of grandchild is grandchildren.",
    "What's the plural of human?": "the plural of human is humans.",
    "What is the plural of mother in law?": "the plural of mother-in-law is mothers-in-law.",
    "What's the plural of children?": "children is already plural: the plural of child.",
    "What's the plural of scissors?": "scissors is already plural.",
    "What's the past tense of transfer?": "the past tense of transfer is transferred.",
    "What's the past tense of withhold?": "the past tense of withhold is withheld.",  # prefixed irregular verbs
    "What's the past tense of reset?": "the past tense of reset is reset.",
    "What's the past tense of relay?": "the past tense of relay is relayed.",  # no "lay"
    "What's the past tense of outfit?": "the past tense of outfit is outfitted.",  # no "fit"
    "What's the past tense of underlie?": "the past tense of underlie is underlay, and its past participle is under",
    "What's the plural of mongoose?": "the plural of mongoose is mongooses.",  # no "goose"
    "What's the past tense of went?": "went is already the past tense of go.",
    "What's the opposite of generous?": "the opposite of generous is selfish.",  # generous
    "What's the Antonym of friend?": "the opposite of friend is enemy.",  # friend
    "What's the opposite of short?": "the opposite of short is tall, or long.",
}


@pytest.mark.parametrize("text", ASKED)
def test_a_word_form_is_given(text: str) -> None:
    note = word_form_note(text)
    assert note is not None and note.startswith(ASKED[text]), (text, note)


@pytest.mark.parametrize(
    "text",
    [
        "What's the past tense of of?",  # no form of a word that is no verb
        "What's the past tense of develop?",  # two syllables ending consonant-vowel-consonant: only a table knows
        "What's the plural of echo's?", "What's the plural of mango?",  # a guess: -os or -oes
        "What's the past participle of can?",  # none
        "What's the singular of sheep?", "What's the singular of boxes?",  # no irregular singular to give
        "What's the singular of axes?",  # ax and axis
        "What's the plural of cats?", "What's the plural of you?", "What's the plural of is?",
        "What's the opposite of frog?",  # no opposite in the table: the model's
        "What's the plan for today?", "I like the past.",  # no word form asked
    ],
)  # fmt: skip
def test_no_note_where_it_would_guess(text: str) -> None:
    assert word_form_note(text) is None


def test_the_form_is_the_note_and_the_replys_start() -> None:
    notes = TurnNotes()
    text = "What's the plural of Goose?"
    note, opener = notes(text), notes.opener(text)
    assert note is not None and "Exact result: the plural of goose is geese." in note
    assert opener == "The plural of goose is geese."
