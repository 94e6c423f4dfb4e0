"""voicebot.units: which questions ask for a conversion, and what the note says it comes to."""

from __future__ import annotations

import pytest

from voicebot.units import arrival_note, conversion_note, durations_note, parts_note, scaled_note, travel_note

RESULTS = {  # as an ASR writes a question -> what the note says
    "How many kilometers is 10 miles?": "10 miles is about 16 kilometers.",
    "How many km is 26.2 miles?": "26.2 miles is about 42.2 kilometers.",
    "What's 6 feet in meters?": "6 feet is about 1.8 meters.",
    "How many inches is fifty centimeters?": "50 centimeters is about 20 inches.",
    "What is 70 kilograms in pounds?": "70 kilograms is about 154 pounds.",
    "How many ounces are in a pound?": "1 pound is 16 ounces.",
    "How many cups are there in a gallon?": "1 gallon is 16 cups.",
    "How many seconds are in a day?": "1 day is 86400 seconds.",
    "How many minutes are there in a whole day?": "1 day is 1440 minutes.",  # "A whole day has 24 hours."
    "How many days are in a regular year that isn't a leap year?": "1 year is 365 days.",  # the leap-year note
    "Tell me how many hours there are in a week.": "1 week is 168 hours.",  # "There are 7 hours in a week."
    "Could you tell me how many hours there in a week?": "1 week is 168 hours.",  # "are" dropped by the ASR
    "How many days are in 6 weeks?": "6 weeks is 42 days.",
    "Convert 100 degrees Fahrenheit to Celsius.": "100 degrees Fahrenheit is about 38 degrees Celsius.",
    "What's 100°F in Celsius?": "100 degrees Fahrenheit is about 38 degrees Celsius.",
    "What is minus 40 degrees Celsius in Fahrenheit?": "-40 degrees Celsius is -40 degrees Fahrenheit.",
    "What is 300 kelvin in Celsius?": "300 kelvins is 26.85 degrees Celsius.",
    "Convert 60 mph to km/h.": "60 miles per hour is about 97 kilometers per hour.",
    "What's 5 foot 10 in centimeters?": "5 feet 10 inches is about 178 centimeters.",
    "How many centimeters is 6 feet 2 inches?": "6 feet 2 inches is about 188 centimeters.",
    "How many liters are in a US gallon?": "1 gallon is about 3.79 liters.",  # "US" named no unit
    "How many leaders are in the US gallon?": "1 gallon is about 3.79 liters.",  # Whisper's "leaders"
    "Convert 5 leaders to gallons.": "5 liters is about 1.3 gallons.",
    # fractions, as people say them and as Whisper writes them (no note before: "A quarter cup is equal to 2
    # tablespoons", it is 4)
    "How many tablespoons are in a quarter cup?": "A quarter of a cup is 4 tablespoons.",
    "How many tablespoons in half a cup?": "Half a cup is 8 tablespoons.",
    "How many tablespoons are in 1/4 cup?": "A quarter of a cup is 4 tablespoons.",
    "How many teaspoons in three quarters of a cup?": "Three quarters of a cup is 36 teaspoons.",
    "How many minutes in half an hour?": "Half an hour is 30 minutes.",
    "Convert one and a half cups to milliliters.": "1.5 cups is about 355 milliliters.",
    "How many minutes in two and a half hours?": "2.5 hours is 150 minutes.",
    "What's 2 1/2 inches in centimeters?": "2.5 inches is 6.35 centimeters.",
    # ounces beside a volume are fluid ounces (no note before: Whisper never writes "fluid")
    "How many ounces in a gallon?": "1 gallon is 128 fluid ounces.",
    "Convert 12 ounces to milliliters.": "12 fluid ounces is about 355 milliliters.",
    "What is 8 ounces in grams?": "8 ounces is about 227 grams.",
    "I'm 6'2\", how tall is that in centimeters?": "6 feet 2 inches is about 188 centimeters.",
    # a temperature's other scale where the ASR garbled its name (the model: "1,000 degrees Celsius in Salzas")
    "Quick question, what's 350 Fahrenheit in Salzas?": "350 degrees Fahrenheit is about 177 degrees Celsius.",
    "What's 20 Celsius to Fahrenheit?": "20 degrees Celsius is 68 degrees Fahrenheit.",
    "What's 100 kilometers an hour in miles per hour?": "100 kilometers per hour is about 62 miles per hour.",
    # areas (the 0.5B: "A square meter is equal to 10,000 square feet.")
    "How many square feet are in a square meter?": "1 square meter is about 10.76 square feet.",
    "How many acres in a square mile?": "1 square mile is 640 acres.",
    "Convert 3 hectares to acres.": "3 hectares is about 7.4 acres.",
    "My recipe says 350 Fahrenheit. What's in Celsius?": "350 degrees Fahrenheit is about 177 degrees Celsius.",
    # Whisper's "and" for "in" before the unit asked for (the model: "350 degrees Fahrenheit and 37 degrees Celsius")
    "What's 350 Fahrenheit and Celsius for the oven?": "350 degrees Fahrenheit is about 177 degrees Celsius.",
    "What is 10 kilometers and miles?": "10 kilometers is about 6.2 miles.",
    # inches after "and" (was read as the inches alone: "3 inches is 0.0762 meters")
    "What is 5 feet and 3 inches in meters?": "5 feet 3 inches is about 1.6 meters.",
    "How many inches in 2 feet and 3 inches?": "2 feet 3 inches is 27 inches.",
    # round 35: a truck's weight in tons (the model said 80,000 kilograms), imperial gallons named after the question
    # (it said 12.5 liters), the oil barrel, and "would ... be", "does a ... hold"
    "Hey, my max gross weight is 80,000 pounds. How many tons is that?": "80000 pounds is 40 short tons.",
    "How many pounds in a long ton?": "1 long ton is 2240 pounds.",
    "How many liters does a 5 gallon water but hold Imperial gallons that is?": (
        "5 imperial gallons is about 23 liters."
    ),
    "How many UK pints in a gallon?": "1 imperial gallon is 8 imperial pints.",
    "How many liters in 5 British gallons?": "5 imperial gallons is about 23 liters.",
    "How many gallons are in one barrel of oil? A guy at the truck stop was asking.": "1 barrel of oil is 42 gallons.",
    "So how many teaspoons would two and a half tablespoons be?": "2.5 tablespoons is 7.5 teaspoons.",
    "How many liters does a 5 gallon bucket hold?": "5 gallons is about 19 liters.",
    "How many pounds of 70 kilograms? Roughly, I need it for a patient chart.": "70 kilograms is about 154 pounds.",
}


