"""`voicebot bench --turn-taking`: does the bot wait while the user is mid-thought, and answer at once after?

Recordings are made here from the shared ones, replayed in real time through a fresh session each:
- hesitations: a silence of 0.5, 1.0, 1.5 or 2.0 s inserted at the word boundary nearest the middle of
  each sentence (found from Whisper's word times, moved to the quietest 10 ms nearby). Reported: how
  often the sentence was answered as two turns (split) and how often reply audio played inside the
  pause (talked over);
- complete sentences: the endpoint delay (true end of speech to the turn's end) and voice-to-voice;
- fillers: "Um.", "Well," or "So," (Piper; its "Uh," and "Hmm," are heard as "Huh?" and "them"), a
  1.5 s pause, then a question: how often the filler alone got a reply (split, or talked over);
- short replies: "Yes.", "Tell me more.", "Why?", ... (Piper), each a whole turn: the endpoint delay, as
  for the complete sentences (the commonest turns of a conversation, which the model scores low);
- overlaps while the bot speaks: backchannels and a cough (Piper and synthetic noise) must not
  interrupt; a real sentence must, and the time from its onset to the reply stopping is reported.
Every part runs with the model's end-of-turn score and with silence only, side by side.
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import numpy as np

from audio.tts import PiperTts
from voicebot import frames as fr
from voicebot.bench import llm_meta, load_recordings, machine, read_manifest
from voicebot.bench_questions import question_audio
from voicebot.config import Config
from voicebot.models import Models, load_models
from voicebot.playback import AUDIBLE, VirtualPlayer
from voicebot.plots import write_bench_images
from voicebot.report import TurnRecord, percentiles, write_json_atomic
from voicebot.runner import run_recording
from voicebot.session import Session

RATE = 16000
HESITATIONS_S = (0.5, 1.0, 1.5, 2.0)
LEAD_S, TRAIL_S = 0.5, 3.0
BACKCHANNELS = ("Uh-huh.", "Yeah.", "Okay.", "Mm-hmm.", "Right.")
FILLERS = (("Um.", "What is the capital of France?"), ("Well,", "How many days are there in a week?"),
           ("So,", "What gas do plants take in from the air?"))  # fmt: skip
FILLER_PAUSE_S = 1.5
SHORT_REPLIES = ("Yes.", "No.", "Yes, please.", "No, thanks.", "Tell me more.", "Why?", "What else?", "Go on.",
                 "I don't know.", "Maybe.", "Thank you.", "Say that again.", "Another one.", "Not really.",
                 "Sounds good.", "Okay.")  # fmt: skip  (the last two are not in turn_policy.SHORT_REPLIES)
POLICIES = ("model", "silence")


def hesitation_point(models: Models, x: np.ndarray) -> float:
    """Seconds into x of the quietest 10 ms between the two words nearest the middle of the sentence."""
    words = models.asr.words(x)
    if len(words) < 3:
        raise ValueError("too few words to insert a hesitation")
    k = len(words) // 2
    lo, hi = int((words[k - 1][2] - 0.05) * RATE), int((words[k][1] + 0.05) * RATE)
    frame = RATE // 100
    energies = [float(np.mean(x[i : i + frame] ** 2)) for i in range(max(0, lo), max(lo + frame, hi), frame)]
    return (max(0, lo) + frame * int(np.argmin(energies))) / RATE


def with_pause(x: np.ndarray, at_s: float, pause_s: float) -> np.ndarray:
    cut = int(at_s * RATE)
    parts = [np.zeros(int(LEAD_S * RATE), np.float32), x[:cut], np.zeros(int(pause_s * RATE), np.float32), x[cut:]]
    return np.concatenate(parts).astype(np.float32)


def _audible_between(audio: np.ndarray, rate: int, a_s: float, b_s: float) -> bool:
    seg = audio[int(a_s * rate) : int(b_s * rate)]
    return bool(len(seg) and np.max(np.abs(seg)) > AUDIBLE)


async def hesitation_runs(
    cfgs: dict[str, Config], models: Models, clips: list[dict], audio_of: dict[str, np.ndarray]
) -> list[dict]:
    """Each recording with every policy back to back, so a slower minute of a shared machine hits both."""
    rows = []
    for clip in clips:
        x = audio_of[clip["file"]]
        at = hesitation_point(models, x)
        for pause, policy in ((p, pol) for p in (0.0, *HESITATIONS_S) for pol in cfgs):
            audio = with_pause(x, at, pause)
            true_end = LEAD_S + clip["speech_end_s"] + pause
            turns, reply = await run_recording(cfgs[policy], models, audio, True, TRAIL_S)
            last = turns[-1] if turns else None
            row = {
                "policy": policy, "file": clip["file"], "pause_s": pause, "turns": len(turns),
                "transcript": " / ".join(t.transcript for t in turns),
                "verdicts": [t.end_verdict for t in turns],
                "split": len(turns) > 1,
                "talked_over": pause > 0 and _audible_between(reply, models.tts.sample_rate, LEAD_S + at,
                                                              LEAD_S + at + pause),
                **_delays(last, true_end),
                "latency_ms": {} if last is None else last.latency_ms,  # the last turn's stages (plots.py)
            }  # fmt: skip
            rows.append(row)
            print(f"  {policy:>7} {clip['file']:>14} pause {pause:.1f}s: {len(turns)} turn(s) {row['verdicts']} "
                  f"split={row['split']} talked_over={row['talked_over']} endpoint={row['endpoint_ms']}ms "
                  f"v2v={row['v2v_ms']}ms  {row['transcript']}", file=sys.stderr)  # fmt: skip
    return rows


async def filler_runs(cfgs: dict[str, Config], models: Models) -> list[dict]:
    """A filler, a pause, then the question the user was thinking of: one turn, nothing said into the pause."""
    tts = await asyncio.to_thread(PiperTts)
    rows = []
    for (filler, question), policy in ((f, pol) for f in FILLERS for pol in cfgs):
        said = [await asyncio.to_thread(question_audio, tts, t, 0.0, 0.0) for t in (filler, question)]
        pause = np.zeros(int(FILLER_PAUSE_S * RATE), np.float32)
        audio = np.concatenate([np.zeros(int(LEAD_S * RATE), np.float32), said[0], pause, said[1]])
        a_s = LEAD_S + len(said[0]) / RATE
        turns, reply = await run_recording(cfgs[policy], models, audio, True, TRAIL_S)
        row = {
            "policy": policy, "said": f"{filler} ({FILLER_PAUSE_S} s) {question}", "turns": len(turns),
            "transcript": " / ".join(t.transcript for t in turns), "split": len(turns) > 1,
            "talked_over": _audible_between(reply, models.tts.sample_rate, a_s, a_s + FILLER_PAUSE_S),
        }  # fmt: skip
        rows.append(row)
        print(f"  {policy:>7} {row['said']!r}: {len(turns)} turn(s) split={row['split']} "
              f"talked_over={row['talked_over']}  {row['transcript']}", file=sys.stderr)  # fmt: skip
    return rows


async def short_reply_runs(cfgs: dict[str, Config], models: Models) -> list[dict]:
    """A short reply alone as a turn: how long after the voice stops does the turn end, and the reply start?"""
    tts = await asyncio.to_thread(PiperTts)
    rows = []
    for text in SHORT_REPLIES:
        speech = await asyncio.to_thread(question_audio, tts, text, 0.0, 0.0)
        true_end = LEAD_S + _end(speech)
        audio = np.concatenate([np.zeros(int(LEAD_S * RATE), np.float32), speech])
        for policy in cfgs:
            turns, _ = await run_recording(cfgs[policy], models, audio, True, TRAIL_S)
            last = turns[-1] if turns else None
            row = {
                "policy": policy, "said": text, "turns": len(turns),
                "transcript": " / ".join(t.transcript for t in turns), "verdicts": [t.end_verdict for t in turns],
                **_delays(last, true_end),
            }  # fmt: skip
            rows.append(row)
            print(f"  {policy:>7} {text!r:<18} {row['verdicts']} endpoint={row['endpoint_ms']}ms "
                  f"v2v={row['v2v_ms']}ms  {row['transcript']}", file=sys.stderr)  # fmt: skip
    return rows


def _delays(last: TurnRecord | None, true_end: float) -> dict[str, int | None]:
    """The last turn's endpoint and voice-to-voice delays (ms) from where the user's voice truly stopped."""
    return {
        "endpoint_ms": None if last is None else round((last.endpoint_s - true_end) * 1000),
        "v2v_ms": None if last is None or last.first_audible_reply_s is None
        else round((last.first_audible_reply_s - true_end) * 1000),
    }  # fmt: skip


def _loud_blocks(x: np.ndarray) -> np.ndarray:
    """Indices of x's 20 ms blocks louder than -35 dBFS RMS (speech, not Piper's or a recording's silence)."""
    blocks = x[: len(x) // 320 * 320].reshape(-1, 320)
    return np.flatnonzero(np.sqrt(np.mean(blocks**2, axis=1)) > 10 ** (-35 / 20))


def _end(x: np.ndarray) -> float:
    """Seconds to the end of x's last loud block (where the voice stops; Piper trails silence)."""
    loud = _loud_blocks(x)
    return float((loud[-1] + 1) * 320 / RATE) if len(loud) else len(x) / RATE


def cough(seconds: float = 0.25) -> np.ndarray:
    """A cough-like burst: low-passed noise under a fast attack, slow decay envelope (seeded)."""
    n = int(seconds * RATE)
    noise = np.random.default_rng(0).standard_normal(n).astype(np.float32)
    noise = np.convolve(noise, np.ones(8, np.float32) / 8, mode="same")
    env = np.minimum(1.0, np.arange(n) / (0.01 * RATE)) * np.exp(-np.arange(n) / (0.08 * RATE))
    return (0.3 * noise * env).astype(np.float32)


async def overlap_run(cfg: Config, models: Models, first: np.ndarray, overlap: np.ndarray, into_s: float) -> dict:
    """Say `first`; `into_s` after its reply starts playing, say `overlap`. Report whether the reply was cut
    and how long after the overlap's onset the reply stopped (paused or cut)."""
    stops: list[float] = []
    session = Session(
        cfg, models, player=lambda obs: VirtualPlayer(obs.to_input_clock), realtime=True,
        on_frame=lambda f: stops.append(time.monotonic()) if isinstance(f, fr.PauseReply | fr.Interrupt) else None,
    )  # fmt: skip
    player = session.player
    onset: list[float] = []

    async def source() -> AsyncIterator[fr.AudioIn]:
        chunk, n, playing_since = 320, 0, None
        script = [np.zeros(int(LEAD_S * RATE), np.float32), first]
        while True:
            audio = script.pop(0) if script else None
            if audio is None:
                if playing_since is None and player.is_playing():
                    playing_since = time.monotonic()
                if playing_since is not None and time.monotonic() - playing_since >= into_s and not onset:
                    onset.append(n / RATE + _lead(overlap))
                    audio = np.concatenate([overlap, np.zeros(int(TRAIL_S * RATE), np.float32)])
                elif onset or time.monotonic() - t0 > 30:
                    return
                else:
                    audio = np.zeros(chunk, np.float32)
            for i in range(0, len(audio), chunk):
                piece = np.zeros(chunk, np.float32)
                piece[: len(audio[i : i + chunk])] = audio[i : i + chunk]
                await asyncio.sleep(max(0.0, t0 + (n + chunk) / RATE - time.monotonic()))
                yield fr.AudioIn(piece, n / RATE)
                n += chunk

    t0 = time.monotonic()
    try:
        turns = await session.run(source(), t0)
    finally:
        await session.close()
    cut = any(t.interrupted for t in turns)
    stop_ms = round((stops[0] - t0 - onset[0]) * 1000) if stops and onset else None
    return {"interrupted": cut, "stop_ms": stop_ms, "overlap_said": onset != [], "turns": len(turns)}


def _lead(x: np.ndarray) -> float:
    """Seconds of near-silence before x's first loud block (the true speech onset)."""
    loud = _loud_blocks(x)
    return float(loud[0] * 320 / RATE) if len(loud) else 0.0


async def overlap_runs(
    cfgs: dict[str, Config], models: Models, clips: list[dict], audio_of: dict[str, np.ndarray]
) -> list[dict]:
    tts = await asyncio.to_thread(PiperTts)
    first = audio_of[clips[0]["file"]]
    said = [(b, await asyncio.to_thread(question_audio, tts, b, 0.0, 0.0)) for b in BACKCHANNELS]
    said.append(("(cough)", cough()))
    said += [(c["transcript"], audio_of[c["file"]]) for c in clips[1:3]]
    rows = []
    for (text, audio), policy in ((x, pol) for x in said for pol in cfgs):
        kind = "interruption" if text in (c["transcript"] for c in clips) else "backchannel"
        got = await overlap_run(cfgs[policy], models, first, audio, 0.6)
        row = {"policy": policy, "said": text, "kind": kind, **got}
        rows.append(row)
        print(f"  {policy:>7} over the reply: {text!r:<40} interrupted={row['interrupted']} stop={row['stop_ms']}ms",
              file=sys.stderr)  # fmt: skip
    return rows


def summarize(hes: list[dict], over: list[dict], fill: list[dict], short: list[dict]) -> dict:
    out: dict[str, object] = {}
    for pause in HESITATIONS_S:
        rows = [r for r in hes if r["pause_s"] == pause]
        n = len(rows)
        out[f"pause_{pause}s"] = {
            "n": n,
            "split": sum(r["split"] for r in rows),
            "talked_over": sum(r["talked_over"] for r in rows),
            "split_or_talked_over_pct": round(100 * sum(r["split"] or r["talked_over"] for r in rows) / max(1, n), 1),
        }
    whole = [r for r in hes if r["pause_s"] == 0.0]
    out["complete_endpoint_ms"] = percentiles([r["endpoint_ms"] for r in whole if r["endpoint_ms"] is not None])
    out["complete_v2v_ms"] = percentiles([r["v2v_ms"] for r in whole if r["v2v_ms"] is not None])
    out["short_replies_endpoint_ms"] = percentiles([r["endpoint_ms"] for r in short if r["endpoint_ms"] is not None])
    out["short_replies_v2v_ms"] = percentiles([r["v2v_ms"] for r in short if r["v2v_ms"] is not None])
    out["fillers"] = {
        "n": len(fill),
        "split": sum(r["split"] for r in fill),
        "talked_over": sum(r["talked_over"] for r in fill),
    }
    bc = [r for r in over if r["kind"] == "backchannel"]
    real = [r for r in over if r["kind"] == "interruption"]
    out["backchannel_interruptions"] = f"{sum(r['interrupted'] for r in bc)}/{len(bc)}"
    out["real_interruptions_stopped"] = f"{sum(r['interrupted'] for r in real)}/{len(real)}"
    out["real_interruption_stop_ms"] = [r["stop_ms"] for r in real]
    return out


async def run_turns_bench(cfg: Config, manifest: Path | None, json_out: Path | None, limit: int = 0) -> int:
    need = ("file", "transcript", "speech_end_s")
    path, clips = read_manifest(manifest, need, keep=lambda f: f.startswith("spk"), kept="spk* recordings")
    clips = clips[:limit] if limit else clips
    audio_of = load_recordings(path, clips, RATE)  # a missing or broken recording is named before models load
    models = await load_models(cfg)
    cfgs = {p: cfg.model_copy(update={"turns": cfg.turns.model_copy(update={"end_of_turn": p})}) for p in POLICIES}
    try:
        meta = llm_meta(cfg, models)
        hes = await hesitation_runs(cfgs, models, clips, audio_of)
        fill = await filler_runs(cfgs, models)
        over = await overlap_runs(cfgs, models, clips, audio_of)
        short = await short_reply_runs(cfgs, models)
    finally:
        await models.close()
    results = {
        p: {
            "summary": summarize(*([r for r in rows if r["policy"] == p] for rows in (hes, over, fill, short))),
            "hesitations": [r for r in hes if r["policy"] == p],
            "overlaps": [r for r in over if r["policy"] == p],
            "fillers": [r for r in fill if r["policy"] == p],
            "short_replies": [r for r in short if r["policy"] == p],
        }
        for p in POLICIES
    }
    print_table(results)
    if json_out is not None:
        report = {"machine": machine(), **meta, "budgets_ms": cfg.budgets_ms.model_dump(), "results": results}
        write_json_atomic(json_out, report)
        print(f"wrote {json_out}", file=sys.stderr)
        for image in write_bench_images(report, json_out):
            print(f"wrote {image}", file=sys.stderr)
    return 0


def print_table(results: dict[str, dict]) -> None:
    print(f"\n{'':<36}" + "".join(f"{p:>22}" for p in results))
    for pause in HESITATIONS_S:
        cells = [results[p]["summary"][f"pause_{pause}s"] for p in results]
        label = f"hesitation {pause:.1f} s: split / talked over"
        print(f"{label:<36}" + "".join(f"{c['split']:>9}/{c['n']} {c['talked_over']:>6}/{c['n']}" for c in cells))
    cells = [results[p]["summary"]["fillers"] for p in results]
    label = f"filler + {FILLER_PAUSE_S:.1f} s: split / talked over"
    print(f"{label:<36}" + "".join(f"{c['split']:>9}/{c['n']} {c['talked_over']:>6}/{c['n']}" for c in cells))
    for key, label in (("complete_endpoint_ms", "complete: endpoint p50/p95 ms"),
                       ("complete_v2v_ms", "complete: voice-to-voice p50/p95 ms"),
                       ("short_replies_endpoint_ms", "short replies: endpoint p50/p95 ms"),
                       ("short_replies_v2v_ms", "short replies: v2v p50/p95 ms")):  # fmt: skip
        cells = [results[p]["summary"][key] for p in results]
        print(f"{label:<36}" + "".join(f"{c.get('p50', 0):>14.0f}/{c.get('p95', 0):<7.0f}" for c in cells))
    for key, label in (("backchannel_interruptions", "backchannels that interrupted"),
                       ("real_interruptions_stopped", "real interruptions that stopped it"),
                       ("real_interruption_stop_ms", "  stopped after (ms from onset)")):  # fmt: skip
        print(f"{label:<36}" + "".join(f"{results[p]['summary'][key]!s:>22}" for p in results))
