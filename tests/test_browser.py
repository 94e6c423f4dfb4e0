"""A real headless Chromium talks to `voicebot serve`'s app over WebRTC on 127.0.0.1, with the real models.

The page's microphone is a WebAudio stream the test plays two shared recordings into (through the page's
real getUserMedia -> WebRTC -> Opus path): a first sentence, then, once its reply has been playing for a
second, a second one (a barge-in). The page must show both turns in order, the first
reply marked as interrupted and cut to what was heard, the partial transcript as tentative first, the
microphone level, the assistant's state, and one latency bar per turn; the reply audio must reach the
browser (a MediaRecorder on the remote stream is uploaded to a test-only route and decoded here).
Screenshots at a desktop and a phone width go to out/test-artifacts/ and are checked for those elements
(never pixel-compared). Other tests: a lost connection and the keyboard-driven reconnect, a full server
(503), a denied microphone, a browser without WebRTC, malformed events injected into the page, and the
page on a non-local name (a phone on the LAN): over http it says why it cannot have the microphone, over
https it talks.
Chromium and Playwright come from scripts/setup.sh; if either is missing this FAILS.
"""

from __future__ import annotations

import asyncio
import base64
import io
import json
import shutil
import ssl
import struct
from contextlib import asynccontextmanager
from pathlib import Path

import numpy as np
import pytest
import pytest_asyncio
from aiohttp import web

from audio.io import load_audio, write_wav
from audio.speakable import speakable
from audio.wer import normalize, word_edits
from voicebot import events
from voicebot import frames as fr
from voicebot.config import load_config
from voicebot.models import load_models
from voicebot.report import STAGES
from voicebot.transports.server import VoiceServer
from voicebot.transports.tls import self_signed, server_context
from voicebot.transports.webrtc import restrict_ice_to_loopback

pytestmark = pytest.mark.asyncio(loop_scope="module")
CHROMIUM = "/usr/bin/chromium"
FIRST = "spk1_snt3.wav"  # "At that high level the air is pure."
SECOND = "spk2_snt4.wav"  # "Mend the coat before you go out." (said over the first reply)
HEARD_S = 1.0  # SECOND starts this long after the first reply started playing: past `reaction_ms`, so it
# is an interruption, not more of the first turn, however long the reply took to start on this CPU
# Replies of three sentences (~6 s of speech): the first one is still playing when SECOND comes
LONG_REPLIES = {
    "llm.max_tokens": 40,
    "llm.system_prompt": "You are a friendly voice assistant. Answer in three spoken sentences.",
}
ARTIFACTS = Path(__file__).resolve().parents[1] / "out" / "test-artifacts"
PARTS = [name for name, _, _ in STAGES if name != "voice_to_voice"]  # the stages a bar stacks
VIEWPORTS = {"desktop": (1280, 900), "phone": (390, 844)}
RATE = 48000
LISTENING = "document.querySelector('#state').dataset.state === 'listening'"
REPLY_STARTED = "window.voicebot.events.some((e) => e.type === 'reply_started')"


def _flags(wav: Path, mic_allowed: bool = True) -> list[str]:
    return [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--use-fake-ui-for-media-stream" if mic_allowed else "--deny-permission-prompts",
        "--use-fake-device-for-media-stream",
        f"--use-file-for-fake-audio-capture={wav}%noloop",
        "--autoplay-policy=no-user-gesture-required",
        "--allow-loopback-in-peer-connection",
    ]


@pytest.fixture(scope="module")
def playwright_api():
    if not Path(CHROMIUM).exists() or shutil.which(CHROMIUM) is None:
        pytest.fail(f"{CHROMIUM} not found: run scripts/setup.sh (Debian package `chromium`)")
    try:
        from playwright.async_api import async_playwright
    except ImportError:
        pytest.fail("the `playwright` Python package is missing: run scripts/setup.sh (never `playwright install`)")
    return async_playwright