@pytest.mark.parametrize(
    ("text", "note"),
    [
        ("If I cut a 2 meter plank into 8 equal pieces, how long is each piece in centimeters?",
         "2 meters in 8 equal parts is 0.25 meters each, or 25 centimeters."),
        ("Divide 3 liters of soup into 12 bowls.",
         "3 liters in 12 equal parts is 0.25 liters each, or 250 milliliters."),
        ("I cut a 10 foot rope into 4 pieces, how long is each?",
         "10 feet in 4 equal parts is 2.5 feet each, or 30 inches."),
        ("Cut 12 inches into 3 pieces.", "12 inches in 3 equal parts is 4 inches each."),
        ("I'll cut the cake into 8 slices.", None),  # no amount to cut
        ("It was 30 degrees, so we cut the trip into 2 parts.", None),  # a temperature is no amount to cut
    ],
)  # fmt: skip
def test_an_amount_cut_into_equal_parts(text: str, note: str | None) -> None:
    assert parts_note(text) == note


@pytest.mark.parametrize("text", RESULTS)
def test_a_conversion_asked_for_gets_its_result(text: str) -> None:
    assert conversion_note(text) == RESULTS[text]


@pytest.mark.parametrize(
    "text",
    [
        "I ran 5 miles in 40 minutes.",  # two kinds of unit
        "Put 2 cups in a bowl.",
        "Is vitamin C good for you?",  # a letter is a unit only after "degrees"
        "How many legs does a spider have?",
        "How many miles is it to Paris?",
        "It was 30 degrees in Rome.", "It's 90 degrees Fahrenheit in Texas.",  # asks no other scale
        "How many meters are in a meter?",  # nothing to convert
        "What is a quarter of 100?",
        "How many quarters are in a dollar?",
        "I ran 5 miles and kilometers later I stopped.", "It was 90 degrees Fahrenheit and Celsius said nothing.",
        "What is 5 feet and 3 in centimeters?",  # "and 3" names no unit: the 3 could be anything
        "How many liters in a barrel?",  # beer's, wine's and oil's barrels differ
        "How many calories does a 2 mile walk burn?", "How many hours does it take?",  # "does" with no amount of a unit
    ],
)
def test_words_that_ask_for_no_conversion_get_no_note(text: str) -> None:
    assert conversion_note(text) is None


