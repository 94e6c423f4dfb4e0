"""audio.io and audio.models: decoding, failure messages, resampling, atomic writes, model lookup."""

from __future__ import annotations

import os
import pty
import threading
from pathlib import Path

import numpy as np
import pytest
import soundfile as sf

from audio.io import AudioError, StreamResampler, load_audio, resample, to_mono, trim_leading_silence, write_wav
from audio.models import ModelNotFoundError, piper_voice, whisper_model_dir


def _tone(rate: int, seconds: float = 0.5, freq: float = 440.0) -> np.ndarray:
    t = np.arange(int(rate * seconds)) / rate
    return (0.5 * np.sin(2 * np.pi * freq * t)).astype(np.float32)


@pytest.mark.parametrize(
    ("subtype", "fmt", "rate", "channels"),
    [
        ("PCM_16", "WAV", 16000, 1),
        ("PCM_24", "WAV", 44100, 2),
        ("PCM_32", "WAV", 48000, 1),
        ("FLOAT", "WAV", 22050, 3),
        ("PCM_16", "FLAC", 8000, 2),
    ],
)
def test_load_any_format(tmp_path: Path, subtype: str, fmt: str, rate: int, channels: int) -> None:
    x = np.stack([_tone(rate)] * channels, axis=1)
    path = tmp_path / f"a.{fmt.lower()}"
    sf.write(path, x, rate, format=fmt, subtype=subtype)
    y = load_audio(path)
    assert y.dtype == np.float32 and y.ndim == 1
    assert abs(len(y) - 8000) <= 2
    assert np.allclose(y[1000:7000], _tone(16000)[1000:7000], atol=0.01)


def test_load_jfk_flac(testdata: Path) -> None:
    y = load_audio(testdata / "jfk.flac")
    assert abs(len(y) / 16000 - 11.0) < 0.1
    assert 0.05 < np.abs(y).max() <= 1.0


def _encode(path: Path, fmt: str, codec: str, rate: int, x: np.ndarray, x_rate: int) -> None:
    """Encode a mono signal as a stereo file with PyAV (FFmpeg's own encoders)."""
    import av

    with av.open(str(path), "w", format=fmt) as out:
        stream = out.add_stream(codec, rate=rate, layout="stereo")
        frame = av.AudioFrame.from_ndarray(np.stack([x, x]).astype(np.float32), format="fltp", layout="stereo")
        frame.rate = x_rate
        fit = av.AudioResampler(format=stream.codec_context.format.name, layout="stereo", rate=rate)
        for f in [*fit.resample(frame), *fit.resample(None), None]:
            for packet in stream.encode(f):
                out.mux(packet)


@pytest.mark.parametrize(
    ("name", "fmt", "codec", "rate"),
    [
        ("memo.m4a", "mp4", "aac", 44100),
        ("take.webm", "webm", "libopus", 48000),
        ("clip.mp3", "mp3", "libmp3lame", 22050),
    ],
)
def test_load_compressed_recordings(testdata: Path, tmp_path: Path, name: str, fmt: str, codec: str, rate: int) -> None:
    """A phone's voice memo (AAC in M4A), a browser's recording (Opus in WebM), an MP3: what libsndfile does
    not read goes through FFmpeg, and comes out as the same speech."""
    ref = load_audio(testdata / "spk1_snt1.wav", 16000)
    _encode(tmp_path / name, fmt, codec, rate, load_audio(testdata / "spk1_snt1.wav", 48000), 48000)
    y = load_audio(tmp_path / name, 16000)
    assert y.dtype == np.float32 and y.ndim == 1
    assert abs(len(y) - len(ref)) < 0.06 * 16000  # encoder priming and padding only
    lag = int(np.argmax(np.correlate(y[:8000], ref[2000:6000], mode="valid"))) - 2000  # the codec's delay
    assert 0 <= lag < 0.06 * 16000
    n = min(len(ref), len(y) - lag)
    assert np.corrcoef(y[lag : lag + n], ref[:n])[0, 1] > 0.95


