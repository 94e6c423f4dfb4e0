"""The soak (voicebot/soak.py) in short, and the bad inputs it throws at `voicebot serve`, one by one.

Real models, real aiortc peers on loopback. The short soak: 2 callers x 3 turns with a hang-up mid-reply,
a barge-in and bad offers; every turn not hung up must be answered, and nothing may be left behind. A
second run with the server's `forget` broken shows the soak does catch a session that is never freed.
Then the offers that used to get through: bodies that arrive late (all passed the max_sessions check
before any took a slot), an offer without a DTLS fingerprint (answered 200, then an AssertionError
traceback once ICE connected, its slot held until the idle timeout), and malformed offers, which must be
a 400 with a reason and never take a slot, not even for the milliseconds aiortc takes to reject them.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from contextlib import asynccontextmanager

import aiohttp
import numpy as np
import pytest
import pytest_asyncio
from aiohttp import web
from aiohttp.test_utils import TestServer

from voicebot.config import load_config
from voicebot.models import load_models
from voicebot.soak import SoakOptions, TurnPlan, run_soak
from voicebot.soak_caller import client_offer_sdp, post_offer
from voicebot.transports.server import VoiceServer
from voicebot.transports.webrtc import restrict_ice_to_loopback

on_module_loop = pytest.mark.asyncio(loop_scope="module")


@pytest.fixture(scope="module")
def cfg():
    return load_config(None, {"llm.max_tokens": 40})


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def models(cfg):
    restrict_ice_to_loopback()
    m = await load_models(cfg)
    yield m
    await m.close()


@asynccontextmanager
async def serving(cfg, models, max_sessions: int):  # type: ignore[no-untyped-def]
    cfg = cfg.model_copy(update={"server": cfg.server.model_copy(update={"max_sessions": max_sessions})})
    vs = VoiceServer(cfg, models)
    runner = web.AppRunner(vs.app())
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    try:
        yield vs, site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    finally:
        await runner.cleanup()


@on_module_loop
async def test_short_soak_answers_every_turn_and_leaks_nothing(cfg, models, testdata) -> None:
    opts = SoakOptions(callers=2, turns=3, turns_per_call=2, turn_timeout_s=90, run_timeout_s=400)
    plan = [
        [  # caller 0: talks over its first reply, then two plain turns (one after a garbage offer)
            TurnPlan("spk1_snt2.wav", "barge_in", after_s=1.0),  # well past reaction_ms: not a continuation
            TurnPlan("spk2_snt1.wav"),
            TurnPlan("spk1_snt1.wav", bad_offer="garbage"),
        ],
        [  # caller 1: hangs up mid-reply and calls again; offers without a fingerprint, from another site
            TurnPlan("spk2_snt4.wav", "hang_up", after_s=0.5),
            TurnPlan("spk1_snt3.wav", bad_offer="no_fingerprint"),
            TurnPlan("spk2_snt2.wav", bad_offer="cross_origin"),
        ],
    ]
    res = await run_soak(cfg, models, opts, testdata / "manifest.json", plan)
    print("\n" + json.dumps({"counts": res.counts(), "resources": res.resources, "latency": res.latency_ms}))
    assert res.ok, (res.errors, res.leaks, res.hangs)
    assert len(res.turns) == 6
    for t in res.turns:
        assert t.answered and t.error is None, t  # the hung-up turn too: its reply was playing
        assert t.action != "reply" or t.reply_text.strip(), t
    barged = next(t for t in res.turns if t.action == "barge_in")
    assert barged.interrupted, barged  # the server cut the reply the caller talked over
    assert [r["beyond_limit_status"] for r in res.rounds] == [503, 503]
    # the soak keeps a spare slot, so each bad offer reaches the checks that refuse it
    statuses = {t.bad_offer: (t.bad_offer_status, bool(t.bad_offer_reason)) for t in res.turns if t.bad_offer}
    assert statuses == {"garbage": (400, True), "no_fingerprint": (400, True), "cross_origin": (403, True)}
    assert res.resources["after"]["tasks"] <= res.resources["before"]["tasks"]
    assert res.latency_ms["server"]["voice_to_voice"]["n"] >= 5


@on_module_loop
async def test_the_soak_catches_a_session_that_is_never_freed(cfg, models, testdata, monkeypatch) -> None:
    """The soak's leak check can fail: a server that forgets to free its sessions is reported."""
    monkeypatch.setattr(VoiceServer, "forget", lambda self, peer: None)
    opts = SoakOptions(callers=1, turns=1, free_timeout_s=2.0, turn_timeout_s=90)
    res = await run_soak(cfg, models, opts, testdata / "manifest.json", [[TurnPlan("spk1_snt1.wav")]])
    assert res.turns[0].answered
    assert not res.ok and any("never freed" in leak for leak in res.leaks), res.leaks
    assert any("unfreed session: connection" in leak for leak in res.leaks), res.leaks  # and where it stands