async def _site(
    vs: VoiceServer, uploads: list[bytes] | None = None, ssl_context: ssl.SSLContext | None = None
) -> tuple[web.AppRunner, str]:
    app = vs.app()
    if uploads is not None:

        async def upload(request: web.Request) -> web.Response:  # test-only route: the browser's recording
            uploads.append(await request.read())
            return web.json_response({"bytes": len(uploads[-1])})

        app.router.add_post("/test/upload", upload)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0, ssl_context=ssl_context)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    return runner, f"{'https' if ssl_context else 'http'}://127.0.0.1:{port}"


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def models():
    restrict_ice_to_loopback()
    m = await load_models(load_config(None, {"llm.max_tokens": 40}))
    yield m
    await m.close()


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def server(models):
    vs = VoiceServer(load_config(None, LONG_REPLIES), models)
    uploads: list[bytes] = []
    runner, url = await _site(vs, uploads)
    yield vs, url, uploads
    await runner.cleanup()


@pytest.fixture
def silent_wav(tmp_path: Path) -> Path:
    wav = tmp_path / "silence.wav"
    write_wav(wav, np.zeros(RATE * 2, np.float32), RATE)
    return wav


def _decode(webm: bytes) -> np.ndarray:
    import av

    with av.open(io.BytesIO(webm)) as f:
        parts = [frame.to_ndarray().astype(np.float32).reshape(-1) for frame in f.decode(audio=0)]
    return np.concatenate(parts) if parts else np.zeros(0, np.float32)


def _png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return struct.unpack(">II", head[16:24])


async def _launch(p, profile: Path, wav: Path, mic_allowed: bool = True, resolve: str = "", **kw):  # type: ignore[no-untyped-def]
    args = _flags(wav, mic_allowed) + ([f"--host-resolver-rules={resolve}"] if resolve else [])
    return await p.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, headless=True, args=args, **kw
    )


@asynccontextmanager
async def _page_at(p, url: str, profile: Path, wav: Path, init_script: str = ""):  # type: ignore[no-untyped-def]
    """The page loaded in a fresh browser (after `init_script`, run before the page's own), closed afterwards."""
    ctx = await _launch(p, profile, wav)
    try:
        if init_script:
            await ctx.add_init_script(init_script)
        page = ctx.pages[0] if ctx.pages else await ctx.new_page()
        await page.goto(url)
        yield page
    finally:
        await ctx.close()


async def _say(page, messages: list[str]) -> None:  # type: ignore[no-untyped-def]
    """Hand the page the server's messages as its data channel would; each must be accepted."""
    for data in messages:
        assert await page.evaluate("(d) => window.voicebot.handleMessage(d)", data)


async def _until(pred, timeout: float, what: str) -> None:  # type: ignore[no-untyped-def]
    for _ in range(int(timeout / 0.1)):
        if pred():
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


RECORD_JS = """async () => {
  const rec = new MediaRecorder(window.voicebot.remoteStream, { mimeType: "audio/webm;codecs=opus" });
  const chunks = [];
  rec.ondataavailable = (e) => chunks.push(e.data);
  window.voicebot.recorder = rec;
  window.voicebot.recorded = new Promise((resolve) => { rec.onstop = () => resolve(new Blob(chunks)); });
  rec.start(250);
}"""

UPLOAD_JS = """async () => {
  window.voicebot.recorder.stop();
  const blob = await window.voicebot.recorded;
  const r = await fetch("test/upload", { method: "POST", body: blob });
  return (await r.json()).bytes;
}"""

# The conversation as the page shows it, read back from the DOM.
TURNS_JS = """() => [...document.querySelectorAll('#conversation .turn')].map((li) => {
  const bot = li.querySelector('.msg.bot .text');
  let heard = null;
  if (bot) { const c = bot.cloneNode(true); c.querySelectorAll('.mark, .error').forEach((m) => m.remove());
             heard = c.textContent.trim(); }
  return {
    id: Number(li.dataset.turn),
    user: li.querySelector('.msg.user .text')?.textContent ?? null,
    tentative: li.querySelector('.msg.user')?.classList.contains('tentative') ?? null,
    bot: bot ? bot.textContent : null,
    heard,
    interrupted: Boolean(li.querySelector('.msg.bot.interrupted .mark')),
    segments: li.querySelectorAll('.timing .bar .seg').length,
    budget_line: Boolean(li.querySelector('.timing .bar .budget-line')),
    timing: li.querySelector('.timing-text')?.textContent ?? null,
    order: [...li.children].map((c) => c.className),
  };
})"""

