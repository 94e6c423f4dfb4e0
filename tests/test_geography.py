"""voicebot.geography: where a country is, a place's highest mountain and longest river, and what is left alone."""

from __future__ import annotations

import pytest

from voicebot.almanac import almanac_fact
from voicebot.geography import place_facts

ASKED = {  # as people ask (and as Whisper writes it), and words the fact must say
    "Which continent is Kenya in?": "Kenya is in Africa",
    "What continent is Brazil on?": "South America",
    "Kenya is on which continent?": "Africa",
    "Which continent is Côte d'Ivoire in?": "The Ivory Coast is in Africa",
    "Which continent is South Sudan in?": "South Sudan is in Africa",  # not Sudan
    "Which continent is Papua New Guinea in?": "Oceania",  # not Guinea
    "What continent is Saudi Arabia in?": "Asia, in the Middle East",
    "What continent is Panama part of?": "Central America, part of North America",
    "Which continent is Russia in?": "Europe and Asia",
    "What continent is Australia?": "a continent of its own",
    "Where is Peru?": "Peru is in South America",
    "Where's the Netherlands located?": "The Netherlands is in Europe",
    "Tallest mountain in Africa?": "Mount Kilimanjaro",
    "What's the tallest mountain in Africa called?": "Kilimanjaro",
    "What's Africa's highest mountain?": "Kilimanjaro",
    "Which mountain in Japan is the highest?": "Mount Fuji",
    "What is the highest mountain in the U.S.?": "Denali",
    "What's the highest point in England?": "Scafell Pike",
    "Longest river in the UK?": "The Severn",  # the Thames
    "What's the longest river in South America?": "The Amazon",
    "What is the longest river in America?": "Missouri",
    "How tall is Kilimanjaro?": "5,895 meters",
    "How tall is Mt. Fuji?": "3,776 meters",
    "How long is the Nile?": "6,650 kilometers",
    "What ocean lies between Africa and Australia?": "The Indian Ocean",
    "Which ocean is between Europe and North America?": "The Atlantic Ocean",
    "What ocean lies between the Americas and Europe?": "between the Americas and Europe",
    "Quiz question: which country is Timbuktu in?": "Timbuktu is in Mali",  # (round 20, as misheard: none)
    "Um, what country is the city of Marrakech in?": "Morocco",
    "In which country is Machu Picchu?": "Peru",
    "The Eiffel Tower is in which country?": "Paris, France",
    "Where is the Taj Mahal?": "Agra, India",
    "Where are the Galapagos Islands?": "The Galapagos Islands are in Ecuador",
    "Where is Niagara Falls?": "on the border of Canada and the United States",
    "Which desert covers most of Botswana?": "The Kalahari",  # the Sahara (round 20, as misheard)
    "Which desert covers southern Mongolia and northern China?": "Gobi",
    "What desert is in Chile?": "Atacama",
}


@pytest.mark.parametrize("text", list(ASKED))
def test_a_place_question_gets_its_fact(text: str) -> None:
    facts = place_facts(text)
    assert len(facts) == 1 and ASKED[text] in facts[0], (text, facts)


@pytest.mark.parametrize(
    "text",
    [
        "Are Egypt and Kenya on the same continent?",  # two countries
        "Where's Chad?", "Where is Jordan?", "Where is the turkey?",  # names and a dish
        "What is the largest country on the continent of Africa?", "What's the tallest mountain in the world?",
        "How tall is Logan?", "How long is Amazon Prime?", "How long is the Amazon Prime trial?",
        "What ocean is between North America and South America?", "What is the longest river in Spain?",
        "What is the highest mountain in Europe that I can hike in a day?",  # the place is not the question's end
        "Which country gave the Statue of Liberty to the United States?",  # the almanac's own row
        "Where is Paris?", "Which country is bigger, Peru or Mali?", "Where is the Eiffel Tower's elevator?",
    ],
)  # fmt: skip
def test_other_place_questions_get_none(text: str) -> None:
    assert place_facts(text) == []


def test_the_almanac_asks_for_a_question_and_says_the_unit_asked() -> None:
    assert almanac_fact("I want to climb the tallest mountain in Africa next year.") is None  # no question
    fact = almanac_fact("How tall is Kilimanjaro in feet?")
    assert fact is not None and "19,341 feet" in fact and "meters" not in fact, fact
    follow = almanac_fact("And in Asia?", ["What's the tallest mountain in Africa?"])
    assert follow is not None and "Everest" in follow, follow
