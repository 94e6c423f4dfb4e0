"""The `voicebot` command. Failures a user can act on print one clear line, never a traceback."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import math
import os
import sys
from pathlib import Path

from voicebot.config import load_config
from voicebot.errors import VoicebotError


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="voicebot", description="A real-time, fully offline voice assistant.")
    p.add_argument("--config", type=Path, help="YAML config (default: configs/default.yaml)")
    sub = p.add_subparsers(dest="command", required=True)

    run = sub.add_parser("run", help="answer the turns of a recording (WAV, FLAC, MP3, M4A, WebM, ...)")
    run.add_argument("input", type=_recording, help="the recording, or - to read it from standard input")
    run.add_argument("--out", type=Path, help="reply audio WAV, on the input's timeline")
    run.add_argument("--report", type=Path, help="per-turn latency report (JSON)")
    run.add_argument("--fast", action="store_true", help="feed the audio as fast as possible, not in real time")
    run.add_argument("--trailing-silence", type=float, default=1.5, help="seconds of silence appended")

    bench = sub.add_parser("bench", help="voice-to-voice and per-stage latency over the shared recordings")
    bench.add_argument("--manifest", type=Path, help="recordings manifest (default: ../shared/testdata)")
    bench.add_argument("--json", type=Path, help="write the figures as JSON")
    bench.add_argument("--fast", action="store_true", help="replay as fast as possible (default: real time)")
    bench.add_argument("--limit", type=int, default=0, help="use only the first N clips (or questions)")
    mode = bench.add_mutually_exclusive_group()
    mode.add_argument("--questions", action="store_true", help="spoken general questions: are the replies useful?")
    mode.add_argument("--conversation", action="store_true", help="one long real-time conversation: does latency grow?")
    mode.add_argument(
        "--turn-taking", action="store_true", help="hesitations, complete sentences, backchannels: when does it answer?"
    )
    bench.add_argument("--turns", type=int, help="--conversation: number of turns (default 36)")
    bench.add_argument("--gap-s", type=float, help="--conversation: seconds between turn starts (default 8)")

    mic = sub.add_parser("mic", help="talk to it through the local microphone and speaker")
    mic.add_argument("--list-devices", action="store_true", help="list audio devices and exit")
    mic.add_argument("--input", help="input device: index or (part of) its name (default: system default)")
    mic.add_argument("--output", help="output device: index or (part of) its name (default: system default)")
    mic.add_argument("--echo", choices=["none", "half_duplex", "gate"], help="override echo.strategy")
    mic.add_argument("--turns", type=int, help="exit after this many replies (default: until Ctrl-C)")

    serve = sub.add_parser("serve", help="web page + WebRTC: talk to it from a browser")
    serve.add_argument("--host", help="address to listen on (default: server.host)")
    serve.add_argument("--port", type=int, help="port (default: server.port)")
    serve.add_argument(
        "--https", action="store_true", help="serve https (a self-signed certificate unless server.https is 'files')"
    )
    serve.add_argument("--tls-cert", type=Path, help="PEM certificate for https (with --tls-key)")
    serve.add_argument("--tls-key", type=Path, help="its unencrypted PEM private key")

    soak = sub.add_parser("soak", help="many WebRTC callers with hang-ups, barge-ins and bad offers: leaks, hangs")
    soak.add_argument("--callers", type=int, default=4, help="concurrent callers (server.max_sessions: 1 more)")
    soak.add_argument("--turns", type=int, default=25, help="turns per caller")
    soak.add_argument("--turns-per-call", type=int, default=5, help="a round: one call of this many turns each")
    soak.add_argument("--seed", type=int, default=0, help="seeds which turns are hung up, barged in on, ...")
    soak.add_argument("--hang-up", type=float, default=0.1, help="probability a turn is hung up mid-reply")
    soak.add_argument("--barge-in", type=float, default=0.15, help="probability the next turn talks over a reply")
    soak.add_argument("--bad-offer", type=float, default=0.15, help="probability of a bad offer before a turn")
    soak.add_argument("--loss", type=float, default=0.0, help="simulated network: share of RTP packets lost")
    soak.add_argument("--turn-timeout", type=float, default=120.0, help="seconds: no reply by then is a hang")
    soak.add_argument("--timeout", type=float, default=1800.0, help="seconds for the whole run")
    soak.add_argument("--manifest", type=Path, help="recordings manifest (default: ../shared/testdata)")
    soak.add_argument("--json", type=Path, help="write the figures as JSON")
    for command in sub.choices.values():  # also after the command ("voicebot run x.wav --config c.yaml")
        command.add_argument("--config", type=Path, default=argparse.SUPPRESS, help="YAML config")
    return p


def _recording(arg: str) -> Path:
    return Path("/dev/stdin" if arg == "-" else arg)


def _check_run_args(args: argparse.Namespace) -> None:
    """What `run` reads and writes, checked before the models load: a mistake found after a long recording
    lost the run (a folder or a file in the output's path), or overwrote the recording (--out = the input)."""
    if args.input.is_dir():
        raise VoicebotError(f"{args.input} is a folder: give a recording file (WAV, FLAC, MP3, ...)")
    if not math.isfinite(args.trailing_silence) or not 0 <= args.trailing_silence <= 60:
        raise VoicebotError(f"--trailing-silence must be 0 to 60 seconds, got {args.trailing_silence}")
    outputs = [o for o in (args.out, args.report) if o is not None]
    if len({o.resolve() for o in outputs}) < len(outputs):
        raise VoicebotError("--out and --report name the same file")
    for out in outputs:
        if out.resolve() == args.input.resolve():
            raise VoicebotError(f"{out} is the input recording: write the output to another file")
        if out.is_dir():
            raise VoicebotError(f"{out} is a folder: give a file name, e.g. {out / 'reply.wav'}")
        folder = next(p for p in [out.parent, *out.parent.parents] if p.exists())  # the nearest that exists
        if not folder.is_dir():
            raise VoicebotError(f"cannot write {out}: {folder} is a file, not a folder")
        if not os.access(folder, os.W_OK):
            raise VoicebotError(f"cannot write {out}: {folder} is not writable")
    if args.out is not None and args.out.suffix.lower() != ".wav":  # WAV data under an .mp3 name played nowhere
        raise VoicebotError(f"--out writes WAV audio: name it .wav, not {args.out.name}")


async def _main(args: argparse.Namespace) -> int:
    from audio.io import AudioError
    from voicebot.models import load_models

    cfg = load_config(args.config, _overrides(args))
    if args.command == "run":
        from audio.io import load_audio
        from voicebot.runner import run_file

        _check_run_args(args)
        try:
            samples = load_audio(args.input, 16000)  # bad input fails before seconds of model loading
        except AudioError as e:
            raise VoicebotError(str(e)) from None
        models = await load_models(cfg)
        try:
            turns = await run_file(
                cfg, models, samples, args.input, args.out, args.report, not args.fast, args.trailing_silence
            )
        except AudioError as e:  # a TTS worker (Coqui) that dies mid-run: one line, not a traceback
            raise VoicebotError(str(e)) from None
        finally:
            await models.close()
        if failed := [t for t in turns if t.error]:  # an LLM server down: each turn's error, and no exit 0
            print(f"voicebot: {len(failed)} of {len(turns)} turns failed ({failed[0].error})", file=sys.stderr)
        return 1 if turns and len(failed) == len(turns) else 0
    if args.command == "bench":
        _check_bench_args(args)
        if args.questions:
            from voicebot.bench_questions import run_questions_bench

            return await run_questions_bench(cfg, args.json, args.limit)
        if args.turn_taking:
            from voicebot.bench_turns import run_turns_bench

            return await run_turns_bench(cfg, args.manifest, args.json, args.limit)
        if args.conversation:
            from voicebot.bench_conversation import run_conversation_bench

            turns, gap_s = args.turns or 36, args.gap_s or 8.0
            return await run_conversation_bench(cfg, args.manifest, args.json, turns, gap_s)
        from voicebot.bench import run_bench

        return await run_bench(cfg, args.manifest, args.json, realtime=not args.fast, limit=args.limit)
    if args.command == "mic":
        from voicebot.transports import mic

        if args.list_devices:
            print(mic.list_devices())
            return 0
        if args.turns is not None and args.turns < 1:  # 0 and -1 were taken as 1
            raise VoicebotError(f"--turns must be 1 or more, got {args.turns} (leave it out to talk until Ctrl-C)")
        mic.find_device(args.input, "input")  # no device fails before seconds of model loading
        mic.find_device(args.output, "output")
        models = await load_models(cfg)
        try:
            await mic.run_mic(cfg, models, args.input, args.output, args.turns)
        finally:
            await models.close()
        return 0
    if args.command == "serve":
        from voicebot.transports.server import serve

        if args.https and cfg.server.https == "off":
            cfg = load_config(args.config, _overrides(args) | {"server.https": "self_signed"})
        cap_malloc_arenas()
        return await serve(cfg, args.host, args.port)
    if args.command == "soak":
        from voicebot.soak import SoakOptions, run_soak_command

        cap_malloc_arenas()

        opts = SoakOptions(
            callers=args.callers,
            turns=args.turns,
            turns_per_call=args.turns_per_call,
            seed=args.seed,
            p_hang_up=args.hang_up,
            p_barge_in=args.barge_in,
            p_bad_offer=args.bad_offer,
            turn_timeout_s=args.turn_timeout,
            run_timeout_s=args.timeout,
            packet_loss=args.loss,
        )
        return await run_soak_command(cfg, opts, args.manifest, args.json)
    raise AssertionError(args.command)


def cap_malloc_arenas(arenas: int = 2) -> None:
    """A long-running server: glibc gives every busy thread its own malloc arena, and with the engine,
    ASR, TTS, WebRTC and asyncio threads RSS creeps up call after call (measured: a 4 x 25-turn soak ended
    5.2 % over its first round, levelling off; with 2 arenas +2.8 % and ~300 MB less). The same as
    MALLOC_ARENA_MAX=2, set before the threads start. A no-op where glibc's mallopt is missing."""
    import ctypes
    import ctypes.util

    with contextlib.suppress(OSError, AttributeError, TypeError):
        ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").mallopt(-8, arenas)  # M_ARENA_MAX


def _overrides(args: argparse.Namespace) -> dict[str, object]:
    """Command-line flags that stand for config keys (validated with the rest of the config)."""
    out: dict[str, object] = {}
    if getattr(args, "echo", None):
        out["echo.strategy"] = args.echo
    cert, key = getattr(args, "tls_cert", None), getattr(args, "tls_key", None)
    if (cert is None) != (key is None):
        raise VoicebotError("--tls-cert and --tls-key go together")
    if cert is not None:
        out |= {"server.https": "files", "server.tls_cert": cert, "server.tls_key": key}
    return out


def _check_bench_args(args: argparse.Namespace) -> None:
    """An option the chosen bench mode would silently ignore is an error, not a surprise in the figures."""
    if (args.turns is not None or args.gap_s is not None) and not args.conversation:
        raise VoicebotError("--turns and --gap-s need --conversation")
    if args.fast and (args.questions or args.conversation or args.turn_taking):
        raise VoicebotError("--fast is for the recordings bench (--questions runs fast, the others in real time)")
    if args.conversation and args.limit:
        raise VoicebotError("--limit does not apply to --conversation (use --turns)")
    if args.questions and args.manifest:
        raise VoicebotError("--manifest does not apply to --questions (the questions are synthesized)")
    if args.limit < 0:  # -1 quietly dropped the last recording
        raise VoicebotError(f"--limit must be 0 (all) or more, got {args.limit}")
    if (args.turns is not None and args.turns < 1) or (args.gap_s is not None and args.gap_s <= 0):
        raise VoicebotError("--turns must be >= 1 and --gap-s > 0")


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        return asyncio.run(_main(args))
    except VoicebotError as e:
        print(f"voicebot: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
