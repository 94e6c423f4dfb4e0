// voicebot web client: microphone -> WebRTC -> server session; the reply's voice and typed JSON events
// (docs/EVENTS.md) come back. The page draws the conversation from the events, in order: each user turn
// followed by its reply, the partial transcript tentative until final, a turn the user went on with
// replaced by the whole one, an interrupted reply cut where the user stopped hearing it, and each turn's
// latency as a stacked bar against the voice-to-voice budget.
// No build step; standard browser APIs only (current Chromium and Firefox).
"use strict";

const SCHEMA_VERSION = 1;
const params = new URLSearchParams(location.search);
// Browser echo cancellation is this client's echo strategy; tests turn it off (?aec=0) for a faithful signal.
const processing = params.get("aec") !== "0";

// The stages that add up to voice-to-voice, in order, as the server names them.
const STAGES = ["endpoint", "asr", "llm_first_token", "tts_first_audio", "playout"];
const STAGE_WORDS = {
  endpoint: "deciding you were done",
  asr: "final transcript",
  llm_first_token: "first word",
  tts_first_audio: "first audio",
  playout: "playout",
};
const STATE_WORDS = {
  idle: "Not connected",
  connecting: "Connecting…",
  listening: "Listening — go ahead",
  user_speaking: "Hearing you…",
  paused: "You paused — waiting to see if you are done",
  thinking: "Thinking…",
  speaking: "Speaking — talk to interrupt",
  interrupted: "You are talking — reply on hold",
  unstable: "Connection unstable…",
};

// What this page checks before it uses an event: the fields it reads and their kinds ("?" = may be null).
// Events of a type not listed here are ignored (a newer server may send more); docs/EVENTS.md has them all.
const SCHEMA = {
  session: { budgets_ms: "object" },
  state: { state: "string" },
  partial: { turn: "int", text: "string" },
  final: { turn: "int", text: "string" },
  turn_end: { turn: "int" },
  reply_delta: { turn: "int", text: "string" },
  reply: { turn: "int", text: "string", error: "string?" },
  reply_started: { turn: "int" },
  interrupted: { turn: "int", merged: "boolean" },
  reply_finished: { turn: "int", heard_text: "string", interrupted: "boolean" },
  turn: { turn: "int", latency_ms: "object", over_budget: "array", interrupted: "boolean", heard_text: "string?" },
  error: { error: "string" },
};

const $ = (id) => document.getElementById(id);
const ui = {
  connect: $("connect"),
  controls: $("controls"),
  state: $("state"),
  meter: $("meter"),
  meterFill: $("meter-fill"),
  notice: $("notice"),
  noticeText: $("notice-text"),
  reconnect: $("reconnect"),
  unsupported: $("unsupported"),
  conversation: $("conversation"),
  empty: $("empty"),
  voice: $("voice"),
};

// The call in progress (one at a time) and the conversation shown.
const call = {
  pc: null, channel: null, mic: null, meter: null, hangingUp: false, unstableTimer: null,
  connected: false, // the call's media flowed once: only then is a drop "lost", before it "could not connect"
};
const CONNECT_TIMEOUT_MS = 12000;
const view = { budgets: {}, state: "idle", speaking: false, turns: new Map() };

// Exposed for tests and debugging: the peer connection, the remote stream, every valid event received,
// the microphone level (0-100, its peak too), and the handler the data channel feeds.
window.voicebot = { pc: null, remoteStream: null, events: [], level: 0, peakLevel: 0, schema: SCHEMA, handleMessage };

// ---- events ---------------------------------------------------------------------------------------

function kindOk(value, kind) {
  if (kind.endsWith("?")) return value === null || kindOk(value, kind.slice(0, -1));
  if (kind === "int") return Number.isInteger(value);
  if (kind === "array") return Array.isArray(value);
  if (kind === "object") return value !== null && typeof value === "object" && !Array.isArray(value);
  return typeof value === kind;
}

/** Why `ev` is not an event this page can use, or "" when it is. */
function problem(ev) {
  if (ev === null || typeof ev !== "object" || Array.isArray(ev)) return "not a JSON object";
  if (ev.v !== SCHEMA_VERSION) return `schema version ${JSON.stringify(ev.v)}, expected ${SCHEMA_VERSION}`;
  if (typeof ev.type !== "string") return "no type";
  const fields = SCHEMA[ev.type];
  if (!fields) return "";
  for (const [name, kind] of Object.entries(fields)) {
    if (!kindOk(ev[name], kind)) return `${ev.type}.${name} is ${JSON.stringify(ev[name])}, expected ${kind}`;
  }
  return "";
}

