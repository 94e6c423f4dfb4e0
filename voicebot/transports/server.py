"""`voicebot serve`: the web page, WebRTC signalling (`POST /offer`), `/metrics` and `/healthz`.

Each peer connection is one Session with its own conversation; all sessions share the process's Models.
A peer that hangs up, fails, or whose microphone track ends is torn down at once: its pipeline tasks are
cancelled (which aborts its LLM request and TTS), its tracks stopped and its slot freed.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import ipaddress
import logging
import signal
import socket
import ssl
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path
from urllib.parse import urlsplit

from aiohttp import web
from aiortc import RTCConfiguration, RTCIceServer, RTCPeerConnection, RTCSessionDescription
from aiortc.mediastreams import MediaStreamError, MediaStreamTrack
from aiortc.sdp import SessionDescription

from voicebot import events
from voicebot import frames as fr
from voicebot.config import Config, ServerConfig
from voicebot.errors import VoicebotError
from voicebot.frames import AudioIn
from voicebot.metrics import Metrics
from voicebot.models import Models
from voicebot.options import echo_options
from voicebot.report import TurnRecord
from voicebot.session import Session
from voicebot.tasks import cancel_and_wait
from voicebot.transports.echo import EchoGate, gated
from voicebot.transports.tls import fingerprint, lan_address, names_for, self_signed, server_context, tls_dir
from voicebot.transports.webrtc import ReplyTrack, deliver_on_arrival, restrict_ice_to_loopback, track_frames

WEB_DIR = Path(__file__).resolve().parents[2] / "web"
log = logging.getLogger("voicebot.server")


class PeerSession:
    """One browser call: its peer connection, reply track, Session and the task running it."""

    def __init__(self, server: VoiceServer, pc: RTCPeerConnection, timezone: str | None = None) -> None:
        """timezone: the browser's IANA zone, for the clock the model is told (voicebot/notes.py)."""
        self.server = server
        self.pc = pc
        self.track = ReplyTrack()
        cfg = server.cfg
        self.session = Session(
            cfg,
            server.models,
            self.track,
            realtime=True,
            on_turn=self._on_turn,
            on_frame=self._on_frame,
            timezone=timezone,
        )
        self.gate = EchoGate(echo_options(cfg, webrtc=True), self.track.player)
        self.channel = None
        self.task: asyncio.Task[None] | None = None
        self._closing: asyncio.Task[None] | None = None

    def send(self, event: dict[str, object]) -> None:
        """One event (voicebot/events.py, docs/EVENTS.md) on the data channel, once the page has opened it."""
        if self.channel is not None and self.channel.readyState == "open":
            self.channel.send(events.encode(event))

    def open_channel(self, channel) -> None:  # type: ignore[no-untyped-def]
        self.channel = channel
        self.send(events.session_event(self.server.cfg.budgets_ms.model_dump()))

    def _on_frame(self, frame: fr.Frame) -> None:
        if (event := events.frame_event(frame)) is not None:
            self.send(event)

    def _on_turn(self, rec: TurnRecord) -> None:
        self.server.metrics.on_turn(rec)
        self.send(events.turn_event(rec))

    def start(self, remote: MediaStreamTrack) -> None:
        self.task = asyncio.create_task(self._run(remote), name="peer-session")

    async def _run(self, remote: MediaStreamTrack) -> None:
        try:
            async with asyncio.timeout(self.server.idle_timeout_s):  # not wait_for: see voicebot/tasks.py
                first = await remote.recv()
        except (MediaStreamError, TimeoutError):
            self.close_soon()
            return
        t0 = time.monotonic() - first.samples / first.sample_rate  # wall time of input sample 0
        try:
            await self.session.run(gated(self._until_hangup(remote, first), self.gate), t0)
        except Exception as e:  # a stage failed: say why, and free the slot now, not when ICE gives up
            print(f"voicebot: session ended by an error: {e!r}", file=sys.stderr)
            self.send(events.error_event(f"the session failed: {e}"))
        finally:
            self.close_soon()

    async def _until_hangup(self, remote: MediaStreamTrack, first: object) -> AsyncIterator[AudioIn]:
        async for frame in track_frames(remote, first, idle_timeout_s=self.server.idle_timeout_s):  # type: ignore[arg-type]
            yield frame
        self.close_soon()  # the microphone track ended: nobody is listening any more

    def close_soon(self) -> None:
        if self._closing is None:
            self._closing = asyncio.ensure_future(self._close())

    async def close(self) -> None:
        self.close_soon()
        assert self._closing is not None
        await asyncio.shield(self._closing)

    async def _close(self) -> None:
        own = self.task is None or self.task is asyncio.current_task()
        if not own and await cancel_and_wait([self.task], self.server.close_timeout_s):  # type: ignore[list-item]
            log.warning("a session did not stop within %.0f s; freeing it anyway", self.server.close_timeout_s)
        await self.session.close()
        self.track.stop()
        await self.pc.close()
        self.server.forget(self)


