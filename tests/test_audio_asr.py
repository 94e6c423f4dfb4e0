"""audio.asr: accuracy of the fast path on real recordings, its guards, and LocalAgreement."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from audio.asr import AsrOptions, LocalAgreement, WhisperAsr, looks_looped, starts_over
from audio.io import load_audio
from audio.wer import normalize as words
from audio.wer import wer

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def asr() -> WhisperAsr:
    return WhisperAsr(AsrOptions())


def test_harvard_wer(asr: WhisperAsr, testdata: Path, manifest: dict) -> None:
    """Measured: 8.1% (7 errors in 86 words, same text as stock transcribe), 0 fallbacks."""
    clips = [c for c in manifest["asr_clips"] if c["file"].startswith("spk")]
    assert len(clips) == 12
    hyps = [asr.transcribe(load_audio(testdata / c["file"])) for c in clips]
    assert wer([c["transcript"] for c in clips], hyps) <= 0.12, hyps


def test_jfk_flac(asr: WhisperAsr, testdata: Path, manifest: dict) -> None:
    (clip,) = [c for c in manifest["asr_clips"] if c["file"] == "jfk.flac"]
    hyp = asr.transcribe(load_audio(testdata / "jfk.flac"))
    assert wer([clip["transcript"]], [hyp]) <= 0.10, hyp


def test_fast_path_matches_stock(asr: WhisperAsr, testdata: Path, manifest: dict) -> None:
    clip = manifest["asr_clips"][-1]  # LJ Speech, 7.7 s: tiny.en loops on it without padding
    x = load_audio(testdata / clip["file"])
    before = asr.fallbacks
    fast = asr.transcribe(x)
    assert not looks_looped(fast) and asr.fallbacks == before
    assert wer([asr.transcribe_stock(x)], [fast]) <= 0.15, fast


def test_features_are_faster_whispers(asr: WhisperAsr, testdata: Path) -> None:
    """The fast log-mel (silence as one repeated column) is faster-whisper's own, for speech of any length
    in the window, including a window the speech fills."""
    jfk = load_audio(testdata / "jfk.flac")
    fe = asr.model.feature_extractor
    for x, n in ((jfk[:16000], 160_000), (jfk[: 3 * 16000 + 77], 160_000), (jfk[:159_900], 160_000), (jfk, 192_000)):
        ref = fe(np.pad(x, (0, n - len(x))), padding=160)[:, : n // 160]
        got = asr._features(x, n)
        assert got.shape == ref.shape and got.dtype == np.float32
        np.testing.assert_allclose(got, ref, atol=1e-5)
    quiet = jfk[:16000] * 1e-3  # a quiet voice: its floor is log10's clip, not max - 8
    ref = fe(np.pad(quiet, (0, 160_000 - 16000)), padding=160)[:, :1000]
    np.testing.assert_allclose(asr._features(quiet, 160_000), ref, atol=1e-5)


def test_silence_and_long_audio(asr: WhisperAsr, testdata: Path) -> None:
    assert asr.transcribe(np.zeros(16000, np.float32)) == ""
    assert asr.transcribe(np.zeros(100, np.float32)) == ""
    jfk = load_audio(testdata / "jfk.flac")
    long = np.concatenate([jfk, jfk, np.zeros(10 * 16000, np.float32)])  # 32 s: stock path, chunked
    assert words(asr.transcribe(long)).count("country") >= 3


def test_looks_looped() -> None:
    assert looks_looped("A thin stripe runs down the middle. A thin stripe runs down the middle.")
    assert looks_looped("5 5 5 5 5 5 5")
    assert looks_looped("in this regard, in this regard, in this regard, in")
    assert not looks_looped("no no no")
    assert not looks_looped("ask not what your country can do for you, ask what you can do for your country")


def test_local_agreement() -> None:
    la = LocalAgreement()
    assert la.update("The child") == ("", "The child")
    assert la.update("The child almost") == ("The child", "almost")
    # punctuation and case do not block agreement; the committed prefix is never retracted
    assert la.update("the child, almost heard") == ("The child almost", "heard")
    assert la.update("The chart almost hurt the") == ("The child almost", "hurt the")
    assert la.update("The child almost hurt the small dog.") == ("The child almost hurt the", "small dog.")
    assert la.committed == "The child almost hurt the"
    la.reset()
    assert la.update("Drop the two") == ("", "Drop the two")


def test_local_agreement_on_growing_audio(asr: WhisperAsr, testdata: Path, manifest: dict) -> None:
    """Partial transcripts of a growing turn converge to the final transcript."""
    clip = manifest["asr_clips"][0]
    x = load_audio(testdata / clip["file"])
    la = LocalAgreement()
    committed = ""
    for end in range(8000, len(x) + 8000, 8000):
        committed, tentative = la.update(asr.transcribe(x[:end]))
    committed, tentative = la.update(asr.transcribe(x))
    assert wer([clip["transcript"]], [f"{committed} {tentative}"]) == 0.0
    assert len(words(committed)) >= 4


def test_starts_over() -> None:
    """Given previous text, Whisper sometimes writes a short turn twice; a phrase said again inside a turn is
    not that."""
    assert starts_over("Where's that one? Where's that one?")
    assert starts_over("So why are sunsets aren't. So why are sunsets aren.")
    assert not starts_over("Can you, can you tell me the time?")
    assert not starts_over("I think, I think so.")
    assert not starts_over("No, no.")
    assert not starts_over("The child almost hurt the small dog.")


@pytest.fixture(scope="module")
def piper():  # type: ignore[no-untyped-def]
    from audio.tts import PiperTts

    return PiperTts()


PERTH = "And is Perth on the same time zone as Sydney?"
SAID_BEFORE = "What's the capital of Australia? Okay, how long is the flight from Sydney to Perth, roughly?"


def test_context_hears_a_name_said_before(asr: WhisperAsr, piper) -> None:  # type: ignore[no-untyped-def]
    """The user's earlier words as Whisper's previous text: a place they named is heard as that place (tiny.en
    alone writes "and is perfect on the same time zone"), and an empty context is the plain pass."""
    from voicebot.bench_questions import question_audio

    x = question_audio(piper, PERTH, lead_s=0.3, trail_s=0.6)
    assert "perth" in words(asr.transcribe(x, SAID_BEFORE))
    assert asr.transcribe(x, "") == asr.transcribe(x)
    assert len(asr._previous("word " * 500)) == AsrOptions().context_tokens  # only the last tokens


def test_context_tokens_zero_turns_it_off(asr: WhisperAsr, piper) -> None:  # type: ignore[no-untyped-def]
    from voicebot.bench_questions import question_audio

    x = question_audio(piper, PERTH, lead_s=0.3, trail_s=0.6)
    assert WhisperAsr(AsrOptions(context_tokens=0)).transcribe(x, SAID_BEFORE) == asr.transcribe(x)
    with pytest.raises(ValueError, match="context_tokens"):
        AsrOptions(context_tokens=300)


def test_context_makes_up_no_words_for_a_noise(asr: WhisperAsr) -> None:
    """Given previous text, tiny.en wrote "Oh." for these coughs and "Okay." for a hiss (the context's own
    word); without it, nothing. A pass Whisper doubts was speech is done again without the context."""
    from audio.bench_noise import noise
    from voicebot.bench_turns import cough

    rng = np.random.default_rng(7)
    pad = np.zeros(3200, np.float32)
    coughs = [np.concatenate([pad, np.roll(cough(), k * 100) * (0.5 + 0.25 * k), pad]) for k in (2, 3, 4)]
    hiss = noise("white", 16000, rng) * 10 ** (-25 / 20)
    for x, said in [*((c, "Tell me a joke. Ha. Tell me another one.") for c in coughs), (hiss, "Okay.")]:
        assert asr.transcribe(x.astype(np.float32), said) == ""


class CountingAsr:
    """The real model, noting the length and context of each call."""

    def __init__(self, asr: WhisperAsr) -> None:
        self.asr, self.calls, self.contexts = asr, [], []

    def transcribe(self, x: np.ndarray, context: str = "") -> str:
        self.calls.append(len(x))
        self.contexts.append(context)
        return self.asr.transcribe(x, context)


async def _segment_texts(asr: object, frames: list) -> list:
    """The SegmentText frames an ASR stage (partials every 600 ms) makes of `frames`."""
    from voicebot import frames as fr
    from voicebot.pipeline import Pipeline, Stage
    from voicebot.stages.asr import AsrStage

    class Collect(Stage):
        def __init__(self) -> None:
            super().__init__()
            self.got: list[fr.SegmentText] = []

        async def handle(self, frame: fr.Frame) -> None:
            if isinstance(frame, fr.SegmentText):
                self.got.append(frame)

    async def source():  # type: ignore[no-untyped-def]
        for f in frames:
            yield f

    out = Collect()
    await Pipeline([AsrStage(asr, partial_interval_ms=600), out]).run(source())  # type: ignore[arg-type]
    return out.got


async def test_a_pause_reuses_the_partial_pass_that_already_holds_all_the_speech(
    asr: WhisperAsr, testdata: Path, manifest: dict
) -> None:
    """The user stops while a partial of all their audio is being transcribed: that pass is the pause's
    (and the final) transcript; a second pass over the same speech would only delay the end of the turn."""
    from voicebot import frames as fr

    clip = manifest["asr_clips"][0]
    x, end = load_audio(testdata / clip["file"]), clip["speech_end_s"]
    spy = CountingAsr(asr)
    got = await _segment_texts(spy, [
        fr.SpeechStarted(1, 0.0),
        fr.UserAudio(1, x, 0.0),  # a partial of all of it starts here
        fr.SpeechPaused(1, end),
        fr.SpeechEnded(1, end, end + 1.0),
    ])  # fmt: skip
    assert [f.kind for f in got] == ["pause", "final"]
    assert wer([clip["transcript"]] * 2, [f.text for f in got]) <= 0.15
    assert len(spy.calls) == 1


async def test_the_pass_at_a_word_gap_becomes_the_pause_pass(asr: WhisperAsr, testdata: Path, manifest: dict) -> None:
    """The voice stops (`quiet_s`): a pass starts on the audio so far; when that silence turns into a pause,
    that pass is the pause's and the final one. One pass in all, and no partial beside it."""
    from voicebot import frames as fr

    clip = manifest["asr_clips"][1]
    x, end = load_audio(testdata / clip["file"]), clip["speech_end_s"]
    spy = CountingAsr(asr)
    got = await _segment_texts(spy, [
        fr.SpeechStarted(1, 0.0),
        fr.UserAudio(1, x[: int(end * 16000) + 480], 0.0, quiet_s=end),  # the voice stopped at `end`
        fr.SpeechPaused(1, end),  # ...and the silence went on
        fr.SpeechEnded(1, end, end + 1.0),
    ])  # fmt: skip
    assert [f.kind for f in got] == ["pause", "final"]
    assert wer([clip["transcript"]] * 2, [f.text for f in got]) <= 0.15
    assert len(spy.calls) == 1


