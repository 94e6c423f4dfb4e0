"""TTS stage: a reply's first phrase is spoken first and fast (the CPU to itself, the first-phrase threads);
the rest shares the CPU with LLM decoding."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator, Iterator
from dataclasses import replace

import numpy as np
import pytest

from audio.tts import PiperTts, TtsOptions
from voicebot import frames as fr
from voicebot.pipeline import Pipeline, Stage
from voicebot.priority import CpuPriority
from voicebot.stages.tts import TtsStage

pytestmark = pytest.mark.slow


class RecordingPiper(PiperTts):
    """Real Piper, noting for each phrase whether it was a first phrase and whether an engine step could
    start while it was being made."""

    def __init__(self, prio: CpuPriority) -> None:
        self.prio = prio
        self.calls: list[tuple[str, bool, bool]] = []  # (phrase, first, a step ran during it)
        self.threads: list[threading.Thread] = []
        super().__init__(TtsOptions())  # its warm-up calls synthesize
        self.calls.clear()

    def synthesize(self, text: str, first: bool = False, rate: float = 1.0) -> Iterator[np.ndarray]:
        for chunk in super().synthesize(text, first, rate):
            stepped = threading.Event()

            def engine_step(done: threading.Event) -> None:  # the engine thread asking to step now
                with self.prio.step():
                    done.set()

            thread = threading.Thread(target=engine_step, args=(stepped,))
            thread.start()
            self.threads.append(thread)
            stepped.wait(0.2)  # a step may start within 200 ms unless the CPU is held
            self.calls.append((text, first, stepped.is_set()))
            yield chunk


class Collect(Stage):
    def __init__(self) -> None:
        super().__init__()
        self.got: list[fr.Frame] = []

    async def handle(self, frame: fr.Frame) -> None:
        self.got.append(frame)


async def _reply(words: str) -> AsyncIterator[fr.Frame]:
    for w in words.split():
        yield fr.LLMText(1, w + " ")
    yield fr.LLMDone(1, words)


def test_first_phrase_has_the_cpu_and_its_threads_later_phrases_share() -> None:
    prio = CpuPriority(max_wait_s=5.0)
    tts = RecordingPiper(prio)
    out = Collect()
    chunking = {"first_min_words": 2, "first_max_words": 4, "min_words": 6, "max_words": 24}
    text = "The air is pure, the capital of France is Paris and it is lovely in the spring."
    asyncio.run(Pipeline([TtsStage(tts, chunking, prio), out]).run(_reply(text)))
    for thread in tts.threads:
        thread.join(5.0)
    calls = tts.calls
    assert calls[0][1] is True and calls[0][2] is False  # first phrase: first threads, no step beside it
    assert len(calls) >= 2 and all(not first for _, first, _ in calls[1:])
    assert all(stepped for _, _, stepped in calls[1:])  # later phrases let decoding run
    audio = [f for f in out.got if isinstance(f, fr.TTSAudio)]
    assert audio and audio[0].phrase_index == 0 and audio[0].samples.size > 0
    # Seconds of Piper's dead air (below -60 dBFS, audio.io.trim_leading_silence's floor) before each phrase:
    # the reply starts with its first word (5 ms kept); later phrases keep their 20-55 ms gap. (Measured at
    # -40 dBFS the first phrase's lead also counts its onset's rise, which varies with Piper's noise.)
    lead = [int(np.flatnonzero(np.abs(a.samples) > 1e-3)[0]) / a.sample_rate for a in audio]
    assert lead[0] <= 0.0051 < 0.015 < max(lead[1:])


class CountingPiper(PiperTts):
    """Real Piper, noting every phrase it is asked to synthesize."""

    def __init__(self) -> None:
        self.phrases: list[str] = []
        super().__init__(TtsOptions())
        self.phrases.clear()

    def synthesize(self, text: str, first: bool = False, rate: float = 1.0) -> Iterator[np.ndarray]:
        self.phrases.append(text)
        yield from super().synthesize(text, first, rate)


CHUNKING = {"first_min_words": 2, "first_max_words": 4, "min_words": 6, "max_words": 24}


async def _held_then_released(
    tts: CountingPiper, held: list[tuple[int, str]], turn: int, reply: str, seen: list[bool]
) -> AsyncIterator[fr.Frame]:
    """The held reply's frames; then, once the TTS made something from them (or 5 s passed), the release."""
    for t, text in held:
        yield fr.HeldReply(t, text)
    for _ in range(100):
        if tts.phrases:
            break
        await asyncio.sleep(0.05)
    seen.append(bool(tts.phrases))
    for w in reply.split():
        yield fr.LLMText(turn, w + " ")
    yield fr.LLMDone(turn, reply)


