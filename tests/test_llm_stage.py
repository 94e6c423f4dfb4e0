"""The LLM stage with the real engine: preemptive replies are used only when the turn ends as predicted."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio
from engine_load import engine_full

from engine import Engine, EngineOptions
from voicebot import frames as fr
from voicebot.conversation import Conversation, WholeReply
from voicebot.llm import EngineClient, ReplyParams
from voicebot.pipeline import Pipeline, Stage
from voicebot.stages.llm import LlmStage

PARAMS = ReplyParams(max_tokens=12, temperature=0.0)
module_loop = pytest.mark.asyncio(loop_scope="module")


class CountingClient(EngineClient):
    """The real engine client, counting the requests it starts."""

    def __init__(self, engine: Engine) -> None:
        super().__init__(engine)
        self.prompts: list[str] = []

    def stream(
        self, messages: list[dict[str, str]], params: ReplyParams, cache_key: str | None = None, on_score=None,
        reply_start: str = "",
    ) -> AsyncIterator[str]:  # fmt: skip
        self.prompts.append(messages[-1]["content"])
        return super().stream(messages, params, cache_key, on_score, reply_start)


async def until(cond) -> None:
    """Events, not sleeps: a slow CPU takes longer, never differently."""
    async with asyncio.timeout(30):
        while not cond():
            await asyncio.sleep(0.01)


class Collect(Stage):
    def __init__(self) -> None:
        super().__init__()
        self.got: list[fr.Frame] = []

    async def handle(self, frame: fr.Frame) -> None:
        self.got.append(frame)


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def engine():
    with Engine(EngineOptions(model="smollm2-135m", dtype="float32", max_batch=2, max_seq_len=512)) as e:
        yield e


async def _run(engine: Engine, frames: list[fr.Frame]) -> tuple[CountingClient, Conversation, list[fr.Frame]]:
    client, conv, out = CountingClient(engine), Conversation("You are brief."), Collect()

    async def source() -> AsyncIterator[fr.Frame]:
        for f in frames:
            yield f
            await asyncio.sleep(0.2)  # the final transcript comes a few hundred ms after the early one

    await Pipeline([LlmStage(client, conv, PARAMS), out]).run(source())
    return client, conv, out.got


async def _reference(engine: Engine, text: str) -> str:
    """The reply a fresh stage gives to `text` as its session's first turn, with no early transcript."""
    out = Collect()
    stage = LlmStage(EngineClient(engine), Conversation("You are brief."), PARAMS, preemptive=False)
    await Pipeline([stage, out]).run(_once(fr.Transcript(1, text, True)))
    await stage.close()
    (done,) = [f for f in out.got if isinstance(f, fr.LLMDone)]
    return done.text


@module_loop
async def test_confirmed_early_transcript_reuses_the_preemptive_reply(engine):
    q = "What is the capital of France?"
    client, conv, out = CountingClient(engine), Conversation("You are brief."), Collect()

    async def source() -> AsyncIterator[fr.Frame]:
        yield fr.EarlyTranscript(1, q)
        await until(lambda: any(isinstance(f, fr.HeldReply) for f in out.got))  # some reply written while held
        yield fr.Transcript(1, q, True)

    await Pipeline([LlmStage(client, conv, PARAMS), out]).run(source())
    got = out.got
    assert client.prompts == ["What is the capital of France?"]  # one request: the preemptive one
    done = [f for f in got if isinstance(f, fr.LLMDone)]
    assert [d.text for d in done] == [await _reference(engine, "What is the capital of France?")]
    held = [f.text for f in got if isinstance(f, fr.HeldReply)]  # while held, for the TTS's first phrase
    assert held and all(done[0].text.startswith(h.strip()) for h in held)
    assert held == sorted(held, key=len) and got.index(next(f for f in got if isinstance(f, fr.LLMText))) >= len(held)
    assert conv.messages[0] == {"role": "user", "content": "What is the capital of France?"}


