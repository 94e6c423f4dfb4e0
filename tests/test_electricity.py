"""voicebot.electricity: watts, volts or amps from the other two, where the words ask for one."""

from __future__ import annotations

import pytest

from voicebot.electricity import power_note
from voicebot.notes import exact_result

ASKED = {  # the 0.5B: "A 10 amp circuit can handle 120 volts at a current of 10 amps."
    "How many watts can a 10 amp circuit handle at 120 volts?": "10 amps at 120 volts is 1200 watts.",
    "How many amps does a 1500 watt heater draw at 120 volts?": "1500 watts at 120 volts draws 12.5 amps.",
    "My kettle is 3 kW, how many amps at 230 volts?": "3000 watts at 230 volts draws about 13 amps.",
    "What voltage do I need for 600 watts at 5 amps?": "600 watts at 5 amps takes 120 volts.",
}


@pytest.mark.parametrize("text", list(ASKED))
def test_the_third_quantity_from_the_other_two(text: str) -> None:
    assert power_note(text) == ASKED[text]
    assert exact_result(text) == ASKED[text]  # and nothing else: no "10 times 120" beside it


@pytest.mark.parametrize(
    "text",
    [
        "How many watts is 12 volts?",  # one quantity given
        "What is the wattage of a 60W bulb?",  # the one asked is the one given
        "My charger is 5 volts and 2 amps.",  # nothing asked
        "How many amps at 0 volts for 100 watts?",  # no division by zero
    ],
)
def test_nothing_where_the_words_do_not_give_two_and_ask_the_third(text: str) -> None:
    assert power_note(text) is None
