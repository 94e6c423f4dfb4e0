"""Coqui TTS (`tts.backend: coqui`) through a worker process that runs in the Coqui venv.

coqui-tts imports torchaudio, and the only torchaudio here that loads is built for torch 2.9.1, while this
venv pins CPU torch 2.13: the two cannot share an interpreter. So the model runs in audio/coqui_worker.py
under `.venv-coqui/bin/python` (scripts/setup_coqui.sh), and this class speaks its protocol (documented in
that file): one JSON request per line in, JSON reply lines and float32 PCM out.

To the TTS stage this is the same as PiperTts: `synthesize(phrase)` yields mono float32 chunks as the
worker sends them (one per sentence for VITS, streamed chunks for XTTS), resampled with soxr to
`sample_rate` (22050 Hz, Piper's rate) so the session, players and WAVs see one rate whatever the model.
Every failure is an `AudioError` with one line: a missing venv names the install command, a bad model
directory says what is wrong with it, and a worker that crashes or stops answering (timeouts) is killed
and reported, never waited on forever. `close()` (Models.close) ends the worker; so does garbage
collection or interpreter exit, and the worker exits by itself when its stdin closes.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import subprocess
import threading
import weakref
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import numpy as np

from audio.io import AudioError, StreamResampler

__all__ = ["DEFAULT_PYTHON", "INSTALL_HINT", "OUTPUT_RATE", "CoquiOptions", "CoquiTts"]

OUTPUT_RATE = 22050
DEFAULT_PYTHON = Path(__file__).resolve().parents[1] / ".venv-coqui" / "bin" / "python"
WORKER = Path(__file__).resolve().with_name("coqui_worker.py")
INSTALL_HINT = "install the Coqui option with `make coqui` (runs scripts/setup_coqui.sh; ~8 GB)"


@dataclass(frozen=True)
class CoquiOptions:
    """Coqui settings.

    model: a Coqui model directory: config.json + checkpoint (model.pth; XTTS also vocab.json).
    python: the Coqui venv's interpreter; None: `.venv-coqui/bin/python` in the project.
    speaker: multi-speaker VITS: a speaker name; XTTS: a name from speakers_xtts.pth or a reference WAV.
    language: multilingual models (XTTS defaults to "en").
    device: "cpu" or "cuda" (XTTS streaming wants a GPU).
    threads: torch threads in the worker. length_scale: >1 slower speech.
    load_timeout_s: worker start + import + model load + warm-up; reply_timeout_s: the longest wait for any
    one reply message while synthesizing (a hung worker is killed after it).
    """

    model: str
    python: str | None = None
    speaker: str | None = None
    language: str | None = None
    device: str = "cpu"
    threads: int = 1
    length_scale: float = 1.0
    output_rate: int = OUTPUT_RATE
    load_timeout_s: float = 300.0
    reply_timeout_s: float = 60.0
    close_timeout_s: float = 5.0

    def __post_init__(self) -> None:
        if self.device not in ("cpu", "cuda"):
            raise ValueError(f"device must be cpu or cuda, got {self.device!r}")
        if self.threads < 1:
            raise ValueError(f"threads must be >= 1, got {self.threads}")
        if not 0.1 <= self.length_scale <= 10.0:
            raise ValueError(f"length_scale must be in [0.1, 10], got {self.length_scale}")
        if min(self.load_timeout_s, self.reply_timeout_s, self.close_timeout_s) <= 0:
            raise ValueError("timeouts must be > 0")


def _stop(proc: subprocess.Popen[bytes]) -> None:
    """Last resort (garbage collection, interpreter exit): the worker must not outlive its owner."""
    if proc.poll() is None:
        proc.kill()
        proc.wait()


def _read_replies(stdout: IO[bytes], replies: queue.Queue[tuple[str, Any]]) -> None:
    """Reader thread: worker stdout → (type, body) items; ("eof", None) when the worker is gone."""
    try:
        while line := stdout.readline():
            try:
                msg = json.loads(line)
                kind = msg["type"]
            except (ValueError, KeyError, TypeError):
                replies.put(("garbage", line[:200]))
                return
            if kind == "audio":
                n = int(msg["samples"])
                data = stdout.read(4 * n)
                if len(data) < 4 * n:
                    break  # died mid-payload
                replies.put(("audio", np.frombuffer(data, dtype="<f4").astype(np.float32)))
            else:
                replies.put((kind, msg))
    except (OSError, ValueError):  # the pipe was closed under us by close()
        pass
    replies.put(("eof", None))


def _keep_tail(stderr: IO[bytes], tail: deque[str]) -> None:
    """Stderr thread: keep the last lines (Coqui is chatty) to explain a crash; the pipe never fills."""
    try:
        for raw in stderr:
            line = raw.decode("utf-8", "replace").strip()
            if line:
                tail.append(line)
    except (OSError, ValueError):
        pass


class CoquiTts:
    """One worker process holding one Coqui model; `synthesize` is blocking and one call at a time."""

    rates = False  # the worker sets its model's pace at load; "speak slower" is not offered with Coqui

    def __init__(self, opts: CoquiOptions) -> None:
        self.opts = opts
        self.sample_rate: int = opts.output_rate
        model = Path(opts.model).expanduser()
        if not model.is_dir():
            raise AudioError(f"tts.model {model}: not a directory (a Coqui model directory holds config.json)")
        if not (model / "config.json").is_file():
            raise AudioError(f"tts.model {model}: no config.json (not a Coqui model directory)")
        python = Path(opts.python).expanduser() if opts.python else DEFAULT_PYTHON
        if not python.exists():
            raise AudioError(f"tts.backend coqui needs the Coqui venv, but {python} does not exist: {INSTALL_HINT}")
        self.python = python
        self._replies: queue.Queue[tuple[str, Any]] = queue.Queue()
        self._stderr: deque[str] = deque(maxlen=20)
        self._pending = False  # a synthesize answer not read to its end (the caller stopped early)
        self._failed: str | None = None
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
        try:  # -P: the worker's folder must not shadow the stdlib; -s: only the venv's own packages
            self._proc: subprocess.Popen[bytes] | None = subprocess.Popen(
                [str(python), "-P", "-s", str(WORKER)],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=env,
                start_new_session=True,  # Ctrl-C goes to us; we close the worker
            )
        except OSError as e:
            raise AudioError(f"cannot start the Coqui worker with {python}: {e}") from e
        self._finalizer = weakref.finalize(self, _stop, self._proc)
        assert self._proc.stdout is not None and self._proc.stderr is not None
        self._threads = [
            threading.Thread(target=_read_replies, args=(self._proc.stdout, self._replies), daemon=True),
            threading.Thread(target=_keep_tail, args=(self._proc.stderr, self._stderr), daemon=True),
        ]
        for t in self._threads:
            t.start()
        try:
            self._load(model)
            for _ in self.synthesize("Hi."):  # warm-up, and proof the whole path works before the first turn
                pass
        except BaseException:
            self.close()
            raise

    @property
    def pid(self) -> int | None:
        """The worker's process id while it runs."""
        return self._proc.pid if self._proc is not None and self._proc.poll() is None else None

    def _load(self, model: Path) -> None:
        o = self.opts
        self._send({
            "op": "load", "model_dir": str(model.resolve()), "device": o.device, "threads": o.threads,
            "speaker": o.speaker, "language": o.language, "length_scale": o.length_scale,
        })
        kind, msg = self._recv(o.load_timeout_s, "loading the model")
        if kind == "error":
            if msg.get("kind") == "not_installed":
                raise AudioError(f"tts.backend coqui: {msg['message']} in {self.python}: {INSTALL_HINT}")
            raise AudioError(f"tts.backend coqui: {msg['message']}")
        if kind != "ready":
            raise self._fail(f"the Coqui worker answered {kind!r} to load")
        self.model_type: str = msg["model"]
        self.model_sample_rate: int = int(msg["sample_rate"])
        self.streaming: bool = bool(msg["streaming"])
        self.cpu: str = msg.get("cpu", "")  # torch's CPU kernel level in the worker (ATEN_CPU_CAPABILITY caps it)
        self.versions: dict[str, str] = msg.get("versions", {})

    def synthesize(self, text: str, first: bool = False, rate: float = 1.0) -> Iterator[np.ndarray]:
        """Yield mono float32 chunks at `sample_rate` as the worker sends them (`first` changes nothing:
        the worker's threads are set when it starts; nor does `rate`: `rates` is False)."""
        if not text.strip():
            return
        if self._failed is not None:
            raise AudioError(f"Coqui TTS is not available: {self._failed}")
        self._settle()
        self._send({"op": "synthesize", "text": text})
        self._pending = True
        resampler = StreamResampler(self.model_sample_rate, self.sample_rate)
        while True:
            kind, body = self._recv(self.opts.reply_timeout_s, "synthesizing")
            if kind == "audio":
                out = resampler.process(body)
                if len(out):
                    yield self._checked(out)
            elif kind == "done":
                self._pending = False
                tail = resampler.flush()
                if len(tail):
                    yield self._checked(tail)
                return
            elif kind == "error":
                self._pending = False
                raise AudioError(f"Coqui TTS could not say {text[:60]!r}: {body['message']}")
            else:
                raise self._fail(f"the Coqui worker sent {kind!r} while synthesizing")

    def close(self) -> None:
        """End the worker: ask it to quit, kill it if it does not within close_timeout_s."""
        proc, self._proc = self._proc, None
        if proc is None:
            return
        self._failed = self._failed or "the Coqui TTS was closed"
        assert proc.stdin is not None
        if proc.poll() is None:
            with contextlib.suppress(OSError):
                proc.stdin.write(b'{"op": "quit"}\n')
                proc.stdin.close()
            try:
                proc.wait(timeout=self.opts.close_timeout_s)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        for pipe in (proc.stdin, proc.stdout, proc.stderr):
            if pipe is not None:
                with contextlib.suppress(OSError):
                    pipe.close()
        for t in self._threads:
            t.join(timeout=1.0)
        self._finalizer.detach()

    # ---- protocol ------------------------------------------------------------------------------------

    def _send(self, msg: dict[str, Any]) -> None:
        if self._failed is not None or self._proc is None:
            raise AudioError(f"Coqui TTS is not available: {self._failed}")
        assert self._proc.stdin is not None
        try:
            self._proc.stdin.write(json.dumps(msg).encode() + b"\n")
            self._proc.stdin.flush()
        except OSError:  # BrokenPipeError: the worker is gone; its exit status says more
            kind, _ = self._recv(self.opts.close_timeout_s, "taking a request")
            raise self._fail(f"the Coqui worker stopped reading requests (then sent {kind!r})") from None

    def _recv(self, timeout: float, doing: str) -> tuple[str, Any]:
        try:
            kind, body = self._replies.get(timeout=timeout)
        except queue.Empty:
            why = f"the Coqui worker did not answer within {timeout:g} s while {doing}; stopped it"
            raise self._fail(why) from None
        if kind == "eof":
            try:
                code = self._proc.wait(timeout=self.opts.close_timeout_s) if self._proc is not None else None
            except subprocess.TimeoutExpired:
                code = None
            how = "closed its output" if code is None else f"exited with status {code}"
            if code is not None and code < 0:
                how = f"was killed by signal {-code}"
            # A Python crash ends stderr with the exception; after a signal the last line is unrelated.
            last = f": {self._stderr[-1]}" if self._stderr and code is not None and code > 0 else ""
            raise self._fail(f"the Coqui worker {how} while {doing}{last}")
        if kind == "garbage":
            raise self._fail(f"the Coqui worker broke the protocol while {doing} (sent {body!r})")
        return kind, body

    def _settle(self) -> None:
        """Read the rest of an answer the caller stopped consuming (barge-in), so replies stay in step."""
        while self._pending:
            kind, _ = self._recv(self.opts.reply_timeout_s, "finishing an interrupted phrase")
            if kind in ("done", "error"):
                self._pending = False

    def _fail(self, why: str) -> AudioError:
        """The worker is unusable: kill it, remember why, and return the error to raise."""
        self._failed = why
        self._pending = False
        proc = self._proc
        if proc is not None and proc.poll() is None:
            proc.kill()
            proc.wait()
        return AudioError(why)

    @staticmethod
    def _checked(x: np.ndarray) -> np.ndarray:
        if not np.isfinite(x).all():
            raise AudioError("the Coqui model produced NaN or infinite samples")
        return np.clip(x, -1.0, 1.0)