/** One data-channel message. A malformed one is logged and ignored: it never breaks the page. */
function handleMessage(data) {
  let ev;
  try {
    ev = JSON.parse(data);
  } catch (err) {
    console.warn("voicebot: ignored an event that is not JSON:", data);
    return false;
  }
  const why = problem(ev);
  if (why) {
    console.warn(`voicebot: ignored a malformed event (${why}):`, data);
    return false;
  }
  if (!SCHEMA[ev.type]) return false; // a newer server's event type: not for this page
  try {
    onEvent(ev);
  } catch (err) {
    console.error("voicebot: an event could not be shown:", data, err);
    return false;
  }
  const seen = window.voicebot.events;
  seen.push(ev);
  if (seen.length > 5000) seen.splice(0, seen.length - 5000); // a debugging aid, not a log: bounded
  return true;
}

function onEvent(ev) {
  switch (ev.type) {
    case "session":
      view.budgets = ev.budgets_ms;
      renderAllTimings();
      break;
    case "state":
      view.state = ev.state;
      if (ev.state === "listening") dropTentativeTurns();
      showState();
      break;
    case "partial":
      if (ev.text.trim()) setUserText(ev.turn, ev.text, ev.committed || "", true);
      break;
    case "final":
      if (ev.text.trim()) setUserText(ev.turn, ev.text, ev.text, false);
      break;
    case "reply_delta": {
      const t = turnView(ev.turn);
      if (!t.final) t.reply += ev.text;
      renderReply(t);
      break;
    }
    case "reply": {
      const t = turnView(ev.turn);
      t.reply = ev.text;
      t.final = true;
      t.error = ev.error;
      renderReply(t);
      break;
    }
    case "reply_started":
      view.speaking = true;
      showState();
      break;
    case "interrupted":
      if (ev.merged) withdraw(ev.turn);
      break;
    case "reply_finished":
      view.speaking = false;
      if (ev.interrupted) markInterrupted(ev.turn, ev.heard_text);
      showState();
      break;
    case "turn": {
      const t = turnView(ev.turn);
      t.latency = ev.latency_ms;
      t.overBudget = ev.over_budget;
      if (ev.interrupted) markInterrupted(ev.turn, ev.heard_text || "");
      renderAllTimings();
      break;
    }
    case "error":
      hangUp();
      showNotice(`The assistant stopped: ${ev.error}`);
      break;
  }
}

// ---- the conversation -----------------------------------------------------------------------------

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The view of turn `id`, created in turn order. */
function turnView(id) {
  let t = view.turns.get(id);
  if (t) return t;
  const li = el("li", "turn");
  li.dataset.turn = String(id);
  t = { id, li, user: null, bot: null, timing: null, reply: "", final: false, error: null,
        interrupted: false, heard: "", latency: null, overBudget: [], tentative: true };
  view.turns.set(id, t);
  const later = [...view.turns.values()].filter((o) => o.id > id).sort((a, b) => a.id - b.id)[0];
  ui.conversation.insertBefore(li, later ? later.li : null);
  ui.empty.hidden = true;
  return t;
}

function message(t, who) {
  const box = el("div", `msg ${who}`);
  box.append(el("span", "who", who === "user" ? "You" : "Assistant"), el("p", "text"));
  // the user's line always comes first, then the reply, then the timing
  if (who === "user") t.li.prepend(box);
  else t.li.insertBefore(box, t.timing);
  return box;
}

function setUserText(id, text, committed, tentative) {
  const t = turnView(id);
  t.tentative = tentative;
  if (!t.user) t.user = message(t, "user");
  t.user.classList.toggle("tentative", tentative);
  const p = t.user.querySelector(".text");
  p.replaceChildren();
  if (tentative && committed && text.startsWith(committed)) {
    p.append(el("span", "committed", committed), el("span", "guess", text.slice(committed.length)));
  } else {
    p.textContent = text;
  }
  p.title = tentative ? "still listening: may change" : "";
}