async def slow_offer(port: int, body: bytes, send_body: asyncio.Event) -> int:
    """POST /offer whose body arrives only when send_body is set (a slow network, or a slowloris)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    head = f"POST /offer HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
    writer.write(f"{head}Content-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode())
    await writer.drain()
    await send_body.wait()
    writer.write(body)
    await writer.drain()
    status = int((await reader.readline()).split()[1])
    writer.close()
    return status


@on_module_loop
async def test_offers_whose_bodies_arrive_late_cannot_exceed_max_sessions(cfg, models) -> None:
    async with serving(cfg, models, max_sessions=1) as (vs, port):
        bodies = [json.dumps({"sdp": await client_offer_sdp(), "type": "offer"}).encode() for _ in range(3)]
        send = asyncio.Event()
        posts = [asyncio.create_task(slow_offer(port, b, send)) for b in bodies]
        await asyncio.sleep(0.5)  # all three are past the headers, waiting on their bodies
        send.set()
        statuses = sorted(await asyncio.gather(*posts))
        assert statuses == [200, 503, 503] and len(vs.sessions) == 1


class RecordingSet(set):
    """The server's sessions, remembering every slot ever taken."""

    def __init__(self) -> None:
        super().__init__()
        self.taken = 0

    def add(self, item) -> None:  # type: ignore[no-untyped-def]
        self.taken += 1
        super().add(item)


def spoil(sdp: str, pattern: str, repl: str) -> str:
    out = re.sub(pattern, repl, sdp)
    assert out != sdp, pattern
    return out


MALFORMED = {  # name -> how a real offer is spoiled
    "no DTLS fingerprint": (r"a=fingerprint:[^\r\n]*\r\n", ""),
    "no DTLS setup": (r"a=setup:[^\r\n]*\r\n", ""),
    "no ICE password": (r"a=ice-pwd:[^\r\n]*\r\n", ""),
    "bad m-line": (r"m=audio ", "m=audio x "),
    "bad candidate": (r"a=candidate:[^\r\n]*\r\n", "a=candidate:1 1 udp x\r\n"),
    "bad rtpmap": (r"a=rtpmap:(\d+) [^\r\n]*\r\n", r"a=rtpmap:\1 x\r\n"),
    "unknown codecs": (r"a=rtpmap:(\d+) (\w+)/", r"a=rtpmap:\1 zzz\2/"),
    "no audio sent": (r"a=sendrecv", "a=recvonly"),
}


@on_module_loop
async def test_malformed_offers_are_400_with_a_reason_and_never_take_a_slot(cfg, models) -> None:
    async with serving(cfg, models, max_sessions=2) as (vs, port):
        vs.sessions = RecordingSet()
        url = f"http://127.0.0.1:{port}"
        sdp = await client_offer_sdp()
        bodies: dict[str, object] = {n: {"sdp": spoil(sdp, *how), "type": "offer"} for n, how in MALFORMED.items()}
        bodies |= {"answer, not offer": {"sdp": sdp, "type": "answer"}, "sdp a number": {"sdp": 5, "type": "offer"}}
        for name, body in bodies.items():
            status, reply = await post_offer(url, body)
            reason = str(reply.get("error", "")).removeprefix("bad offer:").strip()
            assert status == 400 and reason, (name, status, reply)
        assert vs.sessions.taken == 0 and not vs.sessions
        # and a good offer still gets through, takes its slot and frees it on hang-up
        from voicebot.soak_caller import Call

        call = Call()
        await call.dial(url)
        assert vs.sessions.taken == 1
        # connected first: a call hung up before ICE connects is freed only at the idle timeout (10 s, as
        # long as the deadline below), which is what a loaded CI machine hit
        await call.until(lambda: call.pc.connectionState == "connected", 30, "no ICE")
        await call.hang_up()
        deadline = time.monotonic() + 10
        while vs.sessions:
            assert time.monotonic() < deadline, "the good call was not freed"
            await asyncio.sleep(0.05)


