"""voicebot.kitchen: a cook's questions get the figures cooks go by, and other kitchen talk gets none."""

from __future__ import annotations

import pytest

from voicebot.almanac import almanac_fact
from voicebot.bench_questions import is_useful
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
    "Pork roast in the oven, what's the minimum safe temperature in Celsius?": "63 degrees Celsius",
    "Chicken thighs are in the oven, what should the thermometer read when they're done?": "165 degrees",
    "What temperature is a rare ribeye?": "125 degrees",
    "I ran out of brown sugar, how do I make my own?": "molasses",
    "How do I make buttermilk at home?": "lemon juice",
    "Recipe calls for fresh basil but I only have dried, how much should I use?": "a third as much dried",
    "No lemons in the house, what can I use in place of lemon juice?": "Lime juice",
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
        "I'm out of baking soda, what else could I bake tonight?",  # another dish, not a substitute
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
    "The recipe serves eight and I only need to feed two people. How do I scale it?": "by a quarter (0.25)",
    "My recipe feeds 4, how much of everything for 10 people?": "by 2.5",
    "This recipe serves for but I'm feeding six. What do I multiply everything by?": "by 1.5",  # Whisper's "for"
    "Recipe makes 8 servings and it's just the two of us, how much should I cut it?": "by a quarter",
    "Lasagna serves 12 but I only want enough for 4, how do I scale it down?": "by a third (about 0.333)",
    # round 32: "calls for two" was read as a third number of people, and the one amount given is scaled too
    "The recipe serves four but I need to feed six people and it calls for two cups of rice. How much rice should I "
    "use?": "by 1.5: 2 cups of rice becomes 3 cups.",
    "The recipe serves 2 and calls for one and a half cups of milk, how much for 5 people?":
        "by 2.5: 1.5 cups of milk becomes 3.75 cups.",
    # round 36: "I need 30" (the model: "change the number of muffins in your recipe from 12 to 30")
    "So my recipe makes 12 muffins but I need 30. What do I multiply everything by?": "by 2.5",
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
        "This recipe serves 4, I need 2 cups of flour, how much do I multiply?",  # an amount, not people
    ],
)
def test_no_factor_without_two_numbers_of_servings(text: str) -> None:
    assert servings_note(text) is None, (text, servings_note(text))


