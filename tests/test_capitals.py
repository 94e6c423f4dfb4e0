"""voicebot.capitals: which words ask for a capital, and what the note and the reply's start say."""

from __future__ import annotations

from voicebot.capitals import capital_note
from voicebot.notes import TurnNotes


def test_a_question_about_a_capital_gets_it_however_it_is_asked() -> None:
    for text, capital in {
        "What is the capital of Nigeria?": "Abuja",  # the 0.5B said Lagos
        "What's the capital city of Vietnam?": "Hanoi",  # ... Ho Chi Minh City
        "Which city is the capital of Turkey?": "Ankara",  # ... Istanbul
        "Is Sydney the capital of Australia?": "Canberra",  # ... "Yes"
        "What is Morocco's capital?": "Rabat",
        "what is the capital of the netherlands": "Amsterdam",
        "What's the capital of the United States?": "Washington, D.C.",
        "Capital of Chili": "Santiago",  # as Whisper spelled "Chile?" said alone
        "What is the capital of America?": "Washington, D.C.",
        "What is the capital of Cote d'Ivoire?": "Yamoussoukro",
        "What's the capital of New York?": "Albany",
        "Capital of Texas.": "Austin",
        "I'm flying to Laos next month, what's its capital?": "Vientiane",  # Bangkok (round 20)
        "Laos, what is the capital?": "Vientiane",
    }.items():  # fmt: skip
        note = capital_note(text)
        assert note is not None and f" is {capital}" in note, (text, note)
    assert "The seat of government is La Paz." in capital_note("What's the capital of Bolivia?")
    assert "Atlanta for the US state" in capital_note("What is the capital of Georgia?")
    assert capital_note("I went to France and Italy, what is the capital?") is None  # which one?
    assert capital_note("What is the capital of the country next to France?") is None
    for text in ("What's the capital gains tax in Texas?", "Is there capital punishment in Texas, the capital?x",
                 "Where is the Capital One bank in Virginia?", "How do I write a capital T in Texas?"):  # fmt: skip
        assert capital_note(text) is None, text


def test_a_follow_up_naming_only_the_place_gets_its_capital() -> None:
    asked = ["What's the capital of Australia?"]
    assert capital_note("And what about Canada?", asked) == "The capital of Canada is Ottawa."
    assert capital_note("How about Brazil?", [*asked, "And Canada?"]) == "The capital of Brazil is Brasília."
    assert capital_note("What about the capital of Spain?", asked) == "The capital of Spain is Madrid."
    # a correction: after Austria the model said Vienna again
    corrected = capital_note("No, I meant Australia.", ["What's the capital of Austria?"])
    assert corrected == "The capital of Australia is Canberra."
    # the place alone (pairs 7: "New Zealand." got "New Zealand is the capital of New Zealand.")
    assert capital_note("New Zealand.", asked) == "The capital of New Zealand is Wellington."
    for text, before in (
        ("And Canada?", ["Tell me about Australia."]), ("And Canada?", []), ("And Canada is big.", asked),
        ("What about dinner?", asked), ("What about it?", asked), ("New Zealand is lovely.", asked),
        ("France.", ["How are you?"]),
    ):  # fmt: skip
        assert capital_note(text, before) is None, (text, before)


def test_two_or_more_places_in_one_question_get_each_capital() -> None:
    """The model gave Madrid alone for "Spain and Portugal", and "The capitals of France are Paris and Berlin."."""
    spain, portugal = "The capital of Spain is Madrid.", "The capital of Portugal is Lisbon."
    for text in (
        "What's the capital of Spain and Portugal?", "What is the capital of Spain and of Portugal?",
        "What is the capital of Spain and the capital of Portugal?", "Capitals of Spain, and Portugal?",
    ):  # fmt: skip
        assert capital_note(text) == f"{spain} {portugal}", text
    assert capital_note("What are the capitals of France, Germany and Italy?") == (
        "The capital of France is Paris. The capital of Germany is Berlin. The capital of Italy is Rome."
    )
    assert capital_note("What is the capital of France and what is its population?") == (
        "The capital of France is Paris."
    )  # "what" after "and" is another question, not a place


def test_other_words_with_capital_or_a_place_get_nothing() -> None:
    for text in (
        "Use capital letters.", "What is the capital of the company?", "What is capital?", "What is a capital gain?",
        "What is the capital of Mars?", "Tell me about France.", "Canada is big.", "I visited the capital of France.",
    ):  # fmt: skip
        assert capital_note(text) is None, text


def test_the_turn_notes_give_the_fact_and_start_the_reply_with_it() -> None:
    notes = TurnNotes(None)
    fact = "The capital of Australia is Canberra."
    assert notes("Is Sydney the capital of Australia?") == f"Fact: {fact}"
    assert notes.opener("Is Sydney the capital of Australia?") == fact  # a note alone: "Yes, Sydney is ..."
    assert TurnNotes(None, exact=False).opener("Is Sydney the capital of Australia?") is None


def test_the_capital_asked_after_a_question_that_named_the_place() -> None:
    """"Sorry, I meant the capital." after "What's the largest city in Australia?" got "The capital of Australia is
    Sydney."."""
    largest = ["What's the largest city in Australia?"]
    assert capital_note("Sorry, I meant the capital.", largest) == "The capital of Australia is Canberra."
    assert capital_note("And what's its capital?", ["I'm flying to Laos next month."]) == (
        "The capital of Laos is Vientiane."
    )
    assert capital_note("I paid off the capital.", ["I went to France."]) is None  # nothing asked
    assert capital_note("What's the capital?", ["I went to France and Spain."]) is None  # two places: which?
    assert capital_note("End of South Korea?", ["What's the capital of Japan?"]) == (  # Whisper's "And"
        "The capital of South Korea is Seoul."
    )
    # the country the last reply named, where the question named a city (it said "Marrakech's capital is Marrakech.")
    assert capital_note("What's its capital?", ["Which country is Marrakesh in?"], "Marrakech is in Morocco.") == (
        "The capital of Morocco is Rabat."
    )
    assert capital_note("What's its capital?", ["Tell me about it."], "France and Spain are neighbors.") is None
