"""ASR stage: partial transcripts while the user speaks, the final one as soon as the segment ends.

The final pass starts early, at the first pause (`SpeechPaused`), on the audio up to that point: if the
segment then ends at that same pause, its result is already there (or nearly) when the VAD closes it,
which hides most of the ASR time inside the silence. Its text is announced at once (`SegmentText`
"pause") so the turn-taking stage can decide whether the user is done. If the user goes on, the early
pass is dropped. A partial whose audio already holds all the speech (one started in the silence before
the pause was seen) is that pause's pass: a second one would queue behind it for the same text.

Two passes may run at once (`asr.workers`), so the pass a pause waits for never queues behind a partial
that began just before the user stopped (on 2 AVX2 cores that partial held it up by up to ~250 ms in 5 of
8 recordings). And it starts early: at the first unvoiced frame after some new speech
(`UserAudio.quiet_s`) a pass starts on the audio so far; if the silence lasts into a pause, that pass is
the pause's, begun 60 of the `pause_ms` 90 ms sooner; if the user goes on, its text is a partial.

Every pass is given the session's last final transcripts as Whisper's previous text (`asr.context_tokens`):
a name or topic the user already said is heard as such again ("Sydney" not "Sidney", "Perth" not
"perfect"). The context is this stage's own output, so nothing flows back from later stages.

The VAD's segment events are passed on after this stage's own frames for them, so the turn-taking stage
sees speech and text in one ordered stream.
"""

from __future__ import annotations

import asyncio
from collections import deque
from dataclasses import dataclass, field

import numpy as np

from audio.asr import LocalAgreement, WhisperAsr
from voicebot import frames as fr
from voicebot.pipeline import Stage
from voicebot.priority import CpuPriority
from voicebot.stages.worker import Worker

RATE = 16000
TAIL_PAD_S = 0.15  # trailing silence given to Whisper after the speech end: it ends sentences better
QUIET_MIN_S = 0.3  # speech since the last pass's audio that a pass at a word gap needs
CONTEXT_SEGMENTS = 8  # final transcripts kept as context (Whisper uses only their last tokens)


@dataclass
class _Turn:
    turn_id: int
    start_s: float | None = None  # input-clock time of the first sample held
    floor_s: float = 0.0  # audio before this was transcribed with the previous segment: never again
    chunks: list[np.ndarray] = field(default_factory=list)
    n: int = 0
    partial_at: int = 0  # samples covered by the last partial
    partial: asyncio.Task[None] | None = None
    partial_pass: asyncio.Task[str] | None = None  # the ASR pass of the last partial
    early: tuple[float, asyncio.Task[str]] | None = None  # (speech end it assumed, final pass)
    quiet: tuple[float, asyncio.Task[str]] | None = None  # (where the voice stopped, the pass started there)
    quiet_at: int = 0  # samples covered by the last pass at a word gap
    quiet_partial: asyncio.Task[None] | None = None  # that pass's text as a partial, if the user went on

    def quiet_pass(self, quiet_s: float) -> asyncio.Task[str] | None:
        """The pass begun where the voice stopped at `quiet_s`, if that is where the last one began."""
        return self.quiet[1] if self.quiet is not None and abs(self.quiet[0] - quiet_s) < 1e-6 else None

    @property
    def partial_end_s(self) -> float:
        """Input time where the last partial's audio ends."""
        return (self.start_s or 0.0) + self.partial_at / RATE

    def append(self, samples: np.ndarray, t_s: float) -> None:
        """Add audio that starts at t_s, trimming overlap with (or filling a gap after) what is held."""
        if t_s < self.floor_s:  # the pre-roll reaching back into the previous segment's words
            samples, t_s = samples[round((self.floor_s - t_s) * RATE) :], self.floor_s
        if self.start_s is None:
            self.start_s = t_s
        gap = round((t_s - self.start_s) * RATE) - self.n
        if gap > 0:
            samples = np.concatenate([np.zeros(gap, np.float32), samples])
        elif gap < 0:
            samples = samples[-gap:]
        if len(samples):
            self.chunks.append(samples)
            self.n += len(samples)

    def audio_until(self, t_s: float) -> np.ndarray:
        audio = np.concatenate(self.chunks) if self.chunks else np.zeros(0, np.float32)
        self.chunks = [audio]
        start = self.start_s if self.start_s is not None else t_s
        return audio[: max(0, int((t_s - start) * RATE))]

    def cancel(self) -> None:
        passes = [x[1] for x in (self.early, self.quiet) if x is not None]
        for task in (self.partial, self.partial_pass, self.quiet_partial, *passes):
            if task is not None:
                task.cancel()


