"""`voicebot soak`: many WebRTC callers at once against a real `voicebot serve` app, with faults mixed in.

Why: a server that answers one call well can still leak a session, a task or a file descriptor per
hang-up, or hang a caller when two replies overlap; only many calls with faults show it. The soak starts
the same aiohttp app `voicebot serve` runs (VoiceServer, real models) on a loopback port in this process,
and N caller peers (aiortc, ICE host candidates restricted to 127.0.0.1: nothing leaves the machine)
speak the shared single-sentence recordings turn by turn, in real time. From a seeded RNG, a turn is
hung up mid-reply, or barged in on (the next sentence starts while the reply plays), and bad offers
(garbage SDP, no DTLS fingerprint, another site's Origin; at every round start one offer beyond
`max_sessions`) go to `/offer` between turns. `server.max_sessions` is set to callers + 1: the spare slot
lets a bad offer reach the SDP checks (a full server answers 503 before reading the offer), and at the
round start a silent extra call fills it for the beyond-limit offer. `--loss P` makes the link lossy (each
RTP packet, either way, lost with chance P), as Wi-Fi is.

The run is split into rounds: every caller makes one call of `turns_per_call` turns, then all hang up and
the soak waits for the server to free every session and the engine every request before it counts RSS,
threads, open fds, asyncio tasks and the engine's cached sessions. The first round's figures are the
baseline for RSS, threads and fds (native pools and caches start on first use, and so do the allocator's
arenas; asyncio's executor is filled before the start); tasks and cached sessions must come back to what
they were before the first call.
Voice-to-voice latency is the server's own (the sessions' observers, as `/metrics` reports it); the
caller's view (speech end to the first loud reply frame it received) is reported next to it.

Exit status 1 on any error (an unanswered turn, a bad offer answered 200, a reply error), leak or hang
(no reply within `turn_timeout_s`, or the whole run past `run_timeout_s`).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
import random
import re
import sys
import threading
import time
from collections import Counter
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any, Literal

import aiohttp
import numpy as np
from aiohttp import web

from voicebot.config import Config
from voicebot.errors import VoicebotError
from voicebot.models import Models
from voicebot.report import percentiles, summarize, write_json_atomic
from voicebot.soak_caller import RATE, Busy, Call, client_offer_sdp, lossy_network, post_offer
from voicebot.transports.server import VoiceServer
from voicebot.transports.webrtc import restrict_ice_to_loopback

DEFAULT_MANIFEST = Path(__file__).resolve().parents[2] / "shared" / "testdata" / "manifest.json"

Action = Literal["reply", "hang_up", "barge_in"]
BadOffer = Literal["garbage", "no_fingerprint", "cross_origin", "beyond_limit"]
# what each bad offer may get: never 200; 503 if it came while every slot was in use (a redial can briefly
# take the spare slot while the server frees the hung-up session: capacity is checked first)
EXPECTED: dict[str, set[int]] = {
    "garbage": {400, 503},
    "no_fingerprint": {400, 503},
    "cross_origin": {403},
    "beyond_limit": {503},
}


@dataclass(frozen=True)
class SoakOptions:
    """The defaults are the issue's target: 4 callers x 25 turns, in rounds of one 5-turn call each."""

    callers: int = 4
    turns: int = 25  # per caller
    turns_per_call: int = 5  # a round: every caller makes one call of this many turns
    seed: int = 0
    p_hang_up: float = 0.1  # a turn is hung up this often, a random 0.1-1.5 s into its reply
    p_barge_in: float = 0.15  # the next sentence starts 0.2-0.8 s into the reply
    p_bad_offer: float = 0.15  # a bad offer goes to /offer before the turn
    turn_timeout_s: float = 120.0  # no reply within this: a hang
    run_timeout_s: float = 1800.0
    free_timeout_s: float = 15.0  # sessions and engine requests not freed this long after a round: a leak
    rss_margin: float = 0.05
    packet_loss: float = 0.0  # simulated lossy network: each RTP packet, either way, lost with this chance

    def __post_init__(self) -> None:
        if self.callers < 1 or self.turns < 1 or self.turns_per_call < 1:
            raise VoicebotError("--callers, --turns and --turns-per-call must be >= 1")
        probs = (self.p_hang_up, self.p_barge_in, self.p_bad_offer)
        if not all(0 <= p <= 1 for p in probs) or self.p_hang_up + self.p_barge_in > 1:
            raise VoicebotError("--hang-up, --barge-in and --bad-offer are probabilities (hang-up + barge-in <= 1)")
        if not 0 <= self.packet_loss < 0.5:
            raise VoicebotError("--loss is the share of packets lost, 0 to 0.5")
        if min(self.turn_timeout_s, self.run_timeout_s, self.free_timeout_s) <= 0:
            raise VoicebotError("timeouts must be > 0")


