"""Turn-taking stage: the one place that decides when the user is done and when the bot must stop.

States: listening, user_speaking, paused (the user stopped; a decision is pending), bot_speaking (a reply
is being made or played), interrupted (the user talks over the reply; it is held until we know more).

- End of turn: at each pause the ASR's text of the utterance so far is scored (voicebot/turn_policy.py)
  and the turn ends once the silence lasts the wait the score asks for. Speech before that continues the
  same utterance; the reply started early for it (`EarlyTranscript`) is revoked.
- A resumed turn: speech soon after a turn ended, before any of its reply was heard, withdraws that turn
  (`Interrupt(merged=True)`) and the whole utterance is answered once, as a new turn.
- Barge-in: speech over the reply pauses it after `barge_in_ms` (`PauseReply`); a backchannel or a noise
  resumes it (`ResumeReply`), anything else cancels it (`Interrupt`) and becomes the user's next turn.

Inputs are the VAD's segment events and the ASR's texts (segment ids), and from the sink, upstream,
when a reply started and finished playing. Released turns get this stage's own ids, so a turn answered
again after the user went on is a new turn everywhere downstream.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from voicebot import frames as fr
from voicebot.pipeline import Stage
from voicebot.turn_policy import TurnOptions, Verdict, after, decide, is_backchannel, join

_PARKED = "parked"  # the clock hold while a --fast replay's input waits for the reply

Scorer = Callable[[int, str], Awaitable[float | None]]  # (turn id, text) -> end-of-turn probability
# --fast replay: a reply counts as heard this long after the speech end (about the voice-to-voice p50 on
# 2 CPU cores); speech before that continues the turn, speech after it waits until the reply is over
FAST_AUDIBLE_S = 0.8


@dataclass
class _Utterance:
    """What the user has said since the last released turn: closed segments' texts and the open one's."""

    start_s: float
    closed: list[str] = field(default_factory=list)
    current: str = ""  # the open segment's text at its last pause
    end_s: float = 0.0  # where the speech stopped at the last pause
    answered: str = ""  # words of the open segment that an earlier turn already answered

    @property
    def text(self) -> str:
        return self.with_open(self.current)

    def with_open(self, segment_text: str) -> str:
        """The utterance if the open segment's text were `segment_text` (a partial covers the whole
        segment, so it replaces the text of an earlier pause in it rather than adding to it)."""
        out = ""
        for t in [*self.closed, after(self.answered, segment_text)]:
            out = join(out, t)
        return out


@dataclass
class _Reply:
    """The released turn whose reply is being made or played."""

    turn_id: int
    utterance: _Utterance
    released_s: float  # the endpoint: when turn-taking decided the user was done
    due_s: float  # when the verdict's wait ended: the release, unless the verdict itself came late
    audible_s: float | None = None  # input time its first audio went to the player (real time only)
    paused: bool = False

    def heard_before(self, t_s: float, reaction_s: float) -> bool:
        """Had the user heard this reply when they spoke at t_s? Only if it played long enough to react
        to: speech that starts sooner was under way before the reply could be heard."""
        return self.audible_s is not None and t_s >= self.audible_s + reaction_s


@dataclass
class _Decision:
    """A verdict on the utterance at a pause: the turn ends at `due_s` unless the user goes on."""

    turn_id: int
    utt: _Utterance
    text: str
    end_s: float
    p: float | None = None
    verdict: Verdict | None = None
    task: asyncio.Task[None] | None = None  # real time: scoring, then waiting out the silence

    @property
    def due_s(self) -> float:
        assert self.verdict is not None
        return self.end_s + self.verdict.wait_ms / 1000


@dataclass
class _Overlap:
    """A segment spoken over the bot's reply: a backchannel, a noise or a barge-in."""

    segment: int
    start_s: float
    end_s: float = 0.0  # where it stopped at its last pause
    timer: asyncio.Task[None] | None = None


