"""Decode, resample, mix down and write audio.

Everything inside the pipeline is mono float32 in [-1, 1]; this module is the only place that deals
with file formats, sample rates and channel layouts, and it turns every decoding failure into an
`AudioError` whose message names the file and says what is wrong with it.
"""

from __future__ import annotations

import io
import itertools
import os
import struct
import sys
import tempfile
from pathlib import Path
from typing import BinaryIO, NamedTuple

import numpy as np
import soundfile as sf
import soxr

__all__ = [
    "AudioError", "StreamResampler", "load_audio", "raise_quiet", "resample", "to_mono", "trim_leading_silence",
    "write_wav",
]  # fmt: skip


class AudioError(Exception):
    """A user-facing audio problem (unreadable, empty or truncated file, bad parameters)."""


def to_mono(x: np.ndarray) -> np.ndarray:
    """Average the channels of a (frames, channels) array; 1-D input is returned unchanged. Where the average
    cancels out (a stereo pair wired in opposite phase mixes to silence), the loudest channel."""
    x = np.asarray(x)
    if x.ndim == 1:
        return x.astype(np.float32, copy=False)
    if x.ndim != 2:
        raise AudioError(f"expected (frames,) or (frames, channels) audio, got shape {x.shape}")
    mono = x.mean(axis=1, dtype=np.float32)
    loudness = np.sqrt(np.mean(np.square(x, dtype=np.float64), axis=0))
    if x.shape[1] > 1 and np.sqrt(np.mean(np.square(mono, dtype=np.float64))) < 0.1 * loudness.max():
        return x[:, int(loudness.argmax())].astype(np.float32)  # channels in opposite phase cancel: take the loudest
    return mono


def resample(x: np.ndarray, from_rate: int, to_rate: int) -> np.ndarray:
    """High-quality (soxr HQ) resampling of a whole signal; a no-op when the rates match."""
    _check_rate(from_rate)
    _check_rate(to_rate)
    x = np.asarray(x, dtype=np.float32)
    if from_rate == to_rate or len(x) == 0:
        return x
    return soxr.resample(x, from_rate, to_rate, quality="HQ").astype(np.float32, copy=False)


class StreamResampler:
    """Chunk-by-chunk resampling for live audio (mic, WebRTC) without clicks at chunk borders.

    soxr keeps filter state between calls, so the output of many `process` calls plus `flush`
    equals resampling the concatenated input once (up to the filter delay at the very start).
    """

    def __init__(self, from_rate: int, to_rate: int, channels: int = 1) -> None:
        _check_rate(from_rate)
        _check_rate(to_rate)
        if channels < 1:
            raise AudioError(f"channels must be >= 1, got {channels}")
        self.from_rate, self.to_rate, self.channels = from_rate, to_rate, channels
        self._passthrough = from_rate == to_rate
        self._stream = (
            None
            if self._passthrough
            else soxr.ResampleStream(from_rate, to_rate, channels, dtype="float32", quality="HQ")
        )

    def process(self, chunk: np.ndarray) -> np.ndarray:
        """Resample one chunk ((frames,) or (frames, channels)); may return fewer frames at first."""
        chunk = np.ascontiguousarray(chunk, dtype=np.float32)
        if self._stream is None:
            return chunk
        return self._stream.resample_chunk(chunk)

    def flush(self) -> np.ndarray:
        """Return the samples still held in the filter; call once at end of stream."""
        if self._stream is None:
            return np.zeros((0,) if self.channels == 1 else (0, self.channels), np.float32)
        shape = (0,) if self.channels == 1 else (0, self.channels)
        return self._stream.resample_chunk(np.zeros(shape, np.float32), last=True)