# Elements that must be on screen at every width, each inside the viewport horizontally.
LAYOUT_JS = """(selectors) => {
  const out = { overflow: document.documentElement.scrollWidth > window.innerWidth, missing: [], outside: [] };
  for (const sel of selectors) {
    const nodes = [...document.querySelectorAll(sel)];
    if (!nodes.length || nodes.some((n) => n.getClientRects().length === 0)) out.missing.push(sel);
    for (const n of nodes) {
      const r = n.getBoundingClientRect();
      if (r.left < 0 || r.right > window.innerWidth + 0.5) out.outside.push(sel);
    }
  }
  return out;
}"""
ON_SCREEN = [
    "#connect",
    "#state",
    "#meter",
    "#conversation .turn",
    ".msg.user",
    ".msg.bot",
    ".msg.bot.interrupted .mark",
    ".timing .bar",
    ".timing-text",
]


# The page's microphone is a WebAudio stream the test plays clips into when it chooses (Chromium's fake
# capture file plays on a fixed timeline, which a slower machine's reply does not keep to). Each call gets
# its own clone of the track: hanging up stops it, and reconnecting asks for the microphone again.
MIC_JS = """(() => {
  const ctx = new AudioContext({ sampleRate: 48000 });
  const dest = ctx.createMediaStreamDestination();
  const hiss = ctx.createBuffer(1, 48000, 48000);  // -80 dBFS: a microphone is never digitally silent
  hiss.getChannelData(0).forEach((_, i, a) => { a[i] = (Math.random() - 0.5) * 2e-4; });
  const floor = ctx.createBufferSource();
  floor.buffer = hiss;
  floor.loop = true;
  floor.connect(dest);
  floor.start();
  window.testMic = {
    async play(b64) {
      await ctx.resume();
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const src = ctx.createBufferSource();
      src.buffer = await ctx.decodeAudioData(bytes.buffer);
      src.connect(dest);
      src.start();
    },
  };
  navigator.mediaDevices.getUserMedia = async () =>
    new MediaStream(dest.stream.getAudioTracks().map((t) => t.clone()));
})();"""


def _clip_b64(path: Path, tmp_path: Path) -> str:
    """A recording as a base64 WAV for `testMic.play`, with 0.3 s of silence before the voice."""
    wav = tmp_path / f"play-{path.stem}.wav"
    write_wav(wav, np.concatenate([np.zeros(int(0.3 * RATE), np.float32), load_audio(path, RATE)]), RATE)
    return base64.b64encode(wav.read_bytes()).decode()


