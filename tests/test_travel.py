"""voicebot.travel: a country's currency, driving side and emergency numbers, also asked by a city in it; other talk
of money, roads and countries gets nothing."""

from __future__ import annotations

import pytest

from voicebot.almanac import almanac_fact

ASKED = {  # the 0.5B: "We should bring a USD to Cairo."
    "Hey, quick question, what currency do they use in Japan?": "the yen",
    "We're flying to Cairo. What currency should we bring?": "In Egypt, the currency is the Egyptian pound",
    "Tell me what money they use in Switzerland.": "Swiss franc",
    "What's the currency of the Czech Republic?": "koruna",
    "Which currency do I need in Bali?": "rupiah",
    "Is it true that Australian's drive on the left side of the road?": "In Australia, people drive on the left",
    "Which side of the road do they drive on in the U.S.?": "the United States, people drive on the right",
    "Do they drive on the right in the UK?": "the United Kingdom, people drive on the left",
    "Do the Japanese drive on the left?": "In Japan, people drive on the left",
    "What's the emergency number in Japan?": "110 for the police",
    "What number do I call for an ambulance in France?": "112",
    "We're visiting Sydney, what's their emergency number?": "000",
}


@pytest.mark.parametrize("text", list(ASKED))
def test_a_travellers_question_gets_the_countrys_fact(text: str) -> None:
    fact = almanac_fact(text)
    assert fact is not None and ASKED[text] in fact, (text, fact)


def test_a_follow_up_names_another_country() -> None:
    assert almanac_fact("And Switzerland?", ["What currency does Japan use?"]) == (
        "In Switzerland, the currency is the Swiss franc."
    )
    assert almanac_fact("What about Ireland?", ["Do they drive on the right in the UK?"]) == (
        "In Ireland, people drive on the left."
    )


@pytest.mark.parametrize(
    "text",
    [
        "How much is the yen worth in dollars?",  # exchange rates change: no row says them
        "What's the exchange rate for euros in Paris?",
        "What currency do they use in South America?",  # a continent is no country
        "What currency do they use in North Korea?",  # not South Korea's
        "How do you say money in Japanese?",
        "Can you tell us a story about a car in Japan?",
        "What's the emergency number for my dentist?",
        "I drove on the left side of the road once.",
    ],
)
def test_other_talk_of_money_roads_and_countries_gets_nothing(text: str) -> None:
    assert almanac_fact(text) is None, (text, almanac_fact(text))


def test_us_as_a_pronoun_names_no_country() -> None:
    assert almanac_fact("Can you tell us what currency they use in Peru?") == "In Peru, the currency is the sol."
