"""A real headless Chromium talks to `voicebot serve`'s app over WebRTC on 127.0.0.1, with the real models.

Chromium's fake microphone plays a shared recording (padded with silence, written to tmp_path); the test
clicks Connect and checks that the page shows the right transcript, a reply and its latency, and that the
reply audio reached the browser: a MediaRecorder on the remote stream is uploaded to a test-only route
and decoded here. Chromium and Playwright come from scripts/setup.sh; if either is missing this FAILS.
"""

from __future__ import annotations

import asyncio
import io
import shutil
from pathlib import Path

import numpy as np
import pytest
import pytest_asyncio
from aiohttp import web

from audio.io import load_audio, write_wav
from audio.wer import normalize
from voicebot.config import load_config
from voicebot.models import load_models
from voicebot.transports.server import VoiceServer
from voicebot.transports.webrtc import restrict_ice_to_loopback

pytestmark = pytest.mark.asyncio(loop_scope="module")
CHROMIUM = "/usr/bin/chromium"
CLIP = "spk1_snt3.wav"  # "At that high level the air is pure."


def _flags(wav: Path) -> list[str]:
    return [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--use-fake-ui-for-media-stream",
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


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def server():
    restrict_ice_to_loopback()
    cfg = load_config(None, {"llm.max_tokens": 40})
    models = await load_models(cfg)
    vs = VoiceServer(cfg, models)
    app = vs.app()
    uploads: list[bytes] = []

    async def upload(request: web.Request) -> web.Response:  # test-only route: the browser's recording
        uploads.append(await request.read())
        return web.json_response({"bytes": len(uploads[-1])})

    app.router.add_post("/test/upload", upload)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    yield vs, f"http://127.0.0.1:{port}", uploads
    await runner.cleanup()
    await models.close()


def _decode(webm: bytes) -> np.ndarray:
    import av

    with av.open(io.BytesIO(webm)) as f:
        parts = [fr.to_ndarray().astype(np.float32).reshape(-1) for fr in f.decode(audio=0)]
    return np.concatenate(parts) if parts else np.zeros(0, np.float32)


RECORD_JS = """async (ms) => {
  const stream = window.voicebot.remoteStream;
  const rec = new MediaRecorder(stream, { mimeType: "audio/webm;codecs=opus" });
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


async def test_browser_call_shows_transcript_reply_and_receives_audio(
    playwright_api, server, testdata, manifest, tmp_path
) -> None:
    vs, url, uploads = server
    truth = next(c["transcript"] for c in manifest["asr_clips"] if c["file"] == CLIP)
    speech = load_audio(testdata / CLIP, 48000)
    wav = tmp_path / "mic.wav"
    write_wav(wav, np.concatenate([np.zeros(24000, np.float32), speech, np.zeros(48000 * 4, np.float32)]), 48000)

    async with playwright_api() as p:
        ctx = await p.chromium.launch_persistent_context(
            str(tmp_path / "profile"), executable_path=CHROMIUM, headless=True, args=_flags(wav)
        )
        try:
            page = ctx.pages[0] if ctx.pages else await ctx.new_page()
            await page.goto(f"{url}/?aec=0")
            await page.click("#connect")
            await page.wait_for_function("window.voicebot.remoteStream !== null", timeout=15000)
            await page.evaluate(RECORD_JS, 0)
            await page.wait_for_selector("#transcript .final", timeout=30000)
            await page.wait_for_function(
                "document.querySelector('#latency').textContent.includes('voice_to_voice')", timeout=30000
            )
            transcript = await page.inner_text("#transcript")
            reply = await page.inner_text("#reply")
            latency = await page.inner_text("#latency")
            await asyncio.sleep(1.5)  # let some of the reply play into the recorder
            size = await page.evaluate(UPLOAD_JS)
            await page.click("#connect")  # hang up
        finally:
            await ctx.close()
    print(f"\nbrowser: you: {transcript!r}\n         bot: {reply!r}\n         {latency}")
    assert normalize(transcript) == normalize(truth), transcript
    assert reply.strip()
    assert size > 0 and uploads
    audio = _decode(uploads[-1])
    peak = float(np.abs(audio).max(initial=0))
    assert peak > 0.05, f"the reply audio that reached the browser is silent (peak {peak})"
    for _ in range(100):
        if not vs.sessions:
            break
        await asyncio.sleep(0.1)
    assert not vs.sessions, "hanging up did not free the session"
