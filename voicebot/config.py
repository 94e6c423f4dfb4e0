"""YAML configuration, validated once at the edge; everything inside the program sees typed objects.

An unknown key or an out-of-range value is a `ConfigError` naming the key, e.g.
``configs/x.yaml: vad.aggressivenes: unknown key``.
"""

from __future__ import annotations

import re
from collections.abc import Hashable
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from voicebot.errors import ConfigError

DEFAULT_CONFIG = Path(__file__).resolve().parents[1] / "configs" / "default.yaml"


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class VadConfig(_Section):
    backend: Literal["webrtcvad"] = "webrtcvad"
    aggressiveness: int = Field(2, ge=0, le=3, description="webrtcvad mode: 0 permissive .. 3 strict")
    frame_ms: Literal[10, 20, 30] = 30
    start_ms: int = Field(90, ge=10, le=2000, description="voiced time that starts a speech segment")
    pause_ms: int = Field(90, ge=30, le=5000, description="silence after which the ASR starts its final pass")
    end_silence_ms: int = Field(1000, ge=60, le=5000, description="silence that closes a speech segment")
    pre_roll_ms: int = Field(300, ge=0, le=2000, description="audio kept from before the speech start")
    max_segment_ms: int = Field(
        30000, ge=1000, le=600000, description="a segment is closed at this length even without a pause"
    )
    post_roll_ms: int = Field(150, ge=0, le=2000, description="audio kept after the speech end for the ASR")
    max_flatness: float | None = Field(0.45, gt=0, le=1, description="flatter frames are noise, not speech")
    min_level_db: float | None = Field(-55.0, le=0, description="quieter frames are silence (dBFS)")
    background_margin_db: float | None = Field(
        1.5, gt=0, le=20, description="over a loud steady background, only frames this much louder are speech"
    )
    background_db: float = Field(-40.0, lt=0, description="background level (dBFS) from which that gate acts")

    @model_validator(mode="after")
    def _pause_before_end(self) -> VadConfig:
        if self.pause_ms > self.end_silence_ms:
            raise ValueError("pause_ms must not exceed end_silence_ms")
        return self


class TurnsConfig(_Section):
    """When the user's turn ends and what interrupts the bot (voicebot/turn_policy.py: TurnOptions)."""

    end_of_turn: Literal["model", "silence"] = Field(
        "model", description="model: the LLM scores whether the user's words are complete; silence: silence only"
    )
    complete_p: float = Field(0.05, ge=0, le=1, description="end-of-turn probability of a finished thought")
    open_complete_p: float = Field(
        0.4, ge=0, le=1, description="the same for words the ASR did not close with . ? ! (a terse answer)"
    )
    complete_ms: int = Field(150, ge=0, le=10000, description="silence that ends a finished thought")
    unsure_ms: int = Field(1800, ge=0, le=10000, description="silence that ends an unsure one")
    unfinished_ms: int = Field(2500, ge=0, le=20000, description="silence that ends an unfinished one (maximum)")
    silence_only_ms: int = Field(450, ge=60, le=10000, description="silence that ends a turn without a score")
    continuation_ms: int = Field(
        1500, ge=0, le=10000, description="speech this soon after a turn, before its reply is heard, continues it"
    )
    reaction_ms: int = Field(
        300, ge=0, le=2000, description="a reply counts as heard once it played this long; speech sooner continues"
    )
    barge_in_ms: int = Field(150, ge=0, le=2000, description="speech over the reply this long pauses it")
    backchannel_max_ms: int = Field(1000, ge=0, le=10000, description="overlapping speech this long interrupts")
    backchannels: list[str] | None = Field(None, description="phrases that do not interrupt; null: built-in list")
    fillers: list[str] | None = Field(None, description="a turn of only these is never answered; null: built-in")
    dismissals: list[str] | None = Field(
        None, description="a turn of only these (stop, never mind, ...) stops the bot, unanswered; null: built-in"
    )
    short_replies: list[str] | None = Field(
        None, description="a closed turn of only these (yes, tell me more, why, ...) is complete; null: built-in"
    )

    @model_validator(mode="after")
    def _ordered(self) -> TurnsConfig:
        if not self.complete_ms <= self.unsure_ms <= self.unfinished_ms:
            raise ValueError("need complete_ms <= unsure_ms <= unfinished_ms")
        return self


