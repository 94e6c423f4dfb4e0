"""Run recordings through a session: the main job (`voicebot run`) and the latency benchmark."""

from __future__ import annotations

import asyncio
import contextlib
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from audio.io import raise_quiet, write_wav
from voicebot.config import Config
from voicebot.errors import VoicebotError
from voicebot.models import Models
from voicebot.playback import VirtualPlayer
from voicebot.report import TurnRecord, report_dict, write_json_atomic
from voicebot.session import Session
from voicebot.sources import replay


def print_turn(rec: TurnRecord, out: Callable[[str], None] = print) -> None:
    out(f"turn {rec.turn_id}  you: {rec.transcript}")
    out(f"        bot: {rec.reply_text}" + (f"  [error: {rec.error}]" if rec.error else ""))
    out(f"        {rec.latency_line()}")


async def run_recording(
    cfg: Config,
    models: Models,
    samples: np.ndarray,
    realtime: bool = True,
    trailing_silence_s: float = 1.5,
    on_turn: Callable[[TurnRecord], None] | None = None,
) -> tuple[list[TurnRecord], np.ndarray]:
    """Replay 16 kHz audio through a fresh session; return its turns and the reply audio timeline."""
    session = Session(
        cfg, models, player=lambda obs: VirtualPlayer(obs.to_input_clock), realtime=realtime, on_turn=on_turn
    )
    try:
        t0 = time.monotonic()
        turns = await session.run(replay(samples, realtime, trailing_silence_s=trailing_silence_s, t0=t0), t0)
    finally:
        await session.close()
    player = session.player
    assert isinstance(player, VirtualPlayer)
    return turns, player.render(models.tts.sample_rate)


async def run_file(
    cfg: Config,
    models: Models,
    samples: np.ndarray,
    path: Path,
    out: Path | None,
    report: Path | None,
    realtime: bool,
    trailing_silence_s: float = 1.5,
) -> list[TurnRecord]:
    """The main job: replay 16 kHz `samples` (read from `path`), print each turn, write WAV and report.
    A quiet recording is raised first (`raise_quiet`), as a listener would turn it up."""
    samples, gain_db = raise_quiet(samples)
    if gain_db:
        print(f"{path} is quiet: raised by {gain_db:.0f} dB for the VAD to hear it", file=sys.stderr)
    meta = {"input": str(path), "realtime": realtime, "input_duration_s": round(len(samples) / 16000, 3)}
    done: list[TurnRecord] = []

    def on_turn(rec: TurnRecord) -> None:
        print_turn(rec, lambda line: print(line, flush=True))  # as it happens, also into a pipe (`| tee`)
        done.append(rec)

    try:
        turns, audio = await run_recording(cfg, models, samples, realtime, trailing_silence_s, on_turn=on_turn)
    except asyncio.CancelledError:  # Ctrl-C: the turns answered so far are not thrown away
        if report is not None and done:
            with contextlib.suppress(OSError):
                write_json_atomic(report, report_dict(done, {**meta, "interrupted": True}))
                print(f"interrupted: the report of {len(done)} turns so far is in {report}", file=sys.stderr)
        raise
    if not turns:
        print(f"no speech turn found in {path}", file=sys.stderr)
    try:  # the report first: it is what a failed WAV would otherwise take with it
        if report is not None:
            write_json_atomic(report, report_dict(turns, meta))
            print(f"report: {report}", file=sys.stderr)
        if out is not None and len(audio):
            write_wav(out, audio, models.tts.sample_rate)
            print(f"reply audio: {out}", file=sys.stderr)
        elif len(audio):
            print("reply audio not kept (--out FILE writes it)", file=sys.stderr)
        elif out is not None:  # an earlier run's reply audio would disagree with this run's report
            gone = " (the earlier one removed)" if out.is_file() else ""
            out.unlink(missing_ok=True)
            print(f"no reply audio, so {out} was not written{gone}", file=sys.stderr)
    except OSError as e:
        raise VoicebotError(f"cannot write the output: {e}") from None
    return turns
