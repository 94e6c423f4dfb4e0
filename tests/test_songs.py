"""voicebot.songs: who sang a famous song; who wrote it, a cover or a film of it get nothing."""

from __future__ import annotations

import pytest

from voicebot.almanac import almanac_fact

ASKED = {  # the 0.5B: Thriller "by Frank Sinatra", Jailhouse Rock "by Taylor Swift"
    "Who sang Thriller?": "Michael Jackson",
    "Which band recorded Bohemian Rhapsody?": "Queen",
    "I was just humming it, who sang jailhouse rock?": "Elvis Presley",  # a lead-in; the 0.5B echoed the words
    "Who sings Shake It Off?": "Taylor Swift",
    "Who is the singer of Don't Stop Believing?": "Journey",  # as Whisper spells the title
    "Which group sang Dancing Queen?": "ABBA",
}


@pytest.mark.parametrize("text", list(ASKED))
def test_who_sang_a_famous_song(text: str) -> None:
    fact = almanac_fact(text)
    assert fact is not None and fact.startswith(ASKED[text]), (text, fact)


@pytest.mark.parametrize(
    "text",
    [
        "Who wrote Imagine?",  # the writer, not the singer
        "Who sang the cover of Hallelujah in Shrek?",
        "Can you sing Yesterday for me?",  # nothing asked about it
        "Who directed the Thriller video?",
        "Play Hotel California.",
    ],
)
def test_other_talk_of_songs_gets_nothing(text: str) -> None:
    assert almanac_fact(text) is None, (text, almanac_fact(text))


def test_a_bands_lead_singer_either_way_round() -> None:
    """Freddie Mercury was "the lead singer of the band The Beatles" to the 0.5B."""
    said = "Freddie Mercury was the lead singer of Queen."
    assert almanac_fact("Which band was Freddie Mercury the lead singer of?") == said
    assert almanac_fact("Who was the lead singer of Queen?") == said
    assert almanac_fact("Who sings for U2?") == "Bono was the lead singer of U2."
    assert almanac_fact("Who was the lead singer at the Queen's party?") is None  # no band named at the end
