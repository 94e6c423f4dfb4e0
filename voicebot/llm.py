"""LLM backends behind one small interface: our in-process engine, or any OpenAI-compatible server."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from contextlib import aclosing
from dataclasses import dataclass, replace
from typing import Protocol

import aiohttp

from voicebot import refusal, repetition
from voicebot.conversation import last_said
from voicebot.errors import VoicebotError


@dataclass(frozen=True)
class ReplyParams:
    """max_tokens: the in-process engine ends a reply at the first sentence end past this many tokens
    (`token_budget` at the latest), so it is not cut mid-sentence; an OpenAI server stops at it."""

    max_tokens: int = 60
    temperature: float = 0.0
    top_p: float = 1.0
    seed: int | None = 0

    @property
    def token_budget(self) -> int:
        """The most tokens a reply may take: room to finish the sentence under way at max_tokens."""
        return self.max_tokens + self.max_tokens // 2


OnScore = Callable[[float | None], None]
TEMPLATE_TOKENS = 8  # what a chat template adds around one message, at most (Qwen's and SmolLM's: 5)


class LLMClient(Protocol):
    def stream(
        self,
        messages: list[dict[str, str]],
        params: ReplyParams,
        cache_key: str | None = None,
        on_score: OnScore | None = None,
        reply_start: str = "",
    ) -> AsyncIterator[str]:
        """Yield the reply's text as it is generated; closing the iterator cancels the request.
        cache_key names the conversation, so a backend may keep its KV between turns. on_score, when
        given, is called once, before the first text, with the end-of-turn probability of the last (user)
        message read off the same request (see `end_of_turn`), or None when the backend cannot say.
        reply_start: words the reply should start with (`Conversation.reply_start`): a backend that can
        continue a reply yields them first and continues; one that cannot leaves them out."""
        ...

    async def end_of_turn(
        self, messages: list[dict[str, str]], cache_key: str | None = None, background: bool = False
    ) -> float | None:
        """How likely the last (user) message is complete; None when the backend cannot score it.
        background: nobody waits for the answer yet (the call warms the conversation's cache), so a
        backend may let every reply and turn decision go first."""
        ...

    def fits(self, messages: list[dict[str, str]], max_new_tokens: int) -> bool:
        """Whether the prompt leaves room for `max_new_tokens` in the backend's context (True when the
        backend cannot tell)."""
        ...

    def forget(self, cache_key: str) -> None:
        """The conversation ended: free whatever was cached for it."""
        ...

    async def close(self) -> None: ...


class EngineClient:
    """The in-process engine, shared by every session of this process."""

    def __init__(self, engine: object, retry_refusals: bool = True, retry_repeats: bool = True) -> None:
        """retry_refusals: ask again, without its opening, a reply that starts as the canned refusal of a
        harmless request (voicebot/refusal.py). retry_repeats: ask again, without the last reply in the prompt,
        a reply that starts as the last reply did (voicebot/repetition.py, `opens_as`)."""
        from engine import Engine

        assert isinstance(engine, Engine)
        self.engine = engine
        self.retry_refusals = retry_refusals
        self.retry_repeats = retry_repeats
        self._counted: dict[str, int] = {}  # message text -> its tokens (`fits`)

    async def stream(
        self,
        messages: list[dict[str, str]],
        params: ReplyParams,
        cache_key: str | None = None,
        on_score: OnScore | None = None,
        reply_start: str = "",
    ) -> AsyncIterator[str]:
        """The reply's text as it is decoded. One that opens with the model's canned refusal of a harmless
        request is held back and asked again without its first word (voicebot/refusal.py); one that opens with
        the last reply's first words, without the last reply in the prompt (voicebot/repetition.py)."""
        from engine import SamplingParams
        from engine.engine import end_probability
        from engine.errors import EngineError

        sp = SamplingParams(
            max_tokens=params.token_budget,
            soft_max_tokens=params.max_tokens,
            temperature=params.temperature,
            top_p=params.top_p,
            seed=params.seed,
        )
        request, last = last_said(messages, "user"), last_said(messages, "assistant")
        may_retry = not reply_start and refusal.may_retry(request)  # never when it names harm or asks for what
        refusals = self.retry_refusals and may_retry  # the assistant lacks: there a refusal, even twice, stands
        repeats = self.retry_repeats and may_retry and repetition.may_retry_repeat(request, last)

        def undecided(text: str) -> bool:
            return (refusals and refusal.may_start_refusal(text)) or (repeats and repetition.may_open_as(text, last))

        def retried(text: str, ended: bool = False) -> bool:
            return (refusals and refusal.is_refusal(text)) or (repeats and repetition.opens_as(text, last, ended))

        held: str | None = "" if refusals or repeats else None  # the reply's start, while it may be asked again
        try:
            async with aclosing(
                self.engine.generate(messages, sp, cache_key, on_score is not None, reply_start)
            ) as first:
                async for delta in first:
                    if on_score is not None:
                        on_score(end_probability(delta.probs))
                        on_score = None
                    if reply_start:  # with the first delta: the score comes before any text
                        yield reply_start
                        reply_start = ""
                    if held is not None and undecided(held + delta.text):
                        held += delta.text
                        if retried(held):
                            break  # (leaving the block ends the request)
                        continue
                    if held:
                        yield held
                    held = None
                    if delta.text:
                        yield delta.text
            if held and retried(held, ended=True):
                if refusals and refusal.is_refusal(held):
                    sp = replace(sp, ban_first=self._refusal_openings())
                else:  # a repeat: asked without the last reply in view (with only its first word banned, it went
                    messages = _without_last_reply(messages)  # on copying: "One idea for a gift idea for your ...")
                async with aclosing(self.engine.generate(messages, sp, cache_key)) as second:
                    async for delta in second:
                        if delta.text:
                            yield delta.text
            elif held:  # the reply ended while it could still have been one
                yield held
        except EngineError as e:
            raise VoicebotError(str(e)) from e

    def _refusal_openings(self) -> tuple[int, ...]:
        firsts = [self.engine.tokenizer.encode(w, add_special_tokens=False)[:1] for w in refusal.OPENING_WORDS]
        return tuple(dict.fromkeys(t for ids in firsts for t in ids))

    async def end_of_turn(
        self, messages: list[dict[str, str]], cache_key: str | None = None, background: bool = False
    ) -> float | None:
        from engine.errors import EngineError

        try:
            return await self.engine.end_of_turn(messages, cache_key, background)
        except EngineError as e:
            raise VoicebotError(str(e)) from e

    def fits(self, messages: list[dict[str, str]], max_new_tokens: int) -> bool:
        """Each message's words counted once and remembered (the whole chat took ~3 ms to tokenize at every
        prompt, on the way to the reply), plus `TEMPLATE_TOKENS` of chat template for each."""
        limit = self.engine.options.max_seq_len - max_new_tokens - TEMPLATE_TOKENS
        return sum(self._tokens(m["content"]) + TEMPLATE_TOKENS for m in messages) <= limit

    def _tokens(self, text: str) -> int:
        if (n := self._counted.get(text)) is None:
            if len(self._counted) >= 1024:  # a session's history is far less: bound the memory, keep it simple
                self._counted.clear()
            n = self._counted[text] = len(self.engine.tokenizer.encode(text))
        return n

    def forget(self, cache_key: str) -> None:
        self.engine.forget(cache_key)

    async def close(self) -> None:
        self.engine.close()