def test_a_trips_time_or_distance_at_a_speed_is_worked_out() -> None:
    """The 0.5B answered "It will take 250 kilometers at 100 kilometers an hour to drive."."""
    assert travel_note("I'm driving 250 kilometers at 100 kilometers an hour. How long will it take?") == (
        "250 kilometers at 100 kilometers per hour takes 2 hours and 30 minutes."
    )
    assert travel_note("If I walk 5 kilometers per hour, how long to walk 12 kilometers?") == (
        "12 kilometers at 5 kilometers per hour takes 2 hours and 24 minutes."
    )
    far = "In 90 minutes at 60 miles per hour you go 90 miles."
    assert travel_note("How far can I go in 90 minutes at 60 mph?") == far
    for other in ("How long is a marathon?", "How long to drive 10 miles at 0 mph?", "I drove 5 miles at 30 mph.",
                  "How long does it take to drive from London to Paris at 100 km/h?"):  # fmt: skip
        assert travel_note(other) is None, other


def test_that_or_it_in_another_unit_converts_the_last_amount_said() -> None:
    """"The recipe says 350 degrees Fahrenheit. What's that in Celsius?" got no note, and "98.6 degrees"."""
    celsius = "350 degrees Fahrenheit is about 177 degrees Celsius."
    assert conversion_note("The recipe says 350 degrees Fahrenheit. What's that in Celsius?") == celsius
    assert conversion_note("What's that in Celsius?", ["The oven is at 350 degrees Fahrenheit."]) == celsius
    assert conversion_note("And in kilograms?", ["I weigh 150 pounds."]) == "150 pounds is about 68 kilograms."
    assert conversion_note("What is that in miles?", ["What is the capital of France?"]) is None  # no amount
    assert conversion_note("In the kitchen.", ["It is 5 km away."]) is None  # no unit
    assert conversion_note("What's that in Celsius?", ["I ran 5 miles."]) is None  # another kind of unit
    # asked "how many": the model said 4 teaspoons for a quarter cup
    quarter = "How many tablespoons are in a quarter cup?"
    assert conversion_note("And how many teaspoons is that?", [quarter]) == "A quarter of a cup is 12 teaspoons."
    assert conversion_note("How much is that?", ["It costs 20 dollars."]) is None
    # pairs 9: "So how many in a foot?" after centimeters in an inch (the model said "1 foot is 12 inches.")
    inch = "How many centimeters are in an inch?"
    assert conversion_note("So how many in a foot?", [inch]) == "1 foot is 30.48 centimeters."
    # round 36: "roughly" after the unit (the model said 98.6 degrees Celsius)
    assert conversion_note("My recipe says 350 degrees Fahrenheit. What's that in Celsius roughly?") == celsius


def test_a_recipe_amount_doubled_or_halved() -> None:
    """"I need to double a recipe that calls for 3/4 cup of sugar." got "2.25 cups"."""
    assert scaled_note("I need to double a recipe that calls for 3/4 cup of sugar. How much is that?") == (
        "Doubled, three quarters of a cup is 1.5 cups."
    )
    assert scaled_note("If I halve 250 grams of butter, how much is it?") == "Halved, 250 grams is 125 grams."
    assert scaled_note("Triple 2 teaspoons of salt.") == "Tripled, 2 teaspoons is 6 teaspoons."
    assert scaled_note("I'm doubling this recipe and it calls for three quarters of the cup of milk.") == (
        "Doubled, three quarters of a cup is 1.5 cups."  # "of the cup": an ASR's "of a cup"
    )
    for other in ("I double checked the 3 cups.", "Double it.", "Double 2 cups of flour and 1 cup of milk."):
        assert scaled_note(other) is None, other  # no amount, or two


