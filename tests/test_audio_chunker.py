"""audio.chunker: early first phrase, natural later breaks, nothing split that must stay whole."""

from __future__ import annotations

import pytest

from audio.chunker import PhraseChunker, whole_sentences


def stream(text: str, step: int = 3, chunker: PhraseChunker | None = None) -> list[str]:
    """Feed text in small deltas as an LLM would; return all phrases including the flush."""
    c = chunker or PhraseChunker()
    out: list[str] = []
    for i in range(0, len(text), step):
        out += c.push(text[i : i + step])
    return out + c.flush()


@pytest.mark.parametrize("step", [1, 2, 3, 7, 1000])
def test_delta_size_does_not_matter(step: int) -> None:
    text = "Sure! Pi is about 3.14, which Dr. Smith explained in his book. It is used in geometry."
    assert stream(text, step) == [
        "Sure!",  # the first phrase goes out at once, however short
        "Pi is about 3.14, which Dr. Smith explained in his book.",  # later: no comma break < 6 words
        "It is used in geometry.",
    ]


def test_phrase_emitted_as_soon_as_complete() -> None:
    c = PhraseChunker()
    assert c.push("Hello there") == []
    assert c.push(".") == []  # might be "there.5"? wait for the next character
    assert c.push(" How") == ["Hello there."]
    assert c.push(" are you?") == []
    assert c.push("\n") == ["How are you?"]


def test_first_phrase_breaks_at_clause_after_first_min_words() -> None:
    assert stream("Well, yes, I think that is right, and here is why.") == [
        "Well, yes, I think that is right,",
        "and here is why.",
    ]
    assert stream("Okay, so the reasons are these, as follows.")[0] == "Okay, so the reasons are these,"


def test_later_phrases_need_min_words_at_a_comma() -> None:
    text = "First. Then a, b, c and d, then the rest of it, all of it."
    assert stream(text) == ["First.", "Then a, b, c and d,", "then the rest of it, all of it."]


def test_forced_breaks_on_word_boundaries() -> None:
    text = " ".join(f"word{i}" for i in range(40))
    phrases = stream(text, step=5)
    assert [len(p.split()) for p in phrases] == [12, 24, 4]
    assert " ".join(phrases) == text


@pytest.mark.parametrize(
    "text",
    [
        "The value is 3.14 exactly and not more.",
        "It costs 1,000 dollars or so today.",
        "Ask Dr. Who and Mr. Smith about it.",
        "Use a tool, e.g. a hammer or i.e. a mallet.",
        "J. R. R. Tolkien wrote it in the U.S. long ago.",
    ],
)
def test_never_splits_numbers_or_abbreviations(text: str) -> None:
    phrases = stream(text, step=1, chunker=PhraseChunker(first_min_words=2, min_words=2))
    joined = " ".join(phrases)
    assert joined == text
    for p in phrases[:-1]:
        assert p.endswith((",", "."))
        assert not p.endswith(("Dr.", "Mr.", "e.g.", "i.e.", "J.", "R.", "U.S.", " 3."))


@pytest.mark.parametrize("step", [1, 2, 5])
def test_thousands_written_with_a_space_are_one_number_and_a_list_of_numbers_is_not(step: int) -> None:
    """The 0.5B wrote "approximately 10, 000 kilometers" (said "ten, zero zero zero")."""
    chunker = PhraseChunker(first_min_words=2, min_words=2)
    said = stream("A marathon is approximately 10, 000 kilometers. About 1, 000, 000 people ran it.", step, chunker)
    assert " ".join(said) == "A marathon is approximately 10,000 kilometers. About 1,000,000 people ran it."
    assert " ".join(stream("Pick 5, 100 or 250, 10, 2.", step, chunker)) == "Pick 5, 100 or 250, 10, 2."


def test_markdown_is_stripped() -> None:
    text = (
        "## Steps\n1. Open the **lid** with `care`.\n- See [the manual](http://x.y/m.html) for _more_ help."
    )
    assert stream(text) == ["Steps", "Open the lid with care.", "See the manual for more help."]


