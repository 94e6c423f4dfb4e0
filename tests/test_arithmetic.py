"""voicebot.arithmetic: which words are a calculation, and what the note says it comes to."""

from __future__ import annotations

from fractions import Fraction

import pytest

from voicebot.arithmetic import arithmetic_note, calculations, follow_up, parts_as_decimals

RESULTS = {  # as an ASR writes a question -> what the note says
    "What is seventeen times twenty-three?": "17 times 23 is 391.",
    "What's 17x23?": "17 times 23 is 391.",
    "What is 1,234 plus 5,678?": "1234 plus 5678 is 6912.",
    "What's fifteen percent of eighty?": "15 percent of 80 is 12.",
    "What's 20% of $45?": "20 percent of 45 is 9.",
    "What's 30 percent off 80 dollars?": "the price after 30 percent off 80 is 56.",
    "What's 10% off a 90 dollar jacket?": "the price after 10 percent off 90 is 81.",  # "a" before digits
    "How much is a 50 dollar shirt with 20 percent off?": "the price after 20 percent off 50 is 40.",
    "What do I pay for a $120 item at 25% off?": "the price after 25 percent off 120 is 90.",
    "If something costs $40 and I take 15% off, what's the new price?": "the price after 15 percent off 40 is 34.",
    "If an item is $80, then I take 25% off. What's the sale price?": "the price after 25 percent off 80 is 60.",
    "What is a hundred plus 5?": "100 plus 5 is 105.",
    "What is a 20% tip on $45?": "20 percent of 45 is 9.",  # a tip is a share of the bill
    "How much is a fifteen percent tip for sixty dollars?": "15 percent of 60 is 9.",
    "What is three quarters of 200?": "3 quarters of 200 is 150.",
    "What is a third of 90?": "a third of 90 is 30.",
    "What is the third of 90?": "a third of 90 is 30.",  # as Whisper heard "a third"
    "What is half of 350?": "half of 350 is 175.",
    "What is the square root of 81?": "the square root of 81 is 9.",
    "What is the square root of 2?": "the square root of 2 is about 1.41.",
    "How much is 12 squared?": "12 squared is 144.",
    "What's 7 cube?": "7 cubed is 343.",  # as Whisper wrote "7 cubed"
    "What is 2 to the power of 10?": "2 to the power of 10 is 1024.",
    "What is 100 divided by 3?": "100 divided by 3 is about 33.33.",
    "What is 0.1 plus 0.2?": "0.1 plus 0.2 is 0.3.",
    "What is one point five times four?": "1.5 times 4 is 6.",
    "What is 2 plus 3 times 4?": "2 plus 3 times 4 is 14.",
    "What is minus five plus three?": "-5 plus 3 is -2.",
    "What is a hundred times two thousand and five?": "100 times 2005 is 200500.",
    "Subtract 3 from 10.": "10 minus 3 is 7.",
    "What's a thousand take away 250?": "1000 minus 250 is 750.",  # "125"
    "What is the sum of 12 and 30?": "12 plus 30 is 42.",
    "Multiply 6 by 7.": "6 times 7 is 42.",
    "What is 5 divided by 0?": "5 divided by 0 is undefined.",
    "What is 9 to the power of 100?": "9 to the power of 100 is about 2.66 times 10 to the power of 95.",
    # a result the user offers is checked
    "Is seven times eight 54?": "no, 7 times 8 is 56, not 54.",
    "My son says two plus two is five. Is he right?": "no, 2 plus 2 is 4, not 5.",
    "Nine times six is fifty-four, right?": "yes, 9 times 6 is 54.",
    "What's 3 times 3 and 4 times 4?": "3 times 3 is 9. 4 times 4 is 16.",
    # fractions said as numbers (the note said "half of 1 is 0.5" for "half of one half")
    "What's half of a half?": "half of a half is a quarter, or 0.25.",  # the 0.5B: 1.5
    "What is half of one half?": "half of a half is a quarter, or 0.25.",
    "What is one half plus one quarter?": "a half plus a quarter is 3 quarters, or 0.75.",
    "What is one and a half times four?": "1 and a half times 4 is 6.",
    "What is two and three quarters plus one?": "2 and 3 quarters plus 1 is 3 and 3 quarters, or 3.75.",
    "What is one third times three?": "a third times 3 is 1.",
    "Add three and four.": "3 plus 4 is 7.",  # "and" between whole numbers is no fraction
    "What would a 20% tip be on a $45 meal?": "20 percent of 45 is 9.",  # "$45 * 0.20 = $9.00"
    # a sum of fractions, said or written, is said as a fraction too (the model: "3, 4 + 1, 8 equals 12")
    "What's three fourths plus one eighth?": "3 quarters plus an eighth is 7 eighths, or 0.875.",
    "What's 3/4 plus 1/8?": "3 quarters plus an eighth is 7 eighths, or 0.875.",
    "What's 1/2 plus 1/3?": "a half plus a third is 5 sixths, or about 0.833.",
    "The hotel adds 15% tax to a $240.00. How much is the tax?": "15 percent of 240 is 36.",  # the model: LaTeX
    "We're splitting a $90 lunch bill between four of us. How much does each person pay?": (
        "90 dollars split 4 ways is 22.50 dollars each."  # a word before "bill" (the model: 35 each)
    ),
    "We're splitting a 60 pound bill for ways, how much does each person pay?": (
        "60 pounds split 4 ways is 15 pounds each."  # Whisper's "for ways" (the model: 30 each)
    ),
}