def test_the_last_conversion_again_with_another_amount() -> None:
    """"What about in two pounds?" after "How many ounces in a pound?" got "1 pound is equal to 16 ounces."."""
    assert conversion_note("What about in two pounds?", ["How many ounces in a pound?"]) == "2 pounds is 32 ounces."
    assert conversion_note("And 20?", ["How many kilometers is 10 miles?"]) == "20 miles is about 32 kilometers."
    assert conversion_note("And 20?", ["What is the capital of France?"]) is None  # no conversion before
    assert conversion_note("And 3 liters?", ["How many kilometers is 10 miles?"]) is None  # another kind
    assert conversion_note("And 20 miles to go.", ["How many kilometers is 10 miles?"]) is None  # more words
    cup = ["How many tablespoons are in a quarter cup?"]  # "... a third of a cup instead?" got "1 tablespoon"
    assert conversion_note("Okay, and what if I need a third of a cup instead?", cup) == (
        "A third of a cup is about 5.3 tablespoons."
    )
    assert conversion_note("What if it's half a cup then?", cup) == "Half a cup is 8 tablespoons."
    assert conversion_note("What if I need more?", cup) is None and conversion_note("Okay, a cup.", cup) is None


def test_a_conversion_follow_up_says_the_last_unit_as_those() -> None:
    """Pairs 6: "And how many of those in a whole day?" after minutes in an hour (the model said "1 hour is 60
    minutes" again), and Whisper's "and then a kilometer" for "and in a kilometer" (the model said 39528 feet)."""
    assert conversion_note("And how many of those in a whole day?", ["How many minutes are in an hour?"]) == (
        "1 day is 1440 minutes. 1 day is 24 hours."  # "those" may be either unit: pairs 7 meant the other
    )
    assert conversion_note("How many of those in a year?", ["How many days are in a fortnight?"]) == (
        "1 year is 365 days. 1 year is about 26.07 fortnights."
    )
    mile = ["How many feet are in a mile?"]
    assert conversion_note("and then a kilometer", mile) == "1 kilometer is about 3281 feet."
    assert conversion_note("And how many of those?", ["How far is Paris?"]) is None


def test_when_something_that_starts_at_a_clock_time_ends() -> None:
    """"A train leaves at 3:15 and the trip takes 2 hours and 50 minutes. When does it arrive?" got "5:65", and
    the arithmetic note read "15 plus 2" out of "3:15 plus 2 hours"."""
    train = "A train leaves at 3:15 and the trip takes 2 hours and 50 minutes. When does it arrive?"
    assert arrival_note(train) == "3:15 plus 2 hours and 50 minutes is 6:05."
    # round 36: an hour said in words ("I will finish at 10:00 PM.")
    shift = "I start at seven in the evening and work a twelve hour shift, so what time do I finish?"
    assert arrival_note(shift) == "7 PM plus 12 hours is 7:00 AM."
    assert arrival_note("My flight leaves at 11:30 PM and takes 3 hours. What time do I land?") == (
        "11:30 PM plus 3 hours is 2:30 AM."
    )
    assert arrival_note("If I start at 18:45 and work for 90 minutes, when do I finish?") == (
        "18:45 plus 90 minutes is 20:15."
    )
    # spoken clock times and "an hour" (read as "20 minutes" alone before: "7:50 plus 20 minutes is 8:10")
    assert arrival_note("My flight leaves at 10 to 8 and takes an hour and 20 minutes. When do I land?") == (
        "7:50 plus 1 hour and 20 minutes is 9:10."
    )
    assert arrival_note("The show starts at half past seven and lasts 90 minutes. When does it end?") == (
        "7:30 plus 90 minutes is 9:00."
    )
    # "an hour and a half" was an hour ("3 PM plus 1 hour is 4:00 PM")
    assert arrival_note("I leave at 3 PM and it takes an hour and a half. When do I arrive?") == (
        "3 PM plus 1.5 hours is 4:30 PM."
    )
    # a follow-up with another duration starts where the last did (it said 8:25 again)
    trip = "If I leave at quarter to eight and the drive takes 40 minutes, when do I get there?"
    assert arrival_note(trip) == "7:45 plus 40 minutes is 8:25."
    assert arrival_note("And if there's traffic and it takes an hour.", [trip]) == "7:45 plus 1 hour is 8:45."
    again = [trip, "What if it takes an hour?"]
    assert arrival_note("What about 90 minutes?", again) == "7:45 plus 90 minutes is 9:15."
    # round 21: a time before one, and as Whisper writes a time without its colon
    assert arrival_note("What time is it 45 minutes before 2:10?") == "2:10 minus 45 minutes is 1:25."  # was 2:55
    assert arrival_note("What time is it 45 minutes before 210?") == "2:10 minus 45 minutes is 1:25."
    assert arrival_note("What's three hours after 1030?") == "10:30 plus 3 hours is 1:30."  # the model: 1033
    assert arrival_note("What time was it 2 hours before 1 PM?") == "1 PM minus 2 hours is 11:00 AM."
    assert arrival_note("What happened 3 hours after 1999?") is None  # a year, not a time
    for other in ("And if I leave at 8:10?", "And 20?", "It takes an hour.", "What if it rains?"):
        assert arrival_note(other, [trip]) is None, other
    assert arrival_note("And if it takes an hour?", ["How far is Paris?"]) is None
    for other in ("When is 3:15?", "What time is it in Tokyo?", "I leave at 3:15 and take 2 hours.",
                  "I walked 10 to 15 minutes. When?"):  # fmt: skip
        assert arrival_note(other) is None, other
    from voicebot.arithmetic import arithmetic_note

    assert arithmetic_note("A train leaves at 3:15 plus 2 hours, when?") is None  # was "15 plus 2 is 17."


