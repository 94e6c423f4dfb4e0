"""The engine benchmark's prompt building and prefix-cache bookkeeping, without loading a model: the figures
themselves are measured by `python -m engine.bench`, never asserted (the machines are shared and noisy)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from engine.bench import NAMES, TTFT_TOKENS, TURNS, bench_multi_turn, machine_info, ttft_chat
from engine.cpu import ISA_VARIABLES
from engine.sequence import Delta
from engine.tokenizer import Tokenizer
from engine.weights import resolve_model


class _WordTokenizer:
    """One token per word of every message, plus 3 per message for the template."""

    def encode_chat(self, messages: list[dict[str, str]]) -> list[str]:
        return [w for m in messages for w in ["<s>", m["role"], *m["content"].split(), "</s>"]]


class _OldEngine:
    """An engine from before the prefix cache: `generate` takes no `cache_key`."""

    def __init__(self) -> None:
        self.tokenizer = _WordTokenizer()
        self.prompts: list[list[str]] = []

    def stats(self) -> dict[str, int]:
        return {}

    def generate(self, messages: list[dict[str, str]], params: object = None) -> AsyncIterator[Delta]:
        return self._reply(messages)

    async def _reply(self, messages: list[dict[str, str]], **_: object) -> AsyncIterator[Delta]:
        self.prompts.append(self.tokenizer.encode_chat(messages))
        await asyncio.sleep(0.002)  # a first token takes time (the bench divides by it)
        yield Delta(f"reply {len(self.prompts)}", [1])
        yield Delta("", [], "stop")


class _CachingEngine(_OldEngine):
    """Counts a key's common prefix with its previous prompt as reused, as the real scheduler does."""

    def __init__(self) -> None:
        super().__init__()
        self.sessions: dict[str, list[str]] = {}
        self.reused = 0
        self.forgotten: list[str] = []

    def stats(self) -> dict[str, int]:
        return {"reused_tokens": self.reused}

    def generate(self, messages, params=None, cache_key: str | None = None) -> AsyncIterator[Delta]:
        if cache_key is not None:
            ids, old = self.tokenizer.encode_chat(messages), self.sessions.get(cache_key, [])
            self.reused += next((i for i, (a, b) in enumerate(zip(ids, old, strict=False)) if a != b), len(old))
            self.sessions[cache_key] = ids
        return self._reply(messages)

    def forget(self, cache_key: str) -> None:
        self.forgotten.append(cache_key)


def test_ttft_chat_reaches_the_target_and_prompts_share_no_prefix() -> None:
    tok = _WordTokenizer()
    chats = [ttft_chat(tok, i) for i in range(len(NAMES))]
    assert all(len(tok.encode_chat(c)) == TTFT_TOKENS for c in chats)
    assert len({c[0]["content"].split()[0] for c in chats}) == len(NAMES)  # each opens with its own name


def test_ttft_chat_with_the_real_tokenizer() -> None:
    tok = Tokenizer.from_dir(resolve_model("smollm2-135m"))
    lengths = [len(tok.encode_chat(ttft_chat(tok, i))) for i in range(len(NAMES))]
    assert all(55 <= n <= 65 for n in lengths), lengths


def test_multi_turn_without_a_prefix_cache_still_reports_recompute() -> None:
    engine = _OldEngine()
    out = bench_multi_turn(engine, repeat=1)  # type: ignore[arg-type]
    assert out["prefix_cache"] == "not available" and "cached" not in out
    assert len(out["recompute"]["ttft_ms"]) == len(TURNS) == len(out["prompt_tokens"])
    assert engine.prompts[-1][-3:-1] == TURNS[-1].split()[-2:]  # the last turn asks the last question


def test_multi_turn_with_a_prefix_cache() -> None:
    engine = _CachingEngine()
    out = bench_multi_turn(engine, repeat=2)  # type: ignore[arg-type]
    assert out["prefix_cache"] == "available"
    assert out["cached"]["reused_tokens"] > 0 and out["recompute"]["reused_tokens"] == 0
    assert engine.forgotten == ["engine-bench-0", "engine-bench-1"]
    assert out["prompt_tokens"] == sorted(out["prompt_tokens"])  # the history grows turn by turn
    # the session's replies are fed back: turn 2's prompt holds turn 1's reply
    assert "reply" in engine.sessions["engine-bench-1"]


@pytest.mark.parametrize("var", ISA_VARIABLES)
def test_machine_info_records_cpu_overrides(monkeypatch: pytest.MonkeyPatch, var: str) -> None:
    monkeypatch.setenv(var, "avx2")
    info = machine_info()
    assert info["env"][var] == "avx2"
    assert info["cores"] and info["torch"] and info["cpu_features"]