# A review written blind (the thirty-first session; a helper that read no code): kitchen talk that asks for
# none of these facts, and questions that do, each with words the note must hold.
REVIEW_NOT = (
    "How long do cookies stay fresh in a jar?",
    "Can I use buttermilk instead of regular milk in pancakes?",
    "What temperature should my fridge be?",
    "How many calories in a cup of rice?",
    "Is it safe to eat raw cookie dough?",
    "What's a good side dish for salmon?",
    "I burned the rice, how do I get the smell out?",
    "Add eggs to my shopping list",
    "My chicken is 165 degrees, can I take it out?",
    "How long does cooked chicken last in the fridge?",
    "How long can leftovers sit out before I should toss them?",
    "Set a timer for 12 minutes for the cookies",
    "Set a timer for 10 minutes, the pasta's in",
    "Add flour, sugar and brown sugar to my grocery list",
    "Where do I find cake flour in the grocery store?",
    "How do I keep brown sugar from getting hard?",
    "What's the difference between baking soda and baking powder?",
    "Why did my cookies spread so flat?",
    "What wine goes well with steak?",
    "Is it okay to freeze sour cream?",
    "How long does butter last on the counter?",
    "Should I salt the pasta water?",
    "What's the best rice cooker under a hundred dollars?",
    "Can dogs eat cooked salmon skin?",
    "How many calories are in a stick of butter?",
    "Why is my steak always tough?",
    "What's the best cut of steak for grilling?",
    "How much does a Thanksgiving turkey cost this year?",
    "How many people does a 12 pound turkey feed?",
    "What percentage of Americans eat turkey on Thanksgiving?",
    "What does 80/20 mean on a package of ground beef?",
    "This lasagna recipe serves 8, does it freeze well?",
    "I'm feeding 6 people tonight, any ideas for an easy dinner?",
    "Can I put honey in my coffee instead of sugar?",
    "Can I use sour cream instead of yogurt in a smoothie?",
    "Can I use butter instead of oil to fry my eggs?",
    "Can I use lemon juice instead of vinegar in salad dressing?",
    "Is garlic powder okay to use instead of onion powder?",
    "Is it bad to eat eggs every day?",
    "How do I separate egg whites from yolks?",
    "Hey, how do I soften butter quickly?",
    "What's the best way to store fresh herbs?",
    "How do I make mayonnaise from scratch?",
    "How do I make buttermilk pancakes fluffy?",
    "Does baking powder expire?",
    "How can I test if my baking soda is still good?",
    "Why is my rice always mushy?",
    "How do I reheat leftover pizza so it's crispy?",
    "What's a good marinade for chicken breasts?",
    "How do I keep salmon from sticking to the grill?",
    "My cookies came out hard, how do I soften them?",
    "Order a bag of jasmine rice",
    "Remind me to take the chicken out of the freezer at 3",
    "How long does it take to thaw a turkey in the fridge?",
    "How long should I let a steak rest after grilling?",
    "How long can raw chicken stay in the fridge?",
    "Is it safe to eat raw salmon in sushi?",
    "What's the smoke point of butter?",
    "What temperature does sugar caramelize at?",
    "Can I freeze cooked pasta?",
    "How many cups of cooked rice does one cup of dry rice make?",
    "How much protein is in a cup of oats?",
    "Where's the best steakhouse near me?",
    "Is brown rice healthier than white rice?",
    "I doubled the recipe and my cake sank, why?",
    "Preheat reminder: tell me in 20 minutes to put the potatoes in",
    "What's the milk fat percentage of heavy cream?",
    "What's a good wine to cook with for beef stew?",
)
REVIEW_ASKED = (
    ("Hey, what temp does chicken need to hit to be safe to eat?", ["165", "74"]),
    ("I'm roasting my first turkey, what internal temperature means it's safe?", ["165", "74"]),
    ("What's the safe internal temperature for ground beef?", ["160", "71"]),
    ("Making burgers tonight, how hot should the inside of the patties get?", ["160", "71"]),
    ("I was wondering what internal temp pork chops should be cooked to", ["145", "63"]),
    ("Pork roast in the oven, what's the minimum safe temperature in Celsius?", ["63", "145"]),
    ("How hot does salmon need to be in the middle before it's safe?", ["145", "63"]),
    ("Reheating last night's leftovers, what temperature should they reach to be safe?", ["165", "74"]),
    ("To what temperature do I cook cod so it's safe to eat?", ["145", "63"]),
    ("Chicken thighs are in the oven, what should the thermometer read when they're done safely?", ["165", "74"]),
    ("What internal temp is a medium rare steak?", ["130", "135", "55"]),
    ("Hey, I like my steak medium, what temperature is that?", ["135", "140", "145"]),
    ("What temperature is a rare ribeye?", ["120", "125", "52"]),
    ("My husband wants his steak well done, what temp is that?", ["160", "71"]),
    ("What's medium well for a steak, temperature wise?", ["145", "150", "155"]),
    ("For a medium rare sirloin, what should my probe say in Celsius?", ["54", "55", "57"]),
    ("Steaks, what's the internal temperature for rare?", ["120", "125"]),
    ("Hey at what temperature is a steak considered well done?", ["160", "165", "71"]),
    ("How many grams in a cup of flour?", ["120", "125", "128"]),
    ("Hey, a cup of sugar is how many grams?", ["200"]),
    ("My scale only does grams, how much does one cup of all purpose flour weigh?", ["120", "125", "128"]),
    ("Packed brown sugar, how many grams per cup?", ["200", "213", "220"]),
    ("What does a cup of powdered sugar weigh in grams?", ["120", "113", "125"]),
    ("How many grams is one cup of butter?", ["227", "226", "225"]),
    ("How much does a cup of uncooked rice weigh in grams?", ["185", "190", "200"]),
    ("I need a cup of rolled oats, what's that in grams?", ["90", "80", "100"]),
    ("How many grams of honey are in a cup?", ["340", "336"]),
    ("My recipe says 1 cup of milk, how many grams is that?", ["240", "245"]),
    ("Converting an American recipe, how many grams is a cup of cocoa powder?", ["85", "84", "100"]),
    ("How big is a stick of butter?", ["1/2 cup", "8 tablespoons", "113"]),
    ("How many tablespoons are in a stick of butter?", ["8 tablespoons", "8 tbsp", "eight"]),
    ("Hey, how many grams is one stick of butter?", ["113", "115"]),
    ("Recipe says two sticks of butter but mine's in a tub, how much is a stick?", ["1/2 cup", "8 tablespoons", "113"]),
    ("I'm out of buttermilk, what can I use instead?", ["lemon juice", "vinegar"]),
    ("What can I substitute for baking powder?", ["cream of tartar", "baking soda"]),
    ("Hey, no baking soda in the house, is there a substitute?", ["baking powder"]),
    ("What can I use instead of eggs in brownies?", ["flax", "applesauce", "banana"]),
    ("What's a good replacement for sour cream in a dip?", ["yogurt"]),
    ("I don't have heavy cream, what else works?", ["butter", "milk"]),
    ("I ran out of brown sugar, how do I make my own?", ["molasses"]),
    ("How do I make self rising flour from regular flour?", ["baking powder"]),
    ("Hey, what's a substitute for cake flour?", ["cornstarch", "corn starch"]),
    ("I'm out of butter for cookies, what can I use in its place?", ["oil", "shortening", "margarine"]),
    ("Recipe calls for fresh basil but I only have dried, how much should I use?", ["1/3", "third", "teaspoon"]),
    ("I'm out of fresh garlic, what can I use instead?", ["garlic powder"]),
    ("What can I replace white wine with in risotto?", ["broth", "stock"]),
    ("No lemons in the house, what can I use in place of lemon juice?", ["lime", "vinegar"]),
    ("Out of breadcrumbs for meatballs, what can I use instead?", ["crackers", "oats", "panko"]),
    ("What could I use in place of mayo for chicken salad?", ["yogurt", "sour cream"]),
    ("How long do I bake chocolate chip cookies?", ["10", "12", "8"]),
    ("Hey, how many minutes should spaghetti boil?", ["8", "10", "12"]),
    ("How long does white rice take to cook on the stove?", ["15", "18", "20"]),
    ("Making mashed potatoes, how long do I boil the potatoes?", ["15", "20"]),
    ("How long does a baked potato take at 400?", ["45", "60", "hour"]),
    ("Baking chicken breasts at 400, how long do they need?", ["20", "25", "30"]),
    ("Salmon fillets in the oven, how long should they bake?", ["12", "15"]),
    ("How long per pound do I roast a turkey?", ["13", "15"]),
    ("Hey, how long should pasta cook for al dente?", ["8", "10", "12"]),
    ("This recipe serves 4 but I'm feeding 6, how do I scale it?", ["1.5", "one and a half", "3/2"]),
    ("Recipe makes 8 servings and it's just the two of us, how much should I cut it?", ["1/4", "quarter", "0.25"]),
    (
        "The soup recipe serves 6, I need enough for 9 people, how much more do I make?",
        ["1.5", "one and a half", "half again"],
    ),
    ("Hey, recipe's for 4 people and I've got 10 coming, what do I multiply by?", ["2.5", "two and a half"]),
    ("Lasagna serves 12 but I only want enough for 4, how do I scale it down?", ["1/3", "third", "0.33"]),
    ("What's 18 out of 25 as a percentage?", ["72"]),
    ("I've used 3 of the 8 eggs, what percentage is that?", ["37.5"]),
    ("What is 0.35 as a percent?", ["35"]),
    ("If 7 out of 20 cookies burned, what percentage is that?", ["35"]),
    ("Hey, 45 out of 60, what percent is that?", ["75"]),
)


@pytest.mark.parametrize("text", REVIEW_NOT)
def test_reviewed_kitchen_talk_gets_no_fact_nor_result(text: str) -> None:
    assert almanac_fact(text) is None and exact_result(text) is None, text


@pytest.mark.parametrize(("text", "expected"), REVIEW_ASKED)
def test_reviewed_kitchen_questions_get_a_note_with_the_answer(text: str, expected: list[str]) -> None:
    note = TurnNotes()(text) or ""
    assert is_useful(note, expected), (text, note)