def test_a_time_written_with_a_dot_and_a_time_to_be_done_by() -> None:
    """Round 32: Whisper wrote "leaves at 10.40 at night" and "starts at 7.30 pm" (no note: the model said 11:15 PM
    and 8:05 PM), and "we want to eat at 6:30, what time should it go in?" got "6:30 plus 45 minutes is 7:15."."""
    assert arrival_note("My flight leaves at 10.40 at night and takes 7.5 hours. What time is it when I land?") == (
        "10:40 PM plus 7.5 hours is 6:10 AM."
    )
    assert arrival_note("My shift starts at 7.30 pm and runs 12.5 hours. What time do I get off?") == (
        "7:30 pm plus 12.5 hours is 8:00 AM."
    )
    assert arrival_note("I go to bed at 10.30 tonight and sleep 8 hours, when do I wake up?") == (
        "10:30 PM plus 8 hours is 6:30 AM."
    )
    assert arrival_note("If the casserole needs 45 minutes and we want to eat at 630, what time should it go in?") == (
        "6:30 minus 45 minutes is 5:45."
    )
    assert arrival_note("The film ends at 9:15 and runs 2 hours, when did it start?") == "9:15 minus 2 hours is 7:15."
    # a start time asked of a start: forward; a price and a weight with a dot are no times
    assert arrival_note("The film starts at 7:15 and runs 2 hours, when does it end?") == "7:15 plus 2 hours is 9:15."
    for other in ("It costs $10.40 and takes 3 hours, when is it done?", "It is 2.50 kilos and takes 3 hours, when?"):
        assert arrival_note(other) is None, other


def test_a_boxs_volume_from_three_lengths() -> None:
    """Round 33: a raised bed 10 by 4 feet with 6 inches of soil (the 0.5B began a method and stopped)."""
    from voicebot.units import volume_note

    bed = "I'm building a raised bed 10 feet long and 4 feet wide and I want 6 inches of soil in it. How many cubic " \
        "feet of soil do I need?"
    assert volume_note(bed) == "10 feet by 4 feet by 6 inches is 20 cubic feet."
    assert volume_note("How much concrete for a slab 10 feet by 10 feet by 4 inches, in cubic yards?") == (
        "10 feet by 10 feet by 4 inches is about 1.23 cubic yards."
    )
    for other in ("How much water is in a pool 10 meters long?", "What is the volume of a 2 by 3 box?"):
        assert volume_note(other) is None, other


