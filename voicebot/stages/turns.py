"""Turn-taking stage: the one place that decides when the user is done and when the bot must stop.

States: listening, user_speaking, paused (the user stopped; a decision is pending), bot_speaking (a reply
is being made or played), interrupted (the user talks over the reply; it is held until we know more).

- End of turn: after each speech segment the user's text so far is scored (voicebot/turn_policy.py) and
  the turn ends once the silence lasts the wait the score asks for. Speech before that joins the same
  utterance; the reply to it is started early (`EarlyTranscript`) and revoked if the user goes on.
- A resumed turn: speech soon after a turn ended, before any of its reply was heard, withdraws that
  turn (`Interrupt(merged=True)`) and its words join the new utterance, answered once.
- Barge-in: speech over the reply pauses it after `barge_in_ms` (`PauseReply`); a backchannel or a noise
  resumes it (`ResumeReply`), anything else cancels it (`Interrupt`) and becomes the user's next turn.

It needs only frames: the ASR's segment events and texts from upstream, and from the sink (upstream
frames) when a reply started and finished playing.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from voicebot import frames as fr
from voicebot.pipeline import Stage
from voicebot.turn_policy import TurnOptions, Verdict, decide, is_backchannel, join, scoring_text

Scorer = Callable[[str], Awaitable[float | None]]


@dataclass
class _Utterance:
    """Segments the user means as one turn, not yet released."""

    start_s: float
    texts: list[str] = field(default_factory=list)
    end_s: float = 0.0  # speech end of the last segment

    @property
    def text(self) -> str:
        out = ""
        for t in self.texts:
            out = join(out, t)
        return out


@dataclass
class _Reply:
    """The released turn whose reply is being made or played."""

    turn_id: int
    utterance: _Utterance
    audible: bool = False
    paused: bool = False


class TurnTakingStage(Stage):
    name = "turns"
    wants_upstream = True

    def __init__(self, opts: TurnOptions, scorer: Scorer | None) -> None:
        """scorer: the end-of-turn probability of a user text in the conversation (None: silence only)."""
        super().__init__()
        self.opts = opts
        self.scorer = scorer
        self.state = "listening"
        self._utt: _Utterance | None = None
        self._segment: int | None = None  # the VAD segment being spoken
        self._decision: asyncio.Task[None] | None = None
        self._reply: _Reply | None = None
        self._overlap: int | None = None  # a segment spoken over the reply (barge-in candidate)
        self._overlap_start = 0.0
        self._overlap_timer: asyncio.Task[None] | None = None
        self._early: int | None = None  # the turn a preemptive reply was started for
        self._warned = False

    async def _set_state(self, state: str) -> None:
        if state != self.state:
            self.state = state
            await self.emit(fr.TurnState(state))

    async def handle(self, frame: fr.Frame) -> None:
        if isinstance(frame, fr.SpeechStarted):
            await self._speech_started(frame)
        elif isinstance(frame, fr.SpeechPaused) and frame.turn_id != self._overlap:
            await self._set_state("paused")
        elif isinstance(frame, fr.SpeechResumed) and frame.turn_id != self._overlap:
            await self._set_state("user_speaking")
        elif isinstance(frame, fr.SpeechEnded):
            if frame.turn_id == self._overlap:
                self._stop_overlap_timer()
            elif self._utt is not None:
                self._utt.end_s = frame.speech_end_s
                self.clock.hold(self)  # --fast replay: the input waits for this decision
        elif isinstance(frame, fr.Transcript):
            if frame.turn_id == self._overlap:
                if frame.final:
                    await self._overlap_heard(frame.text)
            elif self._utt is not None and frame.turn_id == self._segment:
                if frame.final:
                    await self._segment_heard(frame.turn_id, frame.text)
                else:
                    await self.emit(fr.Transcript(frame.turn_id, join(self._utt.text, frame.text), final=False))
        elif isinstance(frame, fr.ReplyStarted | fr.ReplyFinished):
            await self._reply_event(frame)

    async def _reply_event(self, frame: fr.ReplyStarted | fr.ReplyFinished) -> None:
        if self._reply is None or frame.turn_id != self._reply.turn_id:
            return
        if isinstance(frame, fr.ReplyStarted):
            self._reply.audible = True
            await self._set_state("bot_speaking")
            return
        self._reply = None
        self.clock.release(("reply", frame.turn_id))
        if self._utt is None and self._overlap is None:
            await self._set_state("listening")

    # ---- the user's own turn ------------------------------------------------------------------------

    async def _speech_started(self, frame: fr.SpeechStarted) -> None:
        reply = self._reply
        if reply is not None and reply.audible and self._utt is None:  # speech over the bot: maybe a barge-in
            self._overlap, self._overlap_start = frame.turn_id, frame.t_s
            self._overlap_timer = asyncio.create_task(self._watch_overlap(frame.turn_id, frame.t_s))
            return
        if reply is not None and frame.t_s - reply.utterance.end_s <= self.opts.continuation_ms / 1000:
            self._reply = None  # the user only paused: their words join this utterance, answered once
            self.clock.release(("reply", reply.turn_id))
            await self.emit(fr.Interrupt(reply.turn_id, merged=True))
            self._utt = reply.utterance
        elif reply is not None:
            await self._barge_in()
        await self._cancel_decision()
        if self._utt is None:
            self._utt = _Utterance(frame.t_s)
        self._segment = frame.turn_id
        await self._set_state("user_speaking")

    async def _segment_heard(self, turn_id: int, text: str) -> None:
        utt = self._utt
        assert utt is not None
        if text.strip():
            utt.texts.append(text.strip())
        if not utt.text:  # noise, not words
            self._utt = None
            self.clock.release(self)
            await self._set_state("bot_speaking" if self._reply is not None else "listening")
            return
        await self._cancel_decision()
        self._decision = asyncio.create_task(self._decide(turn_id, utt))

    async def _decide(self, turn_id: int, utt: _Utterance) -> None:
        """Score the utterance, wait out the silence its verdict asks for, then release the turn."""
        text = utt.text
        try:
            p = await self._score(text)
        finally:
            self.clock.release(self)  # the verdict is known: --fast replay may feed the silence now
        verdict = decide(self.opts, text, p)
        decided_s = self.clock.now_s
        if verdict.label != "unfinished":
            self._early = turn_id
            await self.emit(fr.EarlyTranscript(turn_id, text))  # the reply starts while the silence runs
        endpoint_s = utt.end_s + verdict.wait_ms / 1000
        await self.clock.wait_until(endpoint_s)
        if self.clock.realtime and decided_s != float("inf"):  # the verdict itself came late
            endpoint_s = max(endpoint_s, decided_s)
        self._decision = None
        await self._release(turn_id, utt, endpoint_s, verdict, p)

    async def _score(self, text: str) -> float | None:
        if self.scorer is None:
            return None
        try:
            p = await self.scorer(scoring_text(text))
            why = "the LLM has no end-of-message token to score the user's words with"
        except Exception as e:  # a failed score costs latency, never the turn
            p, why = None, f"the end-of-turn score failed ({e})"
        if p is None and not self._warned:
            self._warned = True
            print(f"voicebot: warning: {why}; turns end after {self.opts.silence_only_ms} ms of silence",
                  file=sys.stderr)  # fmt: skip
        return p

    async def _release(self, turn_id: int, utt: _Utterance, endpoint_s: float, v: Verdict, p: float | None) -> None:
        self._utt, self._segment, self._early = None, None, None
        self._reply = _Reply(turn_id, utt)
        self.clock.hold(("reply", turn_id))  # --fast replay: the next turn waits for this reply
        await self.emit(fr.TurnEnded(turn_id, utt.start_s, utt.end_s, endpoint_s, p, v.label))
        await self.emit(fr.Transcript(turn_id, utt.text, final=True, committed=utt.text))
        await self._set_state("bot_speaking")

    async def _cancel_decision(self) -> None:
        """The user went on: no verdict yet, and a reply started early is withdrawn (it holds the CPU)."""
        if self._decision is not None:
            self._decision.cancel()
            self._decision = None
            self.clock.release(self)
        if self._early is not None:
            await self.emit(fr.EarlyTranscript(self._early, ""))
            self._early = None

    # ---- speech over the bot's reply -----------------------------------------------------------------

    async def _watch_overlap(self, turn_id: int, start_s: float) -> None:
        """Pause the reply once the overlap lasts barge_in_ms; interrupt once it outlasts a backchannel."""
        await self.clock.wait_until(start_s + self.opts.barge_in_ms / 1000)
        if self._overlap == turn_id and self._reply is not None and not self._reply.paused:
            self._reply.paused = True
            await self.emit(fr.PauseReply(self._reply.turn_id))
            await self._set_state("interrupted")
        await self.clock.wait_until(start_s + self.opts.backchannel_max_ms / 1000)
        if self._overlap == turn_id:
            self._overlap_timer = None  # _barge_in must not cancel this very task
            await self._barge_in()

    def _stop_overlap_timer(self) -> None:
        if self._overlap_timer is not None:
            self._overlap_timer.cancel()
            self._overlap_timer = None

    async def _overlap_heard(self, text: str) -> None:
        if is_backchannel(self.opts, text):
            self._overlap = None
            self._stop_overlap_timer()
            if self._reply is not None and self._reply.paused:
                self._reply.paused = False
                await self.emit(fr.ResumeReply(self._reply.turn_id))
            await self._set_state("bot_speaking" if self._reply is not None else "listening")
            return
        segment = self._overlap
        await self._barge_in()
        assert segment is not None
        await self._segment_heard(segment, text)

    async def _barge_in(self) -> None:
        """The user really interrupts: cancel the reply; their speech is their next turn."""
        segment, self._overlap = self._overlap, None
        self._stop_overlap_timer()
        reply, self._reply = self._reply, None
        if reply is not None:
            self.clock.release(("reply", reply.turn_id))
            await self.emit(fr.Interrupt(reply.turn_id))
        if segment is not None and self._utt is None:  # the overlap goes on as the user's turn
            self._utt, self._segment = _Utterance(self._overlap_start), segment
        await self._set_state("user_speaking")

    async def finish(self) -> None:
        """End of input: a pending decision completes (the clock has ended, so at once)."""
        if self._decision is not None:
            await asyncio.gather(self._decision, return_exceptions=True)
        self._stop_overlap_timer()

    async def close(self) -> None:
        for task in (self._decision, self._overlap_timer):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