@module_loop
async def test_a_different_final_transcript_discards_the_preemptive_reply(engine):
    frames = [fr.EarlyTranscript(1, "What is the capital"), fr.Transcript(1, "What is the capital of Spain?", True)]
    client, conv, got = await _run(engine, frames)
    assert client.prompts == ["What is the capital", "What is the capital of Spain?"]
    done = [f for f in got if isinstance(f, fr.LLMDone)]
    assert [d.text for d in done] == [await _reference(engine, "What is the capital of Spain?")]
    assert [m["content"] for m in conv.messages if m["role"] == "user"] == ["What is the capital of Spain?"]


@module_loop
async def test_a_revoked_early_transcript_produces_nothing(engine):
    frames = [fr.EarlyTranscript(1, "Tell me"), fr.EarlyTranscript(1, "")]
    client, conv, got = await _run(engine, frames)
    assert client.prompts == ["Tell me"]
    assert not [f for f in got if not isinstance(f, fr.HeldReply)] and conv.messages == []  # nothing released
    deadline = time.monotonic() + 10  # the engine thread applies the abort after its current step
    while engine.stats()["in_flight"]:
        assert time.monotonic() < deadline, engine.stats()
        await asyncio.sleep(0.02)


@module_loop
async def test_closing_the_stage_stops_its_reply_and_frees_its_cached_kv(engine):
    stage = LlmStage(CountingClient(engine), Conversation("You are brief."), ReplyParams(max_tokens=200))
    frames = [fr.Transcript(1, "Count slowly from one to one hundred.", True)]
    run = asyncio.create_task(Pipeline([stage, Collect()]).run(_frames(frames)))
    while engine.stats()["running"] == 0:  # the reply is being generated
        await asyncio.sleep(0.01)
    run.cancel()
    await asyncio.gather(run, return_exceptions=True)
    await stage.close()
    deadline = time.monotonic() + 10  # the engine thread applies the abort and the forget after its step
    while engine.stats()["running"] or stage.cache_key in engine.scheduler.parked:
        assert time.monotonic() < deadline, engine.stats()
        await asyncio.sleep(0.02)
    assert stage.cache_key not in engine.scheduler.parked


async def _frames(frames: list[fr.Frame]) -> AsyncIterator[fr.Frame]:
    for f in frames:
        yield f
    await asyncio.sleep(60)  # the session stays open until it is torn down


@module_loop
async def test_end_of_turn_score_comes_from_the_preemptive_reply_itself(engine):
    """The turn-taking stage's score starts the reply; the confirmed turn releases that same request."""
    client, conv, out = CountingClient(engine), Conversation("You are brief."), Collect()
    stage = LlmStage(client, conv, PARAMS)
    q = "What is the capital of France?"

    async def source() -> AsyncIterator[fr.Frame]:
        p = await stage.end_of_turn(1, q)
        assert p is not None and 0.0 < p <= 1.0
        yield fr.EarlyTranscript(1, q)  # the verdict: answer it
        yield fr.Transcript(1, q, True)

    await Pipeline([stage, out]).run(source())
    assert client.prompts == [q]  # one request served the score and the reply
    assert [d.text for d in out.got if isinstance(d, fr.LLMDone)] == [await _reference(engine, q)]


@module_loop
async def test_scored_prefill_matches_a_separate_scoring_request(engine):
    from engine import SamplingParams
    from engine.engine import end_probability

    for text in ("What is the capital of France?", "What is the capital of"):
        messages = Conversation("You are brief.").prompt(pending=text)
        alone = await engine.end_of_turn(messages)
        deltas = [d async for d in engine.generate(messages, SamplingParams(max_tokens=2), end_of_turn=True)]
        assert alone is not None and end_probability(deltas[0].probs) == pytest.approx(alone, rel=1e-3, abs=1e-6)
        assert (deltas[0].text, deltas[0].token_ids) == ("", [])  # the score comes before the reply's header
        plain = [d async for d in engine.generate(messages, SamplingParams(max_tokens=2))]
        assert [t for d in deltas for t in d.token_ids] == [t for d in plain for t in d.token_ids]
    complete = await engine.end_of_turn(Conversation("You are brief.").prompt(pending="What is the capital of France?"))
    cut = await engine.end_of_turn(Conversation("You are brief.").prompt(pending="What is the capital of"))
    assert complete > 20 * cut  # the model tells a finished question from a cut one