@pytest.mark.parametrize("workers", [1, 2])
async def test_the_pause_pass_runs_beside_a_partial_still_running(
    asr: WhisperAsr, testdata: Path, manifest: dict, workers: int
) -> None:
    """A partial began just before the user stopped (here made slow on purpose): with two workers the pass
    the turn's end waits for does not queue behind it; with one it does (the old behaviour)."""
    import asyncio
    import threading
    import time

    from voicebot import frames as fr
    from voicebot.pipeline import Pipeline, Stage
    from voicebot.stages.asr import AsrStage

    log: list[str] = []
    lock = threading.Lock()

    class SlowFirst:  # the real model; its first call (the partial) takes 1.5 s longer
        n = 0

        def transcribe(self, x: np.ndarray, context: str = "") -> str:
            with lock:
                SlowFirst.n += 1
                first = SlowFirst.n == 1
            if first:
                time.sleep(1.5)
            text = asr.transcribe(x, context)
            if first:
                log.append("partial done")
            return text

    class Collect(Stage):
        async def handle(self, frame: fr.Frame) -> None:
            if isinstance(frame, fr.SegmentText):
                log.append(frame.kind)

    clip = manifest["asr_clips"][0]
    x, end = load_audio(testdata / clip["file"]), clip["speech_end_s"]
    cut = int((end - 0.6) * 16000)

    async def source():  # type: ignore[no-untyped-def]
        yield fr.SpeechStarted(1, 0.0)
        yield fr.UserAudio(1, x[:cut], 0.0)  # a partial of this starts now
        yield fr.UserAudio(1, x[cut : int(end * 16000)], cut / 16000)  # the last words
        yield fr.SpeechPaused(1, end)
        yield fr.SpeechEnded(1, end, end + 1.0)

    stage = AsrStage(SlowFirst(), partial_interval_ms=600, workers=workers)  # type: ignore[arg-type]
    await Pipeline([stage, Collect()]).run(source())
    for _ in range(100):  # the slow partial's thread outlives the pipeline when the pause did not wait for it
        if "partial done" in log:
            break
        await asyncio.sleep(0.05)
    assert "pause" in log and "partial done" in log
    if workers == 2:
        assert log.index("pause") < log.index("partial done"), log
    else:
        assert log.index("pause") > log.index("partial done"), log


async def test_each_segment_hears_the_ones_before_it(asr: WhisperAsr, testdata: Path, manifest: dict) -> None:
    """The session's earlier final transcripts are the context of every later pass (and of none before)."""
    from voicebot import frames as fr

    clips = manifest["asr_clips"][:2]
    spy = CountingAsr(asr)
    frames: list = []
    t = 0.0
    for turn_id, clip in enumerate(clips, 1):
        x, end = load_audio(testdata / clip["file"]), clip["speech_end_s"]
        frames += [
            fr.SpeechStarted(turn_id, t),
            fr.UserAudio(turn_id, x[: int(end * 16000)], t),
            fr.SpeechEnded(turn_id, t + end, t + end + 1.0),
        ]
        t += end + 2.0
    got = [f for f in await _segment_texts(spy, frames) if f.kind == "final"]
    assert len(got) == 2 and spy.contexts[0] == ""
    assert spy.contexts[-1] == got[0].text != ""
    assert wer([c["transcript"] for c in clips], [f.text for f in got]) <= 0.15