@pytest.mark.parametrize("text", RESULTS)
def test_a_spoken_calculation_gets_its_exact_result(text: str) -> None:
    assert arithmetic_note(text) == RESULTS[text]


NOT_A_CALCULATION = [
    "I have two kids and three dogs.",
    "I've told you three times already.",
    "Take it twice a day.",
    "We ordered 3 take away pizzas.",
    "Double check it.",
    "Meet me at half past three.",
    "It's minus five degrees outside.",
    "The score was 3 to 2.",
    "Call me at 555-1234.",
    "From 2020-2021 I lived in Paris.",
    "What does 24/7 mean?", "On 3/4/2025 I moved, plus I changed jobs.",
    "Covid-19 was hard.",
    "I bought 3 shirts at 20 percent off yesterday.",  # a count, not a price: no currency
    "Meet me at 5 plus or minus 10 minutes.",
    "How many days are there in a week?",
    "What's 5, 6 and 7?",
    # numbers read one way could be another: no note rather than a wrong one
    "What is two thousand and twenty-three minus nineteen ninety?",
    "What is eight fifty-four?",
    "We met on the third of May.",
    "It takes one and a half hours.", "I ate two thirds of it.",  # a fraction is no calculation on its own
    "What are the actual dimensions of a 2x4?", "How wide is a 2 by 6 board?",  # lumber: "2 times 4 is 8."
    "How much does a 2x4 cost at the hardware store right now?", "We bought a stack of 2x4s for the deck yesterday.",
]


@pytest.mark.parametrize("text", NOT_A_CALCULATION)
def test_words_that_are_not_a_calculation_get_no_note(text: str) -> None:
    assert arithmetic_note(text) is None


def test_results_are_exact_fractions_and_rounded_only_in_what_is_said() -> None:
    (third,) = calculations("What is 1 divided by 3?")
    assert third.value == Fraction(1, 3) and third.exact
    assert third.note() == "1 divided by 3 is about 0.333."
    (root,) = calculations("What is the cube root of 27?")
    assert root.value == 3 and root.exact
    assert calculations("What is the square root of minus 4?") == []  # no real answer: no note
    assert calculations("What is 2 to the power of 1000000?") == []  # too large to say
    assert len(calculations("1 plus 1, 2 plus 2, 3 plus 3, 4 plus 4", limit=3)) == 3


def test_huge_and_tiny_results_are_said_as_powers_of_ten() -> None:
    assert arithmetic_note("What is 99999999999999 to the power of 30?") == (
        "99999999999999 to the power of 30 is about 1 times 10 to the power of 420."  # past a float's range
    )
    assert arithmetic_note("What is 1 divided by 10 to the power of 400?") == (
        "1 divided by 10 to the power of 400 is 1 times 10 to the power of -400."
    )