async def test_a_conversation_with_a_barge_in_is_shown_in_order(
    playwright_api, server, testdata, manifest, silent_wav, tmp_path
) -> None:
    vs, url, uploads = server
    clips = {c["file"]: c for c in manifest["asr_clips"]}
    truth1, truth2 = clips[FIRST]["transcript"], clips[SECOND]["transcript"]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    errors: list[str] = []

    async with playwright_api() as p:
        ctx = await _launch(p, tmp_path / "profile", silent_wav)
        try:
            page = ctx.pages[0] if ctx.pages else await ctx.new_page()
            page.on("pageerror", lambda e: errors.append(str(e)))
            await page.add_init_script(MIC_JS)
            await page.set_viewport_size({"width": 1280, "height": 900})
            await page.goto(f"{url}/?aec=0")
            assert await page.inner_text("#state") == "Not connected"
            await page.click("#connect")
            await page.wait_for_function("window.voicebot.remoteStream !== null", timeout=15000)
            await page.evaluate(RECORD_JS)
            await page.evaluate("(b) => window.testMic.play(b)", _clip_b64(testdata / FIRST, tmp_path))
            await page.wait_for_selector("#conversation .msg.user.tentative", timeout=20000)  # a partial
            await page.wait_for_function(REPLY_STARTED, timeout=60000)
            await asyncio.sleep(HEARD_S)
            await page.evaluate("(b) => window.testMic.play(b)", _clip_b64(testdata / SECOND, tmp_path))
            await page.wait_for_function(
                "document.querySelectorAll('#conversation .timing .bar').length >= 2"
                " && document.querySelector('#conversation .msg.bot.interrupted') !== null",
                timeout=60000,
            )
            await page.wait_for_function(LISTENING, timeout=30000)
            turns = await page.evaluate(TURNS_JS)
            got = await page.evaluate("window.voicebot.events")
            peak = await page.evaluate("window.voicebot.peakLevel")
            meter_now = await page.get_attribute("#meter", "aria-valuenow")
            state_text = await page.inner_text("#state")
            size = await page.evaluate(UPLOAD_JS)

            layouts = {}
            for name, (w, h) in VIEWPORTS.items():
                await page.set_viewport_size({"width": w, "height": h})
                shot = ARTIFACTS / f"browser-{name}.png"
                await page.screenshot(path=str(shot), full_page=True)
                layouts[name] = (await page.evaluate(LAYOUT_JS, ON_SCREEN), _png_size(shot))
            await page.set_viewport_size({"width": 1280, "height": 900})

            # the server ends the call: the page says the connection was lost, and Enter on the focused
            # Reconnect button calls again (keyboard only)
            await asyncio.gather(*(peer.close() for peer in list(vs.sessions)))
            await page.wait_for_selector("#notice:not([hidden])", timeout=10000)
            notice = await page.inner_text("#notice-text")
            focused = await page.evaluate("document.activeElement.id")
            await page.keyboard.press("Enter")
            await page.wait_for_function(LISTENING, timeout=15000)
            await _until(lambda: len(vs.sessions) == 1, 10, "the new call's session")
            shown_after_reconnect = await page.locator("#conversation .turn").count()
            await page.click("#connect")  # hang up
        finally:
            await ctx.close()

    print(f"\nbrowser conversation: {json.dumps(turns, indent=1)}\nmic peak level {peak:.0f}/100")
    assert not errors, errors
    states = {e["state"] for e in got if e["type"] == "state"}
    assert {"user_speaking", "bot_speaking", "interrupted", "listening"} <= states, states
    assert state_text == "Listening — go ahead"
    assert peak > 30, f"the level meter never showed the microphone ({peak})"
    assert meter_now is not None and 0 <= int(meter_now) <= 100

    assert len(turns) == 2, turns
    one, two = turns
    assert one["id"] < two["id"]
    for t in turns:  # the user's line, then the reply, then its latency bar
        assert [c.split()[0] for c in t["order"]] == ["msg", "msg", "timing"], t["order"]
        assert not t["tentative"] and t["bot"]
        assert t["segments"] == len(PARTS) and t["budget_line"], t
        assert t["timing"] and "ms" in t["timing"]
    assert normalize(one["user"]) == normalize(truth1), one["user"]
    assert word_edits(normalize(truth2), normalize(two["user"])) <= 1, two["user"]

    written = "".join(e["text"] for e in got if e["type"] == "reply_delta" and e["turn"] == one["id"])
    written = speakable(written)  # what was heard is what the voice says for what was written
    assert one["interrupted"] and not two["interrupted"]
    assert one["heard"], "the interrupted reply shows nothing of what was heard"
    assert normalize(written)[: len(normalize(one["heard"]))] == normalize(one["heard"]), (one["heard"], written)
    assert len(normalize(one["heard"])) < len(normalize(written)), "the reply was not cut where it was stopped"

    for name, (layout, (width, _)) in layouts.items():
        assert width == VIEWPORTS[name][0], f"{name} screenshot is {width} px wide"
        assert not layout["missing"] and not layout["outside"] and not layout["overflow"], (name, layout)

    assert "lost" in notice and focused == "reconnect", (notice, focused)
    assert shown_after_reconnect == 2  # reconnecting keeps what was said
    assert size > 0 and uploads
    audio = _decode(uploads[-1])
    loudest = float(np.abs(audio).max(initial=0))
    assert loudest > 0.05, f"the reply audio that reached the browser is silent (peak {loudest})"
    await _until(lambda: not vs.sessions, 10, "hanging up to free the session")