class VoiceServer:
    def __init__(
        self,
        cfg: Config,
        models: Models,
        web_dir: Path = WEB_DIR,
        idle_timeout_s: float = 10.0,
        close_timeout_s: float = 5.0,
    ) -> None:
        self.cfg = cfg
        self.models = models
        self.web_dir = web_dir
        self.idle_timeout_s = idle_timeout_s  # no audio from a peer this long: treat it as gone
        self.close_timeout_s = close_timeout_s
        self.sessions: set[PeerSession] = set()
        self.metrics = Metrics()

    def forget(self, peer: PeerSession) -> None:
        self.sessions.discard(peer)
        self.metrics.sessions_active = len(self.sessions)

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_get("/", self.index)
        app.router.add_static("/static/", self.web_dir)
        app.router.add_get("/config", self.client_config)
        app.router.add_post("/offer", self.offer)
        app.router.add_get("/metrics", self.prometheus)
        app.router.add_get("/healthz", self.healthz)
        app.on_shutdown.append(self._shutdown)
        return app

    async def _shutdown(self, app: web.Application) -> None:
        await asyncio.gather(*(p.close() for p in list(self.sessions)))

    async def index(self, request: web.Request) -> web.StreamResponse:
        return web.FileResponse(self.web_dir / "index.html")

    async def client_config(self, request: web.Request) -> web.Response:
        return web.json_response({"iceServers": [{"urls": u} for u in self.cfg.server.ice_servers]})

    def lag_s(self) -> float:
        """How far the most lagging session runs behind real time (voicebot/session.py)."""
        return max((p.session.lag_s() for p in self.sessions), default=0.0)

    def _full(self) -> bool:
        return len(self.sessions) >= self.cfg.server.max_sessions

    def _too_far_behind(self, lag_s: float) -> bool:
        return lag_s * 1000 > self.cfg.server.max_lag_ms

    async def healthz(self, request: web.Request) -> web.Response:
        lag = self.lag_s()
        accepting = not self._full() and not self._too_far_behind(lag)
        return web.json_response(
            {"ok": True, "sessions": len(self.sessions), "lag_ms": round(lag * 1000), "accepting": accepting}
        )

    async def prometheus(self, request: web.Request) -> web.Response:
        return web.Response(text=self.metrics.render(self.lag_s()), content_type="text/plain", charset="utf-8")

    def _origin_allowed(self, request: web.Request) -> bool:
        """Same origin as this server, or one configured in server.allowed_origins. A request without an
        Origin header (curl, scripts) is allowed: browsers always send one on a cross-site POST."""
        origin = request.headers.get("Origin")
        if origin is None:
            return True
        if origin in self.cfg.server.allowed_origins:
            return True
        return urlsplit(origin).netloc == request.host

    def _busy(self) -> web.Response:
        self.metrics.sessions_rejected += 1
        limit = self.cfg.server.max_sessions
        msg = f"server busy: all {limit} voice sessions are in use; try again later"
        return web.json_response({"error": msg}, status=503)

    def _overloaded(self, lag_s: float) -> web.Response:
        """Another call would slow every call further: a caller is better told now than answered late."""
        self.metrics.sessions_rejected += 1
        self.metrics.sessions_overloaded += 1
        msg = f"server overloaded: its calls are running {lag_s:.1f} s behind real time; try again in a minute"
        return web.json_response({"error": msg}, status=503)

    async def offer(self, request: web.Request) -> web.Response:
        if not self._origin_allowed(request):
            self.metrics.sessions_rejected += 1
            origin = request.headers.get("Origin")
            return web.json_response({"error": f"origin {origin} may not open voice sessions here"}, status=403)
        if self._full():
            return self._busy()
        if self._too_far_behind(lag := self.lag_s()):
            return self._overloaded(lag)
        try:
            body = await request.json()
            offer = RTCSessionDescription(sdp=body["sdp"], type=body["type"])
            zone = body.get("timezone")  # optional; one this machine does not know means its own
        except (ValueError, KeyError, TypeError, RecursionError):  # RecursionError: JSON nested thousands deep
            return web.json_response({"error": "expected JSON {sdp, type} with an SDP offer"}, status=400)
        ice = [RTCIceServer(urls=u) for u in self.cfg.server.ice_servers]
        pc = RTCPeerConnection(RTCConfiguration(iceServers=ice))
        peer = PeerSession(self, pc, zone if isinstance(zone, str) and len(zone) <= 64 else None)

        @pc.on("datachannel")
        def on_datachannel(channel) -> None:  # type: ignore[no-untyped-def]
            peer.open_channel(channel)

        @pc.on("track")
        def on_track(track: MediaStreamTrack) -> None:
            if track.kind == "audio" and peer.task is None:
                peer.start(track)
                track.on("ended", peer.close_soon)

        @pc.on("connectionstatechange")
        def on_state() -> None:
            if pc.connectionState in ("failed", "closed"):
                peer.close_soon()

        try:
            await pc.setRemoteDescription(offer)
            deliver_on_arrival(pc)  # speech reaches the VAD 80 ms sooner, and a lost packet costs only itself
            if peer.task is None:
                raise ValueError("the offer has no audio track")
            if _lacks_fingerprint(offer.sdp):  # aiortc would answer, then fail in a task once ICE connects
                raise ValueError("the offer has no DTLS fingerprint")
            pc.addTrack(peer.track)
            await pc.setLocalDescription(await pc.createAnswer())
        except Exception as e:  # a malformed or unsupported offer: the caller gets the reason
            await peer.close()
            reason = str(e) or f"unreadable SDP ({type(e).__name__})"  # aiortc's parser asserts without a message
            return web.json_response({"error": f"bad offer: {reason}"}, status=400)
        # The slot is taken only now, with no await since this check: concurrent offers cannot overshoot
        # max_sessions (each passed the first check while its body was arriving), and a malformed one never
        # holds a slot, not even while aiortc rejects it.
        if self._full() or peer._closing is not None:
            await peer.close()
            return self._busy()
        self.sessions.add(peer)
        self.metrics.sessions_total += 1
        self.metrics.sessions_active = len(self.sessions)
        answer = pc.localDescription
        return web.json_response({"sdp": answer.sdp, "type": answer.type})