@on_module_loop
async def test_a_burst_past_max_queue_is_429_and_the_engine_keeps_serving(models) -> None:
    from engine.server import make_app

    engine = models.llm.engine
    opts = engine.options
    server = TestServer(make_app(engine), host="127.0.0.1", handler_cancellation=True)
    await server.start_server()
    url = str(server.make_url("/v1/chat/completions"))
    req = {"messages": [{"role": "user", "content": "Say hello."}], "max_tokens": 4, "temperature": 0}
    try:
        async with aiohttp.ClientSession() as http:

            async def one(stream: bool) -> tuple[int, dict]:
                async with http.post(url, json={**req, "stream": stream}) as r:
                    return r.status, (await r.json() if not stream or r.status != 200 else {"text": await r.text()})

            burst = opts.max_batch + opts.max_queue + 20
            results = await asyncio.gather(*(one(i % 2 == 0) for i in range(burst)))
            statuses = [s for s, _ in results]
            assert set(statuses) == {200, 429} and statuses.count(200) >= opts.max_batch, statuses
            assert all("overloaded" in b["error"]["message"] for s, b in results if s == 429)
            status, after = await one(False)
        assert status == 200 and after["choices"][0]["message"]["content"].strip()
    finally:
        await server.close()
    assert engine.stats()["in_flight"] == 0


def test_soak_options_are_checked() -> None:
    from voicebot.errors import VoicebotError

    for bad in ({"callers": 0}, {"p_hang_up": 0.7, "p_barge_in": 0.5}, {"turn_timeout_s": 0}, {"packet_loss": 0.6}):
        with pytest.raises(VoicebotError):
            SoakOptions(**bad)  # type: ignore[arg-type]
    assert np.isclose(SoakOptions().rss_margin, 0.05)


def test_serve_on_a_port_out_of_range_is_one_error_line_before_the_models_load() -> None:
    """--port bypasses the config's range check; bind() then raised OverflowError, a traceback, after
    seconds of model loading."""
    import subprocess
    import sys
    from pathlib import Path

    repo = Path(__file__).resolve().parents[1]
    p = subprocess.run(
        [sys.executable, "-m", "voicebot", "serve", "--port", "99999"], cwd=repo, capture_output=True, text=True
    )
    assert p.returncode == 2, p.stderr
    assert p.stderr.strip().splitlines() == ["voicebot: error: --port 99999: a port is 0-65535"], p.stderr


def test_serve_on_a_port_in_use_or_an_unknown_host_is_one_error_line_before_the_models_load() -> None:
    """Both were found only after the models had loaded (8-31 s), and an unknown host was told to "pick
    another --port"."""
    import socket
    import subprocess
    import sys
    from pathlib import Path

    repo = Path(__file__).resolve().parents[1]
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        for args, said in (
            (["--port", str(port)], f"cannot listen on 127.0.0.1:{port}: Address already in use; pick another --port"),
            (["--host", "nosuchhost.invalid"], "cannot listen on nosuchhost.invalid: "),
        ):
            p = subprocess.run(
                [sys.executable, "-m", "voicebot", "serve", *args], cwd=repo, capture_output=True, text=True
            )
            lines = p.stderr.strip().splitlines()
            assert p.returncode == 2 and len(lines) == 1 and lines[0].startswith(f"voicebot: error: {said}"), p.stderr
            assert "--host" in lines[0] or "--port" in said  # one line: nothing of the models' loading came before


def test_serve_stops_cleanly_on_sigterm() -> None:
    """A service manager's stop (SIGTERM) killed the process at once; now it ends as Ctrl-C does: calls and the
    engine closed, exit status 0."""
    import signal
    import subprocess
    import sys
    from pathlib import Path

    repo = Path(__file__).resolve().parents[1]
    proc = subprocess.Popen(
        [sys.executable, "-m", "voicebot", "serve", "--port", "0"], cwd=repo, stderr=subprocess.PIPE, text=True
    )
    try:
        assert proc.stderr is not None
        for line in proc.stderr:  # the models load, then the address is printed
            if "in a browser; Ctrl-C to stop" in line:
                break
        else:
            raise AssertionError(f"serve ended before listening: {proc.wait()}")
        proc.send_signal(signal.SIGTERM)
        rest = proc.stderr.read()
        assert proc.wait(timeout=60) == 0, rest
        assert "stopping (SIGTERM)" in rest and "Traceback" not in rest, rest
    finally:
        if proc.poll() is None:
            proc.kill()