Ct2ComputeType = Literal[
    "auto", "default", "int8", "int8_float32", "int8_float16", "int8_bfloat16", "int16", "float16", "bfloat16",
    "float32",
]


class AsrConfig(_Section):
    backend: Literal["faster-whisper"] = "faster-whisper"
    model: str = Field("tiny.en", description="built-in name (tiny.en) or a CTranslate2 model directory")
    compute_type: Ct2ComputeType = Field(
        "int8", description="CTranslate2 compute type; on CPU int8 is the fastest at the same WER"
    )
    beam_size: int = Field(1, ge=1, le=10)
    threads: int = Field(
        1, ge=1, le=64, description="CTranslate2 threads; 2 made every LLM engine step ~25 % slower (README)"
    )
    workers: int = Field(
        2, ge=1, le=8, description="passes at once: the one a turn's end waits for never queues behind a partial"
    )
    language: str = Field("en", description="what the user speaks (an English-only model, *.en, takes only en)")
    context_tokens: int = Field(
        64, ge=0, le=223, description="tokens of the user's earlier words given to Whisper as context (0: none)"
    )
    partial_interval_ms: int = Field(600, ge=100, le=10000, description="how often partials are made")
    pause_priority: bool = Field(
        False, description="the pass at a pause has the CPU to itself: in-process LLM steps wait (measured: no gain)"
    )

    @model_validator(mode="after")
    def _english_only(self) -> AsrConfig:
        if self.model.endswith(".en") and self.language != "en":  # it would transcribe French as English words
            raise ValueError(f"{self.model} understands English only: set language: en, or use a multilingual model")
        return self


