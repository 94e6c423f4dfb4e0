"""The turn-taking stage on scripted frames: when turns end, how resumed turns merge, what interrupts.

No models: the ASR's frames are scripted, the end-of-turn scorer is a table, and the input clock is
advanced by the script, so every decision is checked at exact input times.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from voicebot import frames as fr
from voicebot.clock import InputClock
from voicebot.notes import TurnNotes
from voicebot.pipeline import Pipeline, Stage
from voicebot.stages.turns import TurnTakingStage
from voicebot.turn_policy import TurnOptions

OPTS = TurnOptions(complete_ms=150, unsure_ms=1000, unfinished_ms=2500, continuation_ms=1500, barge_in_ms=150)


class Collect(Stage):
    """Records data frames and control frames with the input time they arrived at."""

    def __init__(self) -> None:
        super().__init__()
        self.got: list[tuple[float, fr.Frame]] = []

    async def handle(self, frame: fr.Frame) -> None:
        self.got.append((self.clock.now_s, frame))

    def control(self, frame: fr.Control) -> None:
        self.got.append((self.clock.now_s, frame))

    def of(self, kind: type) -> list:
        return [f for _, f in self.got if isinstance(f, kind)]


def scorer(table: dict[str, float | None]):
    """Scores by text with trailing punctuation ignored, as the engine does."""

    async def score(turn_id: int, text: str) -> float | None:
        await asyncio.sleep(0.01)
        return table[text.rstrip(".?!,… ")]

    return score


async def play(turns: TurnTakingStage, script: list, until_s: float) -> Collect:
    """Run the stage over a script of frames and clock times (floats: advance the clock to that time)."""
    out = Collect()
    clock = InputClock(realtime=True)
    pipe = Pipeline([turns, out], clock=clock)

    async def source() -> AsyncIterator[fr.Frame]:
        for item in script:
            if isinstance(item, float):
                await _tick(clock, item)
            else:
                yield item
                await asyncio.sleep(0.03)  # let the stage handle it (and its scorer answer)
        await _tick(clock, until_s)
        clock.end()

    await pipe.run(source())
    return out


async def _tick(clock: InputClock, to_s: float) -> None:
    t = clock.now_s
    while t < to_s:
        t = min(to_s, t + 0.03)
        await clock.advance(t)
        await asyncio.sleep(0)


def segment(turn: int, start: float, end: float, text: str) -> list:
    return [
        start, fr.SpeechStarted(turn, start), end, fr.SpeechEnded(turn, end, end + 0.15),
        fr.SegmentText(turn, text, "final"),
    ]  # fmt: skip


async def test_complete_sentence_ends_after_the_short_wait() -> None:
    t = TurnTakingStage(OPTS, scorer({"What is the capital of France": 0.6}))
    out = await play(t, segment(1, 0.0, 1.0, "What is the capital of France?"), until_s=3.0)
    (end,) = out.of(fr.TurnEnded)
    assert (end.turn_id, end.speech_end_s, end.verdict) == (1, 1.0, "complete")
    assert 1.15 <= end.endpoint_s < 1.35
    assert [f.text for f in out.of(fr.Transcript) if f.final] == ["What is the capital of France?"]
    assert [f.text for f in out.of(fr.EarlyTranscript)] == ["What is the capital of France?"]  # preemptive


async def test_hesitation_in_an_unfinished_sentence_is_one_turn() -> None:
    """A 1.4 s pause inside one VAD segment: the verdict at the pause is "unfinished", the user goes on."""
    table = {"I need to find a": 0.0001, "I need to find a new flat near the station": 0.3}
    script = [
        0.0, fr.SpeechStarted(7, 0.0), 1.0, fr.SpeechPaused(7, 1.0), fr.SegmentText(7, "I need to find a...", "pause"),
        2.4, fr.SpeechResumed(7, 2.4), 3.5, fr.SpeechPaused(7, 3.5),
        fr.SegmentText(7, "I need to find a new flat near the station.", "pause"),
    ]  # fmt: skip
    out = await play(TurnTakingStage(OPTS, scorer(table)), script, until_s=5.0)
    (end,) = out.of(fr.TurnEnded)
    assert (end.turn_id, end.speech_start_s, end.speech_end_s, end.verdict) == (1, 0.0, 3.5, "complete")
    assert 3.65 <= end.endpoint_s < 3.85
    assert [f.text for f in out.of(fr.Transcript) if f.final] == ["I need to find a new flat near the station."]
    assert not out.of(fr.Interrupt)
    early = [f.text for f in out.of(fr.EarlyTranscript)]
    assert [t for t in early if t] == ["I need to find a new flat near the station."]  # none for half a thought


async def test_a_partial_after_a_resumed_pause_holds_the_segments_words_once() -> None:
    """The ASR's partial covers its whole segment: the text of an earlier pause in it is replaced, not
    repeated (the LLM warms its cache with the committed words, so a repeat also wasted that prefill)."""
    table = {"I need to": 0.0001}
    script = [
        0.0, fr.SpeechStarted(7, 0.0), 0.6, fr.SpeechPaused(7, 0.6), fr.SegmentText(7, "I need to.", "pause"),
        0.8, fr.SpeechResumed(7, 0.8), 1.4,
        fr.SegmentText(7, "I need to find a new", "partial", "I need to find"),
    ]  # fmt: skip
    out = await play(TurnTakingStage(OPTS, scorer(table)), script, until_s=1.6)
    partial = [f for f in out.of(fr.Transcript) if not f.final][-1]
    assert (partial.text, partial.committed) == ("I need to find a new", "I need to find")


async def test_hesitation_across_segments_joins_their_texts() -> None:
    table = {"I need to find a": 0.0001, "I need to find a new flat near the station": 0.3}
    script = [*segment(1, 0.0, 1.0, "I need to find a..."), *segment(2, 2.4, 3.5, "New flat near the station.")]
    out = await play(TurnTakingStage(OPTS, scorer(table)), script, until_s=5.0)
    (end,) = out.of(fr.TurnEnded)
    assert (end.speech_start_s, end.speech_end_s) == (0.0, 3.5)
    assert [f.text for f in out.of(fr.Transcript) if f.final] == ["I need to find a new flat near the station."]


async def test_resumed_turn_withdraws_the_unheard_reply_and_is_answered_once() -> None:
    table = {"Tell me about": 0.2, "Tell me about the weather in Paris": 0.4}  # the first piece misjudged
    script = [*segment(1, 0.0, 1.0, "Tell me about."), *segment(2, 1.8, 3.0, "The weather in Paris.")]
    out = await play(TurnTakingStage(OPTS, scorer(table)), script, until_s=4.5)
    ends = out.of(fr.TurnEnded)
    assert [e.turn_id for e in ends] == [1, 2]
    assert out.of(fr.Interrupt) == [fr.Interrupt(1, merged=True)]
    assert [f.text for f in out.of(fr.Transcript) if f.final][-1] == "Tell me about the weather in Paris."
    assert ends[1].speech_start_s == 0.0


async def test_backchannel_pauses_then_resumes_the_reply() -> None:
    t = TurnTakingStage(OPTS, scorer({"What time is it": 0.5}))
    script = [
        *segment(1, 0.0, 1.0, "What time is it?"), 2.0, fr.ReplyStarted(1),
        *segment(2, 2.5, 2.9, "Uh-huh."),
    ]  # fmt: skip
    out = await play(t, script, until_s=4.0)
    assert out.of(fr.PauseReply) == [fr.PauseReply(1)]
    assert out.of(fr.ResumeReply) == [fr.ResumeReply(1)]
    assert not out.of(fr.Interrupt)
    assert [e.turn_id for e in out.of(fr.TurnEnded)] == [1]  # "uh-huh" is not a turn
    paused_at = next(t for t, f in out.got if isinstance(f, fr.PauseReply))
    assert paused_at < 2.5 + 0.3  # a real interruption would have stopped it in time too


async def test_real_interruption_cuts_the_reply_and_becomes_the_next_turn() -> None:
    table = {"What time is it": 0.5, "Wait, what about Tokyo": 0.5}
    script = [
        *segment(1, 0.0, 1.0, "What time is it?"), 2.0, fr.ReplyStarted(1),
        *segment(2, 2.5, 3.2, "Wait, what about Tokyo?"),
    ]  # fmt: skip
    out = await play(TurnTakingStage(OPTS, scorer(table)), script, until_s=4.5)
    assert out.of(fr.Interrupt) == [fr.Interrupt(1)]
    assert [e.turn_id for e in out.of(fr.TurnEnded)] == [1, 2]
    assert [f.text for f in out.of(fr.Transcript) if f.final][-1] == "Wait, what about Tokyo?"


async def test_short_noise_over_the_reply_never_pauses_it() -> None:
    t = TurnTakingStage(OPTS, scorer({"Hi": 0.5}))
    script = [*segment(1, 0.0, 0.5, "Hi."), 1.5, fr.ReplyStarted(1), *segment(2, 2.0, 2.09, "")]
    out = await play(t, script, until_s=3.0)
    assert not out.of(fr.PauseReply) and not out.of(fr.Interrupt)


async def test_without_a_score_the_turn_ends_on_silence_and_warns_once(capsys: pytest.CaptureFixture[str]) -> None:
    t = TurnTakingStage(OPTS, scorer({"Hello": None, "Bye": None}))
    script = [*segment(1, 0.0, 0.5, "Hello."), 2.0, fr.ReplyFinished(1, "Hi!"), *segment(2, 3.0, 3.5, "Bye.")]
    out = await play(t, script, until_s=5.0)
    ends = out.of(fr.TurnEnded)
    assert [e.verdict for e in ends] == ["silence-only", "silence-only"]
    assert ends[0].endpoint_s == pytest.approx(0.5 + OPTS.silence_only_ms / 1000, abs=0.06)
    assert capsys.readouterr().err.count("warning") == 1


async def test_an_acknowledgement_after_the_bots_question_ends_the_turn_at_once() -> None:
    """The reply the user heard to its end asked them something: "Okay." answers it and ends the turn after
    the short wait, though the model doubts it; after a reply that asked nothing it gets the unsure wait."""
    table = {"Tell me a joke": 0.5, "Okay": 0.01}
    for heard, verdict, wait_ms in (("Here is one. Want another?", "complete", OPTS.complete_ms),
                                    ("Here is one.", "unsure", OPTS.unsure_ms)):  # fmt: skip
        script = [
            *segment(1, 0.0, 1.0, "Tell me a joke."), 1.4, fr.ReplyStarted(1), 2.5, fr.ReplyFinished(1, heard),
            *segment(2, 3.0, 3.4, "Okay."),
        ]  # fmt: skip
        out = await play(TurnTakingStage(OPTS, scorer(table)), script, until_s=5.5)
        end = out.of(fr.TurnEnded)[-1]
        assert (end.turn_id, end.verdict) == (2, verdict), heard
        assert end.endpoint_s == pytest.approx(3.4 + wait_ms / 1000, abs=0.1), heard


async def test_a_question_the_notes_have_the_fact_for_ends_the_turn_at_once() -> None:
    """The model doubts "What is the largest planet?" (0.010: it expects "... in our solar system"); the notes
    know the fact (notes.TurnNotes.known), so the turn ends after the short wait, not the unsure one."""
    table = {"What is the largest planet": 0.01}
    notes = TurnNotes(None)
    for knows, verdict, wait_ms in ((notes.known, "complete", OPTS.complete_ms), (None, "unsure", OPTS.unsure_ms)):
        t = TurnTakingStage(OPTS, scorer(table), knows=knows)
        out = await play(t, segment(1, 0.0, 1.0, "What is the largest planet?"), until_s=3.5)
        (end,) = out.of(fr.TurnEnded)
        assert end.verdict == verdict and end.endpoint_s == pytest.approx(1.0 + wait_ms / 1000, abs=0.1)


class Replier(Collect):
    """Collects, and answers every released turn: its reply is heard after `delay_s` of wall time and
    over `length_s` later (upstream frames, as the sink sends them)."""

    def __init__(self, delay_s: float, length_s: float) -> None:
        super().__init__()
        self.delay_s, self.length_s = delay_s, length_s
        self.tasks: list[asyncio.Task[None]] = []

    async def handle(self, frame: fr.Frame) -> None:
        await super().handle(frame)
        if isinstance(frame, fr.Transcript) and frame.final:
            self.tasks.append(asyncio.create_task(self._reply(frame.turn_id)))

    async def _reply(self, turn_id: int) -> None:
        await asyncio.sleep(self.delay_s)
        await self.emit(fr.ReplyStarted(turn_id))
        await asyncio.sleep(self.length_s)
        await self.emit(fr.ReplyFinished(turn_id, "Sure."))


async def play_fast(turns: TurnTakingStage, script: list, until_s: float, out: Replier) -> Replier:
    """A --fast replay of a script: the input clock moves only with Tick frames, in order with the rest,
    and the stage may hold it back (as the VAD does, the source waits while it is held; a script longer
    than the stage's inbox cannot all be queued before the stage holds it)."""
    clock = InputClock(realtime=False)
    pipe = Pipeline([turns, out], clock=clock)

    async def source() -> AsyncIterator[fr.Frame]:
        t = 0.0
        for item in [*script, until_s]:
            while isinstance(item, float) and t < item:
                await clock.released()
                t = min(item, t + 0.02)
                yield fr.Tick(t)
            if not isinstance(item, float):
                yield item
        yield fr.Tick(float("inf"))

    await pipe.run(source())
    await asyncio.gather(*out.tasks)
    return out


async def test_fast_replay_waits_for_the_reply_before_the_next_turn() -> None:
    """Live, speech 0.8 s after a reply was due would talk over it; a replay lets the reply finish first,
    so the next sentence is a turn of its own and nothing is cut."""
    table = {"What time is it": 0.5, "And in Tokyo": 0.5}
    script = [*segment(1, 0.0, 1.0, "What time is it?"), *segment(2, 2.0, 3.0, "And in Tokyo?")]
    out = await play_fast(TurnTakingStage(OPTS, scorer(table)), script, 9.0, Replier(0.05, 0.3))
    assert [e.turn_id for e in out.of(fr.TurnEnded)] == [1, 2]
    assert [f.text for f in out.of(fr.Transcript) if f.final] == ["What time is it?", "And in Tokyo?"]
    assert not out.of(fr.Interrupt) and not out.of(fr.PauseReply)
    # the second segment's start was looked at only once the first reply was over
    states = [f.state for f in out.of(fr.TurnState)]
    assert states[states.index("bot_speaking") + 1] == "listening"


async def test_fast_replay_joins_speech_that_resumes_before_the_reply_would_be_heard() -> None:
    """The reply comes back at once in wall time, but live it would not have been heard 0.4 s after the
    speech end: the user's going on withdraws it, and the whole sentence is one turn."""
    table = {"Tell me about": 0.2, "Tell me about the weather in Paris": 0.4}
    script = [*segment(1, 0.0, 1.0, "Tell me about."), *segment(2, 1.4, 2.5, "The weather in Paris.")]
    out = await play_fast(TurnTakingStage(OPTS, scorer(table)), script, 4.0, Replier(0.0, 0.1))
    assert out.of(fr.Interrupt) == [fr.Interrupt(1, merged=True)]
    assert [f.text for f in out.of(fr.Transcript) if f.final][-1] == "Tell me about the weather in Paris."


async def test_a_segment_is_closed_at_its_maximum_length(testdata) -> None:
    """Someone who never pauses: the VAD closes the segment at max_segment_ms, so buffers stay bounded."""
    from audio.io import load_audio
    from audio.vad import VadOptions
    from voicebot.stages.vad import VadStage

    x = load_audio(testdata / "jfk.flac", 16000)
    out = Collect()

    async def source() -> AsyncIterator[fr.Frame]:
        for i in range(0, len(x), 320):
            yield fr.AudioIn(x[i : i + 320], i / 16000)

    opts = VadOptions(pause_ms=90, end_silence_ms=5000)  # no pause in this speech ends a segment
    await Pipeline([VadStage(opts, max_segment_ms=2000), out], clock=InputClock(realtime=False)).run(source())
    starts = {f.turn_id: f.t_s for f in out.of(fr.SpeechStarted)}
    ends = out.of(fr.SpeechEnded)
    assert len(ends) >= 3
    assert all(e.t_s - starts[e.turn_id] <= 2.0 + 0.4 for e in ends)  # + pre-roll and one frame


async def test_speech_after_a_finished_reply_in_the_same_segment_is_a_new_turn_of_its_own_words() -> None:
    """The VAD segment stayed open across the reply; the ASR's text of it still starts with the words that
    were answered. The next turn holds only what was said after them."""
    table = {"Jump the fence and hurry up": 0.5, "the bank": 0.3}
    script = [
        0.0, fr.SpeechStarted(7, 0.0), 1.0, fr.SpeechPaused(7, 1.0),
        fr.SegmentText(7, "Jump the fence and hurry up.", "pause"), 1.3, fr.ReplyStarted(1),
        fr.ReplyFinished(1, "Sure."), 1.5, fr.SpeechResumed(7, 1.5), 2.0, fr.SpeechPaused(7, 2.0),
        fr.SegmentText(7, "Jump the fence and hurry up the bank.", "pause"),
    ]  # fmt: skip
    out = await play(TurnTakingStage(OPTS, scorer(table)), script, until_s=3.0)
    assert [f.text for f in out.of(fr.Transcript) if f.final] == ["Jump the fence and hurry up.", "the bank."]
    assert not out.of(fr.Interrupt)


async def test_a_wait_cut_short_by_the_end_of_the_input_ends_the_turn_there() -> None:
    """An unfinished thought at the end of a recording: the turn ends where the input did (the report
    must not claim a 2.5 s wait that never happened)."""
    out = await play(
        TurnTakingStage(OPTS, scorer({"I need to find a": 0.0001})), segment(1, 0.0, 1.0, "I need to find a"), 2.0
    )
    (end,) = out.of(fr.TurnEnded)
    assert end.verdict == "unfinished" and end.endpoint_s == pytest.approx(2.0, abs=0.05)


async def test_speech_under_way_when_the_reply_starts_continues_the_turn() -> None:
    """The reply had played for 0.1 s when the user went on: too soon to be a reaction to it, so it was not
    heard; the reply is withdrawn and the whole sentence answered once (a later start is a barge-in)."""
    table = {"Sunday is the best": 0.2, "Sunday is the best part of the week": 0.4}
    script = [
        *segment(1, 0.0, 1.0, "Sunday is the best."), 1.3, fr.ReplyStarted(1),
        *segment(2, 1.4, 2.2, "Part of the week."),
    ]  # fmt: skip
    out = await play(TurnTakingStage(OPTS, scorer(table)), script, until_s=3.5)
    assert out.of(fr.Interrupt) == [fr.Interrupt(1, merged=True)]
    assert [f.text for f in out.of(fr.Transcript) if f.final][-1] == "Sunday is the best part of the week."


async def test_the_continuation_window_counts_from_the_release_not_the_speech_end() -> None:
    """A 1.6 s hesitation after an "unsure" verdict (1 s here): the user goes on 0.6 s after the turn was
    released, before hearing its reply, so the whole sentence is one turn, though 1.6 s passed since their
    speech ended (more than continuation_ms)."""
    table = {"A thin stripe": 0.01, "A thin stripe runs down the middle": 0.3}
    script = [
        *segment(1, 0.0, 1.0, "A thin stripe."), 2.4, fr.ReplyStarted(1),
        *segment(2, 2.6, 3.6, "Runs down the middle."),
    ]  # fmt: skip
    out = await play(TurnTakingStage(OPTS, scorer(table)), script, until_s=5.0)
    assert out.of(fr.TurnEnded)[0].verdict == "unsure"
    assert out.of(fr.Interrupt) == [fr.Interrupt(1, merged=True)]
    assert [f.text for f in out.of(fr.Transcript) if f.final][-1] == "A thin stripe runs down the middle."


async def test_the_continuation_window_counts_from_when_the_turn_was_due_not_a_late_release() -> None:
    """A busy CPU: the verdict on "What time is it?" (due at 1.15 s) comes at 4 s. The user asks something else at
    5 s, 4 s after they stopped: a new turn, not the end of the last one (it was joined to it, measured from the
    late release)."""
    table = {"What time is it": 0.4, "Tell me a joke": 0.4, "What time is it tell me a joke": 0.4}

    async def busy(turn_id: int, text: str) -> float | None:
        while turn_id == 1 and stage.clock.now_s < 4.0:
            await asyncio.sleep(0)
        return table[text.rstrip(".?!,… ")]

    stage = TurnTakingStage(OPTS, busy)
    script = [*segment(1, 0.0, 1.0, "What time is it?"), 4.5, *segment(2, 5.0, 6.0, "Tell me a joke.")]
    out = await play(stage, script, until_s=7.5)
    assert [f.text for f in out.of(fr.Transcript) if f.final] == ["What time is it?", "Tell me a joke."]
    assert fr.Interrupt(1, merged=True) not in out.of(fr.Interrupt)


async def test_the_default_unsure_wait_outlasts_a_hesitation_after_an_unvoiced_ending() -> None:
    """Default options: "Sunday is the best ... part of the week" with a 1.5 s hesitation. The VAD ends the
    voice 0.27 s before the pause the user makes (the "st" of "best" is unvoiced), so 1.77 s of silence pass
    before they go on: the doubted cut ("unsure") must not be released into it (at 1.6 s it was)."""
    table = {"Sunday is the best": 0.01, "Sunday is the best part of the week": 0.3}
    script = [*segment(1, 0.0, 1.0, "Sunday is the best."), *segment(2, 2.77, 3.6, "Part of the week.")]
    out = await play(TurnTakingStage(TurnOptions(), scorer(table)), script, until_s=5.0)
    assert out.of(fr.Interrupt) == []  # nothing was released, so nothing had to be withdrawn
    (end,) = out.of(fr.TurnEnded)
    assert (end.speech_start_s, end.speech_end_s, end.verdict) == (0.0, 3.6, "complete")
    assert [f.text for f in out.of(fr.Transcript) if f.final] == ["Sunday is the best part of the week."]


async def test_a_filler_then_a_pause_is_not_answered_and_joins_what_follows() -> None:
    """ "Um." and a 1.5 s pause before the question: the model half expects a message to end after "Um", but
    the turn waits, nothing is said into the pause, and the question is answered with it, once."""
    table = {"Um": 0.5, "Um what is the capital of France": 0.6}
    script = [*segment(1, 0.0, 0.4, "Um."), *segment(2, 1.9, 3.0, "What is the capital of France?")]
    out = await play(TurnTakingStage(OPTS, scorer(table)), script, until_s=4.0)
    (end,) = out.of(fr.TurnEnded)
    assert (end.speech_start_s, end.speech_end_s, end.verdict) == (0.0, 3.0, "complete")
    assert [f.text for f in out.of(fr.Transcript) if f.final] == ["Um what is the capital of France?"]
    assert [t for t in (f.text for f in out.of(fr.EarlyTranscript)) if t] == ["Um what is the capital of France?"]


async def test_a_filler_alone_is_never_answered() -> None:
    out = await play(TurnTakingStage(OPTS, scorer({"Hmm": 0.5})), segment(1, 0.0, 0.5, "Hmm."), until_s=6.0)
    assert not out.of(fr.TurnEnded) and not [f for f in out.of(fr.EarlyTranscript) if f.text]
    assert [f.state for f in out.of(fr.TurnState)][-1] == "listening"


async def test_stop_said_over_the_reply_cuts_it_and_is_not_answered() -> None:
    """A user who says "Stop." wants silence: the reply is cut and no turn is released for the word."""
    table = {"Tell me a story": 0.5, "Stop": 0.5, "What time is it": 0.5}
    script = [
        *segment(1, 0.0, 1.0, "Tell me a story."), 2.0, fr.ReplyStarted(1),
        *segment(2, 3.0, 3.4, "Stop."), *segment(3, 6.0, 7.0, "What time is it?"),
    ]  # fmt: skip
    out = await play(TurnTakingStage(OPTS, scorer(table)), script, until_s=8.5)
    assert out.of(fr.Interrupt) == [fr.Interrupt(1)]
    assert [f.text for f in out.of(fr.Transcript) if f.final] == ["Tell me a story.", "What time is it?"]
    assert not [f for f in out.of(fr.EarlyTranscript) if f.text == "Stop."]  # no reply was even started
    states = [f.state for _, f in out.got if isinstance(f, fr.TurnState)]
    assert "listening" in states[states.index("interrupted") :]


async def test_never_mind_alone_is_not_answered() -> None:
    out = await play(TurnTakingStage(OPTS, scorer({"Never mind": 0.5})), segment(1, 0.0, 0.8, "Never mind."), 3.0)
    assert not out.of(fr.TurnEnded) and [f.state for f in out.of(fr.TurnState)][-1] == "listening"