async def test_a_full_server_and_a_denied_microphone_get_clear_messages(
    playwright_api, models, silent_wav, tmp_path
) -> None:
    vs = VoiceServer(load_config(None, {"server.max_sessions": 1}), models)
    runner, url = await _site(vs)
    try:
        async with playwright_api() as p:
            ctx = await _launch(p, tmp_path / "profile", silent_wav)
            try:
                first = ctx.pages[0] if ctx.pages else await ctx.new_page()
                await first.goto(url)
                await first.click("#connect")
                await first.wait_for_function(LISTENING)
                second = await ctx.new_page()
                await second.goto(url)
                await second.click("#connect")
                await second.wait_for_selector("#notice:not([hidden])", timeout=15000)
                busy = await second.inner_text("#notice-text")
                busy_state = await second.inner_text("#state")
                await first.click("#connect")
            finally:
                await ctx.close()
            ctx = await _launch(p, tmp_path / "denied", silent_wav, mic_allowed=False)
            try:
                page = ctx.pages[0] if ctx.pages else await ctx.new_page()
                await page.goto(url)
                await page.click("#connect")
                await page.wait_for_selector("#notice:not([hidden])", timeout=15000)
                denied = await page.inner_text("#notice-text")
                reconnect_shown = await page.is_visible("#reconnect")
            finally:
                await ctx.close()
        await _until(lambda: not vs.sessions, 10, "the first call to end")
    finally:
        await runner.cleanup()
    print(f"\n503: {busy!r}\ndenied: {denied!r}")
    assert busy.startswith("The assistant is busy") and "1 voice sessions" in busy, busy
    assert busy_state == "Not connected"
    assert vs.metrics.sessions_rejected == 1
    assert "microphone is blocked" in denied and reconnect_shown, denied


WITHOUT = {
    "webrtc": ("delete window.RTCPeerConnection; delete window.webkitRTCPeerConnection;", "no WebRTC"),
    "microphone": ("Object.defineProperty(navigator, 'mediaDevices', { value: undefined });", "no microphone"),
}


@pytest.mark.parametrize("missing", list(WITHOUT))
async def test_a_browser_without_webrtc_or_a_microphone_api_gets_a_plain_message(
    playwright_api, server, silent_wav, tmp_path, missing: str
) -> None:
    _, url, _ = server
    script, expected = WITHOUT[missing]
    errors: list[str] = []
    async with playwright_api() as p:
        ctx = await _launch(p, tmp_path / "profile", silent_wav)
        try:
            await ctx.add_init_script(script)
            page = ctx.pages[0] if ctx.pages else await ctx.new_page()
            page.on("pageerror", lambda e: errors.append(str(e)))
            await page.goto(url)
            message = await page.inner_text("#unsupported")
            controls = await page.is_visible("#connect")
        finally:
            await ctx.close()
    assert expected in message and not controls and not errors, (message, errors)


def _server_says(*frames: fr.Frame) -> list[str]:
    """The messages the server sends for these pipeline frames."""
    out = []
    for frame in frames:
        event = events.frame_event(frame)
        assert event is not None, frame
        out.append(events.encode(event))
    return out


async def test_a_continued_turn_replaces_its_cut_version(playwright_api, server, silent_wav, tmp_path) -> None:
    """ "I need to find a" (pause: released, answered early) "new flat": the turn-taking stage withdraws
    turn 1 with Interrupt(merged=True) and the whole sentence comes again as turn 2."""
    _, url, _ = server
    script = _server_says(
        fr.TurnState("user_speaking"),
        fr.Transcript(1, "I need to find a", False),
        fr.TurnState("paused"),
        fr.Transcript(1, "I need to find a", True),
        fr.TurnState("bot_speaking"),
        fr.LLMText(1, "Sure, what"),
        fr.Interrupt(1, merged=True),
        fr.TurnState("user_speaking"),
        fr.Transcript(2, "I need to find a new", False, committed="I need to find a"),
    )
    async with playwright_api() as p, _page_at(p, url, tmp_path / "profile", silent_wav) as page:
        await _say(page, script)
        while_speaking = await page.evaluate(TURNS_JS)
        committed = await page.inner_text("#conversation .msg.user.tentative .committed")
        await _say(
            page,
            _server_says(
                fr.Transcript(2, "I need to find a new flat.", True),
                fr.TurnState("bot_speaking"),
                fr.LLMText(2, "What area?"),
                fr.ReplyFinished(2, "What area?"),
                fr.TurnState("listening"),
                fr.Transcript(3, "uh", False),  # a noise the ASR heard something in: never released
                fr.TurnState("listening"),
            ),
        )
        after = await page.evaluate(TURNS_JS)
    assert [(t["id"], t["user"], t["tentative"], t["bot"]) for t in while_speaking] == [
        (2, "I need to find a new", True, None)
    ]
    assert committed == "I need to find a"
    assert [(t["id"], t["user"], t["tentative"], t["bot"]) for t in after] == [
        (2, "I need to find a new flat.", False, "What area?")
    ]