def trim_leading_silence(x: np.ndarray, rate: int, floor_db: float = -60.0, keep_ms: float = 5.0) -> np.ndarray:
    """`x` from `keep_ms` before its first sample above `floor_db` (dBFS); all of it if none is.

    Piper starts every phrase with 20-55 ms below -60 dBFS: dead air before a reply's first word."""
    loud = np.flatnonzero(np.abs(x) > 10 ** (floor_db / 20))
    if not len(loud):
        return x
    return x[max(0, int(loud[0]) - round(rate * keep_ms / 1000)) :]


def raise_quiet(
    x: np.ndarray, quiet_peak_db: float = -20.0, target_peak_db: float = -6.0, max_gain_db: float = 30.0
) -> tuple[np.ndarray, float]:
    """A recording whose loudest sample is under `quiet_peak_db` (dBFS), raised towards `target_peak_db`
    by at most `max_gain_db`; and the gain applied (0 when it was loud enough or silent).

    A distant or badly set microphone records speech at -50..-60 dBFS, which the VAD's level gate
    (`vad.min_level_db`, against faint noise) takes for silence: such a file got no turn at all. A person
    listening would turn it up; this does the same, once, for the whole recording."""
    peak = float(np.abs(x).max()) if len(x) else 0.0
    if peak <= 0.0 or 20 * np.log10(peak) >= quiet_peak_db:
        return x, 0.0
    gain_db = min(max_gain_db, target_peak_db - 20 * np.log10(peak))
    return (x * np.float32(10 ** (gain_db / 20))).astype(np.float32, copy=False), round(gain_db, 1)


def load_audio(path: str | os.PathLike[str], target_rate: int = 16000) -> np.ndarray:
    """Read an audio file of any rate, depth and channel count as mono float32 at target_rate.

    libsndfile reads WAV, FLAC, OGG, Opus and MP3 and checks them strictly; what it does not know (a phone's
    M4A voice memo, AAC, a browser's WebM recording, the audio track of a video) is decoded by FFmpeg
    through PyAV, which aiortc already brings."""
    _check_rate(target_rate)
    p = Path(path)
    if p.exists() and not p.is_file() and not p.is_dir():  # a pipe: /dev/stdin, "<(...)"
        return _load_piped(p, target_rate)
    if not p.is_file():
        raise AudioError(f"{p}: file not found")
    if p.stat().st_size == 0:
        raise AudioError(f"{p}: file is empty (0 bytes)")
    try:
        info = sf.info(str(p))
    except (sf.LibsndfileError, RuntimeError) as e:
        data, rate = _decode_with_ffmpeg(p, _reason(e))
    else:
        try:
            data, rate = sf.read(str(p), dtype="float32", always_2d=True)
        except (sf.LibsndfileError, RuntimeError) as e:
            raise AudioError(f"{p}: not a readable audio file ({_reason(e)})") from e
        if info.frames > 0 and len(data) < info.frames:
            raise AudioError(f"{p}: truncated or corrupt: header says {info.frames} frames, decoded {len(data)}")
        if info.format == "WAV":
            data = _check_wav_complete(p, data, rate, info.subtype)
    if len(data) == 0:
        raise AudioError(f"{p}: contains no audio (0 frames)")
    if not _MIN_RATE <= rate <= _MAX_RATE:  # a header claiming 1 Hz made 2000 samples 33 minutes of replay
        raise AudioError(f"{p}: a sample rate of {rate} Hz is no recording's (the header may be damaged)")
    if not np.isfinite(data).all():
        raise AudioError(f"{p}: contains NaN or infinite samples")
    mono = np.clip(to_mono(data), -1.0, 1.0)
    return resample(mono, rate, target_rate)


_MAX_PIPED = 1 << 30  # an hour of 48 kHz stereo 16-bit WAV is ~0.7 GB


