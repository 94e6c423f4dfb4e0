"""Tokenizer: a `tokenizers.Tokenizer` (built once from GGUF vocab/merges), the model's own jinja2 chat
template, the stop ids, and an incremental detokenizer for streaming text."""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

import jinja2
from jinja2.sandbox import ImmutableSandboxedEnvironment
from tokenizers import AddedToken, Regex, decoders, models, pre_tokenizers
from tokenizers import Tokenizer as RustTokenizer

from engine.errors import EngineError

# How llama.cpp's pre-tokenizer types split text before BPE (the merges were learned on these pieces).
_QWEN2_SPLIT = (
    r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}"
    r"| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+"
)
# Tokens that end a chat turn in the common templates, besides the file's own EOS/EOT ids.
_SENTENCE_END = re.compile(r"(?!\.\.)[.?!]+\s*")  # a token that ends a sentence ("..", "..." do not)
_END_OF_TURN = ("<|im_end|>", "<|endoftext|>", "<|eot_id|>", "<|end|>")
_CHATML = (
    "{% for m in messages %}{{ '<|im_start|>' + m['role'] + '\n' + m['content'] + '<|im_end|>\n' }}"
    "{% endfor %}"
    "{% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}{% endif %}"
)


def _pre_tokenizer(kind: str) -> pre_tokenizers.PreTokenizer:
    if kind in ("qwen2", "deepseek-r1-qwen"):
        return pre_tokenizers.Sequence(
            [
                pre_tokenizers.Split(Regex(_QWEN2_SPLIT), behavior="isolated"),
                pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False),
            ]
        )
    byte_level = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True)
    if kind == "smollm":  # GPT-2 split, but every digit is its own piece
        return pre_tokenizers.Sequence([pre_tokenizers.Digits(individual_digits=True), byte_level])
    if kind in ("gpt2", "default"):
        return byte_level
    raise EngineError(f"GGUF pre-tokenizer {kind!r} is not supported yet (supported: smollm, qwen2, gpt2)")


def tokenizer_from_gguf(meta: dict, chat_template: str | None) -> tuple[RustTokenizer, dict]:
    """Build a byte-level BPE tokenizer and its config from GGUF `tokenizer.ggml.*` metadata."""
    if meta.get("tokenizer.ggml.model") != "gpt2":
        raise EngineError(f"only byte-level BPE tokenizers are supported, not {meta.get('tokenizer.ggml.model')!r}")
    tokens: list[str] = meta["tokenizer.ggml.tokens"]
    types: list[int] = meta.get("tokenizer.ggml.token_type") or [1] * len(tokens)
    merges = [tuple(m.split(" ", 1)) for m in meta["tokenizer.ggml.merges"]]
    tok = RustTokenizer(models.BPE(vocab={t: i for i, t in enumerate(tokens)}, merges=merges))
    tok.pre_tokenizer = _pre_tokenizer(meta.get("tokenizer.ggml.pre", "default"))
    tok.decoder = decoders.ByteLevel()
    # CONTROL (3) tokens are special (matched whole, skipped when decoding); USER_DEFINED (4) matched whole.
    tok.add_special_tokens(
        [AddedToken(t, special=True, normalized=False) for t, k in zip(tokens, types, strict=True) if k == 3]
    )
    tok.add_tokens(
        [AddedToken(t, special=False, normalized=False) for t, k in zip(tokens, types, strict=True) if k == 4]
    )
    ends = {meta.get("tokenizer.ggml.eos_token_id"), meta.get("tokenizer.ggml.eot_token_id")}
    ends |= {tok.token_to_id(t) for t in _END_OF_TURN}
    config = {
        "chat_template": chat_template,
        "bos_token": _token(tokens, meta.get("tokenizer.ggml.bos_token_id")),
        "eos_token": _token(tokens, meta.get("tokenizer.ggml.eos_token_id")),
        "add_bos_token": bool(meta.get("tokenizer.ggml.add_bos_token", False)),
        "stop_token_ids": sorted(i for i in ends if i is not None),
    }
    return tok, config


def _token(tokens: list[str], index: int | None) -> str | None:
    return tokens[index] if index is not None and 0 <= index < len(tokens) else None


