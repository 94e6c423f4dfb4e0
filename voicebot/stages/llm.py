"""LLM stage: a final transcript in, the assistant's reply streamed out as text.

Preemptive generation: the ASR's early pass (at the first pause) arrives as an `EarlyTranscript` while
the VAD is still waiting out the end-of-turn silence. The reply to it is generated right away into a
buffer, and released only when the final transcript confirms the same text; otherwise it is dropped.
The user never hears a reply to words they did not finish, and a confirmed turn's first phrase is often
ready the moment the turn ends: its text as it grows goes to the TTS as `HeldReply`, which synthesizes
the first phrase while the turn-taking stage waits out the silence.

While the user speaks, the words the ASR has committed to are prefilled into the session's KV cache
(`_warm`), so the end-of-turn score and the reply at the pause compute only the last few words. When
`history_turns` drops a block of old exchanges, the rest of the history must be prefilled again (~600
tokens: 1.5-2.5 s on 2 AVX2 cores beside the ASR), so the next turn's history is prefilled as soon as a
reply is written, while it plays (`_prefill_history`), and again at the next turn's first partial if
that did not happen (a barge-in): never at the end of the user's turn. Warm-ups are background requests
to the engine (`SamplingParams.background`): every reply and turn decision, this session's or another's,
goes first, and a warm-up still running when this session's reply starts is dropped (the engine keeps
the KV it computed; the reply computes the rest).

This stage owns the conversation: it adds the user's turn when it is released, the reply when it is
written, cuts the reply to what was heard when the sink says so (`ReplyFinished`), and withdraws a turn
the user went on with (`Interrupt(merged=True)`). It also scores end-of-turn for the turn-taking stage,
in the same conversation and KV cache the reply will use.
"""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from dataclasses import dataclass, field

from audio.chunker import whole_sentences
from voicebot import frames as fr
from voicebot.conversation import Conversation, WholeReply
from voicebot.errors import VoicebotError
from voicebot.llm import LLMClient, ReplyParams
from voicebot.pipeline import Stage
from voicebot.repetition import loop_start, repeating_tail
from voicebot.speaking_rate import next_rate, rate_request

WARM_WORDS = 3  # committed words that must be new before the next warm-up prefill
# The session's first prefill waits at most this long: with the engine saturated by other calls it would
# otherwise hold the whole session back, its audio unread, until a batch slot frees (found in a test).
START_WARM_S = 1.5
# An end-of-turn score asks again at most this often when a stale early transcript drops its reply (each
# such frame is handled once: two at most are in flight, a revocation and the text before it).
STALE_FRAMES = 4


@dataclass(frozen=True)
class _End:
    error: str | None = None


@dataclass
class _Generation:
    """A reply being generated into a queue: text pieces (str), then one _End; and its end-of-turn score."""

    turn_id: int
    user_text: str
    queue: asyncio.Queue[object]
    score: asyncio.Future[float | None]
    task: asyncio.Task[None] = field(init=False)
    text: str = ""  # the reply so far
    dropped: bool = False

    def cancel(self) -> None:
        """Stop generating. The score is settled here too: a task cancelled before it first ran never runs
        its `finally`, and the turn-taking stage waiting on the score would wait for ever (found: `voicebot
        run --fast` hung on a recording whose early transcript changed while its score was awaited)."""
        self.dropped = True
        self.task.cancel()
        if not self.score.done():
            self.score.set_result(None)


