"""voicebot.geography: where a country is, a place's highest mountain and longest river, and what is left alone."""

from __future__ import annotations

import pytest

from voicebot.almanac import almanac_fact
from voicebot.capitals import capital_note
from voicebot.geography import place_facts
from voicebot.notes import exact_result

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
    # found in review: the world's row had matched too, "the" before a name, the river said first
    "What's Japan's tallest mountain?": "Mount Fuji",
    "What's the UK's longest river?": "The Severn",
    "How high is the Zugspitze?": "2,962 meters",
    "How long is the river Thames?": "346 kilometers",
    "How long is the Rhine?": "1,230 kilometers",  # all of it, not its part in Germany
    "Where are the pyramids?": "The Pyramids of Giza are in Egypt",
    "What's the biggest desert in China?": "Gobi",
    "What's the highest mountain in Tanzania?": "Mount Kilimanjaro is the highest mountain in Tanzania",  # said once
    "Which city is the Colosseum in?": "The Colosseum is in Rome, Italy.",  # round 32: "in Paris, France"
    "Which city is the Sagrada Familia in?": "Barcelona",
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


# Found by a helper's review of this session's rows: each got a fact before it was mended.
REVIEWED = [
    "My friend from Chad asked which continent I'm from.",
    "Which continent is the wild turkey native to?",
    "Which continent do guinea pigs come from?",
    "What continent is New Guinea in?",
    "What continent is New South Wales in?",
    "Which continent is New England in?",
    "What continent is New Mexico in?",
    "Which continent is Jordan Peterson from?",
    "Where's the chili?",
    "Where's the cologne?",
    "What's the second highest mountain in Africa?",
    "What's the second longest river in Africa?",
    "What's the second tallest mountain in the United States?",
    "What desert animals live in Australia?",
    "Which desert island movies were filmed in California?",
    "What desert is Palm Springs in, California?",
    "What ocean animals live between Africa and Asia?",
    "What's the symbol for carbon dioxide?",
    "What's the chemical symbol for sodium chloride?",
    "What's the symbol for hydrogen peroxide?",
    "What's the astrological symbol for Mercury?",
    "What's Mercury's symbol in astrology?",
    "He's a Leo. What element is he?",
    "What element is after atomic number 8?",
    "What's the perimeter of a square with an area of 36?",
    "What's the area of a square whose perimeter is 20?",
    "What's the area of a square with a diagonal of 10?",
    "What's the area of a rectangle with length 5 and diagonal 13?",
    "I need a square table for 4 people, what's a good area for it?",
    "What size area rug do I need for a 12 by 15 room?",
    "The perimeter of a square garden uses 16 meters of fencing, how long is each side?",
    "How many senators voted for the bill?",
    "How many senators does it take to override a veto?",
    "How many representatives does California have?",
    "How many sales representatives do we have on the team?",
    "How many members of the House of Lords are there?",
    "How many justices did Trump appoint?",
    "How many amendments does the Texas constitution have?",
    "How many soil amendments do I need for tomatoes?",
    "How many stars did the first American flag have?",
    "How many states in the US have legalized marijuana?",
    "How many states in America border Canada?",
    "How many people signed the Declaration of Independence?",
    "Who was the youngest person to sign the Declaration of Independence?",
    "How long was the Berlin Wall when it stood?",
    "How many people died when the Titanic sank?",
    "What year did Leonardo DiCaprio's Titanic hit theaters?",
    "When did the US enter World War One?",
    "Who was the last surviving veteran of World War One?",
    "When did World War Two start for America?",
    "When did Captain America Civil War come out?",
    "When did the Yemeni civil war start?",
    "When was Sputnik 2 launched?",
    "Who was the first Roman emperor to convert to Christianity?",
    "Who was the first Roman emperor to visit Britain?",
    "When did the French Revolution end?",
    "Who was the first woman to fly solo across the Atlantic from east to west?",
    "Who was the first person to fly nonstop across the Atlantic?",
    "Who was the first woman to climb Everest?",
    "Who was the first person to climb Everest without oxygen?",
    "Who was the first woman to reach the South Pole?",
    "Who was the first person to fly to the South Pole?",
    "How many players are in a rugby scrum?",
    "How many players are in the hockey hall of fame?",
    "How many strikes in a row is a turkey?",
    "How many strikes does a perfect game have?",
    "How many innings has Ohtani pitched this season?",
    "How many innings in a little league game?",
    "What's the longest diagonal on a chessboard?",
    "Which chess piece can't move diagonally?",
    "When is the 50th anniversary of the moon landing?",
    "When was the first anniversary of 9/11?",
    "What's the 60th anniversary of the Queen's reign called?",
    "It's our first anniversary tomorrow, where should we eat?",
    "What's the capital gains tax in Texas?",
    "Does the Capital One bank in Virginia open on Sunday?",
    "I'm visiting Washington DC, what's the capital building like?",
    "How much did Georgia Tech raise in the capital campaign?",
    "What does the capital T stand for in Texas?",
    "What's the capital gains rate in the UK?",
    "What is the capital punishment policy in Texas?",
    "My son Jordan asked what the capital letter is.",
    "What is the capital one phone number in Virginia?",
]


@pytest.mark.parametrize("text", REVIEWED)
def test_what_the_review_found_gets_no_fact(text: str) -> None:
    assert almanac_fact(text) is None and capital_note(text) is None and exact_result(text) is None