class Tokenizer:
    """Text <-> ids, the chat template and the ids that end a reply."""

    def __init__(self, tok: RustTokenizer, config: dict) -> None:
        self.tok = tok
        self.bos_token = _text(config.get("bos_token"))
        self.eos_token = _text(config.get("eos_token"))
        self.add_bos = bool(config.get("add_bos_token", False))
        self.chat_template = config.get("chat_template") or _CHATML
        stops = set(config.get("stop_token_ids") or ())
        stops |= {tok.token_to_id(t) for t in (self.eos_token, *_END_OF_TURN) if t}
        self.stop_ids = frozenset(i for i in stops if i is not None)
        env = ImmutableSandboxedEnvironment(
            trim_blocks=True, lstrip_blocks=True, extensions=["jinja2.ext.loopcontrols"]
        )
        env.globals["raise_exception"] = _raise
        env.filters["tojson"] = lambda x, indent=None, **_: json.dumps(x, ensure_ascii=False, indent=indent)
        self._template = env.from_string(self.chat_template)

    @classmethod
    def from_dir(cls, model_dir: Path) -> Tokenizer:
        """Load tokenizer.json + tokenizer_config.json (ours or a HF checkpoint's)."""
        config_file, template_file = model_dir / "tokenizer_config.json", model_dir / "chat_template.jinja"
        config = json.loads(config_file.read_text()) if config_file.exists() else {}
        if template_file.exists():
            config["chat_template"] = template_file.read_text()
        model_config = json.loads((model_dir / "config.json").read_text())
        eos = model_config.get("eos_token_id")
        config.setdefault("stop_token_ids", eos if isinstance(eos, list) else [eos] if eos is not None else [])
        return cls(RustTokenizer.from_file(str(model_dir / "tokenizer.json")), config)

    @property
    def vocab_size(self) -> int:
        return self.tok.get_vocab_size()

    def encode(self, text: str, add_special_tokens: bool = True) -> list[int]:
        ids = self.tok.encode(text, add_special_tokens=False).ids
        bos = self.tok.token_to_id(self.bos_token) if self.bos_token else None
        if add_special_tokens and self.add_bos and bos is not None and ids[:1] != [bos]:
            ids.insert(0, bos)
        return ids

    def decode(self, ids: list[int], skip_special_tokens: bool = True) -> str:
        return self.tok.decode(ids, skip_special_tokens=skip_special_tokens)

    def apply_chat_template(self, messages: list[dict[str, str]], add_generation_prompt: bool = True) -> str:
        """Render messages with the model's own template (the template adds any BOS text itself)."""
        return self._template.render(
            messages=messages,
            add_generation_prompt=add_generation_prompt,
            bos_token=self.bos_token or "",
            eos_token=self.eos_token or "",
        )

    def encode_chat(self, messages: list[dict[str, str]]) -> list[int]:
        return self.encode(self.apply_chat_template(messages), add_special_tokens=False)

    def encode_open_turn(self, messages: list[dict[str, str]]) -> tuple[list[int], int | None]:
        """The chat with its last message left open, and the token that would close it.

        Returns (ids up to the last message's final text token, the template's end-of-message token),
        or None for the token when the template closes a message with no single stop token (then the
        model cannot say "this message is complete", and end-of-turn scoring is not possible).
        """
        mark = "\x00open\x00"
        *head, last = messages
        text = self.apply_chat_template([*head, {**last, "content": last["content"] + mark}], False)
        cut = text.find(mark)
        if cut < 0:
            return self.encode(text, add_special_tokens=False), None
        after = self.encode(text[cut + len(mark) :], add_special_tokens=False)
        end = after[0] if after and after[0] in self.stop_ids else None
        return self.encode(text[:cut], add_special_tokens=False), end

    @functools.cached_property
    def sentence_end_ids(self) -> tuple[int, ...]:
        """Every token that ends a sentence: . ? ! alone or with what may follow them in the same token
        (".\n", "?\n\n", "!!"), but no ellipsis (trailing off). Qwen ends most sentences with one of
        the joined forms: after "What is the capital of France" it puts 0.61 on "?\n", 0.14 on "?"."""
        texts = ((i, self.decode([i], skip_special_tokens=False)) for i in self.tok.get_vocab().values())
        return tuple(sorted(i for i, t in texts if _SENTENCE_END.fullmatch(t)))


def _text(token: str | dict | None) -> str | None:
    return token.get("content") if isinstance(token, dict) else token  # HF configs may store AddedToken dicts


def _raise(message: str) -> None:
    raise jinja2.TemplateError(message)


class IncrementalDetokenizer:
    """Turns one token at a time into text deltas that never split a multi-byte character.

    Decodes a small window (the previous piece plus the new ids) and emits only what the new ids added;
    text ending in U+FFFD is an incomplete UTF-8 sequence and waits for the next token. Starting the window
    inside the prompt keeps tokenizers that drop a leading space (sentencepiece) right.
    """

    def __init__(self, tokenizer: Tokenizer, prompt_ids: list[int]) -> None:
        self.decode = tokenizer.decode
        self.ids = list(prompt_ids[-6:])
        self.prefix = 0  # start of the window
        self.read = len(self.ids)  # ids before this are already emitted

    def add(self, token_id: int) -> str:
        self.ids.append(token_id)
        return self._emit(final=False)

    def flush(self) -> str:
        """Emit whatever is held back (the reply ended inside a multi-byte character)."""
        return self._emit(final=True)

    def _emit(self, final: bool) -> str:
        before = self.decode(self.ids[self.prefix : self.read])
        text = self.decode(self.ids[self.prefix :])
        if len(text) <= len(before) or (text.endswith("\ufffd") and not final):
            return ""
        del self.ids[: self.read]  # the new window starts at the old read offset
        self.prefix, self.read = 0, len(self.ids)
        return text[len(before) :]