def test_a_number_ending_a_sentence_is_said_where_a_phrase_starts_mid_line() -> None:
    """The first phrase is cut after a few words, so the next may start with the number that ends a sentence:
    "144." there is no list item ("12 times 12 is 100 divided by 8 is 12.5." was said). Only at a line's start
    is it one."""
    text = "12 times 12 is 144. 100 divided by 8 is 12.5.\n2. Then rest.\n- Done."
    phrases = stream(text, step=1, chunker=PhraseChunker(first_min_words=2, first_max_words=4))
    assert phrases == ["12 times 12 is", "144.", "100 divided by 8 is 12.5.", "Then rest.", "Done."]


def test_a_forced_break_keeps_a_number_with_its_unit_and_a_calculation_whole() -> None:
    """"15-20 | mg per cup" read the unit "em gee"; "12 *" | "2 = 24" dropped the "*"; "**" is never said."""
    chunker = PhraseChunker(first_min_words=2, first_max_words=4)
    assert stream("Caffeine is approximately 15-20 mg per cup.", step=1, chunker=chunker) == [
        "Caffeine is approximately 15 to 20 milligrams",
        "per cup.",
    ]
    assert stream("So order 12 * 2 = 24 **whole** pizzas.", step=1, chunker=chunker) == [
        "So order 12 × 2 = 24 whole",
        "pizzas.",
    ]


def test_a_reply_cut_off_after_a_list_number_does_not_say_it() -> None:
    assert stream("Here are ideas:\n1. Eat well.\n2.") == ["Here are ideas:", "Eat well."]  # it said "two"
    assert stream("The answer is 2.") == ["The answer is 2."]


def test_flush_resets_for_next_reply() -> None:
    c = PhraseChunker()
    assert c.push("Partial answer") == []
    assert c.flush() == ["Partial answer"]
    assert c.flush() == []
    assert c.push("Next. ") == ["Next."]  # the first-phrase rules apply again
    c.push("dropped text")
    c.reset()
    assert c.flush() == []


def test_validates_options() -> None:
    with pytest.raises(ValueError):
        PhraseChunker(min_words=30, max_words=24)
    with pytest.raises(ValueError):
        PhraseChunker(first_min_words=0)


def test_phrases_grow_from_the_first_so_each_is_ready_before_the_last_has_played() -> None:
    """The voice's defaults (first phrase 2-4 words): the second phrase may not be a whole long sentence,
    which would still be written and synthesized when the four words before it had been spoken."""
    voice = {"first_min_words": 2, "first_max_words": 4, "min_words": 6, "max_words": 24}
    text = "The child was hurt by the small dog, which made them feel uncomfortable and sad."
    assert stream(text, chunker=PhraseChunker(**voice)) == [
        "The child was hurt",
        "by the small dog,",  # a clause mark after 4 words ends the second phrase (half its cap of 8)
        "which made them feel uncomfortable and sad.",
    ]
    words = " ".join(f"w{i}" for i in range(80))
    assert [len(p.split()) for p in stream(words, chunker=PhraseChunker(**voice))] == [4, 8, 16, 24, 24, 4]
    assert [PhraseChunker(**voice).limits(i) for i in range(5)] == [(2, 4), (4, 8), (6, 16), (6, 24), (6, 24)]


def test_a_cut_off_reply_keeps_its_whole_sentences() -> None:
    assert whole_sentences("See Dr. Smith. Then, use") == "See Dr. Smith."  # "Dr." ends no sentence
    assert whole_sentences("Then, use") == ""
    c = PhraseChunker()
    assert c.push("It helps. Then, use a") == ["It helps."]
    assert c.flush(whole=True) == []  # "Then, use a" is dropped
    assert c.push("sunscreen, sunscreen") == [] and c.flush(whole=True) == ["sunscreen, sunscreen"]  # nothing said yet