MALFORMED = [
    "not json",
    "[1, 2]",
    "null",
    json.dumps({"type": "final", "turn": 1, "text": "no version"}),
    json.dumps({"v": 99, "type": "final", "turn": 1, "text": "a future schema"}),
    json.dumps({"v": 1, "turn": 1}),
    json.dumps({"v": 1, "type": "final", "turn": "one", "text": "bad turn id"}),
    json.dumps({"v": 1, "type": "reply_delta", "turn": 1}),
    json.dumps({"v": 1, "type": "turn", "turn": 1, "latency_ms": None, "over_budget": [], "interrupted": False}),
    json.dumps({"v": 1, "type": "reply_finished", "turn": 1, "heard_text": 5, "interrupted": True}),
]


def _valid(type_: str, **fields: object) -> str:
    return events.encode({"v": events.SCHEMA_VERSION, "type": type_, **fields})


async def test_malformed_events_are_ignored_and_logged(playwright_api, server, silent_wav, tmp_path) -> None:
    _, url, _ = server
    latency = {"endpoint": 300.0, "asr": 10.0, "llm_first_token": 90.0, "tts_first_audio": 400.0, "playout": 40.0}
    script = [
        (_valid("session", budgets_ms={"voice_to_voice": 1500.0}, stages=["endpoint"]), True),
        *((m, False) for m in MALFORMED[:5]),
        (_valid("final", turn=1, text="What is the capital of France?"), True),
        *((m, False) for m in MALFORMED[5:]),
        (_valid("some_future_event", anything=1), False),  # unknown type: skipped quietly
        (_valid("reply", turn=1, text="Paris.", finish_reason="stop", error=None), True),
        (
            _valid(
                "turn",
                turn=1,
                latency_ms={**latency, "voice_to_voice": 840.0},
                over_budget=[],
                interrupted=False,
                heard_text=None,
            ),
            True,
        ),
    ]
    console: list[tuple[str, str]] = []
    errors: list[str] = []
    async with playwright_api() as p:
        ctx = await _launch(p, tmp_path / "profile", silent_wav)
        try:
            page = ctx.pages[0] if ctx.pages else await ctx.new_page()
            page.on("console", lambda m: console.append((m.type, m.text)))
            page.on("pageerror", lambda e: errors.append(str(e)))
            await page.goto(url)
            handled = [await page.evaluate("(d) => window.voicebot.handleMessage(d)", data) for data, _ in script]
            turns = await page.evaluate(TURNS_JS)
            page_schema = await page.evaluate("window.voicebot.schema")
        finally:
            await ctx.close()
    assert handled == [ok for _, ok in script]
    assert not errors, errors
    warnings = [text for kind, text in console if kind == "warning" and text.startswith("voicebot: ignored")]
    assert len(warnings) == len(MALFORMED), console
    assert [(t["user"], t["bot"], t["segments"]) for t in turns] == [("What is the capital of France?", "Paris.", 5)]
    # the page reads only fields the server's schema has
    assert set(page_schema) == set(events.SCHEMA)
    for type_, fields in page_schema.items():
        assert set(fields) <= set(events.SCHEMA[type_]), type_


