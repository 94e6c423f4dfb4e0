// voicebot web client: microphone -> WebRTC -> server session; reply audio and JSON events come back.
// No build step; plain browser APIs (current Chromium and Firefox).
"use strict";

const params = new URLSearchParams(location.search);
// Browser echo cancellation is this client's echo strategy; tests turn it off (?aec=0) for a faithful signal.
const processing = params.get("aec") !== "0";

const ui = {
  button: document.getElementById("connect"),
  status: document.getElementById("status"),
  transcript: document.getElementById("transcript"),
  reply: document.getElementById("reply"),
  latency: document.getElementById("latency"),
  voice: document.getElementById("voice"),
};

// Exposed for tests and debugging: the remote stream and every event received.
window.voicebot = { pc: null, remoteStream: null, events: [] };
let mic = null;

function rowFor(container, turn) {
  let row = container.querySelector(`[data-turn="${turn}"]`);
  if (!row) {
    row = document.createElement("div");
    row.dataset.turn = turn;
    container.appendChild(row);
  }
  return row;
}

function onEvent(ev) {
  window.voicebot.events.push(ev);
  if (ev.type === "partial" || ev.type === "final") {
    if (ev.type === "final" && !ev.text.trim()) return;
    const row = rowFor(ui.transcript, ev.turn);
    row.textContent = ev.text;
    row.className = ev.type;
  } else if (ev.type === "reply_delta") {
    const row = rowFor(ui.reply, ev.turn);
    row.textContent += ev.text;
  } else if (ev.type === "reply") {
    rowFor(ui.reply, ev.turn).textContent = ev.text + (ev.error ? ` [error: ${ev.error}]` : "");
  } else if (ev.type === "turn") {
    const ms = ev.latency_ms || {};
    const parts = Object.entries(ms).map(([k, v]) => `${k}=${Math.round(v)}ms`);
    rowFor(ui.latency, ev.turn).textContent = `turn ${ev.turn}: ${parts.join("  ")}`;
  }
}

function waitIceGathering(pc) {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const check = () => {
      if (pc.iceGatheringState === "complete") {
        pc.removeEventListener("icegatheringstatechange", check);
        resolve();
      }
    };
    pc.addEventListener("icegatheringstatechange", check);
    setTimeout(resolve, 3000); // do not hang on an unreachable STUN server
  });
}

async function connect() {
  ui.status.textContent = "asking for the microphone…";
  mic = await navigator.mediaDevices.getUserMedia({
    audio: { echoCancellation: processing, noiseSuppression: processing, autoGainControl: processing },
  });
  const config = await (await fetch("config")).json();
  const pc = new RTCPeerConnection({ iceServers: config.iceServers || [] });
  window.voicebot.pc = pc;
  const channel = pc.createDataChannel("events");
  channel.onmessage = (m) => onEvent(JSON.parse(m.data));
  pc.ontrack = (e) => {
    const stream = e.streams[0] || new MediaStream([e.track]);
    window.voicebot.remoteStream = stream;
    ui.voice.srcObject = stream;
    ui.voice.play().catch(() => {});
  };
  pc.onconnectionstatechange = () => {
    ui.status.textContent = pc.connectionState;
    if (pc.connectionState === "failed" || pc.connectionState === "closed") hangUp();
  };
  mic.getTracks().forEach((t) => pc.addTrack(t, mic));
  await pc.setLocalDescription(await pc.createOffer());
  await waitIceGathering(pc);
  ui.status.textContent = "connecting…";
  const resp = await fetch("offer", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ sdp: pc.localDescription.sdp, type: pc.localDescription.type }),
  });
  const answer = await resp.json();
  if (!resp.ok) throw new Error(answer.error || `server answered ${resp.status}`);
  await pc.setRemoteDescription(answer);
  ui.button.textContent = "Hang up";
  ui.button.classList.add("on");
}

function hangUp() {
  const pc = window.voicebot.pc;
  window.voicebot.pc = null;
  if (pc) pc.close();
  if (mic) mic.getTracks().forEach((t) => t.stop());
  mic = null;
  ui.button.textContent = "Connect";
  ui.button.classList.remove("on");
  if (ui.status.textContent !== "error") ui.status.textContent = "idle";
}

ui.button.addEventListener("click", async () => {
  if (window.voicebot.pc) return hangUp();
  ui.button.disabled = true;
  try {
    await connect();
  } catch (err) {
    hangUp();
    ui.status.textContent = "error";
    ui.status.title = String(err);
    ui.status.textContent = `error: ${err.message || err}`;
  } finally {
    ui.button.disabled = false;
  }
});
