"""OpenAI-compatible HTTP server over one shared Engine (aiohttp).

    python -m engine.server --host 127.0.0.1 --port 8000 [--model smollm2-135m]

Routes: ``POST /v1/chat/completions`` (messages, max_tokens, temperature, top_p, seed, stop, stream, and
vLLM's ``ignore_eos`` and ``priority``: an integer, lower is served first; this engine has two classes,
0 or less is foreground and more than 0 is background, for batch work that must not hold up replies,
`SamplingParams.background`) and
``GET /v1/models``. Streaming replies are SSE ``data: {chunk}`` lines ending with ``data: [DONE]``.
Every request shares the engine's continuous batch; the engine's overload error becomes HTTP 429.
A client that goes away mid-reply cancels its engine request, so its KV-cache slot is freed at once:
a failed write ends the stream, and the server runs with handler cancellation so a disconnect while
waiting (queued, prefilling, or non-streaming) cancels the handler too. The ``model`` field is accepted
and ignored: the server holds one model, and any client naming it differently still gets it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import sys
import time
import uuid
from collections.abc import AsyncIterator

from aiohttp import web

from engine import Engine, EngineError, EngineOptions, EngineOverloadedError, SamplingParams
from engine.sequence import Delta

ENGINE_KEY = web.AppKey("engine", Engine)
MODEL_KEY = web.AppKey("model", str)
CAP_KEY = web.AppKey("max_tokens_cap", int)
ROLES = ("system", "user", "assistant")


class BadRequest(Exception):
    """A request we refuse with HTTP 400; the message names the offending field."""


def error_response(status: int, message: str, kind: str, param: str | None = None) -> web.Response:
    body = {"error": {"message": message, "type": kind, "param": param, "code": None}}
    return web.json_response(body, status=status)


DEFAULT_MAX_TOKENS = 512  # a request without max_tokens must not hold a batch slot for a whole context


def parse_request(
    body: object, max_seq_len: int, max_tokens_cap: int = DEFAULT_MAX_TOKENS
) -> tuple[list[dict[str, str]], SamplingParams, bool]:
    """max_tokens_cap: the default and the most a request may ask for (not OpenAI's "until the context is
    full": one careless request would sample thousands of tokens)."""
    """Validate an OpenAI chat request -> (messages, sampling params, stream). Raises BadRequest."""
    if not isinstance(body, dict):
        raise BadRequest("the request body must be a JSON object")
    messages = body.get("messages")
    if not isinstance(messages, list) or not messages:
        raise BadRequest("'messages' must be a non-empty list of {role, content} objects")
    for i, m in enumerate(messages):
        if not isinstance(m, dict) or m.get("role") not in ROLES or not isinstance(m.get("content"), str):
            raise BadRequest(f"messages[{i}] must be {{'role': one of {list(ROLES)}, 'content': a string}}")
    if body.get("n", 1) != 1:
        raise BadRequest("only n=1 is supported")
    stream = body.get("stream", False)
    if not isinstance(stream, bool):
        raise BadRequest("'stream' must be true or false")

    def number(name: str, default: float) -> float:
        v = body.get(name)
        if v is None:
            return default
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
            raise BadRequest(f"'{name}' must be a finite number")
        return float(v)

    max_tokens = body.get("max_tokens", body.get("max_completion_tokens"))
    if max_tokens is None:
        max_tokens = min(max_tokens_cap, max_seq_len)
    elif isinstance(max_tokens, bool) or not isinstance(max_tokens, int):
        raise BadRequest("'max_tokens' must be an integer")
    elif max_tokens > max_tokens_cap:
        raise BadRequest(f"'max_tokens' may be at most {max_tokens_cap} on this server (--max-tokens-cap)")
    seed = body.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise BadRequest("'seed' must be an integer or null")
    priority = body.get("priority", 0)
    if isinstance(priority, bool) or not isinstance(priority, int):
        raise BadRequest("'priority' must be an integer (more than 0: background, after every other request)")
    stop = body.get("stop") or ()
    if isinstance(stop, str):
        stop = (stop,)
    if not isinstance(stop, (list, tuple)) or len(stop) > 4 or not all(isinstance(s, str) and s for s in stop):
        raise BadRequest("'stop' must be a non-empty string or a list of at most 4 non-empty strings")
    try:
        params = SamplingParams(
            max_tokens=max_tokens,
            temperature=number("temperature", 1.0),  # OpenAI's default when the field is absent
            top_p=number("top_p", 1.0),
            seed=seed,
            stop=tuple(stop),
            ignore_eos=bool(body.get("ignore_eos", False)),  # vLLM's extension: fixed-length benchmarks
            background=priority > 0,
        )
    except ValueError as e:  # SamplingParams' own range checks name the field
        raise BadRequest(str(e).replace("SamplingParams.", "")) from e
    return messages, params, stream


def chunk(rid: str, created: int, model: str, delta: dict, finish_reason: str | None) -> bytes:
    body = {
        "id": rid,
        "object": "chat.completion.chunk",
        "created": created,
        "model": model,
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish_reason}],
    }
    return b"data: " + json.dumps(body, ensure_ascii=False).encode() + b"\n\n"


