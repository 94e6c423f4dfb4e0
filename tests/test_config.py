"""Config is validated at load: unknown keys and bad values are errors that name the key."""

from pathlib import Path

import pytest

from voicebot.config import DEFAULT_CONFIG, Config, load_config, parse_config
from voicebot.errors import ConfigError


def test_default_yaml_matches_the_typed_defaults() -> None:
    assert load_config() == Config()
    assert load_config(DEFAULT_CONFIG).llm.model == "qwen2.5-coder-0.5b"


@pytest.mark.parametrize(
    ("data", "needle"),
    [
        ({"vad": {"agressiveness": 1}}, "vad.agressiveness: unknown key"),
        ({"bogus": {}}, "bogus: unknown key"),
        ({"vad": {"aggressiveness": 7}}, "vad.aggressiveness"),
        ({"asr": {"beam_size": 0}}, "asr.beam_size"),
        ({"vad": {"pause_ms": 900, "end_silence_ms": 400}}, "pause_ms must not exceed end_silence_ms"),
        ({"llm": {"backend": "openai"}}, "needs llm.url"),
        ({"llm": {"backend": "openai", "url": "localhost:8000/v1"}}, "llm.url must start http://"),
        ({"llm": {"backend": "llama"}}, "llm.backend"),
        ({"llm": {"dtype": "int4"}}, "llm.dtype"),
        ({"llm": {"device": "tpu"}}, "llm.device"),
        ({"llm": {"speculation": "draft"}}, "llm.draft_model is needed"),
        ({"asr": {"compute_type": "int3"}}, "asr.compute_type"),
        ({"tts": {"first_min_words": 9, "first_max_words": 4}}, "first_min_words <= first_max_words"),
        # accepted, then every call failed in the browser ("'not a url' is not a valid URL"), or never matched
        ({"server": {"ice_servers": ["not a url"]}}, "server.ice_servers: Value error, 'not a url' is no STUN/TURN"),
        ({"server": {"allowed_origins": ["example.com"]}}, "'example.com' is no origin"),
    ],
)
def test_bad_config_names_the_key(data: dict, needle: str) -> None:
    with pytest.raises(ConfigError) as err:
        parse_config(data, "x.yaml")
    assert needle in str(err.value)
    assert str(err.value).startswith("x.yaml: ")