class LlmConfig(_Section):
    backend: Literal["engine", "openai"] = "engine"
    model: str = Field("qwen2.5-coder-0.5b", description="built-in name, a .gguf file or a HF model directory")
    device: Literal["auto", "cpu", "cuda"] = "auto"
    dtype: Literal["auto", "float32", "float16", "bfloat16", "int8"] = Field(
        "auto", description="auto: int8 on a CPU with AVX2, fp32 without; bf16/fp16 only where native"
    )
    threads: int | None = Field(None, ge=1, le=256)
    max_batch: int = Field(8, ge=1, le=256)
    max_seq_len: int = Field(
        2048, ge=64, le=131072, description="context for prompt + reply; older history blocks are dropped to fit "
        "(backend openai: the server's context, the prompt's length estimated)",
    )  # fmt: skip
    speculation: Literal["none", "ngram", "draft", "self"] = Field(
        "ngram", description="speculative decoding drafter; output is identical, only faster (ngram: replies that"
        " reuse the user's words, 1.61x on 2 AVX2 cores)"
    )
    num_draft: int = Field(4, ge=1, le=16, description="most draft tokens per step (adapted per request)")
    draft_model: str | None = Field(None, description="draft model for speculation 'draft' (same tokenizer)")
    cuda_graphs: bool = Field(
        True, description="on a GPU, replay decode steps as CUDA graphs (~6x faster for the 0.5B); false to bisect"
    )
    vocabulary: Literal["speakable", "full"] = Field(
        "speakable", description="speakable: the model writes only what the voice can say (no Chinese, no emoji;"
        " Qwen's lm_head a third smaller); full: every token (a voice that speaks other scripts)"
    )
    url: str | None = Field(None, description="base URL of an OpenAI-compatible server (backend: openai)")
    api_key: str | None = None
    system_prompt: str = "You are a friendly voice assistant. Answer in one or two short, spoken sentences."
    error_reply: str = Field(
        "Sorry, I couldn't answer that. Please try again.",
        description="said when the LLM fails before a word of its reply (a server down, an overloaded engine), "
        "instead of silence; empty: say nothing",
    )
    preemptive: bool = Field(True, description="start the reply at the first pause; release it if the turn ends")
    clock_note: bool = Field(
        True, description="before a turn about the time or the date, a system note gives the model the clock "
        "(this machine's zone, or the browser's): it reads the answer off instead of inventing one",
    )  # fmt: skip
    limits_note: bool = Field(
        True, description="before a request for what it lacks (timers, weather, news, music, calls, lights, lists,"
        " orders and payments, doors, the user's accounts or whereabouts, live information, places near them), a "
        "system note says it has none and the reply starts \"Sorry, I'm offline, so I can't\", instead of pretending "
        "it did; asked the user's own facts (\"What's my name?\"), the reply starts \"You told me\" if they said it "
        "in the conversation, else \"You haven't told me\"; asked what they said (\"What did I just ask you?\"), it "
        "quotes them; asked to say it again (\"Sorry?\"), the reply is the last one as it was",
    )  # fmt: skip
    exact_note: bool = Field(
        True, description="before a turn that asks for a calculation (\"what is 17 times 23\", \"15 percent of "
        "80\", and one going on from the last result: \"and times three?\"), a unit conversion (\"10 miles in "
        "kilometers\"), a spelling (\"how many r's in strawberry\") or a word form (\"the plural of goose\", "
        "\"the opposite of generous\"), a system note gives the exact result: a small model guesses past one-digit "
        "sums, the famous conversions, the letters of a word, irregular plurals and verbs, and opposites; asked a "
        "country's or a US state's capital, or a classic fact (\"how many legs does a spider have\"), the note "
        "and the reply's start give it from a table",
    )  # fmt: skip
    direct_questions: bool = Field(
        True, description="a question asked inside a sentence (\"My daughter wants to know why the sky is blue.\", "
        "\"I can never remember what the capital of Australia is.\") is given to the model and the notes as the "
        "question itself (\"Why is the sky blue?\"): the model alone answered the wrapper (voicebot/indirect.py)",
    )  # fmt: skip
    about_note: bool = Field(
        True, description="before a question about the assistant (\"what's your name\", \"who made you\", "
        "\"what can you do\"), a system note says who it is: the model alone makes up a name and a maker",
    )  # fmt: skip
    chance_note: bool = Field(
        True, description="\"flip a coin\", \"roll a die\", \"pick a number between 1 and 10\": a system note "
        "draws it, so greedy decoding does not give the same answer every time",
    )  # fmt: skip
    entertain_note: bool = Field(
        True, description="\"tell me a story\", \"tell me a joke\", \"a fun fact\", \"sing\": a system note, and the "
        "reply's first words: 'Once upon a time,' (the model alone refused), a joke or a fact drawn from a list "
        "(it knows one joke, and gets facts wrong), or that it cannot sing; \"I don't get it.\" after a joke: why "
        "it is funny",
    )  # fmt: skip
    retry_refusals: bool = Field(
        True, description="a reply that opens with the model's canned refusal (\"I'm sorry, but I can't assist "
        "with that.\", said to \"Count to five.\") is asked again without that opening, unless the request "
        "names harm (engine backend; voicebot/refusal.py)",
    )  # fmt: skip
    retry_repeats: bool = Field(
        True, description="a reply that opens with the last reply's first five words (asked \"Is it scary?\" "
        "after a film's description, the 0.5B described it again) is asked again without the last reply in the "
        "prompt, unless the request asks for it again, names harm or asks for what it lacks (engine backend; "
        "voicebot/repetition.py)",
    )  # fmt: skip
    max_tokens: int = Field(
        60, ge=1, le=4096, description="a reply ends at the first sentence end past this (engine backend; "
        "1.5x at the latest): never mid-sentence",
    )  # fmt: skip
    temperature: float = Field(0.0, ge=0.0, le=5.0)
    top_p: float = Field(1.0, gt=0.0, le=1.0)
    seed: int | None = 0
    history_turns: int = Field(
        16, ge=0, le=1000, description="past user/assistant pairs kept; dropped in blocks of half (prefix cache)"
    )

    @model_validator(mode="after")
    def _consistent(self) -> LlmConfig:
        if self.backend == "openai" and not self.url:
            raise ValueError("backend 'openai' needs llm.url (e.g. http://127.0.0.1:8000/v1)")
        if self.url and not re.match(r"https?://[^/\s]+", self.url):  # "localhost:8000/v1" failed at the first turn
            raise ValueError(f"llm.url must start http:// or https://, got {self.url!r}")
        if (self.speculation == "draft") != (self.draft_model is not None):
            raise ValueError("llm.draft_model is needed by, and only used with, speculation 'draft'")
        return self