def test_broken_compressed_recordings(testdata: Path, tmp_path: Path) -> None:
    """A cut-off M4A and a video without sound are clear errors that name the file."""
    import av

    memo = tmp_path / "memo.m4a"
    _encode(memo, "mp4", "aac", 44100, load_audio(testdata / "spk1_snt1.wav", 44100), 44100)
    memo.write_bytes(memo.read_bytes()[: memo.stat().st_size // 2])
    with pytest.raises(AudioError, match=r"memo\.m4a: not a readable audio file"):
        load_audio(memo)
    silent = tmp_path / "screen.mp4"
    with av.open(str(silent), "w") as out:
        stream = out.add_stream("mpeg4", rate=10)
        stream.width, stream.height, stream.pix_fmt = 64, 48, "yuv420p"
        for i in range(5):
            frame = av.VideoFrame.from_ndarray(np.full((48, 64, 3), 40 * i, np.uint8), format="rgb24")
            for packet in stream.encode(frame):
                out.mux(packet)
        for packet in stream.encode(None):
            out.mux(packet)
    with pytest.raises(AudioError, match=r"screen\.mp4: has no audio track"):
        load_audio(silent)


def test_mixdown_averages_channels() -> None:
    x = np.array([[1.0, 0.0], [0.5, -0.5]], np.float32)
    assert np.allclose(to_mono(x), [0.5, 0.0])


def test_channels_in_opposite_phase_give_the_loudest_not_silence() -> None:
    voice = np.sin(np.arange(1600) / 5).astype(np.float32) * 0.5
    assert np.allclose(to_mono(np.stack([voice, -voice], axis=1)), voice)  # averaged: exact silence
    assert np.allclose(to_mono(np.stack([voice, -0.8 * voice], axis=1)), voice)


def test_a_header_with_an_impossible_rate_is_refused(tmp_path: Path) -> None:
    """A header claiming 1 Hz turned 2000 samples into 33 minutes of real-time replay."""
    path = tmp_path / "one_hz.wav"
    sf.write(path, np.zeros(2000, np.float32), 1)
    with pytest.raises(AudioError, match=r"one_hz\.wav: a sample rate of 1 Hz"):
        load_audio(path)


@pytest.mark.parametrize(
    ("content", "message"),
    [(b"", "empty"), (b"this is not audio " * 20, "not a readable audio file")],
)
def test_bad_files(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "bad.wav"
    path.write_bytes(content)
    with pytest.raises(AudioError, match=message) as e:
        load_audio(path)
    assert "bad.wav" in str(e.value)


def test_missing_and_zero_frames(tmp_path: Path) -> None:
    with pytest.raises(AudioError, match="not found"):
        load_audio(tmp_path / "nope.wav")
    path = tmp_path / "zero.wav"
    sf.write(path, np.zeros((0, 1)), 16000)
    with pytest.raises(AudioError, match="0 frames"):
        load_audio(path)


def test_a_recording_piped_in_is_read_and_a_terminal_is_refused(testdata: Path, tmp_path: Path) -> None:
    """"voicebot run /dev/stdin" (or "-") on a pipe said "file not found"; on a terminal it must not wait."""
    clip = testdata / "spk1_snt1.wav"
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    writer = threading.Thread(target=lambda: fifo.write_bytes(clip.read_bytes()))
    writer.start()
    piped = load_audio(fifo)
    writer.join(timeout=10)
    assert np.array_equal(piped, load_audio(clip))
    main, terminal = pty.openpty()
    try:
        with pytest.raises(AudioError, match="is a terminal"):
            load_audio(os.ttyname(terminal))
    finally:
        os.close(main)
        os.close(terminal)
    bad = tmp_path / "bad"
    os.mkfifo(bad)
    writer = threading.Thread(target=lambda: bad.write_bytes(b"not audio at all"))
    writer.start()
    with pytest.raises(AudioError, match=f"^{bad}: not a readable audio file"):
        load_audio(bad)
    writer.join(timeout=10)


@pytest.mark.parametrize(("fmt", "subtype"), [("WAV", "PCM_16"), ("WAV", "PCM_24"), ("FLAC", "PCM_24")])
def test_truncated_files(tmp_path: Path, fmt: str, subtype: str) -> None:
    """libsndfile returns the frames present in a cut-off WAV without complaint: we must not."""
    path = tmp_path / f"t.{fmt.lower()}"
    sf.write(path, np.stack([_tone(16000, 1.0)] * 2, axis=1), 16000, format=fmt, subtype=subtype)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(AudioError, match=r"t\.(wav|flac)"):
        load_audio(path)


def test_resample_preserves_tone() -> None:
    y = resample(_tone(44100, 1.0, 1000.0), 44100, 16000)
    assert len(y) == 16000
    spectrum = np.abs(np.fft.rfft(y))
    assert abs(int(np.argmax(spectrum)) - 1000) <= 1
    with pytest.raises(AudioError):
        resample(y, 0, 16000)


def test_stream_resampler_matches_whole_signal() -> None:
    x = _tone(48000, 1.0, 300.0)
    rs = StreamResampler(48000, 16000)
    parts = [rs.process(x[i : i + 480]) for i in range(0, len(x), 480)]
    y = np.concatenate([*parts, rs.flush()])
    assert abs(len(y) - 16000) <= 1
    whole = resample(x, 48000, 16000)
    assert np.allclose(y[200:15800], whole[200:15800], atol=1e-3)
    same = StreamResampler(16000, 16000)
    assert np.array_equal(same.process(whole), whole)


def test_write_wav_atomic_roundtrip(tmp_path: Path) -> None:
    path = tmp_path / "out.wav"
    write_wav(path, _tone(24000) * 3.0, 24000)  # clipped, not wrapped
    y, rate = sf.read(path, dtype="float32")
    assert rate == 24000 and sf.info(path).subtype == "PCM_16"
    assert np.abs(y).max() <= 1.0 and np.abs(y).max() > 0.99
    assert [p.name for p in tmp_path.iterdir()] == ["out.wav"]  # no temp file left behind


def test_write_wav_failure_leaves_nothing(tmp_path: Path) -> None:
    with pytest.raises(AudioError):
        write_wav(tmp_path / "x.wav", _tone(16000), -1)
    assert list(tmp_path.iterdir()) == []


def test_models_resolve(tmp_path: Path) -> None:
    assert (whisper_model_dir("tiny.en") / "model.bin").is_file()
    joe = piper_voice("joe")
    assert joe.model.suffix == ".onnx" and joe.config.name.endswith(".onnx.json")
    assert piper_voice(str(joe.model)) == joe
    assert whisper_model_dir(str(whisper_model_dir("tiny.en"))) == whisper_model_dir("tiny.en")


def test_models_missing(tmp_path: Path) -> None:
    with pytest.raises(ModelNotFoundError, match=r"tiny\.en"):
        whisper_model_dir("huge-v9")
    with pytest.raises(ModelNotFoundError, match=r"model\.bin"):
        whisper_model_dir(str(tmp_path))
    with pytest.raises(ModelNotFoundError, match="joe"):
        piper_voice("nobody")
    with pytest.raises(ModelNotFoundError, match="not found"):
        piper_voice(str(tmp_path / "v.onnx"))
    assert issubclass(ModelNotFoundError, AudioError)


def test_model_package_missing_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    import audio.models as models

    monkeypatch.setitem(models._WHISPER, "tiny.en", ("some-missing-pkg==1.0", "no_such_module_x", "f"))
    monkeypatch.setitem(models._PIPER, "joe", ("another-missing-pkg==2.0", "no_such_module_y"))
    with pytest.raises(ModelNotFoundError, match=r"pip install some-missing-pkg==1\.0"):
        whisper_model_dir("tiny.en")
    with pytest.raises(ModelNotFoundError, match=r"pip install another-missing-pkg==2\.0"):
        piper_voice("joe")


def test_trim_leading_silence_keeps_the_onset() -> None:
    rate = 22050
    quiet = np.full(int(0.04 * rate), 1e-4, np.float32)  # -80 dBFS: dead air
    tone = 0.3 * np.sin(2 * np.pi * 220 * np.arange(rate // 2) / rate).astype(np.float32)
    tone[0] = 0.3  # the onset itself
    x = np.concatenate([quiet, tone])
    y = trim_leading_silence(x, rate)
    assert len(x) - len(y) == len(quiet) - round(rate * 0.005)  # 5 ms kept before the onset
    assert np.array_equal(y[-len(tone) :], tone)
    silent = np.zeros(1000, np.float32)
    assert trim_leading_silence(silent, rate) is silent  # nothing loud: nothing cut
    assert len(trim_leading_silence(tone, rate)) == len(tone)


def test_raise_quiet_turns_up_only_quiet_recordings() -> None:
    from audio.io import raise_quiet

    loud = _tone(16000)  # peak -6 dBFS
    assert raise_quiet(loud)[1] == 0.0 and raise_quiet(loud)[0] is loud
    assert raise_quiet(np.zeros(100, np.float32))[1] == 0.0
    y, gain = raise_quiet(loud * 0.01)  # peak -46 dBFS: +30 dB at most
    assert gain == 30.0 and np.isclose(np.abs(y).max(), 0.5 * 0.01 * 10 ** 1.5, rtol=1e-4)
    y, gain = raise_quiet(loud * 0.1)  # peak -26 dBFS: to -6
    assert np.isclose(gain, 20.0, atol=0.1) and np.isclose(np.abs(y).max(), 0.5, rtol=0.02)


def _pcm_wav(path: Path, x: np.ndarray, rate: int, width: int = 2) -> bytes:
    """`x` ((frames, channels) in [-1, 1]) as a PCM WAV written by the stdlib `wave` module; its bytes."""
    import wave

    ints = np.round(x * (2 ** (8 * width - 1) - 1)).astype("<i4")
    raw = ints.reshape(-1, 1).view(np.uint8)[:, :width].tobytes()  # little-endian: the low `width` bytes
    with wave.open(str(path), "wb") as w:
        w.setnchannels(x.shape[1])
        w.setsampwidth(width)
        w.setframerate(rate)
        w.writeframes(raw)
    return path.read_bytes()


def _patch_sizes(data: bytes, declared: int) -> bytes:
    """The header of a `wave` file (data chunk at 36) declaring `declared` data bytes, as at open()."""
    return b"RIFF" + (36 + declared).to_bytes(4, "little") + data[8:40] + declared.to_bytes(4, "little") + data[44:]


@pytest.mark.parametrize("declared_frames", [0, 1024])
def test_a_header_never_finished_reads_all_the_audio(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], declared_frames: int
) -> None:
    """A recorder killed before close() leaves the header it wrote at open: 0 or a few frames, then seconds of
    audio. All of it is read, with one line saying so."""
    x = _tone(16000, 2.0)[:, None]
    path = tmp_path / "killed.wav"
    path.write_bytes(_patch_sizes(_pcm_wav(path, x, 16000), 2 * declared_frames))
    y = load_audio(path)
    assert len(y) == len(x) and np.allclose(y, x[:, 0], atol=1e-4)
    err = capsys.readouterr().err
    assert err == (
        f"{path}: incomplete WAV header (declares {declared_frames / 16000:.2f} s; its recorder did not finish it): "
        "read the 2.00 s of audio the file holds\n"
    )


def test_a_header_never_finished_reads_whole_frames_only(tmp_path: Path) -> None:
    """Stereo 24-bit, killed mid-frame: the bytes of the last, partial frame are dropped."""
    x = np.stack([_tone(16000, 1.0), -_tone(16000, 1.0)], axis=1)
    path = tmp_path / "killed.wav"
    data = _patch_sizes(_pcm_wav(path, x, 16000, width=3), 6 * 100)
    path.write_bytes(data + b"\x01\x02\x03\x04")  # 4 bytes of the next 6-byte frame
    y = load_audio(path)
    assert len(y) == (len(data) - 44) // 6 == len(x)
    # each frame was read whole, in order: the channels cancel, so the mixdown is the left one's tone as written
    assert np.abs(y - x[:, 0]).max() < 1e-4


@pytest.mark.parametrize("declared", [0x7FFFFFF0, 0xFFFFFFFF])
def test_a_streamed_header_reads_what_is_there(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], declared: int
) -> None:
    """arecord or sox writing to a pipe cannot patch the header: a placeholder length is not a truncated file."""
    x = _tone(16000, 1.5)[:, None]
    path = tmp_path / "stream.wav"
    data = _pcm_wav(path, x, 16000)
    path.write_bytes(b"RIFF\xff\xff\xff\xff" + data[8:40] + declared.to_bytes(4, "little") + data[44:])
    assert len(load_audio(path)) == len(x)
    assert "declares no length" in capsys.readouterr().err


def test_a_chunk_after_the_data_is_not_audio(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A LIST chunk (or an ID3 tag) after the samples: the header is right, and nothing is said."""
    x = _tone(16000, 1.0)[:, None]
    path = tmp_path / "tagged.wav"
    data = _pcm_wav(path, x, 16000)
    for tail in [b"LIST\x0c\x00\x00\x00INFOISFT\x00\x00\x00\x00", b"ID3\x04\x00\x00\x00\x00\x00\x00"]:
        path.write_bytes(data + tail)
        assert len(load_audio(path)) == len(x)
    assert capsys.readouterr().err == ""


def test_a_header_declaring_no_data_with_none_there_is_empty(tmp_path: Path) -> None:
    path = tmp_path / "zero.wav"
    path.write_bytes(_pcm_wav(path, np.zeros((0, 1), np.float32), 16000))
    with pytest.raises(AudioError, match=r"zero\.wav: contains no audio \(0 frames\)"):
        load_audio(path)