def test_yaml_errors_are_config_errors(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("vad: [unclosed\n")
    with pytest.raises(ConfigError, match=r"not valid YAML"):
        load_config(bad)
    with pytest.raises(ConfigError, match="not found"):
        load_config(tmp_path / "missing.yaml")
    lst = tmp_path / "list.yaml"
    lst.write_text("- 1\n- 2\n")
    with pytest.raises(ConfigError, match="mapping"):
        load_config(lst)


def test_overrides_apply_dotted_keys_and_are_validated(tmp_path: Path) -> None:
    cfg = load_config(None, {"vad.end_silence_ms": 600, "llm.max_tokens": 10})
    assert cfg.vad.end_silence_ms == 600 and cfg.llm.max_tokens == 10
    with pytest.raises(ConfigError, match=r"tts\.length_scale"):
        load_config(None, {"tts.length_scale": -1})


def test_llm_choices_are_the_engines() -> None:
    """The config spells the engine's choices out (importing the engine would load torch at config time):
    they must not drift apart."""
    from typing import get_args

    from engine import options
    from voicebot.config import LlmConfig

    fields = LlmConfig.model_fields
    assert get_args(fields["device"].annotation) == options._DEVICES
    assert get_args(fields["dtype"].annotation) == options._DTYPES
    assert get_args(fields["speculation"].annotation) == options._SPECULATION
    assert get_args(fields["vocabulary"].annotation) == options._VOCABULARIES


def test_engine_options_carry_the_llm_section() -> None:
    from voicebot.options import engine_options

    cfg = load_config(
        None, {"llm.cuda_graphs": False, "llm.max_batch": 3, "llm.speculation": "none", "llm.vocabulary": "full"}
    )
    opts = engine_options(cfg)
    assert (opts.cuda_graphs, opts.max_batch, opts.speculation, opts.vocabulary) == (False, 3, "none", "full")
    default = engine_options(load_config())
    assert (default.cuda_graphs, default.vocabulary) == (True, "speakable")


def test_turn_phrase_lists_from_yaml_replace_the_built_in_ones() -> None:
    from voicebot.options import turn_options
    from voicebot.turn_policy import DISMISSALS, SHORT_REPLIES

    opts = turn_options(parse_config({"turns": {"short_replies": ["ja", "nein"]}}))
    assert opts.short_replies == ("ja", "nein") and opts.dismissals == DISMISSALS
    assert turn_options(Config()).short_replies == SHORT_REPLIES


@pytest.mark.parametrize(
    "content",
    [
        'llm:\n  system_prompt: "café"\n'.encode("latin-1"),
        "vad:\n  aggressiveness: 3\n".encode("utf-16"),  # with a BOM, as Notepad saves it
        b"\xff\xfe\x00\x9fbinary\x80",
    ],
)
def test_a_file_that_is_not_utf8_is_one_clear_line(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "x.yaml"
    path.write_bytes(content)
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert str(err.value) == f"{path} is not UTF-8 text: save it as UTF-8"


def test_utf8_with_a_bom_loads(tmp_path: Path) -> None:
    path = tmp_path / "bom.yaml"
    path.write_bytes("\ufeffvad:\n  aggressiveness: 3\n".encode())
    assert load_config(path).vad.aggressiveness == 3


def test_a_directory_is_not_a_config(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"is a directory: give a YAML config file"):
        load_config(tmp_path)


@pytest.mark.parametrize(
    ("text", "overrides", "needle"),
    [
        ("- a\n- b\n", {"echo.strategy": "none"}, "the top level must be a mapping of sections, got list"),
        ("3\n", {"echo.strategy": "none"}, "the top level must be a mapping of sections, got int"),
        ("0\n", None, "the top level must be a mapping of sections, got int"),  # was silently the defaults
        ("echo: gate\n", {"echo.strategy": "none"}, "echo: must be a mapping of keys, got 'gate'"),
        ("vad:\n", {"vad.aggressiveness": 1}, "vad: must be a mapping of keys, got None"),
        ("echo: gate\n", None, "echo: Input should be a valid dictionary"),
    ],
)
def test_a_misshapen_file_with_overrides_names_the_key(
    tmp_path: Path, text: str, overrides: dict | None, needle: str
) -> None:
    path = tmp_path / "x.yaml"
    path.write_text(text)
    with pytest.raises(ConfigError) as err:
        load_config(path, overrides)
    assert str(err.value).startswith(f"{path}: ") and needle in str(err.value)
    assert "\n" not in str(err.value)


def test_duplicate_keys_are_errors(tmp_path: Path) -> None:
    path = tmp_path / "dup.yaml"
    path.write_text("vad:\n  aggressiveness: 2\nllm:\n  max_tokens: 9\n  max_tokens: 12\n")
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert str(err.value) == f"{path}: not valid YAML at line 5, column 3: duplicate key 'max_tokens'"


def test_a_yaml_error_is_one_line_with_its_position(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("vad:\n  aggressiveness: 2\n  frame_ms: [30\n")
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert str(err.value) == (
        f"{path}: not valid YAML at line 4, column 1: expected ',' or ']', but got '<stream end>' "
        "(while parsing a flow sequence from line 3, column 13)"
    )


def test_an_english_only_asr_model_takes_only_english() -> None:
    """tiny.en ignored asr.language: fr and wrote French speech as English words."""
    with pytest.raises(ConfigError, match=r"asr: .*tiny\.en understands English only") as e:
        load_config(None, {"asr.language": "fr"})
    assert "got {" not in str(e.value)  # the message, not the whole section
    assert load_config(None, {"asr.language": "en"}).asr.language == "en"


def test_good_ice_servers_and_origins_are_kept() -> None:
    server = parse_config(
        {"server": {"ice_servers": ["stun:stun.example.org:3478", "turn:turn.example.org?transport=udp"],
                    "allowed_origins": ["https://app.example.com/", "http://localhost:5173"]}},
        "x.yaml",
    ).server  # fmt: skip
    assert server.ice_servers == ["stun:stun.example.org:3478", "turn:turn.example.org?transport=udp"]
    assert server.allowed_origins == ["https://app.example.com", "http://localhost:5173"]  # as a browser sends it