def _lacks_fingerprint(sdp: str) -> bool:
    """An offer without a DTLS fingerprint: aiortc accepts it, then asserts in an unawaited task once ICE
    connects (a traceback on stderr), and the session waits for audio that cannot come."""
    return any(not m.dtls or not m.dtls.fingerprints for m in SessionDescription.parse(sdp).media)


def https_context(server: ServerConfig, host: str) -> tuple[ssl.SSLContext | None, str]:
    """The server's TLS context (None for plain http) and a line to show the user about its certificate."""
    if server.https == "off":
        return None, ""
    if server.https == "files":
        assert server.tls_cert is not None and server.tls_key is not None  # the config checks it
        return server_context(server.tls_cert, server.tls_key), f"https certificate {server.tls_cert}"
    names = names_for(host)
    try:
        cert, key = self_signed(names)
    except OSError as e:  # a read-only home, a full disk
        raise VoicebotError(f"cannot keep the https certificate in {tls_dir()}: {e.strerror or e}") from None
    note = (
        f"self-signed certificate for {', '.join(names)} ({cert}); the browser warns once: accept it if it "
        f"shows SHA-256 {fingerprint(cert)}"
    )
    return server_context(cert, key), note


def _is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def check_listen(host: str, port: int) -> None:
    """Fail now, with the reason, where the server could not listen: an unknown --host, or a --port in use."""
    try:
        infos = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as e:
        raise VoicebotError(f"cannot listen on {host}: {e.strerror}; check --host (server.host)") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server's own socket
        try:
            probe.bind(address)
        except OSError as e:
            raise _cannot_listen(host, port, e) from None


def _cannot_listen(host: str, port: int, e: OSError) -> VoicebotError:
    hint = "pick another --port" if e.errno == errno.EADDRINUSE else "check --host (server.host)"
    return VoicebotError(f"cannot listen on {host}:{port}: {e.strerror}; {hint}")


async def serve(cfg: Config, host: str | None = None, port: int | None = None) -> int:
    """Serve until Ctrl-C. A loopback address also keeps ICE on loopback: nothing leaves the machine."""
    from voicebot.models import load_models

    host = host or cfg.server.host
    port = cfg.server.port if port is None else port
    if not 0 <= port <= 65535:  # --port skips the config's check; bind() would raise OverflowError
        raise VoicebotError(f"--port {port}: a port is 0-65535")
    if _is_loopback(host):
        restrict_ice_to_loopback()
    ssl_context, cert_note = https_context(cfg.server, host)  # a bad certificate fails before model loading
    check_listen(host, port)  # and a port in use or an unknown host too (they were found after ~10-30 s)
    models = await load_models(cfg)
    runner = web.AppRunner(VoiceServer(cfg, models).app())
    await runner.setup()
    try:
        try:
            site = web.TCPSite(runner, host, port, ssl_context=ssl_context)
            await site.start()
        except OSError as e:  # taken since check_listen
            raise _cannot_listen(host, port, e) from None
        port = site._server.sockets[0].getsockname()[1] if port == 0 else port  # type: ignore[union-attr]
        stop = asyncio.Event()  # SIGTERM (a service manager, `docker stop`) ends calls as Ctrl-C does; it killed
        # the process at once, without closing the calls and the engine
        with contextlib.suppress(NotImplementedError):  # no signal handlers in this event loop (Windows)
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
        scheme = "https" if ssl_context else "http"
        shown = (lan_address() or "127.0.0.1") if host in ("0.0.0.0", "::", "") else host
        shown = f"[{shown}]" if ":" in shown else shown  # an IPv6 address in a URL
        print(f"voicebot: open {scheme}://{shown}:{port}/ in a browser; Ctrl-C to stop", file=sys.stderr, flush=True)
        if cert_note:
            print(f"voicebot: {cert_note}", file=sys.stderr, flush=True)
        if not _is_loopback(host) and ssl_context is None:
            print("voicebot: browsers allow the microphone only on https or localhost: add --https", file=sys.stderr)
        await stop.wait()
        print("voicebot: stopping (SIGTERM)", file=sys.stderr, flush=True)
    finally:
        await runner.cleanup()
        await models.close()
    return 0