class AsrStage(Stage):
    name = "asr"

    def __init__(
        self,
        asr: WhisperAsr,
        partial_interval_ms: int = 600,
        priority: CpuPriority | None = None,
        workers: int = 2,
    ) -> None:
        """priority: held exclusively by the pass at a pause and the final pass, the ones the end of the
        turn waits for (partials share the CPU). workers: passes at once (the model's `workers`)."""
        super().__init__()
        self.asr = asr
        self.priority = priority
        self.partial_every = int(RATE * partial_interval_ms / 1000)
        self.worker = Worker("asr", workers)  # a pass at a pause runs beside a partial
        self.agreement = LocalAgreement()
        self.turn: _Turn | None = None
        self._done_until = 0.0  # input time up to which audio went into a final transcript
        self._said: deque[str] = deque(maxlen=CONTEXT_SEGMENTS)  # this session's final transcripts

    async def _transcribe(self, audio: np.ndarray, urgent: bool = False) -> str:
        fn = self._transcribe_urgent if urgent and self.priority is not None else self.asr.transcribe
        return (await self.worker.run(fn, audio, " ".join(self._said))).strip()

    def _transcribe_urgent(self, audio: np.ndarray, context: str) -> str:
        assert self.priority is not None
        with self.priority.hold(exclusive=True):
            return self.asr.transcribe(audio, context)

    async def handle(self, frame: fr.Frame) -> None:
        if isinstance(frame, fr.Tick):
            await self.emit(frame)
            return
        if isinstance(frame, fr.SpeechStarted):
            self._start(frame)
            await self.emit(frame)
            return
        turn = self.turn
        if turn is None or not isinstance(frame, fr.TurnFrame) or frame.turn_id != turn.turn_id:
            return
        if isinstance(frame, fr.UserAudio):
            turn.append(frame.samples, frame.t_s)
            if frame.quiet_s is not None:
                self._maybe_quiet_pass(turn, frame.quiet_s)
            busy = turn.early is not None or (turn.partial is not None and not turn.partial.done())
            if not busy and turn.n - max(turn.partial_at, turn.quiet_at) >= self.partial_every:
                turn.partial_at = turn.n
                turn.partial_pass = asyncio.create_task(self._transcribe(turn.audio_until(1e9)))
                turn.partial = asyncio.create_task(self._partial(turn, turn.partial_pass))
        elif isinstance(frame, fr.SpeechPaused):
            covered = turn.partial_pass is not None and turn.partial_end_s >= frame.t_s
            if (quiet := turn.quiet_pass(frame.t_s)) is not None:  # begun in this same silence
                pass_ = quiet
            elif covered:  # the last partial's audio holds all the speech: its pass is this pause's pass
                pass_ = turn.partial_pass
            else:
                pass_ = asyncio.create_task(self._transcribe(turn.audio_until(frame.t_s + TAIL_PAD_S), urgent=True))
            turn.early = (frame.t_s, asyncio.create_task(self._early(turn, pass_)))
            await self.emit(frame)
        elif isinstance(frame, fr.SpeechResumed):
            await self.emit(frame)
            if turn.early is not None:
                turn.early[1].cancel()
                turn.early = None
        elif isinstance(frame, fr.SpeechEnded):
            await self.emit(frame)
            text = await self._final(turn, frame.speech_end_s)
            self.turn, self._done_until = None, frame.speech_end_s + TAIL_PAD_S
            if text:
                self._said.append(text)
            await self.emit(fr.SegmentText(turn.turn_id, text, "final"))

    def _maybe_quiet_pass(self, turn: _Turn, quiet_s: float) -> None:
        """The voice just stopped: start the pass this silence's pause would need, unless one is running
        or too little was said since the last pass."""
        running = turn.quiet is not None and not turn.quiet[1].done()
        said = turn.n - max(turn.partial_at, turn.quiet_at)
        if turn.early is not None or running or turn.quiet_pass(quiet_s) is not None or said < QUIET_MIN_S * RATE:
            return
        turn.quiet_at = turn.n
        pass_ = asyncio.create_task(self._transcribe(turn.audio_until(1e9), urgent=True))
        turn.quiet = (quiet_s, pass_)
        turn.quiet_partial = asyncio.create_task(self._partial(turn, pass_))  # the user may go on

    def _start(self, frame: fr.SpeechStarted) -> None:
        if self.turn is not None:
            self.turn.cancel()
        self.turn = _Turn(frame.turn_id, floor_s=self._done_until)
        self.agreement.reset()

    async def _final(self, turn: _Turn, speech_end_s: float) -> str:
        if turn.early is not None and abs(turn.early[0] - speech_end_s) < 0.05:
            early = turn.early[1]
            try:
                return await asyncio.shield(early)
            except asyncio.CancelledError:
                if not early.cancelled():  # this stage itself is being cancelled (teardown)
                    raise
        return await self._transcribe(turn.audio_until(speech_end_s + TAIL_PAD_S), urgent=True)

    async def _early(self, turn: _Turn, pass_: asyncio.Task[str]) -> str:
        """The final pass started at a pause (or the partial already covering it); announced so the LLM
        can start a reply preemptively. Cancelled when the user goes on, which cancels an own pass only."""
        try:
            text = await asyncio.shield(pass_)
        except asyncio.CancelledError:
            if pass_ is not turn.partial_pass:
                pass_.cancel()
            raise
        if self.turn is turn:
            await self.emit(fr.SegmentText(turn.turn_id, text, "pause"))
        return text

    async def _partial(self, turn: _Turn, pass_: asyncio.Task[str]) -> None:
        try:
            text = await asyncio.shield(pass_)
        except asyncio.CancelledError:
            return
        if self.turn is turn and turn.early is None and text:
            committed, _tentative = self.agreement.update(text)
            await self.emit(fr.SegmentText(turn.turn_id, text, "partial", committed))

    async def finish(self) -> None:
        if self.turn is not None:
            self.turn.cancel()
        self.turn = None

    async def close(self) -> None:
        self.worker.close()
