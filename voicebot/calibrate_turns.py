"""`python -m voicebot.calibrate_turns`: how well does the end-of-turn score tell finished from unfinished?

Labelled data, built here and never stored:
- recordings (the shared clips): each whole sentence, transcribed as the pipeline would at its end
  (complete), and every cut of it at an interior word boundary, with silence after the cut, as the ASR
  hears a user who stops mid-sentence (unfinished). A clip whose transcript does not end a sentence
  counts as unfinished whole too.
- requests: questions and requests of the kind people say to a voice assistant, spoken by Piper (its
  noise off), whole and cut at every word boundary as the recordings are. Read sentences are not what an
  assistant mostly hears: short requests ("Tell me a joke.", "How are you?") score lower, as the model
  expects "... about cats", "... doing". Written for this, not tuned to any model.
- text: short requests, whole and cut at every word, with no ASR (a cut has no punctuation).

Each example is scored by the engine in a fresh conversation (system prompt + the text) and judged by
voicebot/turn_policy.py with the given thresholds; the report is per label, and a sweep of complete_p.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import re
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from audio.asr import WhisperAsr
from audio.io import load_audio
from audio.tts import PiperTts
from voicebot.bench import DEFAULT_MANIFEST, machine
from voicebot.bench_questions import question_audio
from voicebot.config import load_config
from voicebot.conversation import Conversation
from voicebot.options import asr_options, engine_options, tts_options, turn_options
from voicebot.report import write_json_atomic
from voicebot.turn_policy import TurnOptions, decide

RATE = 16000
REQUESTS = (
    "Tell me a joke.", "How are you?", "What can you do?", "Tell me a story about a dragon.", "Sing me a song.",
    "What's the news today?", "Explain how rainbows form.", "Give me a recipe for banana bread.",
    "How far away is the moon?", "Tell me something interesting about space.",
    "What is the tallest building in the world?", "Show me how to tie a tie.", "Recommend a good book to read.",
    "Describe the water cycle.", "Who invented the telephone?", "Where is the Eiffel Tower?",
    "Can you tell me a fun fact about cats?", "Why do leaves change color in the fall?",
    "Translate good night into Spanish.", "Name three primary colors.", "Give me some ideas for a birthday party.",
    "What should I wear to a job interview?", "How do I make a cup of tea?", "Suggest a name for my new puppy.",
    "Which planet has the most moons?", "Tell me about the history of chess.", "Read me a short poem.",
    "When did the Second World War end?", "How many bones are in the human body?", "List some healthy breakfast ideas.",
)  # fmt: skip
TEXTS = (
    "Can you set a timer for ten minutes?",
    "What's the weather going to be like tomorrow?",
    "Remind me to call my sister when I get home.",
    "How far is it from London to Paris?",
    "Play some relaxing music.",
    "I'd like to book a table for two tonight.",
    "Why is the sky blue?",
    "Tell me a fun fact about octopuses.",
    "Turn off the lights in the kitchen.",
    "What should I cook for dinner with chicken and rice?",
    "I need to find a new flat near the station.",
    "Thank you, that was really helpful.",
)


@dataclass
class Example:
    source: str
    text: str
    complete: bool
    p: float | None = None
    verdict: str = ""

    @property
    def kind(self) -> str:
        return "text" if self.source == "text" else "requests" if self.source.startswith("request") else "recordings"


def recording_examples(asr: WhisperAsr, manifest: Path) -> list[Example]:
    out = []
    for clip in json.loads(manifest.read_text())["asr_clips"]:
        x = load_audio(manifest.parent / clip["file"], RATE)
        out += audio_examples(asr, clip["file"], x, clip["transcript"].rstrip().endswith((".", "?", "!")))
    return out


def request_examples(asr: WhisperAsr, tts: PiperTts) -> list[Example]:
    out = []
    for i, text in enumerate(REQUESTS):
        out += audio_examples(asr, f"request{i:02d}", question_audio(tts, text, lead_s=0.3, trail_s=0.0), True)
    return out


def audio_examples(asr: WhisperAsr, source: str, x: np.ndarray, whole: bool) -> list[Example]:
    """The utterance as the ASR hears it whole, and cut at each interior word boundary (unfinished)."""
    tail = np.zeros(int(0.15 * RATE), np.float32)
    full = asr.transcribe(np.concatenate([x, tail]))
    out = [Example(source, full, whole)]
    for (_, _, end), (_, nxt, _) in itertools.pairwise(asr.words(x)):
        cut = int(min(end + 0.05, (end + nxt) / 2) * RATE)
        text = asr.transcribe(np.concatenate([x[:cut], tail]))
        if _words(text) != _words(full):  # word times are rough: a "cut" may hold the whole sentence
            out.append(Example(f"{source}@{end:.2f}", text, False))
    return out


def _words(text: str) -> list[str]:
    return re.sub(r"[^\w\s']", " ", text.lower()).split()


def text_examples() -> list[Example]:
    out = []
    for t in TEXTS:
        words = t.split()
        out.append(Example("text", t, True))
        out += [Example("text", " ".join(words[:k]), False) for k in range(1, len(words))]
    return out


def summarize(examples: list[Example], opts: TurnOptions) -> dict[str, object]:
    rows: dict[str, dict[str, int]] = {}  # "kind label" -> verdict -> count
    for e in examples:
        e.verdict = decide(opts, e.text, e.p).label
        for kind in ("all", e.kind):
            row = rows.setdefault(f"{kind} {'complete' if e.complete else 'unfinished'}", {})
            row[e.verdict] = row.get(e.verdict, 0) + 1
    sweep = []
    for cp in (0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.07, 0.1, 0.15, 0.2, 0.3):
        o = TurnOptions(**{**asdict(opts), "complete_p": cp})
        v = [(e.complete, decide(o, e.text, e.p).label) for e in examples]
        pos = [lab for c, lab in v if c]
        neg = [lab for c, lab in v if not c]
        sweep.append({
            "complete_p": cp,
            "complete_answered_fast": round(sum(lab == "complete" for lab in pos) / max(1, len(pos)), 3),
            "unfinished_cut_off": round(sum(lab == "complete" for lab in neg) / max(1, len(neg)), 3),
        })  # fmt: skip
    return {"verdicts": rows, "sweep": sweep}


async def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m voicebot.calibrate_turns", description=__doc__.split("\n")[0])
    ap.add_argument("--config", type=Path)
    ap.add_argument("--manifest", type=Path, default=DEFAULT_MANIFEST)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    cfg = load_config(args.config)
    from engine import Engine

    asr = await asyncio.to_thread(WhisperAsr, asr_options(cfg))
    tts = await asyncio.to_thread(PiperTts, tts_options(cfg))
    examples = await asyncio.to_thread(recording_examples, asr, args.manifest)
    examples += await asyncio.to_thread(request_examples, asr, tts)
    examples += text_examples()
    engine = await asyncio.to_thread(Engine, engine_options(cfg))
    try:
        conv = Conversation(cfg.llm.system_prompt)
        for e in examples:
            e.p = await engine.end_of_turn(conv.prompt(pending=e.text), "calibration")
    finally:
        engine.close()
    opts = turn_options(cfg)
    result = summarize(examples, opts)
    for e in examples:
        mark = "+" if e.complete else "-"
        print(f"{mark} p={e.p if e.p is None else round(e.p, 4)!s:>7} {e.verdict:<11} {e.source:<22} {e.text}")
    print(f"\nverdicts (threshold complete_p={opts.complete_p}):")
    for label, counts in result["verdicts"].items():  # type: ignore[union-attr]
        n = sum(counts.values())
        print(f"  {label:<21} n={n:<4} " + "  ".join(f"{k} {v / n:.0%}" for k, v in sorted(counts.items())))
    print("\ncomplete_p sweep: share of complete answered at once / share of unfinished cut off")
    for row in result["sweep"]:  # type: ignore[union-attr]
        print(f"  {row['complete_p']:<5} {row['complete_answered_fast']:.0%} / {row['unfinished_cut_off']:.0%}")
    if args.json is not None:
        write_json_atomic(args.json, {"machine": machine(), **result, "examples": [asdict(e) for e in examples]})
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
