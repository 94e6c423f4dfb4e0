"""engine.server over the real default model, on a loopback port: SSE format, streaming == non-streaming
greedy text, 400s for bad requests, 429 on overload, a disconnect freeing the slot, and voicebot's client."""

from __future__ import annotations

import asyncio
import json
import time

import aiohttp
import pytest
from aiohttp.test_utils import TestServer

from engine import Engine, EngineOptions
from engine.server import make_app
from voicebot.llm import OpenAIClient, ReplyParams

pytestmark = pytest.mark.slow

HELLO = [{"role": "user", "content": "Name three colours of the rainbow."}]
LONG = [{"role": "user", "content": "Count from 1 to 300, separated by commas. Do not stop early."}]


@pytest.fixture(scope="module")
def engine():
    # one slot and one queue place: a third concurrent request is refused, which the 429 test relies on
    with Engine(EngineOptions(model="smollm2-135m", dtype="float32", max_batch=1, max_queue=1, max_seq_len=512)) as e:
        yield e


@pytest.fixture
async def base(engine):
    server = TestServer(make_app(engine), host="127.0.0.1", handler_cancellation=True)
    await server.start_server()
    yield str(server.make_url("/v1"))
    await server.close()
    await wait_idle(engine)


async def wait_idle(engine: Engine, timeout: float = 10.0) -> float:
    """Seconds until the engine holds no request (fails the test after timeout)."""
    t0 = time.monotonic()
    while engine.stats()["in_flight"]:
        assert time.monotonic() - t0 < timeout, f"engine still busy: {engine.stats()}"
        await asyncio.sleep(0.02)
    return time.monotonic() - t0


async def post(base: str, body: object, raw: bytes | None = None) -> tuple[int, dict]:
    async with aiohttp.ClientSession() as s:
        kw = {"data": raw, "headers": {"Content-Type": "application/json"}} if raw is not None else {"json": body}
        async with s.post(base + "/chat/completions", **kw) as r:
            return r.status, await r.json()


def sse_events(text: str) -> list[str]:
    """The payloads of an SSE body, checking every non-blank line is a `data: ` line."""
    lines = [ln for ln in text.split("\n") if ln.strip()]
    assert all(ln.startswith("data: ") for ln in lines), lines
    return [ln[len("data: ") :] for ln in lines]


async def test_models(base):
    async with aiohttp.ClientSession() as s, s.get(base + "/models") as r:
        assert r.status == 200
        body = await r.json()
    assert body["object"] == "list" and body["data"][0]["id"] == "smollm2-135m"


async def test_stream_matches_non_streaming_greedy(base):
    req = {"model": "smollm2-135m", "messages": HELLO, "max_tokens": 24, "temperature": 0}
    status, full = await post(base, req)
    assert status == 200 and full["object"] == "chat.completion"
    text = full["choices"][0]["message"]["content"]
    assert text.strip() and full["choices"][0]["finish_reason"] in ("stop", "length")
    usage = full["usage"]
    assert 0 < usage["completion_tokens"] <= 24 and usage["prompt_tokens"] > 5
    assert usage["total_tokens"] == usage["prompt_tokens"] + usage["completion_tokens"]

    async with aiohttp.ClientSession() as s, s.post(base + "/chat/completions", json={**req, "stream": True}) as r:
        assert r.status == 200 and r.headers["Content-Type"].startswith("text/event-stream")
        events = sse_events(await r.text())
    assert events[-1] == "[DONE]"
    chunks = [json.loads(e) for e in events[:-1]]
    assert {c["object"] for c in chunks} == {"chat.completion.chunk"} and len({c["id"] for c in chunks}) == 1
    assert chunks[0]["choices"][0]["delta"] == {"role": "assistant", "content": ""}
    finishes = [c["choices"][0]["finish_reason"] for c in chunks]
    assert finishes[-1] == full["choices"][0]["finish_reason"] and not any(finishes[:-1])
    streamed = "".join(c["choices"][0]["delta"].get("content", "") for c in chunks)
    assert len(chunks) > 3 and streamed == text


async def test_stop_string_cuts_reply(base):
    req = {"messages": HELLO, "max_tokens": 24, "temperature": 0}
    text = (await post(base, req))[1]["choices"][0]["message"]["content"]
    word = text.split()[2]
    status, cut = await post(base, {**req, "stop": [word]})
    assert status == 200 and cut["choices"][0]["finish_reason"] == "stop"
    assert cut["choices"][0]["message"]["content"] == text[: text.index(word)]


@pytest.mark.parametrize(
    "body,field",
    [
        ({}, "messages"),
        ({"messages": "hi"}, "messages"),
        ({"messages": []}, "messages"),
        ({"messages": [{"role": "wizard", "content": "hi"}]}, "messages[0]"),
        ({"messages": [{"role": "user"}]}, "messages[0]"),
        ({"messages": HELLO, "temperature": "hot"}, "temperature"),
        ({"messages": HELLO, "temperature": -1}, "temperature"),
        ({"messages": HELLO, "temperature": 1e308}, "temperature"),  # would sample noise for the whole reply
        ({"messages": HELLO, "max_tokens": 100_000}, "max_tokens"),  # past the server's cap
        ({"messages": HELLO, "top_p": 0}, "top_p"),
        ({"messages": HELLO, "max_tokens": 0}, "max_tokens"),
        ({"messages": HELLO, "max_tokens": "5"}, "max_tokens"),
        ({"messages": HELLO, "seed": 1.5}, "seed"),
        ({"messages": HELLO, "stop": ["a", "b", "c", "d", "e"]}, "stop"),
        ({"messages": HELLO, "stream": "yes"}, "stream"),
        ({"messages": HELLO, "n": 2}, "n=1"),
        ({"messages": HELLO, "priority": "low"}, "priority"),
        ([1, 2], "JSON object"),
        ({"messages": [{"role": "user", "content": "hello " * 600}]}, "tokens"),
    ],
)
async def test_bad_request_is_400(base, body, field):
    status, err = await post(base, body)
    assert status == 400 and err["error"]["type"] == "invalid_request_error"
    assert field in err["error"]["message"]


