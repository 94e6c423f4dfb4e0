"""The fast parts of `voicebot bench --questions/--conversation`: scoring replies, building the recording."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from voicebot.bench_conversation import RATE, build_conversation
from voicebot.bench_questions import CALCULATIONS, QUESTIONS, is_useful, number_words, question_audio
from voicebot.cli import main
from voicebot.errors import VoicebotError


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
        ("Light travels about 300,000 kilometers per second.", ["300,000"], True),  # commas either side
        ("It is 300 kilometers.", ["300,000"], False),
        ("Caterpillars turn into butterflies or moths.", ["butterfly"], True),  # a plural of the expected word
        ("Whales are mammals.", ["mammal"], True),
        ("Tip 9 dollars.", ["$9"], True),
        ("Fish.", ["fishing"], False),
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
        ["bench", "--limit", "-1"],  # quietly dropped the last recording
    ],
)
def test_bench_mode_options_fail_before_loading_models(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert capsys.readouterr().err.startswith("voicebot: error: ")


# ------------------------------------------------ bad recordings: one clear error before any model loads

ENTRIES = {  # mode -> (module, entry): each reads its manifest and recordings before load_models
    "recordings": ("voicebot.bench", "run_bench"),
    "turn-taking": ("voicebot.bench_turns", "run_turns_bench"),
    "conversation": ("voicebot.bench_conversation", "run_conversation_bench"),
}
CLIP = {"file": "spk1_snt1.wav", "transcript": "The child almost hurt the small dog.", "speech_end_s": 1.0}


class ModelsLoaded(Exception):
    """Raised by the stand-in load_models: the bench got past its input checks."""


@pytest.fixture
def no_models(monkeypatch: pytest.MonkeyPatch) -> None:
    """load_models fails loudly in every bench module, so a check that came after it would show."""
    import importlib

    async def refuse(cfg: object) -> None:
        raise ModelsLoaded

    for module, _ in ENTRIES.values():
        monkeypatch.setattr(importlib.import_module(module), "load_models", refuse)


def _run_entry(mode: str, manifest: Path | None) -> None:
    import asyncio
    import importlib

    from voicebot.config import load_config

    module, name = ENTRIES[mode]
    asyncio.run(getattr(importlib.import_module(module), name)(load_config(), manifest, None))


def _manifest(tmp_path: Path, body: object) -> Path:
    path = tmp_path / "manifest.json"
    path.write_text(body if isinstance(body, str) else json.dumps(body))
    return path


@pytest.mark.parametrize("mode", ENTRIES)
@pytest.mark.parametrize(
    ("case", "named"),
    [
        ("no manifest", "manifest.json: recordings manifest not found; check the --manifest path"),
        ("not JSON", "manifest.json: not a JSON recordings manifest"),
        ("no asr_clips", 'manifest.json: no "asr_clips" list'),
        ("entry without file", "manifest.json: asr_clips[0] needs file"),
        ("missing recording", "spk1_snt1.wav: file not found (listed in "),
        ("not audio", "spk1_snt1.wav: not a readable audio file"),
        ("empty recording", "spk1_snt1.wav: file is empty"),
    ],
)
def test_bench_names_a_bad_manifest_or_recording_before_loading_models(
    mode: str, case: str, named: str, tmp_path: Path, no_models: None
) -> None:
    manifest = tmp_path / "manifest.json"
    if case == "not JSON":
        _manifest(tmp_path, "{not json")
    elif case == "no asr_clips":
        _manifest(tmp_path, {"vad_clips": []})
    elif case == "entry without file":
        _manifest(tmp_path, {"asr_clips": [{"transcript": "Hi.", "speech_end_s": 1.0}]})
    elif case != "no manifest":
        _manifest(tmp_path, {"asr_clips": [CLIP]})
    if case == "not audio":
        (tmp_path / CLIP["file"]).write_text("this is not audio\n")
    elif case == "empty recording":
        (tmp_path / CLIP["file"]).touch()
    with pytest.raises(VoicebotError) as err:
        _run_entry(mode, manifest)
    assert named in str(err.value)
    assert str(tmp_path) in str(err.value)  # the full path, so the user knows which file to fix


@pytest.mark.parametrize("mode", ENTRIES)
def test_bench_with_good_recordings_gets_to_loading_models(mode: str, tmp_path: Path, no_models: None) -> None:
    """The checks pass good input: the stand-in load_models is reached."""
    import soundfile as sf

    sf.write(tmp_path / CLIP["file"], np.zeros(RATE, np.float32), RATE)
    with pytest.raises(ModelsLoaded):
        _run_entry(mode, _manifest(tmp_path, {"asr_clips": [CLIP]}))


@pytest.mark.parametrize("flag", [[], ["--turn-taking"], ["--conversation"]])
def test_bench_cli_says_one_line_and_exits_2_for_a_missing_manifest(
    flag: list[str], tmp_path: Path, no_models: None, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "nowhere" / "manifest.json"
    assert main(["bench", *flag, "--manifest", str(missing)]) == 2
    err = capsys.readouterr().err
    assert err == f"voicebot: error: {missing}: recordings manifest not found; check the --manifest path\n"


def test_bench_without_shared_testdata_says_where_the_recordings_go(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, no_models: None
) -> None:
    """What a new user without ../shared/testdata sees: the default manifest named, and what to do."""
    import voicebot.bench

    monkeypatch.setattr(voicebot.bench, "DEFAULT_MANIFEST", tmp_path / "shared" / "testdata" / "manifest.json")
    for mode in ENTRIES:
        with pytest.raises(VoicebotError, match=r"testdata/manifest\.json: recordings manifest not found; put the"):
            _run_entry(mode, None)


def test_the_soaks_recordings_are_checked_the_same_way(tmp_path: Path) -> None:
    """`voicebot soak` read a missing or non-audio recording into a traceback."""
    from voicebot.soak import load_clips

    manifest = _manifest(tmp_path, {"asr_clips": [CLIP]})
    with pytest.raises(VoicebotError, match=r"spk1_snt1\.wav: file not found \(listed in .*manifest\.json\)"):
        load_clips(manifest)
    (tmp_path / CLIP["file"]).write_text("this is not audio\n")
    with pytest.raises(VoicebotError, match=r"spk1_snt1\.wav: not a readable audio file"):
        load_clips(manifest)