@module_loop
async def test_conversation_keeps_what_was_heard_and_drops_withdrawn_turns(engine):
    conv = Conversation("You are brief.")
    stage, out = LlmStage(CountingClient(engine), conv, PARAMS), Collect()

    async def source() -> AsyncIterator[fr.Frame]:
        yield fr.Transcript(1, "Tell me a story.", True)
        await until(lambda: any(isinstance(f, fr.LLMDone) for f in out.got))
        yield fr.ReplyFinished(1, "Once upon", interrupted=True)  # the sink: the user heard this much
        yield fr.Transcript(2, "Tell me about", True)
        await until(lambda: len(conv.messages) >= 3)  # turn 2 is in the conversation, its reply under way
        stage.control(fr.Interrupt(2, merged=True))  # the user went on: turn 2 is answered again, whole

    await Pipeline([stage, out]).run(source())
    assert conv.messages == [
        {"role": "user", "content": "Tell me a story."},
        {"role": "assistant", "content": "Once upon"},
    ]


LONG_TURN = (
    "so yesterday I walked down to the market by the river looking for tomatoes and bread, and the man at "
    "the stall told me all about his grandmother who grew vegetables behind the old church for forty years"
)  # ~45 tokens: a talkative user's 15-second turn


@module_loop
async def test_a_talkative_users_long_turns_never_outgrow_the_context(engine):
    """14 exchanges of long turns need more than the engine's 512-token context long before
    `history_turns` drops anything: older blocks are dropped to fit, and every turn is answered."""
    client = CountingClient(engine)
    fits = lambda m: client.fits(m, PARAMS.max_tokens)  # noqa: E731 -- as voicebot/session.py wires it
    conv, unbounded = Conversation("You are brief.", fits=fits), Conversation("You are brief.")
    stage, out = LlmStage(client, conv, PARAMS), Collect()
    turns = 14

    async def source() -> AsyncIterator[fr.Frame]:
        for t in range(1, turns + 1):
            yield fr.Transcript(t, f"{LONG_TURN}, part {t}.", True)
            await until(lambda t=t: sum(isinstance(f, fr.LLMDone) for f in out.got) == t)

    await Pipeline([stage, out]).run(source())
    done = [f for f in out.got if isinstance(f, fr.LLMDone)]
    assert [d.error for d in done] == [None] * turns and all(d.text for d in done), [d.error for d in done]
    for t, d in enumerate(done, 1):
        unbounded.add_user(t, f"{LONG_TURN}, part {t}.")
        unbounded.record_reply(t, d.text)
    assert len(engine.tokenizer.encode_chat(unbounded.prompt())) > engine.options.max_seq_len  # it would not fit
    kept = conv.prompt(pending="And then?")
    assert client.fits(kept, PARAMS.max_tokens) and kept[1]["content"].startswith(LONG_TURN)