async def test_infinite_temperature_is_400(base):
    raw = b'{"messages": [{"role": "user", "content": "hi"}], "temperature": Infinity}'
    status, err = await post(base, None, raw=raw)
    assert status == 400 and "temperature" in err["error"]["message"]


def test_a_positive_priority_is_background_work():
    from engine.server import parse_request

    assert parse_request({"messages": HELLO, "priority": 1}, max_seq_len=2048)[1].background
    assert not parse_request({"messages": HELLO, "priority": 0}, max_seq_len=2048)[1].background
    assert not parse_request({"messages": HELLO}, max_seq_len=2048)[1].background


def test_max_tokens_defaults_to_the_cap_not_the_context():
    from engine.server import parse_request

    _, params, _ = parse_request({"messages": HELLO}, max_seq_len=2048, max_tokens_cap=256)
    assert params.max_tokens == 256


async def test_invalid_json_is_400(base):
    status, err = await post(base, None, raw=b'{"messages": [')
    assert status == 400 and "JSON" in err["error"]["message"]


async def test_overload_is_429_and_disconnects_free_the_engine(base, engine):
    long_req = {"messages": LONG, "max_tokens": 300, "ignore_eos": True, "temperature": 0, "stream": True}
    async with aiohttp.ClientSession() as s:
        r = await s.post(base + "/chat/completions", json=long_req)
        assert r.status == 200
        seen = ""
        while seen.count("content") < 4:  # a few tokens in: the request holds the only slot
            seen += (await r.content.readany()).decode()
        assert '"finish_reason": "' not in seen
        queued = asyncio.create_task(post(base, {"messages": HELLO, "max_tokens": 4}))  # waits for the slot
        while engine.stats()["waiting"] == 0:
            await asyncio.sleep(0.01)
        status, err = await post(base, {"messages": HELLO, "max_tokens": 4})
        assert status == 429 and err["error"]["type"] == "rate_limit_error"
        assert "overloaded" in err["error"]["message"]
        queued.cancel()  # a client giving up while queued: its request leaves the queue
        r.close()  # a client dropping the connection mid-stream: its slot is freed
    # 300 tokens take well over 5 s on this CPU; the aborts must free the engine far sooner
    assert await wait_idle(engine, timeout=10.0) < 10.0
    status, ok = await post(base, {"messages": HELLO, "max_tokens": 4, "temperature": 0})
    assert status == 200 and ok["choices"][0]["message"]["content"]


async def test_voicebot_openai_client_streams(base):
    client = OpenAIClient(base, "smollm2-135m")
    try:
        pieces = [t async for t in client.stream(HELLO, ReplyParams(max_tokens=24, temperature=0.0))]
    finally:
        await client.close()
    _, full = await post(base, {"messages": HELLO, "max_tokens": 24, "temperature": 0, "seed": 0})
    assert len(pieces) > 3 and "".join(pieces) == full["choices"][0]["message"]["content"]


def test_the_openai_client_sends_a_clock_note_inside_the_user_message():
    """Mistral's and Gemma's templates reject a system message after the first: the note rides along."""
    from voicebot.llm import fold_notes

    chat = [
        {"role": "system", "content": "sys"},
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": "hello"},
        {"role": "system", "content": "Now: 6:04 PM, Thursday, December 3, 2026."},
        {"role": "user", "content": "What time is it?"},
    ]
    assert fold_notes(chat) == [
        *chat[:3],
        {"role": "user", "content": "(Now: 6:04 PM, Thursday, December 3, 2026.) What time is it?"},
    ]
    assert fold_notes(chat[:3]) == chat[:3]


async def test_the_openai_clients_history_fits_the_servers_context(base, engine):
    """Without the server's tokenizer the client estimates; the estimate must err short: every prompt a
    long conversation sends is accepted by the server (max_seq_len 512 here)."""
    from voicebot.conversation import Conversation

    params = ReplyParams(max_tokens=24, temperature=0.0)
    client = OpenAIClient(base, "smollm2-135m", context_tokens=engine.options.max_seq_len)
    assert OpenAIClient(base, "m").fits([{"role": "user", "content": "x" * 100_000}], 24)  # context unknown
    conv = Conversation("You are brief.", fits=lambda m: client.fits(m, params.max_tokens))
    turn = "I went to the market by the river this morning and the man at the stall told me a long story"
    try:
        for t in range(1, 13):
            prompt = conv.prompt(pending=f"{turn}, part {t}.")
            assert len(engine.tokenizer.encode_chat(prompt)) + params.max_tokens <= engine.options.max_seq_len, t
            reply = "".join([piece async for piece in client.stream(prompt, params)])
            conv.add_user(t, f"{turn}, part {t}.")
            conv.record_reply(t, reply)
    finally:
        await client.close()
    assert len(conv.prompt()) < 2 * 12  # older exchanges were dropped to fit
