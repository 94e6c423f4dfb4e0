"""The fast parts of `voicebot bench --questions/--conversation`: scoring replies, building the recording."""

from __future__ import annotations

import numpy as np
import pytest

from voicebot.bench_conversation import RATE, build_conversation
from voicebot.bench_questions import CALCULATIONS, QUESTIONS, is_useful, number_words, question_audio
from voicebot.cli import main


@pytest.mark.parametrize(
    ("reply", "expected", "useful"),
    [
        ("Two plus three is five.", ["5"], True),  # digits expected, word in the reply
        ("2 + 3 = 5", ["five"], True),  # and the other way round
        ("There are Twenty Five of them", ["25"], True),
        ("twenty-five", ["25"], True),
        ("It is twenty-five.", ["5"], False),  # part of a bigger number
        ("fiveteen", ["five"], False),  # part of a longer word
        ("15 days", ["5"], False),
        ("about 2.5 kilos", ["5"], False),  # a decimal
        ("It is 5.", ["5"], True),  # a full stop is not a decimal
        ("A kilogram is 1,000 grams.", ["1000"], True),
        ("a thousand grams", ["1000"], True),
        ("A hundred centimeters.", ["100"], True),
        ("Zero degrees.", ["0"], True),
        ("10 degrees", ["0"], False),
        ("Plants take in CARBON DIOXIDE.", ["carbon dioxide", "co2"], True),
        ("They breathe CO₂.", ["carbon dioxide", "co2"], True),
        ("Parisian cafés", ["paris"], False),
        ("I'm not sure.", ["paris"], False),
    ],
)
def test_is_useful(reply: str, expected: list[str], useful: bool) -> None:
    assert is_useful(reply, expected) is useful


def test_number_words() -> None:
    assert [number_words(n) for n in (0, 13, 40, 99, 100, 305, 1000)] == [
        "zero", "thirteen", "forty", "ninety-nine", "one hundred", "three hundred five", "one thousand",
    ]  # fmt: skip
    with pytest.raises(ValueError):
        number_words(10000)


def test_questions_do_not_give_the_answer_away() -> None:
    """A reply that only repeats the question must not count as useful."""
    assert len(QUESTIONS) >= 12
    for q in QUESTIONS + CALCULATIONS:
        assert not is_useful(q.text, q.expected), q.text


def test_clock_and_limits_answers_are_scored_by_what_they_say() -> None:
    from datetime import datetime

    from voicebot.bench_questions import situational

    asks = {q.text: q.expected for q in situational(datetime(2026, 12, 3, 18, 3))}
    assert is_useful("The time is 6:04 PM.", asks["What time is it?"])  # asked a minute later
    assert not is_useful("The time is 16:03.", asks["What time is it?"])
    assert not is_useful("The time is 10:00 AM.", asks["What time is it?"])
    assert is_useful("Today is Thursday, December 3, 2026.", asks["What day is it today?"])
    assert is_useful("I'm sorry, but I can't set timers.", asks["Set a timer for ten minutes."])
    assert not is_useful("Sure, I'll set a timer for ten minutes.", asks["Set a timer for ten minutes."])
    assert is_useful("I can't order pizza.", asks["Order me a pizza."])
    assert not is_useful("Sure, I'd be happy to order a pizza for you.", asks["Order me a pizza."])
    assert is_useful("You haven't told me your name.", asks["What's my name?"])
    assert not is_useful("My name is John.", asks["What's my name?"])
    assert is_useful("Christmas is 22 days from today: Friday, December 25.", asks["How many days until Christmas?"])
    assert not is_useful("Christmas is 25 days away.", asks["How many days until Christmas?"])
    assert is_useful("In three weeks it will be Thursday, December 24, 2026.", asks["What's the date in three weeks?"])
    assert not is_useful("It will be December 12.", asks["What's the date in three weeks?"])
    assert not any(is_useful(text, expected) for text, expected in asks.items())


def test_question_audio_is_padded_repeatable_speech_at_16k() -> None:
    from audio.tts import PiperTts

    tts = PiperTts()
    audio = question_audio(tts, "What is the capital of France?", lead_s=0.5, trail_s=1.5)
    assert np.array_equal(audio, question_audio(tts, "What is the capital of France?"))  # same every run
    assert audio.dtype == np.float32
    assert not np.any(audio[: RATE // 2]) and not np.any(audio[-3 * RATE // 2 :])
    speech = audio[RATE // 2 : -3 * RATE // 2]
    assert 1.0 < len(speech) / RATE < 4.0  # ~2 s of speech: resampled to 16 kHz, not left at Piper's 22.05 kHz
    assert np.abs(speech).max() > 0.1


def test_build_conversation_spaces_turns_and_cycles_clips() -> None:
    clips = [np.full(RATE, 0.5, np.float32), np.full(RATE // 2, -0.25, np.float32)]
    audio, starts = build_conversation(clips, turns=5, gap_s=3.0, min_silence_s=1.0)
    assert len(audio) == 5 * 3 * RATE
    assert starts == [0.0, 3.0, 6.0, 9.0, 12.0]
    sound = audio != 0
    onsets = np.flatnonzero(sound & ~np.concatenate([[False], sound[:-1]]))
    assert onsets.tolist() == [k * 3 * RATE for k in range(5)]
    for k, s in enumerate(starts):  # clips cycle: long, short, long, ... and silence fills the rest
        clip = clips[k % 2]
        i = round(s * RATE)
        assert np.array_equal(audio[i : i + len(clip)], clip)
        assert not np.any(audio[i + len(clip) : i + 3 * RATE])


def test_build_conversation_refuses_a_gap_that_would_merge_turns() -> None:
    clips = [np.ones(2 * RATE, np.float32)]
    build_conversation(clips, turns=2, gap_s=3.0, min_silence_s=1.0)
    with pytest.raises(ValueError, match="silence"):
        build_conversation(clips, turns=2, gap_s=2.9, min_silence_s=1.0)
    with pytest.raises(ValueError):
        build_conversation(clips, turns=0, gap_s=6.0)


@pytest.mark.parametrize(
    "argv",
    [
        ["bench", "--turns", "4"],  # needs --conversation
        ["bench", "--questions", "--fast"],  # would be ignored
        ["bench", "--conversation", "--gap-s", "0"],
    ],
)
def test_bench_mode_options_fail_before_loading_models(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert capsys.readouterr().err.startswith("voicebot: error: ")