class TtsConfig(_Section):
    backend: Literal["piper", "coqui"] = Field(
        "piper", description="piper: in process; coqui: a Coqui model in its own venv (scripts/setup_coqui.sh)"
    )
    voice: str = Field("joe", description="built-in voice name (joe) or a Piper .onnx file")
    model: str | None = Field(None, description="backend coqui: a Coqui model directory (config.json + checkpoint)")
    speaker: str | None = Field(
        None, description="backend coqui: multi-speaker VITS speaker name; XTTS speaker name or reference WAV"
    )
    language: str | None = Field(None, description="backend coqui: language of a multilingual model (XTTS: en)")
    device: Literal["cpu", "cuda"] = Field("cpu", description="backend coqui: where the model runs")
    coqui_python: str | None = Field(
        None, description="backend coqui: the Coqui venv's python; null: .venv-coqui/bin/python in the project"
    )
    length_scale: float = Field(1.0, gt=0.1, le=5.0, description="speaking rate: larger is slower")
    threads: int = Field(1, ge=1, le=64)
    first_threads: int = Field(
        2, ge=1, le=64, description="piper: threads for a reply's first phrase (with first_audio_priority)"
    )
    first_min_words: int = Field(2, ge=1, le=50, description="words before the first phrase may end at a comma")
    first_max_words: int = Field(4, ge=1, le=100, description="the first phrase is cut here if no punctuation came")
    min_words: int = Field(6, ge=1, le=100, description="later phrases may end at a comma after this many words")
    max_words: int = Field(
        24, ge=2, le=400, description="later phrases are cut here; the limits double from the first phrase's"
    )
    first_audio_priority: bool = Field(
        True, description="LLM decoding waits while a reply's first phrase is synthesized on first_threads"
    )

    @model_validator(mode="after")
    def _word_limits_ordered(self) -> TtsConfig:
        if self.first_min_words > self.first_max_words or self.min_words > self.max_words:
            raise ValueError("need first_min_words <= first_max_words and min_words <= max_words")
        return self

    @model_validator(mode="after")
    def _backend_keys(self) -> TtsConfig:
        if self.backend == "coqui" and not self.model:
            raise ValueError("backend 'coqui' needs tts.model: a Coqui model directory (config.json + checkpoint)")
        if self.backend == "piper":
            coqui_only = {"model": self.model, "speaker": self.speaker, "language": self.language,
                          "coqui_python": self.coqui_python}
            if self.device != "cpu":
                coqui_only["device"] = self.device
            given = [f"tts.{k}" for k, v in coqui_only.items() if v is not None]
            if given:
                raise ValueError(f"{', '.join(given)}: only for backend 'coqui' (Piper takes tts.voice)")
        return self


class BudgetsConfig(_Section):
    """Per-stage latency budgets in milliseconds; a turn that exceeds one is reported as over budget."""

    endpoint: float = Field(500, gt=0, description="speech end → VAD endpoint")
    asr: float = Field(400, gt=0, description="endpoint → final transcript")
    llm_first_token: float = Field(400, gt=0, description="final transcript → first LLM token")
    tts_first_audio: float = Field(500, gt=0, description="first LLM token → first TTS audio")
    playout: float = Field(100, gt=0, description="first TTS audio → first audible sample")
    voice_to_voice: float = Field(1500, gt=0, description="speech end → first audible reply sample")