class LlmStage(Stage):
    name = "llm"
    wants_upstream = True

    def __init__(
        self,
        client: LLMClient,
        conversation: Conversation,
        params: ReplyParams,
        preemptive: bool = True,
        error_reply: str = "",
        speaking_rate: bool = False,
    ) -> None:
        """error_reply: said when the backend fails before a word of the reply, so the user is not left
        waiting in silence (it is not added to the conversation). speaking_rate: "speak slower" and the like
        change the session's rate (the voice can: `Tts.rates`), sent on as `frames.SpeakingRate`."""
        super().__init__()
        self.client = client
        self.error_reply = error_reply
        self.conversation = conversation
        self.params = params
        self.preemptive = preemptive
        self.speaking_rate = speaking_rate
        self.rate = 1.0  # the session's speaking rate
        self._early: _Generation | None = None  # a preemptive reply waiting for its turn to end
        self._gen: _Generation | None = None  # the reply being relayed
        self._relay: asyncio.Task[None] | None = None
        self._warming: asyncio.Task[object] | None = None  # a prefill of the user's committed words
        self._warmed = ""  # the committed text last prefilled
        self._warm_turn: int | None = None  # the turn those words belong to
        self.cache_key = f"session-{uuid.uuid4().hex}"  # the engine keeps this conversation's KV between turns

    def _generate(self, turn_id: int, user_text: str) -> _Generation:
        self._stop_warming()  # the reply computes what the warm-up had left (the engine keeps what it did)
        gen = _Generation(turn_id, user_text, asyncio.Queue(), asyncio.get_running_loop().create_future())
        prompt, start = self.conversation.prompt(pending=user_text), self.conversation.reply_start(user_text)
        gen.task = asyncio.create_task(self._produce(prompt, start, gen))
        return gen

    async def _produce(self, messages: list[dict[str, str]], reply_start: str, gen: _Generation) -> None:
        def on_score(p: float | None) -> None:
            if not gen.score.done():
                gen.score.set_result(p)

        stream = None
        try:
            stream = self.client.stream(messages, self.params, self.cache_key, on_score, reply_start)
            async for text in stream:
                gen.queue.put_nowait(text)
                gen.text += text
                if self._early is gen:  # held back: the TTS may prepare its first phrase
                    await self.emit(fr.HeldReply(gen.turn_id, gen.text))
                if isinstance(reply_start, WholeReply) and gen.text.startswith(reply_start):
                    break  # all it says (the opener comes first, once the score is in): the request ends here
            gen.queue.put_nowait(_End())
        except VoicebotError as e:
            gen.queue.put_nowait(_End(str(e)))
        except Exception as e:  # a backend bug must end the reply, never leave the relay waiting
            gen.queue.put_nowait(_End(f"the LLM backend failed: {e!r}"))
        finally:
            on_score(None)  # cancelled or failed before the first delta: no score
            if stream is not None:
                await stream.aclose()  # type: ignore[attr-defined]

    async def start(self) -> None:
        """Compute the system prompt's KV for this session now: the first turn's end-of-turn score and
        reply then compute only the user's words (measured: ~300 ms saved on the first turn, 2 cores)."""
        with contextlib.suppress(VoicebotError, TimeoutError):  # an unreachable backend fails the first reply
            async with asyncio.timeout(START_WARM_S):
                await self.client.end_of_turn(
                    self.conversation.prompt(pending="Hello"), self.cache_key, background=True
                )

    async def end_of_turn(self, turn_id: int, text: str) -> float | None:
        """How likely `text`, said now, is the user's whole message (None: the backend cannot say).

        Preemptive: the reply to `text` starts now and the score is read off its own prefill; the reply
        is released if the turn then ends with this text (an `EarlyTranscript` or the final `Transcript`)."""
        if not self.preemptive:
            return await self.client.end_of_turn(self.conversation.prompt(pending=text), self.cache_key)
        for _ in range(STALE_FRAMES):
            if self._early is None or (self._early.turn_id, self._early.user_text) != (turn_id, text):
                self._drop_early()
                self._early = self._generate(turn_id, text)
            gen = self._early
            p = await asyncio.shield(gen.score)
            if not gen.dropped:
                return p
            # Dropped while its score was awaited: by an early transcript (or its revocation) the turn-taking
            # stage sent before this call, which reached this stage after it (frames queue; this call does
            # not). A current revocation cancels this call instead. So: ask again.
        return None

    async def handle(self, frame: fr.Frame) -> None:
        if isinstance(frame, fr.ReplyFinished):
            if frame.interrupted:
                self.conversation.record_reply(frame.turn_id, frame.heard_text)
            return
        if isinstance(frame, fr.Transcript) and not frame.final:
            self._warm(frame.turn_id, frame.committed.strip())
            return
        if isinstance(frame, fr.EarlyTranscript):
            text = frame.text.strip()
            if self._early is not None and (self._early.turn_id, self._early.user_text) == (frame.turn_id, text):
                return  # already being generated (end_of_turn started it)
            self._drop_early()
            if self.preemptive and text:
                self._early = self._generate(frame.turn_id, text)
            return
        if not (isinstance(frame, fr.Transcript) and frame.final and frame.text.strip()):
            return
        text = frame.text.strip()
        early, self._early = self._early, None
        if early is not None and (early.turn_id, early.user_text) != (frame.turn_id, text):
            self._early = early
            self._drop_early()  # the user said more (or something else) than the early pass heard
            early = None
        self._gen = early or self._generate(frame.turn_id, text)
        self.conversation.add_user(frame.turn_id, text)
        if self.speaking_rate and (request := rate_request(text)) is not None:
            self.rate = next_rate(self.rate, request)
            await self.emit(fr.SpeakingRate(frame.turn_id, self.rate))  # before this turn's reply: it is slower
        self._relay = asyncio.create_task(self._relay_reply(self._gen))
        try:
            await self._relay  # one reply at a time; a barge-in cancels it
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if task is not None and task.cancelling():  # the stage itself is cancelled (teardown)
                raise
        else:
            self._prefill_history()
        finally:
            self._gen.cancel()
            self._gen = self._relay = None

    async def _relay_reply(self, gen: _Generation) -> None:
        sent, held, loop = "", "", None
        while loop is None and isinstance(item := await gen.queue.get(), str):
            text = sent + held + item
            loop = loop_start(text)  # going round in circles: stop where the loop began
            cut = loop if loop is not None else repeating_tail(text)  # what may be a loop's start waits
            cut = len(text) if cut is None else max(cut, len(sent))
            piece, held = text[len(sent) : cut], text[cut:] if loop is None else ""
            if piece:
                await self.emit(fr.LLMText(gen.turn_id, piece))
                sent += piece
        if held:  # no loop after all
            await self.emit(fr.LLMText(gen.turn_id, held))
            sent += held
        reply = (sent if loop is None else whole_sentences(sent[:loop]) or sent[:loop]).strip()  # as the voice cuts it
        self.conversation.record_reply(gen.turn_id, reply)  # without the loop: the model must not see it again
        error = item.error if isinstance(item, _End) else None
        if error and not sent and self.error_reply:
            await self.emit(fr.LLMText(gen.turn_id, self.error_reply))
        finish = None if loop is None else "repetition"
        await self.emit(fr.LLMDone(gen.turn_id, reply, finish_reason=finish, error=error))

    def _warm(self, turn_id: int, committed: str) -> None:
        """Prefill the user's committed words into the session's cache while they are still speaking
        (measured: a 0.5B model's score at the pause then computes ~8 instead of ~20 tokens). Only when
        idle: a reply being made or played has the CPU, and one warm-up at a time: at a turn's first
        partial (the history, whatever was committed), then every few words."""
        busy = self._early is not None or self._gen is not None
        first = turn_id != self._warm_turn
        done = len(self._warmed.split()) if self._warmed and committed.startswith(self._warmed) else 0
        if busy or (not first and len(committed.split()) < done + WARM_WORDS) or not self._prefill(committed):
            return
        self._warmed, self._warm_turn = committed, turn_id

    def _prefill_history(self) -> None:
        """The reply is written: compute the next turn's prompt up to the user's words now, while it plays."""
        self._prefill("")

    def _prefill(self, pending: str) -> bool:
        """Start prefilling the prompt that ends with `pending` as the user's words (one at a time; a failed
        prefill costs nothing). False when it did not start."""
        if not self.preemptive or (self._warming is not None and not self._warming.done()):
            return False
        prompt = self.conversation.prompt(pending=pending)
        self._warming = asyncio.create_task(self.client.end_of_turn(prompt, self.cache_key, background=True))
        self._warming.add_done_callback(lambda t: t.cancelled() or t.exception())
        return True

    def _drop_early(self) -> None:
        if self._early is not None:
            self._early.cancel()
            self._early = None

    def control(self, frame: fr.Control) -> None:
        if isinstance(frame, fr.Interrupt):
            self.interrupt(frame.turn_id)
            if frame.merged:
                self.conversation.retract(frame.turn_id)

    def interrupt(self, turn_id: int) -> None:
        if self._early is not None and self._early.turn_id == turn_id:
            self._drop_early()
        if self._relay is not None and self._gen is not None and self._gen.turn_id == turn_id:
            self._relay.cancel()

    async def finish(self) -> None:
        self._drop_early()
        self._stop_warming()

    def _stop_warming(self) -> None:
        if self._warming is not None:
            self._warming.cancel()

    async def close(self) -> None:
        """Stop any reply still being generated and free the conversation's cached KV."""
        self._drop_early()
        self._stop_warming()
        if self._warming is not None:
            await asyncio.gather(self._warming, return_exceptions=True)
        if self._gen is not None:
            self._gen.cancel()
            await asyncio.gather(self._gen.task, return_exceptions=True)
        self.client.forget(self.cache_key)
