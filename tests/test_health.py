"""voicebot.health: a health guide's usual figures; a question about the user's own case gets no row."""

from __future__ import annotations

import pytest

from voicebot.almanac import almanac_fact

ASKED = {  # the 0.5B: "between 60 and 80", "7 hours", "70.7 ± 2.5", "1,920 calories", "30 minutes a day"
    "What's considered a normal resting heart rate for an adult?": "60 to 100 beats per minute",
    "How many hours of sleep do adults need each night?": "7 to 9 hours",
    "Tell me the formula for estimating maximum heart rate.": "220 minus your age",
    "I'm trying to lose weight how many calories are in a pound of fat.": "3,500 calories",  # no comma: run on
    "How many minutes of moderate exercise a week do health guidelines recommend": "150 minutes",
    "I was just wondering, what's the lowest BMI in the healthy range?": "18.5 to 24.9",
    "Remind me, how many calories are in a gram of protein?": "protein or carbohydrate 4",
    "What is a normal blood pressure?": "120 over 80",
    "How much caffeine is safe per day?": "400 milligrams",
    "How long should you wash your hands?": "20 seconds",
    "How long does a pregnancy last?": "40 weeks",
    "How much water should I drink a day?": "2 liters",
    "What is a normal blood sugar level?": "70 to 99",
    "What's a normal breathing rate?": "12 to 20 breaths",
    "How do you calculate BMI?": "weight in kilograms divided by the square of your height",
    "How much protein do I need a day?": "0.8 grams",
    "What is the normal temperature of the human body?": "37 degrees Celsius",
    "What's normal human body temperature and Fahrenheit?": "about 98.6 degrees Fahrenheit.",  # Whisper's "and"
    "What temperature is a fever in Fahrenheit?": "100.4 degrees Fahrenheit or higher",
    # round 33: a new parent's
    "At what temperature is my baby considered to have a fever?": "under 3 months with a fever should see a doctor",
    "Should I put the baby to sleep on her back or on her tummy?": "on their back",
    "Until what age should you avoid giving honey to a baby?": "under 1 year old",
}


@pytest.mark.parametrize("text", list(ASKED))
def test_a_health_question_gets_the_guides_figure(text: str) -> None:
    fact = almanac_fact(text)
    assert fact is not None and ASKED[text] in fact, (text, fact)


@pytest.mark.parametrize(
    "text",
    [
        "My resting heart rate is 110, should I worry?",  # the user's own case: a doctor's
        "How much sleep does a newborn baby need?",
        "My blood pressure is 150 over 95, is that bad?",
        "How many calories did I burn on my run?",
        "How long before a dog shows she's pregnant?",  # a dog's pregnancy is the almanac's
        "My temperature is 38, do I have a fever?", "What's a normal temperature for a dog?",
        "I remember how many continents there are.",  # a run-on "how many" that asks nothing
        "How much water should I give my plants a day?", "How much protein is in an egg?",
        "My blood sugar is 140, is that normal?",
    ],
)
def test_other_health_talk_gets_nothing(text: str) -> None:
    assert almanac_fact(text) is None, (text, almanac_fact(text))