class ServerConfig(_Section):
    host: str = "127.0.0.1"
    port: int = Field(8080, ge=0, le=65535)
    max_sessions: int = Field(4, ge=1, le=1000)
    max_lag_ms: int = Field(
        2000, ge=100, le=3_600_000,
        description="new callers get 503 while a session runs this far behind real time (voicebot/session.py)",
    )  # fmt: skip
    allowed_origins: list[str] = Field(
        default_factory=list, description="other page origins (e.g. https://app.example.com) that may call /offer"
    )
    ice_servers: list[str] = Field(default_factory=list, description="STUN/TURN URLs; none by default")
    https: Literal["off", "self_signed", "files"] = Field(
        "off", description="browsers allow the microphone only on https or localhost: self_signed (made once, "
        "kept in $VOICEBOT_CACHE/tls) or files (tls_cert + tls_key) for a phone or laptop on the LAN",
    )
    tls_cert: Path | None = Field(None, description="https: 'files': PEM certificate (chain)")
    tls_key: Path | None = Field(None, description="https: 'files': its unencrypted PEM private key")

    @field_validator("allowed_origins")
    @classmethod
    def _origins(cls, value: list[str]) -> list[str]:
        """A browser sends its page's origin as scheme://host[:port]; "example.com" could never match one."""
        bad = [o for o in value if not re.fullmatch(r"https?://[^/\s:]+(:\d{1,5})?", o.rstrip("/"))]
        if bad:
            raise ValueError(f"{bad[0]!r} is no origin: write it as the browser does, e.g. https://app.example.com")
        return [o.rstrip("/") for o in value]

    @field_validator("ice_servers")
    @classmethod
    def _ice_urls(cls, value: list[str]) -> list[str]:
        """Each call's page was refused by the browser ("'not a url' is not a valid URL") where one was wrong."""
        bad = [u for u in value if not re.fullmatch(r"(stun|stuns|turn|turns):[^\s/]+", u)]
        if bad:
            raise ValueError(f"{bad[0]!r} is no STUN/TURN URL: e.g. stun:stun.example.org:3478")
        return value

    @field_validator("https", mode="before")
    @classmethod
    def _yaml_booleans(cls, value: object) -> object:
        """YAML reads a bare `off` / `on` as a boolean."""
        return {False: "off", True: "self_signed"}.get(value, value) if isinstance(value, bool) else value

    @model_validator(mode="after")
    def _tls_files(self) -> ServerConfig:
        given = self.tls_cert is not None and self.tls_key is not None
        if self.https == "files" and not given:
            raise ValueError("https 'files' needs server.tls_cert and server.tls_key")
        if self.https != "files" and (self.tls_cert is not None or self.tls_key is not None):
            raise ValueError("server.tls_cert / tls_key: only with server.https 'files'")
        return self


class EchoConfig(_Section):
    """How the bot's own voice, heard back through the microphone, is kept out (transports/echo.py)."""

    strategy: Literal["none", "half_duplex", "gate"] = Field(
        "gate", description="mic (`voicebot mic`): none (headphones), half_duplex (mic muted while playing), "
        "gate (mic passes during playback only when clearly louder than the expected echo)"
    )
    webrtc_strategy: Literal["none", "half_duplex", "gate"] = Field(
        "none", description="browser sessions: none, since the page asks the browser for echo cancellation"
    )
    margin_db: float = Field(10.0, ge=0, le=60, description="gate: how far the mic must exceed the echo")
    echo_gain_db: float = Field(-10.0, ge=-60, le=20, description="gate: echo level relative to the played level")
    floor_db: float = Field(-50.0, ge=-100, le=0, description="gate: never opens below this mic level")
    tail_ms: int = Field(250, ge=0, le=5000, description="echo still expected after playback ends")
    hold_ms: int = Field(400, ge=0, le=5000, description="gate stays open this long once opened")


