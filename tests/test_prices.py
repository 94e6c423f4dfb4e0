"""voicebot.prices: a price per unit times a count, and the fuel a drive takes; nothing for other talk of prices."""

from __future__ import annotations

import pytest

from voicebot.notes import exact_result
from voicebot.prices import basket_note, coins_note, fuel_note, price_note, some_for_note

PRICED = {  # the 0.5B: "$3.58 * 12 = $43.84" (it is 42.96)
    "Gas is $3.58 gallon and I need 12 gallons. How much will that cost?": "12 gallons at 3.58 dollars a gallon is "
    "42.96 dollars.",
    "Gas is 3 dollars 50 a gallon and I need 12 gallons. How much will that cost?": "12 gallons at 3.50 dollars a "
    "gallon is 42 dollars.",
    "Apples are $2 a pound, how much for 3 pounds?": "3 pounds at 2 dollars a pound is 6 dollars.",
    "The hotel is 120 dollars a night, how much for five nights?": "5 nights at 120 dollars a night is 600 dollars.",
    "Tickets are 15 dollars per person and there are 4 people, what's the total?": "4 people at 15 dollars a person "
    "is 60 dollars.",
    "I earn 20 dollars an hour, how much do I make in 40 hours?": "40 hours at 20 dollars an hour is 800 dollars.",
    # round 33: wages asked as what is owed, "37 and a half hours", and people who each worked as long
    "My employee worked 37 and a half hours at 16 dollars an hour, what do I owe her before tax?": "37.5 hours at 16 "
    "dollars an hour is 600 dollars.",
    "Three workers each put in 6 hours at 15 dollars an hour, what's my total labor cost for the day?": "6 hours at "
    "15 dollars an hour is 90 dollars each, so 3 of them is 270 dollars.",
}


@pytest.mark.parametrize("text", list(PRICED))
def test_a_price_per_unit_times_a_count(text: str) -> None:
    assert price_note(text) == PRICED[text]
    assert exact_result(text) == PRICED[text]


FUEL = {  # the 0.5B: a LaTeX formula, and no number
    "So if I drive 300 miles and my car gets 30 miles per gallon, how many gallons do I need?": "300 miles at 30 "
    "miles per gallon takes 10 gallons.",
    "My car does 40 mpg and the trip is 280 miles, gas is $3.50 a gallon. How much will gas cost?": "280 miles at 40 "
    "miles per gallon takes 7 gallons. At 3.50 dollars a gallon, that is 24.50 dollars.",
    "The trip is 500 km and my car uses 6 liters per 100 km, how much fuel do I need?": "500 kilometers at 6 liters "
    "per 100 kilometers takes 30 liters.",
}


@pytest.mark.parametrize("text", list(FUEL))
def test_the_fuel_a_drive_takes(text: str) -> None:
    assert fuel_note(text) == FUEL[text]
    assert exact_result(text) == FUEL[text]


@pytest.mark.parametrize(
    "text",
    [
        "I paid $3 a gallon.", "How much is a gallon of milk?", "Gas is 3 dollars a gallon and 12 liters, how much?",
        "I drove 300 miles at 60 miles an hour, how much gas did I use?",  # no fuel economy
        "My car gets 30 miles per gallon, is that good?", "Apples are 2 dollars a pound.",
    ],
)
def test_no_price_or_fuel_for_other_words(text: str) -> None:
    assert price_note(text) is None and fuel_note(text) is None, text


@pytest.mark.parametrize(
    ("text", "note"),
    [
        ("If 4 apples cost 2 dollars how much do 10 apples cost?",
         "4 apples for 2 dollars is 0.50 dollars each, so 10 cost 5 dollars."),
        ("3 notebooks are $7.50, how much for 5?",
         "3 notebooks for 7.50 dollars is 2.50 dollars each, so 5 cost 12.50 dollars."),
        ("If 12 eggs cost $3, how much is 1 egg?",
         "12 eggs for 3 dollars is 0.25 dollars each, so 1 costs 0.25 dollars."),
        ("I bought 3 shirts for 45 dollars.", None),  # nothing asked
    ],
)  # fmt: skip
def test_a_price_for_some_things_asked_for_another_number_of_them(text: str, note: str | None) -> None:
    assert some_for_note(text) == note
    assert exact_result(text) == note


def test_coins_in_dollars() -> None:
    """"How many quarters in 5 dollars?" (the model said 5)."""
    assert coins_note("How many quarters in 5 dollars?") == "There are 20 quarters in 5 dollars."
    assert coins_note("How many dimes make a dollar?") == "There are 10 dimes in 1 dollar."
    assert coins_note("How many pennies are in $2.50?") == "There are 250 pennies in 2.50 dollars."
    for other in ("How many quarters in a gallon?", "How many quarters are in a year?", "I have 5 quarters."):
        assert coins_note(other) is None, other


BASKETS = {  # round 35: "The total weight of the adult tickets is 22 pounds each"
    "Two adult tickets are 22 pounds each and two child tickets are 11 pounds each. What's the total?": "2 adult "
    "tickets at 22 pounds each is 44 pounds, and 2 child tickets at 11 pounds each is 22 pounds: 66 pounds in all.",
    "I bought 3 coffees at $4.50 each and 2 muffins at $3 each, how much altogether?": "3 coffees at 4.50 dollars "
    "each is 13.50 dollars, and 2 muffins at 3 dollars each is 6 dollars: 19.50 dollars in all.",
    "Three books at 12 dollars each, how much is that?": "3 books at 12 dollars each is 36 dollars.",
}


@pytest.mark.parametrize("text", list(BASKETS))
def test_things_at_a_price_each_summed(text: str) -> None:
    assert basket_note(text) == BASKETS[text]
    assert exact_result(text) == BASKETS[text]


@pytest.mark.parametrize(
    "text",
    [
        "2 bags of rice at 5 dollars each and a bottle of oil for 7 dollars, total?",  # a price with no count: no sum
        "Two tickets are 22 pounds each.",  # asks nothing
        "I weigh 150 pounds each morning, how much is that in kilos?",  # a weight, no count before it
    ],
)
def test_no_basket_for_other_talk_of_prices(text: str) -> None:
    assert basket_note(text) is None