async def chat_completions(request: web.Request) -> web.StreamResponse:
    engine, model = request.app[ENGINE_KEY], request.app[MODEL_KEY]
    try:
        body = await request.json()
    except (json.JSONDecodeError, UnicodeDecodeError):
        return error_response(400, "the request body is not valid JSON", "invalid_request_error")
    try:
        messages, params, stream = parse_request(body, engine.options.max_seq_len, request.app[CAP_KEY])
    except BadRequest as e:
        return error_response(400, str(e), "invalid_request_error")
    try:
        prompt = engine.tokenizer.encode_chat(messages)
    except Exception as e:  # a template that rejects this conversation (e.g. role order)
        return error_response(400, f"cannot apply the chat template: {e}", "invalid_request_error", "messages")
    room = engine.options.max_seq_len - len(prompt)
    if room < 1:
        msg = f"the prompt has {len(prompt)} tokens; this server's context is {engine.options.max_seq_len}"
        return error_response(400, msg, "invalid_request_error", "messages")

    rid, created = f"chatcmpl-{uuid.uuid4().hex[:24]}", int(time.time())
    async with contextlib.aclosing(engine.generate_ids(prompt, params)) as deltas:  # aclose() aborts
        try:
            first = await anext(deltas)  # errors here (overload, closed) can still be a status code
        except EngineOverloadedError as e:
            return error_response(429, str(e), "rate_limit_error")
        except EngineError as e:
            return error_response(503, str(e), "server_error")
        if stream:
            return await stream_reply(request, first, deltas, rid, created, model)
        return await full_reply(first, deltas, rid, created, model, len(prompt))


async def rest(first: Delta, deltas: AsyncIterator[Delta]) -> AsyncIterator[Delta]:
    yield first
    if first.finish_reason is None:
        async for d in deltas:
            yield d


async def stream_reply(
    request: web.Request, first: Delta, deltas: AsyncIterator[Delta], rid: str, created: int, model: str
) -> web.StreamResponse:
    resp = web.StreamResponse(headers={"Content-Type": "text/event-stream", "Cache-Control": "no-cache"})
    await resp.prepare(request)
    try:
        await resp.write(chunk(rid, created, model, {"role": "assistant", "content": ""}, None))
        async for d in rest(first, deltas):
            if d.text:
                await resp.write(chunk(rid, created, model, {"content": d.text}, None))
            if d.finish_reason:
                await resp.write(chunk(rid, created, model, {}, d.finish_reason))
        await resp.write(b"data: [DONE]\n\n")
    except (ConnectionError, RuntimeError):  # the client went away: aclosing() aborts the request
        return resp
    except EngineError as e:  # failed mid-stream: the status is already sent, so say it in the stream
        err = {"error": {"message": str(e), "type": "server_error", "param": None, "code": None}}
        with contextlib.suppress(ConnectionError, RuntimeError):
            await resp.write(b"data: " + json.dumps(err).encode() + b"\n\n")
        return resp
    await resp.write_eof()
    return resp


async def full_reply(
    first: Delta, deltas: AsyncIterator[Delta], rid: str, created: int, model: str, n_prompt: int
) -> web.Response:
    text, n_out, finish = [], 0, None
    try:
        async for d in rest(first, deltas):
            text.append(d.text)
            n_out += len(d.token_ids)
            finish = d.finish_reason or finish
    except EngineError as e:
        return error_response(503, str(e), "server_error")
    body = {
        "id": rid,
        "object": "chat.completion",
        "created": created,
        "model": model,
        "choices": [{"index": 0, "message": {"role": "assistant", "content": "".join(text)}, "finish_reason": finish}],
        "usage": {"prompt_tokens": n_prompt, "completion_tokens": n_out, "total_tokens": n_prompt + n_out},
    }
    return web.json_response(body)


async def list_models(request: web.Request) -> web.Response:
    model = request.app[MODEL_KEY]
    return web.json_response(
        {"object": "list", "data": [{"id": model, "object": "model", "created": 0, "owned_by": "voicebot"}]}
    )


def make_app(
    engine: Engine, model_name: str | None = None, max_tokens_cap: int = DEFAULT_MAX_TOKENS
) -> web.Application:
    """The app over an engine the caller owns (tests share one); main() closes its own on shutdown."""
    app = web.Application(client_max_size=4 * 1024 * 1024)
    app[ENGINE_KEY] = engine
    app[CAP_KEY] = max_tokens_cap
    app[MODEL_KEY] = model_name or engine.options.model
    app.router.add_post("/v1/chat/completions", chat_completions)
    app.router.add_get("/v1/models", list_models)
    return app


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.server", description=__doc__.split("\n\n")[0])
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--model", default=EngineOptions.model, help="built-in name, .gguf file or HF directory")
    ap.add_argument("--device", default="auto", choices=["auto", "cpu", "cuda"])
    ap.add_argument("--dtype", default="auto", choices=["auto", "float32", "float16", "bfloat16"])
    ap.add_argument("--max-batch", type=int, default=EngineOptions.max_batch)
    ap.add_argument("--max-seq-len", type=int, default=EngineOptions.max_seq_len)
    ap.add_argument("--max-queue", type=int, default=EngineOptions.max_queue)
    ap.add_argument("--max-tokens-cap", type=int, default=DEFAULT_MAX_TOKENS, help="default and most max_tokens")
    ap.add_argument(
        "--vocabulary", default=EngineOptions.vocabulary, choices=["speakable", "full"],
        help="speakable: only what an English voice can say (for voicebot); full: every token (a text client)",
    )  # fmt: skip
    args = ap.parse_args(argv)
    try:
        options = EngineOptions(
            model=args.model,
            device=args.device,
            dtype=args.dtype,
            max_batch=args.max_batch,
            max_seq_len=args.max_seq_len,
            max_queue=args.max_queue,
            vocabulary=args.vocabulary,
        )
        engine = Engine(options)
    except (EngineError, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    app = make_app(engine, max_tokens_cap=args.max_tokens_cap)

    async def close_engine(_: web.Application) -> None:
        await asyncio.to_thread(engine.close)

    app.on_cleanup.append(close_engine)
    print(f"serving {options.model} on http://{args.host}:{args.port}/v1", file=sys.stderr)
    web.run_app(app, host=args.host, port=args.port, handler_cancellation=True, print=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
