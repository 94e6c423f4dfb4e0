"""`voicebot bench --conversation`: does latency hold up as one conversation gets long?

The recordings bench answers each clip in a fresh session, so the prompt is always short. Here the
Harvard-sentence clips are strung into one long recording, replayed in real time through ONE session,
so the chat history grows turn after turn; the p50 over all turns is compared with the first three.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from voicebot.bench import llm_meta, load_recordings, machine, read_manifest
from voicebot.config import Config
from voicebot.errors import VoicebotError
from voicebot.models import load_models
from voicebot.report import TurnRecord, percentiles, summarize, write_json_atomic
from voicebot.runner import run_recording

RATE = 16000
CLIP_NAME = re.compile(r"spk\d+_snt\d+\.wav")  # the 12 Harvard sentences, two speakers


def build_conversation(
    clips: Sequence[np.ndarray], turns: int, gap_s: float, min_silence_s: float = 0.0
) -> tuple[np.ndarray, list[float]]:
    """Clips in turn (cycling) with turn starts `gap_s` apart, silence after each; returns audio and starts.

    min_silence_s: the least silence after a clip, so the VAD ends each turn and the next one doesn't merge.
    """
    if turns < 1 or not clips:
        raise ValueError("need at least one turn and one clip")
    gap = round(gap_s * RATE)
    longest = max(len(c) for c in clips) / RATE
    if gap_s - longest < min_silence_s:
        raise ValueError(
            f"gap {gap_s:g} s leaves under {min_silence_s:g} s of silence after the longest clip ({longest:.2f} s)"
        )
    audio = np.zeros(turns * gap, np.float32)
    for k in range(turns):
        clip = clips[k % len(clips)]
        audio[k * gap : k * gap + len(clip)] = clip
    return audio, [k * gap / RATE for k in range(turns)]


def _p50(values: list[float]) -> float | None:
    return percentiles(values).get("p50")


def _growth(turns: list[TurnRecord], stage: str) -> dict[str, object]:
    """p50/p95 over all turns, p50 of the first three, and their ratio (>1: later turns are slower)."""
    values = [t.latency_ms[stage] for t in turns if stage in t.latency_ms]
    first, overall = _p50(values[:3]), _p50(values)
    ratio = round(overall / first, 2) if first and overall is not None else None
    return {**percentiles(values), "p50_first3": first, "ratio_p50_all_vs_first3": ratio}


async def run_conversation_bench(
    cfg: Config, manifest: Path | None, json_out: Path | None, turns: int = 36, gap_s: float = 8.0
) -> int:
    """Replay the built conversation through one session in real time; print and write the growth figures."""
    path, entries = read_manifest(manifest, keep=lambda f: bool(CLIP_NAME.fullmatch(f)), kept="spkN_sntN.wav clips")
    files = [c["file"] for c in entries]
    audio_of = load_recordings(path, entries, RATE)  # a missing or broken recording is named before models load
    clips = [audio_of[f] for f in files]
    # A turn may wait up to unfinished_ms of silence; speech within continuation_ms after that would merge
    # (so the default gap is 8 s: 6 s, as before the model decided turns, leaves under 4 s after 3.15 s).
    min_silence = (cfg.turns.unfinished_ms + cfg.turns.continuation_ms) / 1000
    try:
        audio, starts = build_conversation(clips, turns, gap_s, min_silence)
    except ValueError as e:
        raise VoicebotError(str(e)) from None
    models = await load_models(cfg)
    try:
        meta = llm_meta(cfg, models)
        print(f"{len(audio) / RATE:.0f} s of conversation, {turns} turns, replayed in real time", file=sys.stderr)
        got, _ = await run_recording(cfg, models, audio, realtime=True, on_turn=_print_turn)
    finally:
        await models.close()
    got.sort(key=lambda t: t.turn_id)
    pre_roll = cfg.vad.pre_roll_ms / 1000  # a turn's speech_start_s may begin this much before its clip
    rows = []
    for t in got:
        k = int(np.searchsorted(starts, (t.speech_start_s or 0.0) + pre_roll, side="right")) - 1
        rows.append({
            "turn": k + 1, "clip": files[k % len(files)], "transcript": t.transcript, "reply": t.reply_text,
            "voice_to_voice_ms": t.latency_ms.get("voice_to_voice"),
            "llm_first_token_ms": t.latency_ms.get("llm_first_token"),
            "interrupted": t.interrupted, "heard_text": t.heard_text,
            "latency_ms": t.latency_ms, "end_verdict": t.end_verdict, "p_complete": t.p_complete,
        })  # fmt: skip
    growth = {s: _growth(got, s) for s in ("voice_to_voice", "llm_first_token")}
    interrupted = sum(t.interrupted for t in got)
    print(f"\n{'stage':<16}{'p50':>8}{'p95':>8}{'p50 1-3':>9}{'ratio':>7}{'n':>5}")
    for stage, g in growth.items():
        print(f"{stage:<16}" + "".join(f"{_fmt(g.get(k)):>{w}}" for k, w in _COLUMNS))
    print(f"turns answered: {len(got)}/{turns}; replies still playing when the next turn began: {interrupted}")
    if json_out is not None:
        data = {"machine": machine(), **meta, "turns_requested": turns, "gap_s": gap_s, "turns_answered": len(got)}
        data |= {"interrupted_by_next_turn": interrupted, "growth_ms": growth, "summary_ms": summarize(got)}
        write_json_atomic(json_out, {**data, "turns": rows})
        print(f"wrote {json_out}", file=sys.stderr)
    return 0


_COLUMNS = (("p50", 8), ("p95", 8), ("p50_first3", 9), ("ratio_p50_all_vs_first3", 7), ("n", 5))


def _fmt(v: object) -> str:
    return "-" if v is None else f"{v:.0f}" if isinstance(v, float) and v >= 10 else f"{v}"


def _print_turn(t: TurnRecord) -> None:
    """Progress while the conversation plays (a barge-in is only known later: see the final table)."""
    v2v, llm = t.latency_ms.get("voice_to_voice"), t.latency_ms.get("llm_first_token")
    print(f"turn {t.turn_id:>3}  v2v={v2v}ms  llm_first_token={llm}ms  {t.transcript}", file=sys.stderr)