@dataclass(frozen=True)
class TurnPlan:
    """What a caller does in one turn, drawn before the run so a seed always gives the same soak."""

    clip: str
    action: Action = "reply"
    after_s: float = 0.0  # hang_up / barge_in: this long after the reply became audible
    bad_offer: BadOffer | None = None  # sent to /offer before the turn


@dataclass(frozen=True)
class Clip:
    name: str
    audio: np.ndarray  # 48 kHz mono float32, as the caller's microphone sends it
    speech_start_s: float
    speech_end_s: float


def speech_onset(x: np.ndarray, rate: int, level_db: float = -35.0) -> float:
    """Seconds to the first 20 ms block louder than level_db (the recordings start with a little silence)."""
    n = rate // 50
    rms = np.sqrt(np.mean(x[: len(x) // n * n].reshape(-1, n) ** 2, axis=1))
    loud = np.flatnonzero(rms > 10 ** (level_db / 20))
    return float(loud[0] * n / rate) if len(loud) else 0.0


def load_clips(manifest: Path) -> dict[str, Clip]:
    """The manifest's recordings of one whole sentence: a pause after a comma or a first sentence may
    rightly be answered at once, and the rest then continues the turn, which is not what a turn here tests."""
    from voicebot.bench import load_recordings, read_manifest

    _, entries = read_manifest(manifest, need=("file", "transcript", "speech_end_s"))
    clips = {}
    for c in entries:
        text = c["transcript"].strip()
        if "," in text or text.count(".") + text.count("?") + text.count("!") != 1 or text[-1] not in ".?!":
            continue
        audio = load_recordings(manifest, [c], RATE)[c["file"]]
        clips[c["file"]] = Clip(c["file"], audio, speech_onset(audio, RATE), c["speech_end_s"])
    if not clips:
        raise VoicebotError(f"{manifest}: no single-sentence recordings")
    return clips


def make_plan(opts: SoakOptions, clips: list[str]) -> list[list[TurnPlan]]:
    """Per caller, its turns. A barge-in needs a next turn in the same call, so a call's last turn has none."""
    rng = random.Random(opts.seed)
    plan = []
    for _ in range(opts.callers):
        turns = []
        for i in range(opts.turns):
            last_of_call = (i + 1) % opts.turns_per_call == 0 or i + 1 == opts.turns
            u = rng.random()
            action: Action = "hang_up" if u < opts.p_hang_up else "reply"
            if not last_of_call and opts.p_hang_up <= u < opts.p_hang_up + opts.p_barge_in:
                action = "barge_in"
            after = rng.uniform(0.1, 1.5) if action == "hang_up" else rng.uniform(0.2, 0.8)
            bad: BadOffer | None = None
            if rng.random() < opts.p_bad_offer:
                bad = rng.choice(["garbage", "no_fingerprint", "cross_origin"])
            turns.append(TurnPlan(rng.choice(clips), action, round(after, 2) if action != "reply" else 0.0, bad))
        plan.append(turns)
    return plan


# ---------------------------------------------------------------------------------------------- the callers


# ------------------------------------------------------------------------------------------ the measurements


@dataclass
class Resources:
    rss_mb: float
    threads: int
    fds: int
    tasks: int
    engine_cached_sessions: int | None
    python_objects: int  # objects the garbage collector tracks: flat while RSS grows means native memory
    python_threads: dict[str, int]  # by name, numbering stripped: says which pool a thread leak is in
    task_names: dict[str, int]  # by coroutine: says what a task leak is

    @staticmethod
    def now(models: Models, own: set[asyncio.Task[Any]]) -> Resources:
        """own: the soak's driver tasks, which are not the server's."""
        status = Path("/proc/self/status").read_text()
        rss_kb = int(re.search(r"VmRSS:\s+(\d+)", status).group(1))  # type: ignore[union-attr]
        threads = int(re.search(r"Threads:\s+(\d+)", status).group(1))  # type: ignore[union-attr]
        alive = [t for t in asyncio.all_tasks() if t not in own and not t.done()]
        coros = Counter(getattr(t.get_coro(), "__qualname__", repr(t.get_coro())) for t in alive)
        engine = getattr(models.llm, "engine", None)
        cached = engine.stats()["cached_sessions"] if engine is not None else None
        names = Counter(re.sub(r"[-_]?\d+(_\d+)?( \(.*\))?$", "", t.name) for t in threading.enumerate())
        fds = len(os.listdir("/proc/self/fd"))
        objects = len(gc.get_objects())
        return Resources(
            round(rss_kb / 1024, 1), threads, fds, len(alive), cached, objects, dict(sorted(names.items())), dict(coros)
        )


@dataclass
class TurnLog:
    caller: int
    index: int  # the caller's turn number, from 0
    round: int
    clip: str
    action: str
    bad_offer: str | None = None
    bad_offer_status: int | None = None
    bad_offer_reason: str | None = None
    server_turn: int | None = None
    answered: bool = False  # reply audio reached the caller (for a hang-up: before it hung up)
    interrupted: bool | None = None  # barge-in: the server cut the reply
    played_on_ms: float | None = None  # barge-in: reply audio after the caller's new sentence began
    client_v2v_ms: float | None = None  # speech end (as sent) to the first loud reply frame received
    server_v2v_ms: float | None = None
    reply_text: str = ""
    error: str | None = None
    trail: list[str] | None = None  # a hang: the call's last events (type:turn), to see where it stopped


@dataclass
class SoakResult:
    options: dict[str, Any]
    turns: list[TurnLog] = field(default_factory=list)
    rounds: list[dict[str, Any]] = field(default_factory=list)  # resources and the beyond-limit probe
    resources: dict[str, Any] = field(default_factory=dict)  # before, baseline (round 1), after
    errors: list[str] = field(default_factory=list)
    leaks: list[str] = field(default_factory=list)
    hangs: list[str] = field(default_factory=list)
    latency_ms: dict[str, Any] = field(default_factory=dict)
    busy_redials: int = 0  # a redial refused while the hung-up session was still being freed
    overload_redials: int = 0  # a redial refused while the server ran behind real time (server.max_lag_ms)
    wall_s: float = 0.0
    metrics_text: str = ""

    @property
    def ok(self) -> bool:
        return not (self.errors or self.leaks or self.hangs)

    def counts(self) -> dict[str, int]:
        t = self.turns
        return {
            "turns": len(t),
            "answered": sum(x.answered for x in t),
            "completed": sum(x.answered and x.action == "reply" and x.error is None for x in t),
            "hung_up": sum(x.action == "hang_up" for x in t),
            "barge_ins": sum(x.action == "barge_in" for x in t),
            "barge_ins_cut": sum(bool(x.interrupted) for x in t),
            "bad_offers": sum(x.bad_offer is not None for x in t)
            + sum(r.get("beyond_limit_status") is not None for r in self.rounds),
            "errors": len(self.errors),
            "leaks": len(self.leaks),
            "hangs": len(self.hangs),
        }

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "counts": self.counts(), "ok": self.ok}


# -------------------------------------------------------------------------------------------------- the soak


@dataclass
class _Said:
    """One sentence's way through a call (wall times)."""

    turn: int  # the server's turn id of its reply (-1: none yet)
    since: int  # index of the call's first event that can belong to the next turn
    started: float  # its first sample was sent
    first_delta: float | None = None  # its reply's first text arrived


class _SessionFailed(Exception):
    pass


class Soak:
    def __init__(self, cfg: Config, models: Models, clips: dict[str, Clip], opts: SoakOptions) -> None:
        server = cfg.server.model_copy(update={"max_sessions": opts.callers + 1})  # + the spare slot
        self.cfg = cfg.model_copy(update={"server": server})
        self.models = models
        self.clips = clips
        self.opts = opts
        self.server = VoiceServer(self.cfg, models)
        self.url = ""
        self.result = SoakResult(asdict(opts))
        self._own: set[asyncio.Task[Any]] = set()
        self._probe: dict[str, Any] = {}

    async def run(self, plan: list[list[TurnPlan]]) -> SoakResult:
        restrict_ice_to_loopback()
        runner = web.AppRunner(self.server.app())
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        self.url = f"http://127.0.0.1:{site._server.sockets[0].getsockname()[1]}"  # type: ignore[union-attr]
        stack = contextlib.ExitStack()
        t0 = time.monotonic()
        res = self.result
        try:
            if self.opts.packet_loss:
                stack.enter_context(lossy_network(self.opts.packet_loss, self.opts.seed))
            await _fill_default_executor()
            me = asyncio.current_task()
            self._own = {me} if me is not None else set()
            res.resources["before"] = asdict(Resources.now(self.models, self._own))
            rounds = asyncio.create_task(self._rounds(plan), name="soak-rounds")
            self._own.add(rounds)
            try:
                await asyncio.wait_for(rounds, self.opts.run_timeout_s)
            except TimeoutError:
                res.hangs.append(f"the soak did not finish within {self.opts.run_timeout_s:.0f} s")
            res.metrics_text = await self._get("/metrics")
        finally:
            await runner.cleanup()
            stack.close()
        res.wall_s = round(time.monotonic() - t0, 1)
        self._check_final()
        res.latency_ms = {
            "server": summarize(list(self.server.metrics.turns)),
            "client_voice_to_voice": percentiles([t.client_v2v_ms for t in res.turns if t.client_v2v_ms is not None]),
            "barge_in_played_on": percentiles([t.played_on_ms for t in res.turns if t.played_on_ms is not None]),
        }
        return res

    async def _get(self, path: str) -> str:
        async with aiohttp.ClientSession() as http, http.get(self.url + path) as r:
            return await r.text()

    async def _rounds(self, plan: list[list[TurnPlan]]) -> None:
        per_call = self.opts.turns_per_call
        for rnd in range(-(-max(len(p) for p in plan) // per_call)):
            loop = asyncio.get_running_loop()
            dialled = [loop.create_future() for _ in plan]  # True: connected, False: could not
            go = asyncio.Event()
            callers = [
                asyncio.create_task(self._caller(c, rnd, p, dialled[c], go), name=f"soak-caller-{c}")
                for c, p in enumerate(plan)
            ]
            self._own.update(callers)
            try:
                self._probe = {"beyond_limit_status": None}
                if all(await asyncio.gather(*dialled)):  # every caller holds a session
                    await self._beyond_limit()
                go.set()
                await asyncio.gather(*callers)
            finally:
                for task in callers:
                    task.cancel()
                await asyncio.gather(*callers, return_exceptions=True)
                self._own.difference_update(callers)
            await self._after_round(rnd)

    async def _beyond_limit(self) -> None:
        """With every caller in a call, a silent extra call takes the spare slot; one more offer must get 503."""
        filler = await self._dial(-1)
        try:
            await self._bad_offer("beyond_limit", None)
            # hung up once connected: closing while ICE completes leaves aioice's consent task running for
            # good (aioice 0.13: connect() starts it after close() has run)
            await filler.until(lambda: filler.pc.connectionState == "connected", self.opts.turn_timeout_s, "no ICE")
        finally:
            await filler.hang_up()
        deadline = time.monotonic() + self.opts.free_timeout_s  # the spare slot is free again before turns start
        while len(self.server.sessions) > self.opts.callers and time.monotonic() < deadline:
            await asyncio.sleep(0.02)

    async def _caller(self, c: int, rnd: int, plan: list[TurnPlan], dialled: asyncio.Future, go: asyncio.Event) -> None:
        base = rnd * self.opts.turns_per_call
        turns = plan[base : base + self.opts.turns_per_call]
        call: Call | None = None
        try:
            try:
                call = await self._dial(c)
            except TimeoutError as e:
                self.result.hangs.append(f"caller {c} round {rnd + 1}: could not call: {e}")
            except Exception as e:
                self.result.errors.append(f"caller {c} round {rnd + 1}: could not call: {type(e).__name__}: {e}")
            dialled.set_result(call is not None)
            await go.wait()
            said = _Said(-1, 0, 0.0)
            barged: tuple[TurnLog, Call] | None = None  # a turn whose reply this one talks over
            for i, tp in enumerate(turns):
                log = TurnLog(c, base + i, rnd, tp.clip, tp.action)
                self.result.turns.append(log)
                try:
                    if tp.bad_offer:
                        await self._bad_offer(tp.bad_offer, log)
                    if call is None:  # hung up (or never got through) last turn: call again
                        call, said = await self._dial(c), _Said(-1, 0, 0.0)
                    said = await self._turn(call, tp, log, said)
                except TimeoutError as e:
                    log.error = f"hang: {e} within {self.opts.turn_timeout_s:.0f} s"
                    if call is not None:
                        log.trail = [f"{e.get('type')}:{e.get('turn', '')}" for _, e in call.events[-40:]]
                    self.result.hangs.append(f"caller {c} turn {log.index + 1}: {log.error}")
                except _SessionFailed as e:
                    log.error = f"the session failed: {e}"
                    self.result.errors.append(f"caller {c} turn {log.index + 1}: {log.error}")
                except Exception as e:  # a refused good offer, an aiortc error: reported, and the soak goes on
                    log.error = f"{type(e).__name__}: {e}"
                    self.result.errors.append(f"caller {c} turn {log.index + 1}: {log.error}")
                if barged is not None and log.error is None:  # (after an error, `said` is not this turn's)
                    self._check_barge_in(*barged, said, self.clips[tp.clip])
                    self._print_barge_in(barged[0])
                barged = (log, call) if tp.action == "barge_in" and log.answered and call is not None else None
                if call is not None and (tp.action == "hang_up" or log.error):
                    await call.hang_up()
                    call = None
                if log.error is None and not log.answered and tp.action != "hang_up":
                    log.error = "not answered"
                    self.result.errors.append(f"caller {c} turn {log.index + 1}: {log.error}")
                self._print_turn(log, len(plan))
        finally:
            if not dialled.done():
                dialled.set_result(False)
            if call is not None:
                await call.hang_up()

    async def _dial(self, c: int) -> Call:
        """Call the server; a 503 right after a hang-up (the old session is still being freed) is retried."""
        deadline = time.monotonic() + self.opts.turn_timeout_s
        while True:
            call = Call()
            try:
                await call.dial(self.url)
                return call
            except Busy as e:
                await call.hang_up()
                if "overloaded" in str(e):
                    self.result.overload_redials += 1
                else:
                    self.result.busy_redials += 1
                if time.monotonic() > deadline:
                    raise TimeoutError("every session still busy") from None
                await asyncio.sleep(0.25)
            except BaseException:
                await call.hang_up()
                raise

    async def _turn(self, call: Call, tp: TurnPlan, log: TurnLog, prev: _Said) -> _Said:
        """Say the sentence and follow its reply to the end (a hang-up or barge-in: to `after_s` into it)."""
        clip, timeout = self.clips[tp.clip], self.opts.turn_timeout_s
        started = await asyncio.wait_for(call.mic.say(clip.audio), timeout)
        said = _Said(prev.turn, prev.since, started)

        def reply_delta() -> tuple[float, dict[str, Any]] | None:
            got = call.event(
                said.since,
                lambda e: e.get("type") == "error" or (e.get("type") == "reply_delta" and _turn_of(e) > prev.turn),
            )
            if got is not None and got[1].get("type") == "error":
                raise _SessionFailed(got[1].get("error", ""))
            return got

        said.first_delta, delta = await call.until(reply_delta, timeout, "no reply text")
        log.server_turn = said.turn = int(delta["turn"])
        audible = await call.until(lambda: call.loud_after(said.first_delta), timeout, "no reply audio")
        said.turn = log.server_turn = self._reply_turn(call, said.since, prev.turn) or said.turn
        log.answered = True
        log.client_v2v_ms = round((audible - started - clip.speech_end_s) * 1000, 1)
        if tp.action != "reply":
            await asyncio.sleep(tp.after_s)
            return said

        def record() -> tuple[float, dict[str, Any]] | None:
            turn = self._reply_turn(call, said.since, prev.turn)
            return call.event(said.since, lambda e: e.get("type") == "turn" and e.get("turn") == turn)

        _, done = await call.until(record, timeout, "no turn record")
        said.turn = log.server_turn = int(done["turn"])
        log.reply_text = str(done.get("reply_text") or "")
        log.server_v2v_ms = (done.get("latency_ms") or {}).get("voice_to_voice")
        if done.get("error") or not log.reply_text.strip():
            log.error = f"reply failed: {done.get('error') or 'empty reply'}"
            self.result.errors.append(f"caller {log.caller} turn {log.index + 1}: {log.error}")
        # played out: 0.8 s without a loud frame (far longer than the gaps between words and phrases)
        await call.until(lambda: call.last_frame - max(call.loud[-1:] or [0.0]) > 0.8, timeout, "endless reply")
        said.since = len(call.events)
        return said

    @staticmethod
    def _reply_turn(call: Call, since: int, after: int) -> int | None:
        """The turn being answered: the last one with reply text, unless the server withdrew it because the
        caller went on (a merged continuation: the whole sentence is then answered as one later turn)."""
        merged = {e.get("turn") for _, e in call.events[since:] if e.get("type") == "interrupted" and e.get("merged")}
        ids = [
            _turn_of(e)
            for _, e in call.events[since:]
            if e.get("type") == "reply_delta" and _turn_of(e) > after and _turn_of(e) not in merged
        ]
        return ids[-1] if ids else None

    def _check_barge_in(self, log: TurnLog, call: Call, over: _Said, clip: Clip) -> None:
        """After the sentence (`clip`) said over a reply: did the server cut it, how long did it play on?"""
        onset = over.started + clip.speech_start_s
        end = over.first_delta or time.monotonic()  # after this, loud frames may be the new reply's
        last = max((t for t in call.loud if t < end), default=None)
        log.played_on_ms = None if last is None else round((last - onset) * 1000, 1)
        turn = log.server_turn
        if rec := call.event(0, lambda e: e.get("type") == "turn" and e.get("turn") == turn):
            log.server_v2v_ms = (rec[1].get("latency_ms") or {}).get("voice_to_voice")
        log.interrupted = (
            call.event(0, lambda e: e.get("type") == "interrupted" and e.get("turn") == turn and not e.get("merged"))
            is not None
        )
        if not log.interrupted and (log.played_on_ms or 0) > 1500:
            log.error = "barge-in ignored: the reply played on over the caller"
            self.result.errors.append(f"caller {log.caller} turn {log.index + 1}: {log.error}")

    async def _bad_offer(self, kind: BadOffer, log: TurnLog | None) -> None:
        headers = None
        if kind == "garbage":
            body: object = {"sdp": "v=0\r\nthis is not a session description\r\n", "type": "offer"}
        elif kind == "no_fingerprint":
            body = {"sdp": re.sub(r"a=fingerprint:[^\r\n]*\r\n", "", await client_offer_sdp()), "type": "offer"}
        elif kind == "cross_origin":
            body, headers = {"sdp": await client_offer_sdp(), "type": "offer"}, {"Origin": "http://evil.example"}
        else:  # beyond_limit: a good offer while every slot is held
            body = {"sdp": await client_offer_sdp(), "type": "offer"}
        status, reply = await post_offer(self.url, body, headers)
        reason = str(reply.get("error", ""))
        if log is not None:
            log.bad_offer, log.bad_offer_status, log.bad_offer_reason = kind, status, reason
        else:
            self._probe = {"beyond_limit_status": status, "beyond_limit_reason": reason}
        if status not in EXPECTED[kind] or not reason.strip():
            self.result.errors.append(f"bad offer '{kind}' got HTTP {status} {reason!r}")

    async def _after_round(self, rnd: int) -> None:
        """Every call of the round has hung up: the server must free them all, the engine every request."""
        t = time.monotonic()
        engine = getattr(self.models.llm, "engine", None)

        def in_flight() -> int:
            return engine.stats()["in_flight"] if engine is not None else 0

        while (self.server.sessions or in_flight()) and time.monotonic() - t < self.opts.free_timeout_s:
            await asyncio.sleep(0.05)
        freed_s = round(time.monotonic() - t, 2)
        if self.server.sessions:
            self.result.leaks.append(f"round {rnd + 1}: {len(self.server.sessions)} session(s) never freed")
            stuck = [f"round {rnd + 1}: unfreed session: {_stuck(p)}" for p in self.server.sessions]
            alive = [t for t in asyncio.all_tasks() if t not in self._own and not t.done()]
            stuck += [f"round {rnd + 1}: task {t.get_name()} waits at {_awaiting(t)}" for t in alive]
            print(*stuck, sep="\n", flush=True)
            self.result.leaks += stuck
        if in_flight():
            self.result.leaks.append(f"round {rnd + 1}: {in_flight()} engine request(s) never finished")
        await asyncio.sleep(1.0)  # closing transports and connection handlers finish before they are counted
        gc.collect()
        snap = asdict(Resources.now(self.models, self._own))
        self.result.rounds.append({"round": rnd + 1, "freed_s": freed_s, **self._probe, **snap})
        print(
            f"round {rnd + 1}: sessions freed in {freed_s:.2f} s; rss {snap['rss_mb']:.0f} MB, threads"
            f" {snap['threads']}, fds {snap['fds']}, tasks {snap['tasks']}, engine cached sessions"
            f" {snap['engine_cached_sessions']}, python objects {snap['python_objects']}",
            flush=True,
        )

    def _check_final(self) -> None:
        res = self.result
        if not res.rounds:
            return
        keys = (*(f.name for f in fields(Resources)),)
        before = res.resources["before"]
        base, after = ({k: r[k] for k in keys} for r in (res.rounds[0], res.rounds[-1]))
        res.resources.update(baseline=base, after=after)
        for key, ref, name in (
            ("tasks", before, "before the first call"),
            ("engine_cached_sessions", before, "before the first call"),
            ("threads", base, "after the first round"),
            ("fds", base, "after the first round"),
        ):
            if ref[key] is not None and after[key] > ref[key]:
                res.leaks.append(f"{key}: {after[key]} at the end, {ref[key]} {name}")
        if after["rss_mb"] > base["rss_mb"] * (1 + self.opts.rss_margin):
            growth = 100 * (after["rss_mb"] / base["rss_mb"] - 1)
            res.leaks.append(f"rss: {after['rss_mb']} MB at the end, +{growth:.1f} % over the first round")

    def _print_barge_in(self, log: TurnLog) -> None:
        cut = "cut" if log.interrupted else "NOT cut"
        print(
            f"caller {log.caller} turn {log.index + 1}: the reply talked over was {cut}; it played on"
            f" {log.played_on_ms} ms after the caller began{f'  ERROR {log.error}' if log.error else ''}",
            flush=True,
        )

    def _print_turn(self, log: TurnLog, total: int) -> None:
        what = log.action if log.answered else "NO REPLY"
        bad = f"  bad offer {log.bad_offer} -> {log.bad_offer_status}" if log.bad_offer else ""
        err = f"  ERROR {log.error}" if log.error else ""
        print(
            f"caller {log.caller} turn {log.index + 1}/{total} {log.clip:<14} {what:<8} v2v server"
            f" {log.server_v2v_ms} ms, caller {log.client_v2v_ms} ms{bad}{err}",
            flush=True,
        )


def _stuck(peer: Any) -> str:
    """Where an unfreed session stands: its connection, and where its close (or its task) is waiting."""
    closing, task = peer._closing, peer.task
    what = "close never started" if closing is None else f"close waits at {_awaiting(closing)}"
    running = f"session task waits at {_awaiting(task)}" if task is not None and not task.done() else "task done"
    return f"connection {peer.pc.connectionState}; {what}; {running}"


def _awaiting(task: asyncio.Future[Any]) -> str:
    """The chain of coroutines a task is suspended in, outermost first (a hang's location)."""
    if task.done():
        return "nothing (done)"
    chain, coro = [], getattr(task, "get_coro", lambda: None)()
    while coro is not None and hasattr(coro, "cr_frame"):
        frame = coro.cr_frame
        if frame is not None:
            chain.append(f"{coro.__qualname__}:{frame.f_lineno}")
        coro = coro.cr_await
    if coro is not None:
        chain.append(type(coro).__name__)  # a future or a task it waits on
    return " > ".join(chain) or repr(task)


def _turn_of(event: dict[str, Any]) -> int:
    turn = event.get("turn")
    return turn if isinstance(turn, int) else -1


async def _fill_default_executor() -> None:
    """Start every thread of asyncio's default executor now (aiortc encodes audio on it; it grows on first
    use up to min(32, cores + 4) threads and never shrinks), so its growth is never counted as a leak."""
    loop = asyncio.get_running_loop()
    n = min(32, (os.cpu_count() or 1) + 4)
    await asyncio.gather(*(loop.run_in_executor(None, time.sleep, 0.2) for _ in range(n)))


async def run_soak(
    cfg: Config,
    models: Models,
    opts: SoakOptions,
    manifest: Path | None = None,
    plan: list[list[TurnPlan]] | None = None,
) -> SoakResult:
    """The soak over already-loaded models; a test may pass its own plan instead of the seeded one."""
    clips = load_clips(manifest or DEFAULT_MANIFEST)
    return await Soak(cfg, models, clips, opts).run(plan or make_plan(opts, sorted(clips)))


def summary_lines(res: SoakResult) -> list[str]:
    c, r = res.counts(), res.resources
    lines = [
        f"turns {c['turns']}: answered {c['answered']}, completed (whole reply heard) {c['completed']}, hung up"
        f" {c['hung_up']}, barge-ins {c['barge_ins']} (cut {c['barge_ins_cut']}), bad offers {c['bad_offers']},"
        f" busy redials {res.busy_redials}, overload redials {res.overload_redials};"
        f" errors {c['errors']}, leaks {c['leaks']}, hangs {c['hangs']}",
    ]
    for name, key in (("server", None), ("caller", "client_voice_to_voice")):
        s = (res.latency_ms.get("server") or {}).get("voice_to_voice") if key is None else res.latency_ms.get(key)
        if s:
            lines.append(f"voice_to_voice ({name}) p50 {s['p50']:.0f} ms, p95 {s['p95']:.0f} ms, n={s['n']}")
    for name in ("before", "baseline", "after"):
        if name in r:
            s = r[name]
            lines.append(
                f"{name + ':':<10} rss {s['rss_mb']:.0f} MB, threads {s['threads']}, fds {s['fds']},"
                f" tasks {s['tasks']}, engine cached sessions {s['engine_cached_sessions']},"
                f" python objects {s['python_objects']}"
            )
    lines += [f"ERROR {e}" for e in res.errors] + [f"LEAK {e}" for e in res.leaks] + [f"HANG {e}" for e in res.hangs]
    lines.append(f"soak {'passed' if res.ok else 'FAILED'} in {res.wall_s:.0f} s")
    return lines


async def run_soak_command(cfg: Config, opts: SoakOptions, manifest: Path | None, json_out: Path | None) -> int:
    from voicebot.bench import machine
    from voicebot.models import load_models

    clips = load_clips(manifest or DEFAULT_MANIFEST)  # bad input fails before seconds of model loading
    models = await load_models(cfg)
    try:
        res = await Soak(cfg, models, clips, opts).run(make_plan(opts, sorted(clips)))
    finally:
        await models.close()
    for line in summary_lines(res):
        print(line, file=sys.stderr if line.startswith(("ERROR", "LEAK", "HANG")) else sys.stdout)
    if json_out is not None:
        write_json_atomic(json_out, {"machine": machine(), **res.to_json()})
        print(f"wrote {json_out}", file=sys.stderr)
    return 0 if res.ok else 1
