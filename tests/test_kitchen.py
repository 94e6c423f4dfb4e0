"""voicebot.kitchen: a cook's questions get the figures cooks go by, and other kitchen talk gets none."""

from __future__ import annotations

import pytest

from voicebot.almanac import almanac_fact
from voicebot.kitchen import servings_note
from voicebot.notes import TurnNotes, exact_result

ASKED = {  # as people ask, and what the fact must say (the 0.5B's answer in the comment where it was wrong)
    "What temperature does chicken need to hit inside to be safe to eat?": "165 degrees Fahrenheit",  # no figure
    "What's the safe internal temperature for ground beef?": "160 degrees",  # "kept at 68°F"
    "What's the safe internal temperature for pork chops?": "145 degrees",  # "between 65°F and 75°F"
    "At what internal temperature is salmon done?": "145 degrees",
    "What temperature should I reheat leftovers to?": "165 degrees",
    "What internal temperature should a medium rare steak be?": "130 to 135 degrees",  # "20-25°C"
    "What temperature is a medium-rare steak?": "130 to 135 degrees",
    "How hot inside is a well done steak?": "160 degrees",
    "What internal temp for a rare steak?": "125 degrees",
    "How many grams is one cup of granulated sugar?": "200 grams",  # "12 tablespoons"
    "How much does a cup of flour weigh in grams?": "120 to 125 grams",
    "How many grams in a cup of brown sugar?": "210 to 220 grams",
    "How many tablespoons of butter are in one stick?": "8 tablespoons",
    "How many grams is a stick of butter?": "113 grams",
    "I'm out of buttermilk, what can I use instead?": "lemon juice or white vinegar",
    "How much baking soda do I use to replace a teaspoon of baking powder?": "a quarter teaspoon of baking soda",
    "I'm making muffins and I don't have eggs, what can I use instead?": "applesauce",  # "flour, sugar, baking soda"
    "I don't have cornstarch, what else can I use to thicken this sauce?": "2 tablespoons of flour",  # "olive oil"
    "What's a good substitute for sour cream?": "Greek yogurt",
    "What can I use instead of butter in cookies?": "vegetable oil",
    "How long should I bake chocolate chip cookies at 350?": "8 to 12 minutes",  # "1 hour and 30 minutes"
    "How long do I boil pasta?": "8 to 12 minutes",
    "How long does white rice take to cook on the stove?": "15 to 20 minutes",
    "How long do you boil potatoes?": "15 to 20 minutes",
    "How long to bake a potato?": "45 to 60 minutes",
    "How long do I bake chicken breasts at 400?": "20 to 25 minutes",
    "How long should I bake salmon?": "12 to 15 minutes",
    "How long does it take to roast a turkey?": "13 to 15 minutes a pound",
}


@pytest.mark.parametrize("text", list(ASKED))
def test_a_cooks_question_gets_the_figure(text: str) -> None:
    fact = almanac_fact(text)
    assert fact is not None and ASKED[text] in fact, (text, fact)


@pytest.mark.parametrize(
    "text",
    [
        "What temperature do I bake chicken at?",  # the oven's, not the inside's
        "What temperature should my fridge be?", "How long can cooked chicken stay in the fridge?",
        "Can I use buttermilk instead of milk?",  # buttermilk replaces: no buttermilk substitute
        "I'm out of eggs, can you add them to my list?",  # no substitute asked
        "I don't have peanut butter, what can I use?", "What can I use instead of egg whites?",
        "How long do cookies last?", "How many cookies does this recipe make?", "How many calories in a cup of rice?",
        "How long does it take to thaw a turkey?", "How long does a rice cooker take?", "Who invented the rice cooker?",
        "How many grams of sugar should I eat a day?",  # no cup
        "How long is a stick?", "What's the chicken's temperature when it has a fever?",
        "What's a good side dish for salmon?", "Is it safe to eat raw cookie dough?",
    ],
)
def test_other_kitchen_talk_gets_no_fact(text: str) -> None:
    assert almanac_fact(text) is None, (text, almanac_fact(text))


def test_a_follow_up_asks_the_same_of_another_thing_and_in_celsius() -> None:
    notes = TurnNotes()
    chicken, steak = "What's the safe internal temperature for chicken?", "What temperature is a medium rare steak?"
    assert "pork" in (notes.opener("And pork?", earlier=[chicken]) or "")
    assert "Ground meat is safe at 160" in (notes.opener("What about ground beef?", earlier=[chicken]) or "")
    assert "A medium steak" in (notes.opener("And medium?", earlier=[steak]) or "")
    flour = "How many grams in a cup of flour?"
    assert "brown sugar weighs" in (notes.opener("What about brown sugar?", earlier=[flour]) or "")
    assert almanac_fact("What's the safe internal temperature for chicken in Celsius?") == (
        "Poultry is safe once the thickest part reaches 74 degrees Celsius."
    )


SERVINGS = {
    "This recipe serves 4 but I'm feeding 6, what do I multiply everything by?": "multiply every amount by 1.5",
    "The recipe serves eight and I only need to feed two people. How do I scale it?": "by 0.25",
    "My recipe feeds 4, how much of everything for 10 people?": "by 2.5",
    "This recipe serves for but I'm feeding six. What do I multiply everything by?": "by 1.5",  # Whisper's "for"
}


@pytest.mark.parametrize("text", list(SERVINGS))
def test_a_recipe_for_other_servings_gets_its_factor(text: str) -> None:
    note = servings_note(text)
    assert note is not None and SERVINGS[text] in note, (text, note)
    assert exact_result(text) == note


@pytest.mark.parametrize(
    "text",
    [
        "This recipe serves 4.", "The recipe serves 4 and takes an hour, is that right?",
        "This recipe serves four, and I'm feeding four. How much do I make?",  # the same number
        "How many people does this recipe serve?", "It makes 12 cookies, how many calories each?",
    ],
)
def test_no_factor_without_two_numbers_of_servings(text: str) -> None:
    assert servings_note(text) is None, (text, servings_note(text))