/** A reply as written, without the Markdown marks a chat model adds ("**Step**", "# Title", `code`). */
function readable(text) {
  return text.replace(/\*\*|__|`/g, "").replace(/^#+\s+/gm, "");
}

function renderReply(t) {
  if (!t.reply && !t.error && !t.interrupted) return;
  if (!t.bot) t.bot = message(t, "bot");
  const p = t.bot.querySelector(".text");
  const streaming = !t.final && !t.interrupted;
  t.bot.classList.toggle("streaming", streaming);
  t.bot.setAttribute("aria-busy", String(streaming));
  t.bot.classList.toggle("interrupted", t.interrupted);
  p.replaceChildren();
  if (t.interrupted) {
    // cut where the user stopped hearing it: the rest was never played
    p.append(t.heard ? `${t.heard} ` : "", el("span", "mark", t.heard ? "interrupted here" : "interrupted before it spoke"));
  } else {
    p.textContent = readable(t.reply);
  }
  if (t.error) p.append(el("span", "error", ` (error: ${t.error})`));
}

function markInterrupted(id, heard) {
  const t = turnView(id);
  t.interrupted = true;
  t.heard = heard.trim();
  renderReply(t);
}

/** The turn-taking stage withdrew turn `id`: the user went on, and the whole utterance is a new turn. */
function withdraw(id) {
  const t = view.turns.get(id);
  if (!t) return;
  t.li.remove();
  view.turns.delete(id);
  ui.empty.hidden = view.turns.size > 0;
}

/** Back to listening: a line that never became a turn (a noise, a withdrawn cut) is not part of it. */
function dropTentativeTurns() {
  for (const t of [...view.turns.values()]) {
    if (t.tentative && !t.bot && !t.latency) withdraw(t.id);
  }
}

// ---- latency bars ---------------------------------------------------------------------------------

function partsOf(latency) {
  return STAGES.map((name) => [name, Number.isFinite(latency[name]) ? Math.max(0, latency[name]) : 0]);
}

/** All bars share one scale (the budget or the slowest turn), so they can be compared at a glance. */
function renderAllTimings() {
  const budget = Number.isFinite(view.budgets.voice_to_voice) ? view.budgets.voice_to_voice : null;
  let scale = budget ? budget * 1.15 : 0;
  for (const t of view.turns.values()) {
    if (t.latency) scale = Math.max(scale, partsOf(t.latency).reduce((s, [, ms]) => s + ms, 0));
  }
  for (const t of view.turns.values()) if (t.latency) renderTiming(t, scale || 1, budget);
}

function renderTiming(t, scale, budget) {
  if (!t.timing) {
    t.timing = el("div", "timing");
    t.li.append(t.timing);
  }
  const parts = partsOf(t.latency);
  const total = Number.isFinite(t.latency.voice_to_voice)
    ? t.latency.voice_to_voice : parts.reduce((s, [, ms]) => s + ms, 0);
  const bar = el("div", "bar");
  bar.setAttribute("role", "img");
  const spoken = parts.map(([name, ms]) => `${STAGE_WORDS[name]} ${Math.round(ms)} ms`).join(", ");
  bar.setAttribute("aria-label", `${Math.round(total)} ms from your last word to the reply`
    + (budget ? ` (budget ${Math.round(budget)} ms)` : "") + `: ${spoken}`);
  for (const [name, ms] of parts) {
    const seg = el("span", `seg ${name}`);
    seg.style.width = `${(100 * ms) / scale}%`;
    seg.title = `${STAGE_WORDS[name]}: ${Math.round(ms)} ms`;
    bar.append(seg);
  }
  if (budget) {
    const line = el("span", "budget-line");
    line.style.left = `${(100 * budget) / scale}%`;
    line.title = `budget ${Math.round(budget)} ms`;
    bar.append(line);
  }
  const over = budget && total > budget;
  const text = el("p", "timing-text");
  text.append(el("strong", over ? "over" : "", `${Math.round(total)} ms`), " to the first sound of the reply");
  if (budget) text.append(el("span", "budget-text", ` · budget ${Math.round(budget)} ms${over ? " — over" : ""}`));
  t.timing.classList.toggle("over-budget", Boolean(over));
  t.timing.replaceChildren(bar, text);
}

// ---- state, notices, microphone level -------------------------------------------------------------

function showState() {
  let key = view.state;
  if (key === "bot_speaking") key = view.speaking ? "speaking" : "thinking";
  ui.state.dataset.state = key;
  ui.state.textContent = STATE_WORDS[key] || key.replace(/_/g, " ");
}

function setState(key) {
  view.state = key;
  view.speaking = false;
  showState();
}

function showNotice(text, reconnect = true) {
  ui.noticeText.textContent = text;
  ui.reconnect.hidden = !reconnect;
  ui.notice.hidden = false;
  if (reconnect) ui.reconnect.focus();
}

function hideNotice() {
  ui.notice.hidden = true;
}

/** A level meter on the local microphone stream (Web Audio AnalyserNode), about 30 updates a second. */
function startMeter(stream) {
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!Ctx) return null;
  const ctx = new Ctx();
  const analyser = ctx.createAnalyser();
  analyser.fftSize = 1024;
  ctx.createMediaStreamSource(stream).connect(analyser);
  ctx.resume().catch(() => {});
  const buf = new Float32Array(analyser.fftSize);
  let level = 0;
  const tick = () => {
    analyser.getFloatTimeDomainData(buf);
    let sum = 0;
    for (const x of buf) sum += x * x;
    const db = 10 * Math.log10(sum / buf.length + 1e-12); // dBFS of the last ~20 ms
    const now = Math.min(100, Math.max(0, ((db + 60) / 60) * 100)); // -60 dBFS .. 0 dBFS
    level = Math.max(now, level * 0.85); // rise at once, fall gently
    ui.meterFill.style.width = `${level}%`;
    ui.meter.setAttribute("aria-valuenow", String(Math.round(level)));
    window.voicebot.level = level;
    window.voicebot.peakLevel = Math.max(window.voicebot.peakLevel, level);
  };
  const timer = setInterval(tick, 33);
  return { stop: () => { clearInterval(timer); ctx.close().catch(() => {}); } };
}

function stopMeter() {
  if (call.meter) call.meter.stop();
  call.meter = null;
  ui.meterFill.style.width = "0%";
  ui.meter.setAttribute("aria-valuenow", "0");
  window.voicebot.level = 0;
}

// ---- the call -------------------------------------------------------------------------------------

function unsupportedReason() {
  if (typeof window.RTCPeerConnection !== "function") {
    return "This browser cannot make voice calls (it has no WebRTC). Open this page in a current Chrome, Edge or Firefox.";
  }
  if (!navigator.mediaDevices || typeof navigator.mediaDevices.getUserMedia !== "function") {
    return window.isSecureContext
      ? "This browser gives pages no microphone. Open this page in a current Chrome, Edge or Firefox."
      : "Browsers allow the microphone only on secure pages: open this page as http://localhost:… on the machine that serves it, or over https (voicebot serve --https).";
  }
  return "";
}

function micMessage(err) {
  switch (err && err.name) {
    case "NotAllowedError":
    case "SecurityError":
      return "The microphone is blocked for this page. Allow it (the microphone icon in the address bar or the site settings), then press Reconnect.";
    case "NotFoundError":
    case "OverconstrainedError":
      return "No microphone was found. Connect one, then press Reconnect.";
    case "NotReadableError":
    case "AbortError":
      return "The microphone could not be opened (another program may be using it). Press Reconnect to try again.";
    default:
      return `The microphone could not be opened: ${(err && err.message) || err}`;
  }
}

class CallError extends Error {}

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

/** The call dropped without a hang-up from this page: say so, offer to reconnect. */
function lost(why) {
  if (call.hangingUp || !call.pc || !call.connected) return; // before that, waitConnected reports it
  hangUp();
  showNotice(why);
}

/** Resolves once the events channel is open (the call connected both ways); rejects when the connection
 * fails or takes too long, as it does when a firewall or a VPN blocks the media between browser and server. */
function waitConnected(pc, channel) {
  if (channel.readyState === "open") return Promise.resolve();
  return new Promise((resolve, reject) => {
    const blocked = () =>
      reject(new CallError(
        "Could not connect to the assistant: the page reached the server, but the call's audio could not get " +
        "through (a firewall, a VPN or another network in between). On the same network it works as is; " +
        "across networks the server needs a STUN or TURN server in server.ice_servers.",
      ));
    const timer = setTimeout(blocked, CONNECT_TIMEOUT_MS);
    channel.addEventListener("open", () => { clearTimeout(timer); resolve(); });
    pc.addEventListener("connectionstatechange", () => {
      if (pc.connectionState === "failed") { clearTimeout(timer); blocked(); }
    });
  });
}

/** The microphone went away mid-call (unplugged, or taken by another app): say that, not "connection lost". */
function micEnded() {
  if (call.hangingUp || !call.pc) return;
  hangUp();
  showNotice("The microphone stopped (unplugged, or taken by another app). Reconnect to go on.");
}

/** A new call numbers its turns from 1 again: what was said before stays on the page, above a line. */
function newConversation() {
  if (view.turns.size === 0) return;
  view.turns = new Map();
  const line = el("li", "call-break", "new call");
  line.setAttribute("role", "separator");
  ui.conversation.append(line);
}

async function connect() {
  hideNotice();
  setState("connecting");
  try {
    call.mic = await navigator.mediaDevices.getUserMedia({
      audio: { echoCancellation: processing, noiseSuppression: processing, autoGainControl: processing },
    });
  } catch (err) {
    throw new CallError(micMessage(err));
  }
  call.meter = startMeter(call.mic);
  let config = {};
  try {
    config = await (await fetch("config")).json();
  } catch (err) {
    throw new CallError("Cannot reach the voicebot server. Is `voicebot serve` still running?");
  }
  const pc = new RTCPeerConnection({ iceServers: config.iceServers || [] });
  call.pc = window.voicebot.pc = pc;
  const channel = pc.createDataChannel("events");
  call.channel = channel;
  channel.onmessage = (m) => handleMessage(m.data);
  channel.onclose = () => {
    if (call.channel === channel) lost("The connection to the assistant was lost.");
  };
  pc.ontrack = (e) => {
    const stream = e.streams[0] || new MediaStream([e.track]);
    window.voicebot.remoteStream = stream;
    ui.voice.srcObject = stream;
    ui.voice.play().catch(() => {});
  };
  pc.onconnectionstatechange = () => {
    clearTimeout(call.unstableTimer);
    if (pc !== call.pc || !call.connected) return; // while connecting, waitConnected watches it
    const s = pc.connectionState;
    if (s === "failed" || s === "closed") lost("The connection to the assistant was lost.");
    else if (s === "disconnected") {
      setState("unstable");
      call.unstableTimer = setTimeout(() => lost("The connection to the assistant was lost."), 5000);
    } else if (s === "connected" && view.state === "unstable") setState("listening");
  };
  call.mic.getTracks().forEach((track) => {
    track.addEventListener("ended", micEnded);
    pc.addTrack(track, call.mic);
  });
  await pc.setLocalDescription(await pc.createOffer());
  await waitIceGathering(pc);
  let resp, answer;
  try {
    resp = await fetch("offer", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        sdp: pc.localDescription.sdp,
        type: pc.localDescription.type,
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone, // "what time is it?" in the caller's zone
      }),
    });
    answer = await resp.json();
  } catch (err) {
    throw new CallError("Cannot reach the voicebot server. Is `voicebot serve` still running?");
  }
  if (resp.status === 503) {
    const error = answer.error || "";
    const sessions = error.match(/all (\d+) voice sessions/);
    const what = /overloaded/.test(error)
      ? "its calls are running behind real time"
      : sessions ? `all ${sessions[1]} voice sessions are in use` : "every voice session is in use";
    throw new CallError(`The assistant is busy: ${what}. Try again in a minute.`); // (said once, not twice)
  }
  if (!resp.ok) throw new CallError(`The server refused the call: ${answer.error || `HTTP ${resp.status}`}`);
  await pc.setRemoteDescription(answer);
  await waitConnected(pc, channel); // "Listening" only once the assistant can hear
  call.connected = true;
  newConversation();
  ui.connect.textContent = "Hang up";
  ui.connect.classList.add("on");
  setState("listening");
}

function hangUp() {
  call.hangingUp = true;
  clearTimeout(call.unstableTimer);
  const pc = call.pc;
  call.pc = window.voicebot.pc = null;
  call.channel = null;
  call.connected = false;
  if (pc) pc.close();
  if (call.mic) call.mic.getTracks().forEach((t) => t.stop());
  call.mic = null;
  stopMeter();
  ui.connect.textContent = "Connect";
  ui.connect.classList.remove("on");
  setState("idle");
  call.hangingUp = false;
}

async function start() {
  ui.connect.disabled = ui.reconnect.disabled = true;
  try {
    await connect();
  } catch (err) {
    hangUp();
    showNotice(err instanceof CallError ? err.message : `The call could not be set up: ${err.message || err}`);
    if (!(err instanceof CallError)) console.error("voicebot:", err);
  } finally {
    ui.connect.disabled = ui.reconnect.disabled = false;
  }
}

function init() {
  const why = unsupportedReason();
  if (why) {
    ui.unsupported.textContent = why;
    ui.unsupported.hidden = false;
    ui.controls.hidden = true;
    return;
  }
  ui.connect.addEventListener("click", () => (call.pc ? hangUp() : start()));
  ui.reconnect.addEventListener("click", () => start());
  // a closed tab or a page left hangs up at once, so the server frees the session now, not at its idle timeout
  window.addEventListener("pagehide", () => {
    if (call.pc) hangUp();
  });
  showState();
}

init();
