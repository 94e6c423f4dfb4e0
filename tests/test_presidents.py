"""voicebot.presidents: the n-th US president, asked by ordinal in words or digits, also as a follow-up."""

from __future__ import annotations

import pytest

from voicebot.almanac import almanac_fact

ASKED = {
    "Who was the 16th president?": "Abraham Lincoln",
    "Who was the thirty-second president of the US?": "Franklin D. Roosevelt",  # not the second's
    "Who was the twenty first president?": "Chester A. Arthur",  # not the first's
    "Name the 44th president.": "Barack Obama",
    "Who was the 2nd president of the USA": "John Adams",
    "Who was the twenty-fourth president?": "Grover Cleveland",  # twice: the 22nd and the 24th
}


@pytest.mark.parametrize("text", list(ASKED))
def test_the_nth_president(text: str) -> None:
    fact = almanac_fact(text)
    assert fact is not None and fact.startswith(ASKED[text]), (text, fact)


def test_who_was_the_next_one_after_a_president_question() -> None:
    """"Who was the second?" after the first president got "George Washington was the second president ..."."""
    first = "Who was the first president of the United States?"
    assert almanac_fact("Who was the second?", [first]) == "John Adams was the second president of the United States."
    assert almanac_fact("And the third?", [first, "Who was the second?"]) == (
        "Thomas Jefferson was the third president of the United States."
    )


@pytest.mark.parametrize(
    "text",
    [
        "Who was the first president of France?",  # not the US's
        "My grandfather met the 34th president.",  # nothing asked
        "Who was the 50th president?",  # no such president yet
    ],
)
def test_other_presidents_get_nothing(text: str) -> None:
    assert almanac_fact(text) is None, (text, almanac_fact(text))


def test_who_came_after_a_president() -> None:
    """Pairs 7: "Who came after him?" after the first president."""
    first, said = "Who was the first president of the United States?", "George Washington was the first president."
    assert almanac_fact("Who came after him?", [first], said) == (
        "John Adams came after George Washington, as the second president of the United States."
    )
    assert almanac_fact("Who came after Lincoln?") == (
        "Andrew Johnson came after Abraham Lincoln, as the seventeenth president of the United States."
    )
    assert almanac_fact("Who came after Adams?") is None  # two Adamses: which one