@pytest.mark.parametrize(
    ("held", "reply", "first_made_twice"),
    [
        # the reply held back while the user might go on: its first phrase is made once, while held
        ([(1, "The air"), (1, "The air is pure,"), (1, "The air is pure, which")],
         "The air is pure, which means it is clean.", False),
        # the user went on and the released reply is another: the held phrase is not spoken
        ([(1, "The air is pure, which")], "Sunday is the best day of the week.", True),
    ],
)  # fmt: skip
def test_a_held_replys_first_phrase_is_made_while_held_and_used_only_if_it_is_the_one_released(
    held: list[tuple[int, str]], reply: str, first_made_twice: bool
) -> None:
    tts, out, seen = CountingPiper(), Collect(), []
    frames = _held_then_released(tts, held, 1, reply, seen)
    asyncio.run(Pipeline([TtsStage(tts, CHUNKING, CpuPriority()), out]).run(frames))
    assert seen == [True] and tts.phrases[0] == "The air is pure,"  # made from the held text alone
    spoken = [f.text for f in out.got if isinstance(f, fr.TTSAudio)]
    assert spoken[0] == ("The air is pure," if not first_made_twice else "Sunday is the best")
    assert tts.phrases.count(spoken[0]) == 1
    assert len(tts.phrases) == len(set(spoken)) + first_made_twice
    assert " ".join(dict.fromkeys(spoken)).split() == reply.split()


def test_a_held_reply_of_a_turn_already_spoken_is_ignored() -> None:
    """A late HeldReply (the reply was released meanwhile) must not make audio no one will play."""
    tts, out = CountingPiper(), Collect()

    async def frames() -> AsyncIterator[fr.Frame]:
        reply = "Hello there, nice to meet you."
        for w in reply.split():
            yield fr.LLMText(2, w + " ")
        yield fr.LLMDone(2, reply)
        yield fr.HeldReply(1, "Old words here, stale")

    asyncio.run(Pipeline([TtsStage(tts, CHUNKING, CpuPriority()), out]).run(frames()))
    assert tts.phrases[0] == "Hello there," and "Old words here," not in tts.phrases


def test_speak_slower_makes_the_next_reply_longer_and_a_phrase_held_at_the_old_pace_is_made_again() -> None:
    """After SpeakingRate(0.8) the same reply takes longer to say (real Piper: ~1.12-1.25x, silences do not
    stretch); a first phrase made
    while held at the old pace is not used."""
    reply = "The air is pure, which means it is clean."

    async def frames(rate: float | None, held: bool) -> AsyncIterator[fr.Frame]:
        if held:
            yield fr.HeldReply(1, reply)
            await asyncio.sleep(1.0)  # the held phrase is made meanwhile
        if rate is not None:
            yield fr.SpeakingRate(1, rate)
        for w in reply.split():
            yield fr.LLMText(1, w + " ")
        yield fr.LLMDone(1, reply)

    def seconds(rate: float | None, held: bool) -> tuple[float, list[str]]:
        tts, out = CountingPiper(), Collect()
        tts._syn = replace(tts._syn, noise_scale=0.0, noise_w_scale=0.0)  # Piper's noise varies durations
        asyncio.run(Pipeline([TtsStage(tts, CHUNKING, CpuPriority()), out]).run(frames(rate, held)))
        audio = [f for f in out.got if isinstance(f, fr.TTSAudio)]
        return sum(len(f.samples) for f in audio) / audio[0].sample_rate, tts.phrases

    normal, _ = seconds(None, held=False)
    slower, phrases = seconds(0.8, held=True)
    assert 1.08 < slower / normal < 1.4, (normal, slower)  # 1.0 exactly at one pace: Piper's noise is off
    assert phrases.count("The air is pure,") == 2  # made while held at 1.0, then again at 0.8


def test_a_reply_cut_in_its_loop_says_only_its_whole_sentences() -> None:
    """The LLM stage cuts a loop where it began, often mid-sentence: the words after the last full stop, still
    in the chunker, are not said ("... Then, use" was)."""
    stage, out = TtsStage(PiperTts(TtsOptions())), Collect()

    async def frames() -> AsyncIterator[fr.Frame]:
        for piece in ["First, apply a stain remover. ", "Then, use a stain remover kit"]:
            yield fr.LLMText(1, piece)
        yield fr.LLMDone(1, "First, apply a stain remover.", finish_reason="repetition")

    asyncio.run(Pipeline([stage, out]).run(frames()))
    (done,) = [f for f in out.got if isinstance(f, fr.TTSDone)]
    assert done.spoken_text == ["First, apply a stain remover."]