def _without_last_reply(messages: list[dict[str, str]]) -> list[dict[str, str]]:
    """The prompt without the last reply; the user's words on either side of it become one message (left as
    two, the 0.5B said the first back: "No, I meant a soft-boiled one. And do I put it in cold water ...")."""
    last = max(i for i, m in enumerate(messages) if m["role"] == "assistant")
    before, after = messages[:last], [dict(m) for m in messages[last + 1 :]]
    now = next((m for m in after if m["role"] == "user"), None)  # after a turn's note, if it has one
    if before and before[-1]["role"] == "user" and now is not None:
        now["content"] = f"{before.pop()['content']} {now['content']}"
    return before + after


def fold_notes(messages: list[dict[str, str]]) -> list[dict[str, str]]:
    """A system note after the first message (the clock before a turn about the time) as the start of the
    user message it precedes: many chat templates (Mistral's, Gemma's) reject a system message there."""
    out: list[dict[str, str]] = []
    note = ""
    for i, m in enumerate(messages):
        if i and m["role"] == "system":
            note += f"({m['content']}) "
        else:
            out.append({**m, "content": note + m["content"]} if note else m)
            note = ""
    return out


class OpenAIClient:
    """Streams `/chat/completions` from an OpenAI-compatible server (our `engine.server`, vLLM, ...)."""

    def __init__(
        self,
        url: str,
        model: str,
        api_key: str | None = None,
        timeout_s: float = 30.0,
        context_tokens: int | None = None,
    ) -> None:
        self.context_tokens = context_tokens  # the server's context, if known (llm.max_seq_len)
        self.url = url.rstrip("/") + "/chat/completions"
        self.model = model
        self.headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self.timeout = aiohttp.ClientTimeout(total=None, sock_connect=5, sock_read=timeout_s)
        self._session: aiohttp.ClientSession | None = None

    async def stream(
        self,
        messages: list[dict[str, str]],
        params: ReplyParams,
        cache_key: str | None = None,
        on_score: OnScore | None = None,
        reply_start: str = "",
    ) -> AsyncIterator[str]:
        """cache_key is not sent: OpenAI-compatible servers cache prefixes by content (vLLM, SGLang).
        Chat completions expose no prompt probabilities, so on_score gets None, nor a way to continue a
        reply, so reply_start is left out (the turn's note still asks for it)."""
        if on_score is not None:
            on_score(None)
        if self._session is None:
            self._session = aiohttp.ClientSession(timeout=self.timeout)
        body = {
            "model": self.model,
            "messages": fold_notes(messages),
            "stream": True,
            "max_tokens": params.max_tokens,
            "temperature": params.temperature,
            "top_p": params.top_p,
            "seed": params.seed,
        }
        try:
            async with self._session.post(self.url, json=body, headers=self.headers) as resp:
                if resp.status != 200:
                    detail = (await resp.text())[:300]
                    raise VoicebotError(f"LLM server {self.url} answered {resp.status}: {detail}")
                async for raw in resp.content:
                    line = raw.decode("utf-8", "replace").strip()
                    if not line.startswith("data:"):
                        continue
                    data = line[5:].strip()
                    if data == "[DONE]":
                        return
                    chunk = json.loads(data)
                    if "error" in chunk:
                        raise VoicebotError(f"LLM server error: {chunk['error']}")
                    choice = chunk["choices"][0]
                    text = (choice.get("delta") or {}).get("content")
                    if text:
                        yield text
        except aiohttp.ClientError as e:
            raise VoicebotError(f"cannot reach the LLM server at {self.url}: {e}") from e

    async def end_of_turn(
        self, messages: list[dict[str, str]], cache_key: str | None = None, background: bool = False
    ) -> float | None:
        """Chat-completions servers expose no prompt-only probabilities: silence-only endpointing."""
        return None

    def fits(self, messages: list[dict[str, str]], max_new_tokens: int) -> bool:
        """Estimated without the server's tokenizer: 3 bytes a token (English runs ~4 chars a token) and 8
        tokens of template a message, so the history is cut a little early rather than the reply refused."""
        if self.context_tokens is None:
            return True
        tokens = sum(len(m["content"].encode()) // 3 + 8 for m in messages)
        return tokens + max_new_tokens <= self.context_tokens

    def forget(self, cache_key: str) -> None:
        pass

    async def close(self) -> None:
        if self._session is not None:
            await self._session.close()