def test_a_shared_bill_a_tip_and_cents_said_after_dollars_get_their_amounts() -> None:
    """Before, "Split 87 dollars fifty between three people." got no note, and the model wrote steps in LaTeX
    and 29; "87 dollars fifty" was read as 87."""
    assert arithmetic_note("Split 87 dollars fifty between three people.") == (
        "87.50 dollars split 3 ways is about 29.17 dollars each."
    )
    assert arithmetic_note("Split 120 dollars between 4 people.") == "120 dollars split 4 ways is 30 dollars each."
    assert arithmetic_note("We want to split 200 euros equally among 5 friends.") == (
        "200 euros split 5 ways is 40 euros each."
    )
    assert arithmetic_note("Split the bill of 90 dollars four ways.") == (
        "90 dollars split 4 ways is 22.50 dollars each."
    )
    assert arithmetic_note("How much is 45 dollars plus 20 percent tip?") == (
        "45 dollars plus a 20 percent tip is 54 dollars."
    )
    assert arithmetic_note("What is $60 with an 18% tip?") == "60 dollars plus an 18 percent tip is 70.80 dollars."
    assert arithmetic_note("What is 15 percent tip on 87 dollars fifty?") == "15 percent of 87.5 is about 13.12."
    assert arithmetic_note("I have 40 dollars two days left.") is None  # "two" is no number of cents here
    assert arithmetic_note("Split the difference.") is None


def test_no_jumble_of_numbers_and_operators_raises() -> None:
    """A note must never fail a turn: random word salads of every kind of word these parsers read."""
    import random
    from datetime import datetime

    from voicebot.notes import TurnNotes

    salad = (
        "what is plus minus times divided by percent of off to the power square root cube half a third quarters "
        "double squared cubed is equal equals not 0 1 0.5 1,000 99999999999999 one twenty hundred thousand million "
        "point and sum product difference between add subtract from x × ÷ / - + ^ √ = % $ ° . , ? how many feet "
        "inches miles kilograms pounds degrees fahrenheit celsius in into days weeks until christmas next friday "
        "last tomorrow july 4th the february 30th 2027 from now today years months left end split among ways people "
        "tip cents dollars euros over 1/4 quarter cup and a half cut into equal pieces kids cookies share each get "
        "save a week year month quarters dimes hours minutes cost apples for"
    )
    words = salad.split()
    notes = TurnNotes(lambda: datetime(2026, 12, 31, 23, 59))
    rng = random.Random(7)
    for _ in range(5000):
        said = [" ".join(rng.choice(words) for _ in range(rng.randint(1, 12))) for _ in range(3)]
        notes(said[-1], 2, said[:-1])  # and as a follow-up to two turns before it


def test_a_calculation_that_goes_on_from_the_last_result_gets_it() -> None:
    """"And times three?" after "What's two plus two?": the 0.5B said "Two plus two is four." ten times."""
    asked = ["What's two plus two?"]
    for text, note in {
        "And times three?": "4 times 3 is 12.", "Now divide that by two.": "4 divided by 2 is 2.",
        "What about divided by 3?": "4 divided by 3 is about 1.33.", "Multiply it by ten.": "4 times 10 is 40.",
        "And squared?": "4 squared is 16.", "Plus five, please.": "4 plus 5 is 9.",
        # a power or a root of the result named as a noun or a verb (the model cubed the number asked about)
        "And what's its cube?": "4 cubed is 64.", "Square that.": "4 squared is 16.",
        "What's its square root?": "the square root of 4 is 2.",
    }.items():  # fmt: skip
        found = follow_up(text, asked)
        assert found is not None and found.note() == note, text
    chain = ["What is 2 plus 2?", "And times three?"]
    assert follow_up("And minus one?", chain).note() == "12 minus 1 is 11."  # from the follow-up's result
    assert follow_up("And times 3?", ["What is 10 divided by 3?"]).value == 10  # exact, not 3.33 x 3
    for text, before in (
        ("Is that right?", asked), ("Tell me about it.", asked), ("And what about France?", asked),
        ("And times three?", ["What is the capital of France?"]), ("And times three?", []),
        ("And times three?", ["What is 1 divided by 0?"]),  # no result to go on from
        ("What is 5 times 5?", asked),  # a calculation of its own: arithmetic_note's
        ("I want a square table.", asked), ("What's the cube of ice made of?", asked),
    ):  # fmt: skip
        assert follow_up(text, before) is None, (text, before)

    from voicebot.notes import TurnNotes

    assert TurnNotes(None)("And times three?", 1, asked) == "Exact result: 4 times 3 is 12."