class Config(_Section):
    vad: VadConfig = VadConfig()
    turns: TurnsConfig = TurnsConfig()
    asr: AsrConfig = AsrConfig()
    llm: LlmConfig = LlmConfig()
    tts: TtsConfig = TtsConfig()
    budgets_ms: BudgetsConfig = BudgetsConfig()
    server: ServerConfig = ServerConfig()
    echo: EchoConfig = EchoConfig()


def _format_error(source: str, err: ValidationError) -> str:
    lines = []
    for e in err.errors():
        where = ".".join(str(p) for p in e["loc"]) or "(top level)"
        msg = "unknown key" if e["type"] == "extra_forbidden" else e["msg"]
        whole = e["type"] == "extra_forbidden" or isinstance(e.get("input"), dict)  # a section's own check
        got = "" if whole else f" (got {e.get('input')!r})"
        lines.append(f"{source}: {where}: {msg}{got}")
    return "\n".join(lines)


def parse_config(data: dict[str, Any] | None, source: str = "config") -> Config:
    data = _mapping(data, source)
    try:
        return Config.model_validate(data)
    except ValidationError as e:
        raise ConfigError(_format_error(source, e)) from None


def load_config(path: str | Path | None = None, overrides: dict[str, Any] | None = None) -> Config:
    """Load a YAML config (the embedded default when path is None) and apply dotted-key overrides."""
    path = Path(path) if path is not None else DEFAULT_CONFIG
    data = _mapping(_read_yaml(path), str(path))
    for dotted, value in (overrides or {}).items():
        _override(data, dotted, value, str(path))
    return parse_config(data, str(path))


class _UniqueKeyLoader(yaml.SafeLoader):
    """PyYAML keeps the last of two equal keys: a second `vad:` would silently drop the first section."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            if not isinstance(key, Hashable):  # SafeLoader reports it below
                continue
            if key in seen:
                raise yaml.constructor.ConstructorError(None, None, f"duplicate key {key!r}", key_node.start_mark)
            seen.add(key)
        return super().construct_mapping(node, deep)


def _read_yaml(path: Path) -> Any:
    try:
        text = path.read_bytes().decode("utf-8-sig")  # -sig: a BOM (Windows editors) is not a key
    except FileNotFoundError:
        raise ConfigError(f"config file not found: {path}") from None
    except IsADirectoryError:
        raise ConfigError(f"{path} is a directory: give a YAML config file") from None
    except OSError as e:
        raise ConfigError(f"{path}: cannot read the config file ({e.strerror})") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{path} is not UTF-8 text: save it as UTF-8") from None
    try:
        return yaml.load(text, Loader=_UniqueKeyLoader)  # a SafeLoader
    except yaml.MarkedYAMLError as e:
        context = f" ({e.context}{_at(e.context_mark, 'from')})" if e.context else ""
        raise ConfigError(f"{path}: not valid YAML{_at(e.problem_mark)}: {e.problem}{context}") from None
    except yaml.YAMLError as e:
        raise ConfigError(f"{path}: not valid YAML: {' '.join(str(e).split())}") from None


def _at(mark: yaml.Mark | None, word: str = "at") -> str:
    """One line for PyYAML's multi-line error: the line and column a user's editor shows."""
    return f" {word} line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""


def _mapping(data: Any, source: str) -> dict[str, Any]:
    if data is None:  # an empty file: the defaults
        return {}
    if not isinstance(data, dict):
        raise ConfigError(f"{source}: the top level must be a mapping of sections, got {type(data).__name__}")
    return data


def _override(data: dict[str, Any], dotted: str, value: Any, source: str) -> None:
    """Set `a.b.c` in the loaded YAML; a section the file gives as a value is reported, not indexed."""
    node = data
    *parents, leaf = dotted.split(".")
    for i, key in enumerate(parents):
        node = node.setdefault(key, {})
        if not isinstance(node, dict):
            where = ".".join(parents[: i + 1])
            raise ConfigError(
                f"{source}: {where}: must be a mapping of keys, got {node!r} (so the override {dotted} cannot apply)"
            )
    node[leaf] = value