def _load_piped(p: Path, target_rate: int) -> np.ndarray:
    """A recording read whole from a pipe ("... | voicebot run -"), through a temporary file: the decoders seek.
    A terminal is refused rather than waited on (it "was file not found" before, and a read would hang)."""
    with open(p, "rb") as f:
        if os.isatty(f.fileno()):
            raise AudioError(f"{p}: is a terminal: pipe a recording in (voicebot run - < clip.wav) or name a file")
        data = f.read(_MAX_PIPED + 1)
    if len(data) > _MAX_PIPED:
        raise AudioError(f"{p}: more than {_MAX_PIPED >> 30} GiB piped in: save the recording to a file")
    with tempfile.TemporaryDirectory(prefix="voicebot-") as folder:
        tmp = Path(folder) / "piped"
        tmp.write_bytes(data)
        try:
            return load_audio(tmp, target_rate)
        except AudioError as e:
            raise AudioError(str(e).replace(str(tmp), str(p))) from None


def write_wav(path: str | os.PathLike[str], samples: np.ndarray, rate: int) -> None:
    """Write 16-bit PCM atomically: a temp file in the same directory, then os.replace.

    Readers (a browser, a test, the report) therefore never see a half-written file.
    """
    _check_rate(rate)
    p = Path(path)
    x = np.clip(np.asarray(samples, dtype=np.float32), -1.0, 1.0)
    p.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent or ".")
    try:
        with os.fdopen(fd, "wb") as f:
            sf.write(f, x, rate, format="WAV", subtype="PCM_16")
        os.chmod(tmp, 0o644)  # mkstemp makes it private; an output file is for the user to share
        os.replace(tmp, p)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _decode_with_ffmpeg(path: Path, sndfile_reason: str) -> tuple[np.ndarray, int]:
    """(frames, channels) float32 and the rate of the file's first audio stream, decoded by FFmpeg."""
    import av

    try:
        with av.open(str(path)) as container:
            stream = next((s for s in container.streams if s.type == "audio"), None)
            if stream is None:
                raise AudioError(f"{path}: has no audio track")
            rate, channels = stream.rate, stream.channels
            if not rate or not channels:
                raise AudioError(f"{path}: not a readable audio file (no sample rate or channels in its audio track)")
            # planar float at the stream's own rate: layout and rate changes are ours to make (soxr HQ);
            # None at the end flushes the resampler
            to_float = av.AudioResampler(format="fltp", layout=stream.layout, rate=rate)
            frames = itertools.chain(container.decode(stream), [None])
            chunks = [f.to_ndarray() for frame in frames for f in to_float.resample(frame)]
    except av.FFmpegError as e:
        raise AudioError(f"{path}: not a readable audio file ({sndfile_reason}; FFmpeg: {e.strerror})") from e
    data = np.concatenate(chunks, axis=1).T if chunks else np.zeros((0, channels), np.float32)
    return np.ascontiguousarray(data, dtype=np.float32), int(rate)


_MIN_RATE, _MAX_RATE = 4000, 768000  # what a file's header may say: telephone speech to studio audio


def _check_rate(rate: int) -> None:
    if not isinstance(rate, int | np.integer) or rate <= 0:
        raise AudioError(f"sample rate must be a positive integer, got {rate!r}")


def _reason(e: Exception) -> str:
    msg = str(e)
    return msg.split(": ", 1)[-1] if msg.startswith("Error opening") else msg


# a writer that cannot seek back (arecord or sox to a pipe) leaves a placeholder of about 2 or 4 GiB
_STREAMED_SIZE = 0x7FFF0000


class _DataChunk(NamedTuple):
    offset: int  # of the first sample byte
    declared: int  # bytes, as the header says
    available: int  # bytes from offset to the end of the file
    last: bool  # no chunk follows the declared end: what is there past it is samples