def test_how_long_from_one_clock_time_to_another() -> None:
    """Round 33: "open from 9 in the morning till 5:30 in the evening, how many hours is that?"."""
    from voicebot.units import span_note

    assert span_note("My shop's open from 9 in the morning till 5:30 in the evening, how many hours is that?") == (
        "From 9 AM to 5:30 PM is 8 hours and 30 minutes."
    )
    assert span_note("How many hours from 10 pm to 6 am?") == "From 10 pm to 6 am is 8 hours."
    assert span_note("My shops open from 9 in the morning till 5 30 in the evening. How many hours is that?") == (
        "From 9 AM to 5:30 PM is 8 hours and 30 minutes."  # as Whisper wrote it
    )
    assert span_note("How long is it from 9 to 5?") == "From 9 to 5 is 8 hours."  # a 12-hour dial
    assert span_note("How long from noon to 3:15 pm?") == "From noon to 3:15 pm is 3 hours and 15 minutes."
    for other in ("How many hours is it from 1990 to 2000?", "I work from 9 to 5.", "From 9 to 5, what a job."):
        assert span_note(other) is None, other


def test_how_many_things_it_takes_for_a_total() -> None:
    """Round 32: a gallon covering 400 square feet for 1,200 ("set up a proportion" and stopped), 750 milligrams
    in 250 milligram tablets; a count that is no whole number is rounded up where things are bought, down where
    they are filled."""
    from voicebot.units import count_needed_note

    cases = {
        "A gallon of paint covers about 400 square feet. How many gallons do I need for 1,200 square feet?":
            "1200 square feet at 400 square feet a gallon is 3 gallons.",
        "The patient needs 750 milligrams and the tablets are 250 milligrams each. How many tablets do I give?":
            "750 milligrams at 250 milligrams a tablet is 3 tablets.",
        "How many boxes do I need for 50 kilograms if each box holds 12 kilograms?":
            "50 kilograms at 12 kilograms a box is about 4.17, so 5 boxes.",
        "How many glasses can I pour from 2 liters if each glass holds 300 milliliters?":
            "2 liters at 300 milliliters a glass is about 6.67, so 6 full glasses.",
    }  # fmt: skip
    for text, said in cases.items():
        assert count_needed_note(text) == said, text
    for other in ("How many feet are in 3 yards and 2 feet?",  # a conversion
                  "How many calories are in one 100 gram apple?", "How much is 3 kilograms at 5 kilograms each?"):
        assert count_needed_note(other) is None, other
    from voicebot.notes import exact_result

    fuel = "So if I drive 300 miles and my car gets 30 miles per gallon, how many gallons do I need?"
    assert exact_result(fuel) == "300 miles at 30 miles per gallon takes 10 gallons."  # once: the fuel note's


def test_which_of_two_units_is_more() -> None:
    """"Which is longer, a kilometer or a mile?" got "A kilometer is longer than a mile."."""
    from voicebot.units import comparison_note

    assert comparison_note("Which is longer, a kilometer or a mile?") == (
        "A mile is longer: 1 mile is about 1.61 kilometers."
    )
    assert comparison_note("Is a liter bigger than a quart?") == "A liter is bigger: 1 liter is about 1.06 quarts."
    assert comparison_note("Which is heavier, a pound or a kilogram?") == (
        "A kilogram is heavier: 1 kilogram is about 2.2 pounds."
    )
    assert comparison_note("Which is bigger, an acre or a hectare?") == (
        "A hectare is bigger: 1 hectare is about 2.47 acres."
    )
    for other in (
        "Which is heavier, a ton of bricks or a ton of feathers?", "Which is longer, a mile or a marathon?",
        "Which is heavier, a mile or a pound?", "Which is longer, a mile or a mile?",
    ):
        assert comparison_note(other) is None, other


def test_times_added_up() -> None:
    """"What's 45 minutes plus 50 minutes?" got no note (the parser reads bare numbers)."""
    assert durations_note("What's 45 minutes plus 50 minutes?") == (
        "45 minutes plus 50 minutes is 1 hour and 35 minutes."
    )
    assert durations_note("What is 1 hour 20 minutes plus 55 minutes?") == (
        "1 hour 20 minutes plus 55 minutes is 2 hours and 15 minutes."
    )
    for other in ("What is 5 plus 3?", "What's 3 miles plus 2 miles?", "It takes 20 minutes plus a bit."):
        assert durations_note(other) is None, other
