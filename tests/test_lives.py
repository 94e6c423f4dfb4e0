"""voicebot.lives: when and where famous people were born, when and at what age they died, where they were from;
asked alone and as a follow-up to a question that named them."""

from __future__ import annotations

import pytest

from voicebot.almanac import almanac_fact
from voicebot.lives import _LIVES, _age

ASKED = {
    "When was Mozart born?": "Wolfgang Amadeus Mozart was born in Salzburg, Austria, in 1756.",
    "How old was Mozart when he died?": "Wolfgang Amadeus Mozart died in 1791, at 35.",
    "Which country was Beethoven from?": "Ludwig van Beethoven was a German composer, born in Bonn, Germany.",
    "Is Elvis still alive?": "Elvis Presley died in 1977, at 42.",
    "Where was Einstein born?": "Albert Einstein was born in Ulm, Germany, in 1879.",
    "When did JFK die?": "John F. Kennedy died in 1963, at 46.",
    "How long did Picasso live?": "Pablo Picasso died in 1973, at 91.",
    "At what age did Mozart die?": "Wolfgang Amadeus Mozart died in 1791, at 35.",
    "Who was Florence Nightingale?": "Florence Nightingale was a British nurse, born in Florence, Italy.",
    "Where did Mozart die?": "Wolfgang Amadeus Mozart died in Vienna, Austria, in 1791.",
    "What nationality was Chopin?": (
        "Frédéric Chopin was a Polish composer, born in Żelazowa Wola, near Warsaw, Poland."
    ),
    # a year before Christ, and an age across it
    "How old was Alexander the Great when he died?": "Alexander the Great died in 323 BC, at 32.",
    # one name inside another
    "When was Martin Luther King Jr. born?": "Martin Luther King Jr. was born in Atlanta, Georgia, in 1929.",
    "When was Martin Luther born?": "Martin Luther was born in Eisleben, Germany, in 1483.",
    "When did Queen Elizabeth the first die?": "Queen Elizabeth the First died in 1603, at 69.",
    "When was Queen Elizabeth II born?": "Queen Elizabeth the Second was born in London, England, in 1926.",
}


@pytest.mark.parametrize("text", list(ASKED))
def test_a_life_asked_about(text: str) -> None:
    assert almanac_fact(text) == ASKED[text]


@pytest.mark.parametrize(
    ("first", "reply", "then", "fact"),
    [
        # the 0.5B: "Jane Austen was born on December 7, 1813." (today's date and the book's year)
        ("Who wrote Pride and Prejudice?", "Jane Austen wrote Pride and Prejudice.", "What year was she born?",
         "Jane Austen was born in Steventon, England, in 1775."),
        ("Who painted the Mona Lisa?", "Leonardo da Vinci painted the Mona Lisa.", "What year did he die?",
         "Leonardo da Vinci died in 1519, at 67."),  # it said 1472
        ("Who composed the Moonlight Sonata?", "Ludwig van Beethoven composed it.", "Which country was he from?",
         "Ludwig van Beethoven was a German composer, born in Bonn, Germany."),
        # "of" inside a name, and one pronoun said twice
        ("Who was burned at the stake in Rouen?", "Joan of Arc was burned at the stake in 1431.",
         "How old was she when she died?", "Joan of Arc died in 1431, at 19."),
        # pairs 6: "and" first, no question mark (Whisper's), was read as no question
        ("who wrote romeo and juliet", "William Shakespeare wrote Romeo and Juliet.", "and when was he born",
         "William Shakespeare was born in Stratford-upon-Avon, England, in 1564."),
        # pairs 6: "She wrote The Catcher in the Rye and The Great Gatsby."
        ("Who wrote Pride and Prejudice?", "Jane Austen wrote Pride and Prejudice.", "What else did she write?",
         "Jane Austen's best-known novels include Pride and Prejudice, Sense and Sensibility, Emma, Persuasion and "
         "Mansfield Park."),
    ],
)  # fmt: skip
def test_a_follow_up_about_the_person_the_reply_named(first: str, reply: str, then: str, fact: str) -> None:
    assert almanac_fact(then, [first], reply) == fact


@pytest.mark.parametrize(
    "text",
    [
        "When was Leonardo DiCaprio born?",  # another Leonardo, alive
        "How did Mozart die?", "Where was Mozart buried?",  # not what the rows say
        "When was Mozart born and when did he die?",  # two facts: no guessing which
        "When was Caesar salad invented?",
        "I was born in 1990, how old am I?",
        "What did Einstein get the Nobel prize for?",
        "My grandfather was from Vienna, like Mozart.",  # nothing asked
        # the person named, and a life's words, but another question
        "Was Beethoven born deaf?", "Who was Lincoln's vice president when he died?",
        "How old was Mozart when he wrote his first symphony?", "Where did Einstein move to from Germany?",
        "Who was born first, Mozart or Beethoven?", "Where did Mozart get his ideas from?",
        "How old was Mozart?",  # at what? After "... first person on the moon", his age then
        "Who was Lincoln's wife?",
    ],
)  # fmt: skip
def test_other_questions_get_no_life(text: str) -> None:
    assert almanac_fact(text) is None, (text, almanac_fact(text))


def test_every_life_is_in_order() -> None:
    """Each person died after they were born, at an age a person reaches."""
    for life in _LIVES:
        assert life.born < life.died and 0 < _age(life) < 110, life.name