def _check_wav_complete(path: Path, data: np.ndarray, rate: int, subtype: str) -> np.ndarray:
    """`data`, or all the frames the file holds where its header undercounts them; a cut-off file is an error.

    libsndfile silently returns the frames that are present in a cut-off WAV, and only the declared ones of a
    WAV whose recorder never patched its header (killed before close(), or streaming to a pipe)."""
    chunk = _wav_data_chunk(path)
    if chunk is None:
        return data
    frame_bytes = data.shape[1] * (_bytes_per_sample(subtype) or 1)
    streamed = chunk.declared >= _STREAMED_SIZE and chunk.declared > chunk.available
    if streamed or (chunk.last and chunk.available // frame_bytes > chunk.declared // frame_bytes):
        return _all_frames(path, data, rate, subtype, chunk)
    if chunk.available + frame_bytes <= chunk.declared:
        raise AudioError(
            f"{path}: truncated WAV: header declares {chunk.declared // frame_bytes} frames, "
            f"file holds {chunk.available // frame_bytes}"
        )
    return data


def _all_frames(path: Path, data: np.ndarray, rate: int, subtype: str, chunk: _DataChunk) -> np.ndarray:
    """Every whole frame after the data chunk's start, with one line to stderr saying the header was wrong."""
    sample_bytes = _bytes_per_sample(subtype)
    if sample_bytes is None:  # compressed (ADPCM, GSM): frames are not a fixed number of bytes
        return data
    frame_bytes = data.shape[1] * sample_bytes
    nbytes = chunk.available // frame_bytes * frame_bytes
    if nbytes // frame_bytes != len(data):
        data = _read_patched(path, chunk.offset, nbytes)
    declared = "no length" if chunk.declared >= _STREAMED_SIZE else f"{chunk.declared // frame_bytes / rate:.2f} s"
    print(
        f"{path}: incomplete WAV header (declares {declared}; its recorder did not finish it): "
        f"read the {len(data) / rate:.2f} s of audio the file holds",
        file=sys.stderr,
    )
    return data


def _read_patched(path: Path, offset: int, nbytes: int) -> np.ndarray:
    """The WAV decoded as if its header declared `nbytes` of samples from `offset` (the file is not changed)."""
    raw = bytearray(path.read_bytes()[: offset + nbytes])
    raw[4:8] = struct.pack("<I", len(raw) - 8)
    raw[offset - 4 : offset] = struct.pack("<I", nbytes)
    try:
        return sf.read(io.BytesIO(raw), dtype="float32", always_2d=True)[0]
    except (sf.LibsndfileError, RuntimeError) as e:
        raise AudioError(f"{path}: not a readable audio file ({_reason(e)})") from e


def _wav_data_chunk(path: Path) -> _DataChunk | None:
    """Where the RIFF 'data' chunk starts, its declared and available sizes; None if not found."""
    size = path.stat().st_size
    with path.open("rb") as f:
        if f.read(4) != b"RIFF":
            return None
        f.seek(12)
        while True:
            head = f.read(8)
            if len(head) < 8:
                return None
            cid, clen = head[:4], struct.unpack("<I", head[4:])[0]
            if cid == b"data":
                offset = f.tell()
                return _DataChunk(offset, clen, size - offset, not _chunk_at(f, offset + clen + (clen & 1), size))
            f.seek(clen + (clen & 1), os.SEEK_CUR)


def _chunk_at(f: BinaryIO, pos: int, size: int) -> bool:
    """Whether a RIFF chunk (a printable id, a length that fits the file) or an ID3 tag starts at `pos`."""
    f.seek(pos)
    head = f.read(8)
    if head[:3] == b"ID3":
        return True
    printable = all(32 <= c < 127 for c in head[:4])
    return len(head) == 8 and printable and struct.unpack("<I", head[4:])[0] <= size - pos - 8


def _bytes_per_sample(subtype: str) -> int | None:
    """Bytes of one sample of a fixed-size encoding; None for a compressed one."""
    return {
        "PCM_U8": 1, "PCM_S8": 1, "PCM_16": 2, "PCM_24": 3, "PCM_32": 4, "FLOAT": 4, "DOUBLE": 8, "ULAW": 1,
        "ALAW": 1,
    }.get(subtype)  # fmt: skip