LAN_NAME = "voicebot.test"  # a name that is not localhost: the browser treats its pages as any LAN host's


async def test_a_page_on_another_host_gets_the_microphone_over_https_and_a_plain_message_over_http(
    playwright_api, models, testdata, manifest, silent_wav, tmp_path
) -> None:
    """A phone on the LAN: Chromium maps LAN_NAME to this machine. Over http the page is not a secure
    context and says how to fix it; over https (the self-signed certificate `voicebot serve --https`
    makes, accepted as a user would) the same page talks."""
    truth = {c["file"]: c for c in manifest["asr_clips"]}[FIRST]["transcript"]
    cert, key = self_signed([LAN_NAME], tmp_path / "tls")
    vs = VoiceServer(load_config(None), models)
    plain, plain_url = await _site(vs)
    secure, secure_url = await _site(vs, ssl_context=server_context(cert, key))
    port_of = {u: u.rsplit(":", 1)[1] for u in (plain_url, secure_url)}
    errors: list[str] = []
    try:
        async with playwright_api() as p:
            ctx = await _launch(
                p, tmp_path / "profile", silent_wav, resolve=f"MAP {LAN_NAME} 127.0.0.1", ignore_https_errors=True
            )
            try:
                page = ctx.pages[0] if ctx.pages else await ctx.new_page()
                page.on("pageerror", lambda e: errors.append(str(e)))
                await page.goto(f"http://{LAN_NAME}:{port_of[plain_url]}/")
                insecure = await page.evaluate("window.isSecureContext")
                message = await page.inner_text("#unsupported")
                controls = await page.is_visible("#connect")

                await page.add_init_script(MIC_JS)
                await page.goto(f"https://{LAN_NAME}:{port_of[secure_url]}/")
                secure_ctx = await page.evaluate("window.isSecureContext")
                await page.click("#connect")
                await page.wait_for_function(LISTENING, timeout=15000)
                await page.evaluate("(b) => window.testMic.play(b)", _clip_b64(testdata / FIRST, tmp_path))
                await page.wait_for_function(
                    "document.querySelector('#conversation .timing .bar') !== null", timeout=60000
                )
                turns = await page.evaluate(TURNS_JS)
                await page.click("#connect")  # hang up
            finally:
                await ctx.close()
        await _until(lambda: not vs.sessions, 10, "hanging up to free the session")
    finally:
        await plain.cleanup()
        await secure.cleanup()
    print(f"\nhttp: {message!r}\nhttps: {json.dumps(turns)}")
    assert not insecure and "https" in message and not controls, (insecure, message)
    assert secure_ctx and not errors, errors
    assert len(turns) == 1 and turns[0]["bot"], turns
    assert normalize(turns[0]["user"]) == normalize(truth), turns[0]["user"]


async def test_a_reply_is_shown_without_markdown_marks_and_keeps_its_lines(
    playwright_api, server, silent_wav, tmp_path
) -> None:
    """Chat models write Markdown ("1. **Unplug** it"); the page shows the words and the list's lines."""
    _, url, _ = server
    written = "To reset it:\n\n1. **Unplug** the router.\n2. Wait `30` seconds.\n# Done"
    script = [
        _valid("final", turn=1, text="How do I reset my router?"),
        _valid("reply", turn=1, text=written, finish_reason=None, error=None),
    ]
    async with playwright_api() as p, _page_at(p, url, tmp_path / "profile", silent_wav) as page:
        await _say(page, script)
        shown = await page.inner_text("#conversation .msg.bot .text")
    assert shown.splitlines() == ["To reset it:", "", "1. Unplug the router.", "2. Wait 30 seconds.", "Done"], shown