@module_loop
async def test_the_engine_is_asked_to_end_a_reply_at_a_sentence_end_past_max_tokens(engine, monkeypatch):
    """max_tokens is where a reply starts looking for its end, not where it is cut (engine/sequence.py)."""
    seen = []
    real = engine.generate

    def spy(messages, params, *args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(params)
        return real(messages, params, *args, **kwargs)

    monkeypatch.setattr(engine, "generate", spy)
    params = ReplyParams(max_tokens=10)
    text = "".join([t async for t in EngineClient(engine).stream([{"role": "user", "content": "Hi"}], params)])
    assert text and (seen[0].soft_max_tokens, seen[0].max_tokens) == (10, params.token_budget) == (10, 15)


@pytest.mark.parametrize("model", ["smollm2-135m", "qwen2.5-coder-0.5b"])
def test_the_engine_clients_count_never_falls_short_of_the_real_prompt(model):
    """`EngineClient.fits` adds up each message's own tokens and a template bound: for the built-in models'
    templates that is at least the prompt's real length, whatever the text (digits, emoji, Markdown)."""
    from engine.tokenizer import Tokenizer
    from engine.weights import resolve_model
    from voicebot.llm import TEMPLATE_TOKENS

    tok = Tokenizer.from_dir(resolve_model(model))
    chat = [{"role": "system", "content": "You are brief."}]
    for i in range(16):
        chat += [
            {"role": "user", "content": f"Tell me about thing {i}, please: 3.14 km/h? Über café 😀."},
            {"role": "assistant", "content": "Sure!\n\n1. **First**: do it.\n2. Then that."},
        ]
    counted = sum(len(tok.encode(m["content"])) + TEMPLATE_TOKENS for m in chat) + TEMPLATE_TOKENS
    assert len(tok.encode_chat(chat)) <= counted


class LoopingClient(EngineClient):
    """Stands in for a model that falls into a loop (the default 0.5B does on some prompts, greedily; which
    prompts depends on the CPU's rounding, so the test scripts the loop instead)."""

    def __init__(self, engine: Engine, pieces: list[str] | None = None) -> None:
        super().__init__(engine)
        self.yielded, self.closed = 0, False
        default = ["You", " should", " pack", " sunscreen", ",", " sunglasses", ","] + [" sunscreen", ","] * 60
        self.pieces = pieces or default

    async def stream(self, messages, params, cache_key=None, on_score=None, reply_start=""):  # type: ignore[override]
        try:
            for piece in self.pieces:
                self.yielded += 1
                yield piece
                await asyncio.sleep(0)
        finally:
            self.closed = True


@module_loop
async def test_a_reply_that_loops_is_stopped_where_the_loop_began(engine):
    client, conv, out = LoopingClient(engine), Conversation("You are brief."), Collect()
    await Pipeline([LlmStage(client, conv, PARAMS), out]).run(_once(fr.Transcript(1, "What should I pack?", True)))
    (done,) = [f for f in out.got if isinstance(f, fr.LLMDone)]
    said = "".join(f.text for f in out.got if isinstance(f, fr.LLMText))
    assert done.finish_reason == "repetition" and done.error is None
    assert done.text == "You should pack sunscreen, sunglasses, sunscreen,"
    assert said.count("sunscreen") <= 3, said  # not 61 times
    assert client.closed and client.yielded < 20  # the request was stopped, not read to its end
    assert conv.messages[-1] == {"role": "assistant", "content": done.text}


@module_loop
async def test_a_reply_cut_in_its_loop_keeps_its_whole_sentences(engine):
    """Cut where its loop began, "... First, apply a stain remover. Then, use" ended mid-sentence, aloud too."""
    pieces = ["First", ",", " apply", " a", " stain", " remover", ".", " Then", ",", " use"]
    pieces += [" a", " stain", " remover", " kit", " to", " remove", " the", " stain", ",", " then", " use"] * 5
    client, conv, out = LoopingClient(engine, pieces), Conversation("You are brief."), Collect()
    await Pipeline([LlmStage(client, conv, PARAMS), out]).run(_once(fr.Transcript(1, "A stain?", True)))
    (done,) = [f for f in out.got if isinstance(f, fr.LLMDone)]
    assert done.finish_reason == "repetition" and done.text == "First, apply a stain remover."  # the TTS stage
    assert conv.messages[-1] == {"role": "assistant", "content": done.text}  # says as much (tests/test_tts_stage.py)


class BrokenClient(EngineClient):
    """A backend with a bug: its stream raises something that is not a VoicebotError."""

    async def stream(self, messages, params, cache_key=None, on_score=None, reply_start=""):  # type: ignore[override]
        yield "Hel"
        raise IndexError("list index out of range")


class OldClient(EngineClient):
    """A backend written for an older interface: calling its stream fails at once, before any iterator."""

    def stream(self, messages, params, cache_key=None, on_score=None):  # type: ignore[override]
        return super().stream(messages, params, cache_key, on_score)


@module_loop
async def test_a_backend_bug_ends_the_reply_with_an_error_instead_of_hanging(engine):
    for client, error in ((BrokenClient(engine), "IndexError"), (OldClient(engine), "TypeError")):
        out = Collect()
        stage = LlmStage(client, Conversation("You are brief."), PARAMS)
        await asyncio.wait_for(Pipeline([stage, out]).run(_once(fr.Transcript(1, "Hi.", True))), 10)
        (done,) = [f for f in out.got if isinstance(f, fr.LLMDone)]
        assert done.error is not None and error in done.error


class DownClient(EngineClient):
    """A backend that fails before any text (a server down, an overloaded engine)."""

    async def stream(self, messages, params, cache_key=None, on_score=None, reply_start=""):  # type: ignore[override]
        from voicebot.errors import VoicebotError

        raise VoicebotError("cannot reach the LLM server at http://127.0.0.1:9")
        yield ""  # a generator


@module_loop
async def test_a_backend_that_fails_before_a_word_gets_the_error_reply_said_not_silence(engine):
    out, conv = Collect(), Conversation("You are brief.")
    stage = LlmStage(DownClient(engine), conv, PARAMS, error_reply="Sorry, I couldn't answer that.")
    await asyncio.wait_for(Pipeline([stage, out]).run(_once(fr.Transcript(1, "Hi.", True))), 10)
    said = [f.text for f in out.got if isinstance(f, fr.LLMText)]
    (done,) = [f for f in out.got if isinstance(f, fr.LLMDone)]
    assert said == ["Sorry, I couldn't answer that."] and done.text == "" and "cannot reach" in (done.error or "")
    assert conv.messages == [{"role": "user", "content": "Hi."}]  # the apology is not the model's reply
    quiet = Collect()
    await Pipeline([LlmStage(DownClient(engine), Conversation("x"), PARAMS), quiet]).run(
        _once(fr.Transcript(1, "Hi.", True))
    )
    assert not [f for f in quiet.got if isinstance(f, fr.LLMText)]  # error_reply "" says nothing


async def _once(frame: fr.Frame) -> AsyncIterator[fr.Frame]:
    yield frame


class ScoringClient(CountingClient):
    """Also records the scoring requests (the warm-up prefills go through end_of_turn)."""

    def __init__(self, engine: Engine) -> None:
        super().__init__(engine)
        self.scored: list[str] = []

    async def end_of_turn(
        self, messages: list[dict[str, str]], cache_key: str | None = None, background: bool = False
    ) -> float | None:
        self.scored.append(messages[-1]["content"])
        return await super().end_of_turn(messages, cache_key, background)


@module_loop
async def test_committed_words_are_prefilled_while_the_user_speaks(engine):
    """Partial transcripts warm the session's cache with the words the ASR committed to, so the reply at
    the end computes only what follows them; the reply itself is the one a cold cache gives."""
    client, conv, out = ScoringClient(engine), Conversation("You are brief."), Collect()
    stage = LlmStage(client, conv, PARAMS)
    q = "What is the capital city of France?"
    frames = [
        fr.Transcript(1, "What is", False, "What"),  # the turn's first partial: the history, and "What"
        fr.Transcript(1, "What is the capital city", False, "What is the capital"),  # 3 more words
        fr.Transcript(1, "What is the capital city of", False, "What is the capital city"),  # not 3 more yet
        fr.Transcript(1, q, True),
    ]
    warm_ids = engine.tokenizer.encode_chat(conv.prompt(pending="What is the capital"))
    reused = engine.stats()["reused_tokens"]
    await Pipeline([stage, out]).run(_paced(frames, stage))
    assert client.scored == ["What", "What is the capital"]
    done = [f for f in out.got if isinstance(f, fr.LLMDone)]
    assert [d.text for d in done] == [await _reference(engine, q)]
    assert engine.stats()["reused_tokens"] - reused >= len(warm_ids) - 4  # all but the template's closing tokens
    await stage.close()


async def _paced(frames: list[fr.Frame], stage: LlmStage) -> AsyncIterator[fr.Frame]:
    """A partial every few hundred ms, and the warm-up it started finishes before the next one comes
    (on a slow CI machine a warm-up outlasted 300 ms, so the stage rightly skipped the next partial)."""
    for f in frames:
        yield f
        await asyncio.sleep(0.3)
        await until(lambda: stage._warming is None or stage._warming.done())


class StalledWarmClient(CountingClient):
    """The real engine, except that a warm-up never ends by itself (as on an engine busy with other calls)."""

    def __init__(self, engine: Engine) -> None:
        super().__init__(engine)
        self.warm_cancelled = False

    async def end_of_turn(
        self, messages: list[dict[str, str]], cache_key: str | None = None, background: bool = False
    ) -> float | None:
        if not background:
            return await super().end_of_turn(messages, cache_key)
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            self.warm_cancelled = True
            raise
        return None


@module_loop
async def test_a_warm_up_still_running_when_the_reply_starts_is_dropped(engine):
    """The reply computes whatever the warm-up had left: the two would compute the same tokens twice."""
    client, out = StalledWarmClient(engine), Collect()
    stage = LlmStage(client, Conversation("You are brief."), PARAMS)
    q = "What is the capital city of France?"
    seen: list[bool] = []

    async def source() -> AsyncIterator[fr.Frame]:
        yield fr.Transcript(1, "What is", False, "What")
        await until(lambda: stage._warming is not None)
        yield fr.Transcript(1, q, True)
        await until(lambda: any(isinstance(f, fr.LLMDone) for f in out.got))
        seen.append(client.warm_cancelled)  # before the end of input, which stops any warm-up anyway

    await Pipeline([stage, out]).run(source())
    assert seen == [True]
    assert [f.text for f in out.got if isinstance(f, fr.LLMDone)] == [await _reference(engine, q)]
    await stage.close()


@module_loop
async def test_a_turns_first_partial_prefills_a_history_that_just_lost_a_block(engine):
    """history_turns drops old exchanges a block at a time; the turn after a drop must prefill the rest of
    the history again. Its first partial does that, with nothing committed yet, so the end of the turn
    computes only the user's words (in a 36-turn conversation this cost ~1.4 s at every 8th turn)."""
    client, out = ScoringClient(engine), Collect()
    conv = Conversation("You are brief.", history_turns=2)
    for t, (u, a) in enumerate([("Hi there.", "Hello!"), ("Name a colour.", "Blue."), ("And a fruit?", "Pear.")], 1):
        conv.add_user(t, u)
        conv.record_reply(t, a)
    before = engine.tokenizer.encode_chat(conv.prompt())
    after = engine.tokenizer.encode_chat(conv.prompt(pending=""))
    assert after[: len(before)] != before  # the next turn's prompt lost the first exchange
    stage = LlmStage(client, conv, PARAMS)
    q = "And a number?"
    frames = [fr.Transcript(4, "And", False, ""), fr.Transcript(4, q, True)]
    reused = engine.stats()["reused_tokens"]
    await Pipeline([stage, out]).run(_paced(frames, stage))
    assert client.scored[0] == ""  # warmed at the first partial, before any word was committed
    assert engine.stats()["reused_tokens"] - reused >= len(after) - 8  # the reply reused the new history
    done = [f for f in out.got if isinstance(f, fr.LLMDone)]
    assert done and done[0].text and not done[0].error
    await stage.close()


@module_loop
async def test_once_a_reply_is_written_the_next_turns_history_is_prefilled(engine):
    """While the reply plays, the stage computes the next turn's prompt up to the user's words, so a turn
    after a dropped block of history does not pay for it at its end."""
    client, out = ScoringClient(engine), Collect()
    conv = Conversation("You are brief.", history_turns=2)
    for t, (u, a) in enumerate([("Hi there.", "Hello!"), ("Name a colour.", "Blue.")], 1):
        conv.add_user(t, u)
        conv.record_reply(t, a)
    stage = LlmStage(client, conv, PARAMS)

    async def source() -> AsyncIterator[fr.Frame]:
        yield fr.Transcript(3, "And a fruit?", True)
        # the session goes on while the reply plays
        await until(lambda: client.scored and stage._warming is not None and stage._warming.done())

    await Pipeline([stage, out]).run(source())
    assert client.scored == [""]  # after the reply: the next turn's prompt, no user words yet
    after = engine.tokenizer.encode_chat(conv.prompt(pending=""))
    reused = engine.stats()["reused_tokens"]
    await EngineClient(engine).end_of_turn(conv.prompt(pending="And a number?"), stage.cache_key)
    assert engine.stats()["reused_tokens"] - reused >= len(after) - 8  # the next turn computes only its words
    await stage.close()


@module_loop
async def test_a_session_starts_even_when_the_engine_is_full(engine) -> None:
    """The start-up prefill of the system prompt queues behind other calls' requests when every batch slot
    is taken: it is given up after START_WARM_S, so the session still starts and reads its audio."""
    from voicebot.stages import llm as llm_stage

    async with engine_full(engine, max_tokens=400) as hogs:
        stage = LlmStage(EngineClient(engine), Conversation("You are brief."), PARAMS)
        t0 = time.monotonic()
        await stage.start()
        took = time.monotonic() - t0
        assert llm_stage.START_WARM_S <= took < llm_stage.START_WARM_S + 1.0, took
        await until(lambda: engine.stats()["in_flight"] == engine.options.max_batch)  # its request was dropped
        assert not all(t.done() for t in hogs)  # the engine was still full when the start gave up
    await until(lambda: engine.stats()["in_flight"] == 0)


@module_loop
async def test_a_score_whose_reply_a_stale_frame_drops_is_asked_again(engine):
    """The turn-taking stage calls `end_of_turn` directly, while the early transcripts it sent before go
    through the queue: one may land after the call and drop the reply whose score is awaited, even before
    its task first ran. The score must still come, for the text asked about (found: `voicebot run --fast`
    hung on a 23 s recording: the dropped reply's score was never set)."""
    stage = LlmStage(EngineClient(engine), Conversation("You are brief."), PARAMS)
    Pipeline([stage, Collect()])  # wires emit(); the frames are not needed
    score = asyncio.ensure_future(stage.end_of_turn(1, "What is the"))
    await asyncio.sleep(0)  # end_of_turn has started the preemptive reply; its task has not run yet
    await stage.handle(fr.EarlyTranscript(1, "What is the capital of France?"))  # sent before the call
    try:
        p = await asyncio.wait_for(score, 10)
        assert p is not None and 0.0 <= p <= 1.0
        assert stage._early is not None and stage._early.user_text == "What is the"
    finally:
        await stage.close()


@module_loop
async def test_speak_slower_sets_the_sessions_rate_before_the_reply(engine):
    """Asked "Speak slower please." twice: SpeakingRate 0.8 then 0.64 goes out ahead of each turn's reply; a
    stage whose voice cannot change pace (speaking_rate=False) sends none."""

    async def turns() -> AsyncIterator[fr.Frame]:
        for turn in (1, 2):
            yield fr.Transcript(turn, "Speak slower please.", True)

    for can in (True, False):
        out = Collect()
        stage = LlmStage(EngineClient(engine), Conversation("You are brief."), PARAMS, speaking_rate=can)
        await Pipeline([stage, out]).run(turns())
        await stage.close()
        kinds = [(type(f).__name__, f.turn_id) for f in out.got if isinstance(f, fr.SpeakingRate | fr.LLMText)]
        rates = [f.rate for f in out.got if isinstance(f, fr.SpeakingRate)]
        if can:
            assert rates == [0.8, 0.64]
            assert kinds.index(("SpeakingRate", 2)) < kinds.index(("LLMText", 2))
            assert kinds.index(("SpeakingRate", 1)) < kinds.index(("LLMText", 1))
        else:
            assert rates == []


@module_loop
async def test_a_reply_the_conversation_starts_is_said_from_its_first_words(engine):
    """Conversation.opener: the early reply and the final one start with its words (voicebot/entertain.py),
    which are sent on as text, kept in the history, and what the model writes goes on from them."""
    q = "Tell me a story."

    def opener(text: str, turn: int, earlier: list[str], said: str) -> str | None:
        return "Once upon a time," if "story" in text else None

    conv, out = Conversation("You are brief.", opener=opener), Collect()

    async def source() -> AsyncIterator[fr.Frame]:
        yield fr.EarlyTranscript(1, q)
        await until(lambda: any(isinstance(f, fr.HeldReply) for f in out.got))
        yield fr.Transcript(1, q, True)

    await Pipeline([LlmStage(EngineClient(engine), conv, PARAMS), out]).run(source())
    (done,) = [f for f in out.got if isinstance(f, fr.LLMDone)]
    said = "".join(f.text for f in out.got if isinstance(f, fr.LLMText))
    assert said.strip() == done.text
    assert done.text.startswith("Once upon a time,") and len(done.text) > len("Once upon a time,")
    assert conv.messages[-1] == {"role": "assistant", "content": done.text}
    assert next(f.text for f in out.got if isinstance(f, fr.HeldReply)).startswith("Once upon a time,")


@module_loop
async def test_a_whole_reply_from_the_conversation_is_all_that_is_said(engine):
    """A `WholeReply` opener ("Say that shorter." -> the last reply's first sentence) is the reply: the model,
    which went on with the rest word for word, is not asked to go on, and its score is still read."""
    whole = WholeReply("Red wine comes out with cold water.")

    def opener(text: str, turn: int, earlier: list[str], said: str) -> str | None:
        return whole if "shorter" in text else "Red wine comes out"  # the second goes on: a control

    for q, longer in (("Say that shorter.", False), ("How do I clean it?", True)):
        conv, out = Conversation("You are brief.", opener=opener), Collect()
        stage = LlmStage(EngineClient(engine), conv, PARAMS)
        p = await stage.end_of_turn(1, q)
        await Pipeline([stage, out]).run(_once(fr.Transcript(1, q, True)))
        (done,) = [f for f in out.got if isinstance(f, fr.LLMDone)]
        assert p is not None and 0.0 <= p <= 1.0
        assert (done.text == whole) != longer and done.text.startswith("Red wine comes out"), done.text
        assert conv.messages[-1] == {"role": "assistant", "content": done.text}


class _Said:
    """An LLM client that says a fixed reply a word at a time: the stage's relay is under test, not a model."""

    def __init__(self, reply: str) -> None:
        self.pieces = re.findall(r"\s*\S+", reply)

    async def stream(self, messages, params, cache_key=None, on_score=None, reply_start=""):
        if on_score is not None:
            on_score(None)
        for piece in self.pieces:
            yield piece

    async def end_of_turn(self, messages, cache_key=None, background=False) -> None:
        return None

    def fits(self, messages, max_new_tokens) -> bool:
        return True

    def forget(self, cache_key: str) -> None:
        pass

    async def close(self) -> None:
        pass


async def _relayed(reply: str) -> tuple[str, str]:
    """What the LLM stage sends on to the voice, and the reply it records, for a model that says `reply`."""
    out = Collect()
    stage = LlmStage(_Said(reply), Conversation("sys"), ReplyParams(max_tokens=200), preemptive=False)
    await Pipeline([stage, out]).run(_once(fr.Transcript(1, "What should I pack?", True)))
    await stage.close()
    (done,) = [f for f in out.got if isinstance(f, fr.LLMDone)]
    return "".join(f.text for f in out.got if isinstance(f, fr.LLMText)), done.text


async def test_the_words_a_loop_starts_with_never_reach_the_voice() -> None:
    """They went to the voice before the sixth repeated word stopped the reply: "... a pair of sunglasses, a
    pair of sunglasses," was said."""
    looped = "Pack a hat, a pair of sunglasses, a pair of sunglasses, a pair of sunglasses, a pair of sunglasses"
    voiced, recorded = await _relayed(looped)
    assert voiced.strip() == "Pack a hat, a pair of sunglasses," and recorded == "Pack a hat, a pair of sunglasses,"
    for reply in ("Mix the flour and the eggs, then mix the flour and the milk.", "Very, very good. Yes."):
        assert await _relayed(reply) == (reply, reply)  # held for a word or two, then said whole