def test_a_follow_up_naming_another_number_asks_the_last_calculation_with_it() -> None:
    """"And of 120?" after "What's 20% of 80?" got "120 percent of 80 is 96."."""
    from voicebot.arithmetic import follow_up

    def note(text: str, before: str) -> str | None:
        found = follow_up(text, [before])
        return found.note() if found else None

    assert note("And of 120?", "What's 20% of 80?") == "20 percent of 120 is 24."
    assert note("And of a hundred and twenty?", "What is twenty percent of eighty?") == "20 percent of 120 is 24."
    assert note("What about 24?", "What is 17 times 23?") == "17 times 24 is 408."
    assert note("Okay, and what if it's 30?", "What is 17 times 23?") == "17 times 30 is 510."
    assert note("And 20?", "How many km is 10 miles?") is None  # no calculation before (a conversion: units.py)
    assert note("And Paris?", "What is 17 times 23?") is None
    assert note("And 2 more.", "What is 17 times 23?") is None


def test_a_verb_that_goes_on_from_the_last_result_and_a_tip_on_a_named_bill() -> None:
    """"Now add 50." got "Now, add 50 to 39."; "a $40 dinner with an 18% tip" got the tip alone."""
    from voicebot.arithmetic import follow_up

    for text, note in {"Now add 50.": "391 plus 50 is 441.", "Take away 3.": "391 minus 3 is 388.",
                       "Multiply by 4.": "391 times 4 is 1564."}.items():  # fmt: skip
        found = follow_up(text, ["What is 17 times 23?"])
        assert found is not None and found.note() == note, text
    assert follow_up("Add it to my list.", ["What is 17 times 23?"]) is None
    assert arithmetic_note("What is a $40 dinner with an 18% tip?") == (
        "40 dollars plus an 18 percent tip is 47.20 dollars."
    )


def test_the_last_bill_shared_among_another_number() -> None:
    """"What if there are five of us?" after a split got the last split again; "Split between two people." after a
    $40 dinner with an 18% tip got "$20"."""
    from voicebot.arithmetic import split_again

    assert split_again("What if there are five of us?", ["Split 160 bucks 3 ways."]) == (
        "160 dollars split 5 ways is 32 dollars each."
    )
    assert split_again("Split between two people.", ["How much is a $40 dinner with an 18% tip?"]) == (
        "47.20 dollars split 2 ways is 23.60 dollars each."
    )
    assert split_again("For 4 people.", ["What is 17 times 23?"]) is None  # no bill before
    assert split_again("With friends.", ["Split 120 dollars between 4 people."]) is None  # no number


def test_ordinal_words() -> None:
    from voicebot.arithmetic import ordinal_words

    assert [ordinal_words(n) for n in (1, 2, 3, 5, 9, 12, 20, 21, 40, 47, 100)] == [
        "first", "second", "third", "fifth", "ninth", "twelfth", "twentieth", "twenty-first", "fortieth",
        "forty-seventh", "one hundredth",
    ]  # fmt: skip


def test_a_whole_number_and_a_part_as_one_number() -> None:
    """As prices' wages and remaining's amounts read them (Whisper writes the number in digits, the part in words);
    number words are the kitchen's to read."""
    assert parts_as_decimals("worked 37 and a half hours") == "worked 37.5 hours"
    assert parts_as_decimals("I've done 7 and a quarter") == "I've done 7.25"
    assert parts_as_decimals("3 and three quarters cups") == "3.75 cups"
    assert parts_as_decimals("one and a half cups, 2 and a bit") == "one and a half cups, 2 and a bit"