async def test_asked_the_time_the_page_gets_it_in_the_browsers_zone(
    playwright_api, server, models, silent_wav, tmp_path
) -> None:
    """The page sends its time zone with the offer: a browser on Kiritimati (UTC+14; its date is not this
    machine's for most of the day) asks "What time is it?" and is told its own clock."""
    from datetime import datetime, timedelta
    from zoneinfo import ZoneInfo

    from voicebot.bench_questions import question_audio

    _, url, _ = server
    wav = tmp_path / "question.wav"
    write_wav(wav, question_audio(models.tts, "What time is it?", lead_s=0.3, trail_s=0.0), 16000)
    question = base64.b64encode(wav.read_bytes()).decode()
    zone = "Pacific/Kiritimati"
    async with playwright_api() as p:
        ctx = await _launch(p, tmp_path / "profile", silent_wav, timezone_id=zone)
        try:
            page = ctx.pages[0] if ctx.pages else await ctx.new_page()
            await page.add_init_script(MIC_JS)
            await page.goto(f"{url}/?aec=0")
            await page.click("#connect")
            await page.wait_for_function("window.voicebot.remoteStream !== null", timeout=15000)
            start = datetime.now(ZoneInfo(zone))
            await page.evaluate("(b) => window.testMic.play(b)", question)
            await page.wait_for_function("window.voicebot.events.some((e) => e.type === 'reply')", timeout=60000)
            shown = await page.inner_text("#conversation .msg.bot .text")
            heard = await page.inner_text("#conversation .msg.user")
        finally:
            await ctx.close()
    clocks = [start + timedelta(minutes=m) for m in range(2)]
    assert any(f"{c.hour % 12 or 12}:{c.minute:02d}" in shown for c in clocks), (heard, shown, start)


# The page's offer and the server's answer name only TEST-NET addresses (RFC 5737), which nothing routes: the
# call's media cannot get through, as across a firewall, while the page itself reached the server.
_BLOCKED_MEDIA = r"""(() => {
  const fetch0 = window.fetch;
  const away = (sdp, ip) => sdp.replace(/(a=candidate:\S+ \d+ \S+ \d+ )(\S+)/g, `$1${ip}`)
    .replace(/c=IN IP4 \S+/g, `c=IN IP4 ${ip}`);
  window.fetch = async (url, opts) => {
    if (!String(url).endsWith("offer")) return fetch0(url, opts);
    const body = JSON.parse(opts.body);
    body.sdp = away(body.sdp, "192.0.2.56");
    const resp = await fetch0(url, { ...opts, body: JSON.stringify(body) });
    if (!resp.ok) return resp;
    const answer = await resp.json();
    answer.sdp = away(answer.sdp, "192.0.2.55");
    return new Response(JSON.stringify(answer), { status: 200, headers: { "Content-Type": "application/json" } });
  };
})();"""


async def test_a_call_whose_audio_cannot_get_through_says_so_and_never_says_listening(
    playwright_api, server, silent_wav, tmp_path
) -> None:
    """It said "Listening — go ahead" for ~15 s, then "The connection to the assistant was lost.", though the call
    never connected (found by a helper on a firewalled setup)."""
    vs, url, _ = server
    async with playwright_api() as p, _page_at(p, url, tmp_path / "profile", silent_wav, _BLOCKED_MEDIA) as page:
        await page.evaluate(
            "window.seen = []; new MutationObserver(() => window.seen.push(document.querySelector('#state')"
            ".dataset.state)).observe(document.querySelector('#state'), {attributes: true})"
        )
        await page.click("#connect")
        await page.wait_for_selector("#notice:not([hidden])", timeout=30000)
        notice = await page.inner_text("#notice-text")
        seen = await page.evaluate("window.seen")
    await _until(lambda: not vs.sessions, 20, "the server to free the call that never connected")
    assert notice.startswith("Could not connect to the assistant") and "server.ice_servers" in notice, notice
    assert "listening" not in seen and "connecting" in seen, seen


async def test_a_closed_tab_frees_its_session_at_once(playwright_api, server, silent_wav, tmp_path) -> None:
    """Without the page's hang-up on `pagehide` the server held the session until its 10 s idle timeout, and a
    full server told the next caller it was busy."""
    vs, url, _ = server
    async with playwright_api() as p, _page_at(p, url, tmp_path / "profile", silent_wav) as page:
        await page.click("#connect")
        await page.wait_for_function(LISTENING)
        await _until(lambda: len(vs.sessions) == 1, 5, "the call's session")
        await page.close(run_before_unload=True)
        await _until(lambda: not vs.sessions, 3, "the closed tab's session to be freed")