class TurnTakingStage(Stage):
    name = "turns"
    wants_upstream = True

    def __init__(
        self,
        opts: TurnOptions,
        scorer: Scorer | None,
        first_turn_id: int = 1,
        knows: Callable[[str], bool] | None = None,
    ) -> None:
        """scorer: the end-of-turn probability of a user text in the conversation; it may start the reply
        to that text at once (LlmStage.end_of_turn). None: silence only. knows: whether the notes have the fact a
        user text asks for in the conversation (notes.TurnNotes.known): then it is a whole question."""
        super().__init__()
        self.opts = opts
        self.scorer = scorer
        self.knows = knows
        self.state = "listening"
        self.next_turn_id = first_turn_id
        self._utt: _Utterance | None = None
        self._segment: int | None = None  # the user's open segment
        self._decision: _Decision | None = None
        self._early: int | None = None  # the turn id a preemptive reply was started for
        self._reply: _Reply | None = None
        self._overlap: _Overlap | None = None
        self._answered = ""  # the segment text the last released turn ended on
        self._asked = False  # the last reply the user heard to its end asked them a question
        self._parked: list[fr.Frame] | None = None  # --fast replay: input held back until the reply is over
        self._warned = False

    async def handle(self, frame: fr.Frame) -> None:
        if isinstance(frame, fr.ReplyStarted | fr.ReplyFinished):
            await self._reply_event(frame)
            if self._reply is None and self._parked is not None:
                await self._unpark()
        elif self._parked is not None:
            self._parked.append(frame)
        else:
            await self._input(frame)

    async def _input(self, frame: fr.Frame) -> None:
        if isinstance(frame, fr.Tick):
            await self.clock.advance(frame.t_s)
            d = self._decision
            if d is not None and d.task is None and d.verdict is not None and self.clock.now_s >= d.due_s:
                await self._end_decision(d, d.due_s)  # a replay's timer fires in order with the input
            self._maybe_park()
        elif not isinstance(frame, fr.TurnFrame):
            return
        elif self._overlap is not None and frame.turn_id == self._overlap.segment:
            await self._overlap_event(frame)
        elif isinstance(frame, fr.SpeechStarted):
            await self._speech_started(frame)
        elif frame.turn_id != self._segment:
            return
        elif isinstance(frame, fr.SpeechResumed):
            await self._went_on(frame.t_s)
        elif self._utt is None:  # the segment's turn was released; only a resume matters now
            return
        elif isinstance(frame, fr.SpeechPaused):
            self._utt.end_s = frame.t_s
            self.clock.hold(self)  # --fast replay: the input waits for this pause's verdict
            await self._set_state("paused")
        elif isinstance(frame, fr.SpeechEnded):
            self._utt.end_s = frame.speech_end_s
        elif isinstance(frame, fr.SegmentText) and frame.kind == "pause":
            if not frame.text:  # nothing to decide on at this pause
                self.clock.release(self)
                return
            self._utt.current = frame.text
            await self._start_decision()
        elif isinstance(frame, fr.SegmentText) and frame.kind == "final":
            await self._segment_closed(frame.text)
        elif isinstance(frame, fr.SegmentText):  # a partial: shown while the user speaks
            utt = self._utt
            text, committed = utt.with_open(frame.text), utt.with_open(frame.committed)
            await self.emit(fr.Transcript(self._pending_id(), text, False, committed))

    async def _set_state(self, state: str) -> None:
        if state != self.state:
            self.state = state
            await self.emit(fr.TurnState(state))

    def _pending_id(self) -> int:
        return self.next_turn_id

    # ---- the user's own turn ------------------------------------------------------------------------

    async def _speech_started(self, frame: fr.SpeechStarted) -> None:
        if self._overlap is not None:  # a second sound over the bot: not a backchannel
            await self._barge_in()
        reply, reaction_s = self._reply, self.opts.reaction_ms / 1000
        if reply is not None and reply.heard_before(frame.t_s, reaction_s) and self._utt is None:  # maybe a barge-in
            self._overlap = _Overlap(frame.turn_id, frame.t_s)
            self._overlap.timer = asyncio.create_task(self._watch_overlap(self._overlap))
            return
        if self._utt is None and reply is not None:
            # counted from when the turn was due, not from a release that a busy CPU made late: a new sentence
            # 4 s after the user stopped joined the last one, and its reply was dropped
            soon = frame.t_s - min(reply.released_s, reply.due_s) <= self.opts.continuation_ms / 1000
            if soon and not reply.heard_before(frame.t_s, reaction_s):
                await self._withdraw(reply)  # the user only paused: their words join this utterance
            else:
                await self._barge_in()
        await self._cancel_decision()
        if self._utt is None:
            self._utt = _Utterance(frame.t_s)
        elif self._utt.current:  # the previous segment's text is final now
            self._utt.closed.append(after(self._utt.answered, self._utt.current))
            self._utt.current, self._utt.answered = "", ""
        self._segment = frame.turn_id
        await self._set_state("user_speaking")

    async def _went_on(self, t_s: float) -> None:
        """Speech resumed inside the open segment: the pending decision (or a released turn) is void."""
        reply, answered = self._reply, self._answered
        unheard = reply is not None and not reply.heard_before(t_s, self.opts.reaction_ms / 1000)
        if reply is not None and self._utt is None and unheard:  # released at this segment's pause
            await self._withdraw(reply)
        elif self._utt is None:  # answered (and maybe heard) already: what follows is a new turn
            if reply is not None:
                await self._barge_in()
            self._utt = _Utterance(t_s, answered=answered)
        await self._cancel_decision()
        await self._set_state("user_speaking")

    async def _withdraw(self, reply: _Reply) -> None:
        """The user went on before hearing the reply: drop it; the utterance is open again."""
        self._reply = None
        await self.emit(fr.Interrupt(reply.turn_id, merged=True))
        self._utt = reply.utterance

    async def _segment_closed(self, text: str) -> None:
        utt = self._utt
        assert utt is not None
        decided = self._decision is not None or (self._reply is not None and self._reply.utterance is utt)
        if text.strip():
            utt.current = text.strip()
        if not utt.text:  # noise, not words
            self._utt, self._segment = None, None
            self.clock.release(self)
            await self._set_state("bot_speaking" if self._reply is not None else "listening")
        elif not decided:  # the segment ended without a pause verdict (end of input)
            await self._start_decision()

    async def _start_decision(self) -> None:
        await self._cancel_decision()
        utt = self._utt
        assert utt is not None
        d = self._decision = _Decision(self._pending_id(), utt, utt.text, utt.end_s)
        if self.clock.realtime:  # the score takes time in which the user may go on: frames keep flowing
            d.task = asyncio.create_task(self._decide(d))
        else:  # a replay: as if scoring were instant, nothing later in the input is looked at before it
            self.clock.hold(self)
            await self._score_and_announce(d)  # the turn ends on the Tick that reaches d.due_s

    async def _score_and_announce(self, d: _Decision) -> None:
        self._early = d.turn_id  # the scorer may start the reply to this text right away
        try:
            d.p = await self._score(d.turn_id, d.text)
        finally:
            self.clock.release(self)  # the verdict is known: a replay may feed the silence now
        known = self.knows is not None and d.p is not None and self.knows(d.text)
        d.verdict = decide(self.opts, d.text, d.p, answering=self._asked, known=known)
        if d.verdict.label in ("unfinished", "filler", "dismissal"):  # no reply to half a thought (or to
            # "Stop."): it would only hold the CPU
            self._early = None
            await self.emit(fr.EarlyTranscript(d.turn_id, ""))
        else:
            await self.emit(fr.EarlyTranscript(d.turn_id, d.text))  # the reply goes on while the silence runs

    async def _decide(self, d: _Decision) -> None:
        """Real time: score the utterance, wait out the silence its verdict asks for, release the turn."""
        await self._score_and_announce(d)
        decided_s = self.clock.now_s
        await self.clock.wait_until(d.due_s)
        late = decided_s if decided_s != float("inf") else 0.0  # the verdict itself came late
        await self._end_decision(d, max(d.due_s, late))

    async def _end_decision(self, d: _Decision, endpoint_s: float) -> None:
        """Release the turn; one whose wait outlasted the input ended where the input did. Only fillers
        ("Um.") and then silence: nothing to answer yet; the utterance stays open, so whatever the user says
        next (the question they were thinking of) is answered with it. "Stop." or "Never mind.": nothing
        to answer, ever (a reply it talked over was already cut)."""
        assert d.verdict is not None
        if d.verdict.label in ("filler", "dismissal"):
            self._decision, self._early = None, None
            if d.verdict.label == "dismissal":  # done with: what the user says next is a turn of its own
                self._utt = None
            await self._set_state("listening")
            return
        endpoint_s = max(min(endpoint_s, self.clock.end_s), d.end_s)
        self._decision = None
        self.next_turn_id += 1
        self._early = None
        self._reply = _Reply(d.turn_id, d.utt, endpoint_s, d.due_s)
        self._answered = d.utt.current  # the open segment's words this turn answers
        self._utt = None
        await self.emit(fr.TurnEnded(d.turn_id, d.utt.start_s, d.end_s, endpoint_s, d.p, d.verdict.label))
        await self.emit(fr.Transcript(d.turn_id, d.text, final=True, committed=d.text))
        await self._set_state("bot_speaking")
        self._maybe_park()

    async def _score(self, turn_id: int, text: str) -> float | None:
        if self.scorer is None:
            return None
        try:
            p = await self.scorer(turn_id, text)
            why = "the LLM has no end-of-message token to score the user's words with"
        except Exception as e:  # a failed score costs latency, never the turn
            p, why = None, f"the end-of-turn score failed ({e})"
        if p is None and not self._warned:
            self._warned = True
            print(f"voicebot: warning: {why}; turns end after {self.opts.silence_only_ms} ms of silence",
                  file=sys.stderr)  # fmt: skip
        return p

    # ---- --fast replay: the user waits for the reply ---------------------------------------------------

    def _maybe_park(self) -> None:
        """From when the reply would be heard live (FAST_AUDIBLE_S after the speech end, or the
        continuation window if shorter) a replay's input waits until the reply is over, so each turn is
        answered in full as it would be live, only sooner. The VAD stops (a clock hold); what is already
        on its way here is parked. Real time is never held."""
        reply = self._reply
        if self.clock.realtime or reply is None or self._parked is not None:
            return
        if self.clock.now_s >= reply.utterance.end_s + min(self.opts.continuation_ms / 1000, FAST_AUDIBLE_S):
            self._parked = []
            self.clock.hold(_PARKED)

    async def _unpark(self) -> None:
        frames, self._parked = self._parked or [], None
        self.clock.release(_PARKED)
        for i, frame in enumerate(frames):
            if self._parked is not None:  # the next reply parks the input again
                self._parked.extend(frames[i:])
                return
            await self._input(frame)

    async def _cancel_decision(self) -> None:
        """The user went on: no verdict yet, and a reply started early is withdrawn (it holds the CPU)."""
        d, self._decision = self._decision, None
        if d is not None and d.task is not None:
            d.task.cancel()
        self.clock.release(self)  # also a hold from a pause whose text never came (the user went on)
        if self._early is not None:
            await self.emit(fr.EarlyTranscript(self._early, ""))
            self._early = None

    # ---- the bot's reply ------------------------------------------------------------------------------

    async def _reply_event(self, frame: fr.ReplyStarted | fr.ReplyFinished) -> None:
        if self._reply is None or frame.turn_id != self._reply.turn_id:
            return
        self._asked = isinstance(frame, fr.ReplyFinished) and frame.heard_text.rstrip().endswith("?")
        if isinstance(frame, fr.ReplyStarted):
            # a replay runs ahead of the wall clock: there the reply is heard when the input is parked
            self._reply.audible_s = self.clock.now_s if self.clock.realtime else None
            if self._utt is None:
                await self._set_state("bot_speaking")
            return
        self._reply = None
        if self._utt is None and self._overlap is None:
            await self._set_state("listening")

    async def _overlap_event(self, frame: fr.TurnFrame) -> None:
        ov = self._overlap
        assert ov is not None
        if isinstance(frame, fr.SpeechResumed):  # more than one short sound: watch it again
            ov.timer = asyncio.create_task(self._watch_overlap(ov, frame.t_s))
        elif isinstance(frame, fr.SpeechPaused | fr.SpeechEnded):
            ov.end_s = frame.t_s if isinstance(frame, fr.SpeechPaused) else frame.speech_end_s
            self._stop_timer(ov)
        elif isinstance(frame, fr.SegmentText) and (frame.kind == "final" or (frame.kind == "pause" and frame.text)):
            if is_backchannel(self.opts, frame.text):
                if self._reply is not None and self._reply.paused:
                    self._reply.paused = False
                    await self.emit(fr.ResumeReply(self._reply.turn_id))
                    await self._set_state("bot_speaking")
                if frame.kind == "final":  # the overlap is over
                    self._overlap = None
                    if self._reply is None:
                        await self._set_state("listening")
                return
            await self._barge_in()
            assert self._utt is not None
            self._utt.current, self._utt.end_s = frame.text, ov.end_s
            await self._start_decision()

    async def _watch_overlap(self, ov: _Overlap, since_s: float | None = None) -> None:
        """Pause the reply once the overlap lasts barge_in_ms; interrupt once it outlasts a backchannel."""
        await self.clock.wait_until((since_s or ov.start_s) + self.opts.barge_in_ms / 1000)
        if self._overlap is ov and self._reply is not None and not self._reply.paused:
            self._reply.paused = True
            await self.emit(fr.PauseReply(self._reply.turn_id))
            await self._set_state("interrupted")
        await self.clock.wait_until(ov.start_s + self.opts.backchannel_max_ms / 1000)
        if self._overlap is ov:
            ov.timer = None  # _barge_in must not cancel this very task
            await self._barge_in()

    def _stop_timer(self, ov: _Overlap) -> None:
        if ov.timer is not None:
            ov.timer.cancel()
            ov.timer = None

    async def _barge_in(self) -> None:
        """The user really interrupts: cancel the reply; their speech is their next turn."""
        ov, self._overlap = self._overlap, None
        if ov is not None:
            self._stop_timer(ov)
        reply, self._reply = self._reply, None
        if reply is not None:
            await self.emit(fr.Interrupt(reply.turn_id))
        if ov is not None and self._utt is None:  # the overlap goes on as the user's turn
            self._utt, self._segment = _Utterance(ov.start_s), ov.segment
        await self._set_state("user_speaking")

    async def finish(self) -> None:
        """End of input: parked input is taken up (its reply plays on), a pending decision completes (the
        clock has ended, so at once)."""
        if self._parked is not None:
            self._reply = None  # its end can no longer reach this stage: the user has waited for it
            await self._unpark()
        d = self._decision
        if d is not None and d.task is not None:
            await asyncio.gather(d.task, return_exceptions=True)
        elif d is not None and d.verdict is not None:  # a replay's decision: the input is over
            await self._end_decision(d, d.due_s)
        if self._overlap is not None:
            self._stop_timer(self._overlap)

    async def close(self) -> None:
        tasks = [self._decision.task if self._decision else None, self._overlap.timer if self._overlap else None]
        for task in tasks:
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
