"""`voicebot bench --questions`: does the whole pipeline give useful answers to spoken questions?

Latency alone can't tell a fast assistant from a useless one: each question is spoken by Piper, heard,
transcribed and answered through the real pipeline, and the reply counts as useful when it contains an
expected word. The questions are general knowledge, not tuned to any model. A second set asks what only
the clock knows and for what the assistant lacks (a timer, the weather): right when the reply gives the
clock, or says it can't (voicebot/notes.py), and to a request for a story or a song when it tells one or
says it cannot sing (voicebot/entertain.py). A third asks for calculations past one-digit sums, which a
small model guesses, for unit conversions and for a word's letters (voicebot/notes.py).
"""

from __future__ import annotations

import asyncio
import re
import sys
import unicodedata
from dataclasses import asdict, dataclass
from datetime import date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import numpy as np

from audio.io import resample
from audio.tts import PiperTts
from voicebot.arithmetic import number_words
from voicebot.bench import llm_meta, machine
from voicebot.config import Config
from voicebot.models import load_models
from voicebot.report import write_json_atomic
from voicebot.runner import run_recording

RATE = 16000


@dataclass(frozen=True)
class Question:
    text: str
    expected: tuple[str, ...]  # any of these in the reply makes it useful; numbers as digits or words


QUESTIONS: tuple[Question, ...] = (
    Question("What is the capital of France?", ("paris",)),
    Question("What is two plus three?", ("5",)),
    Question("How many days are there in a week?", ("7",)),
    Question("What gas do plants take in from the air?", ("carbon dioxide", "co2")),
    Question("How many minutes are there in an hour?", ("60",)),
    Question("What is the capital of Japan?", ("tokyo",)),
    Question("What color is the sky on a clear day?", ("blue",)),
    Question("How many centimeters are there in a meter?", ("100",)),
    Question("How many legs does a spider have?", ("8",)),
    Question("What is ten minus four?", ("6",)),
    Question("At what temperature in Celsius does water freeze?", ("0",)),
    Question("What is the largest ocean on Earth?", ("pacific",)),
    Question("Who wrote Romeo and Juliet?", ("shakespeare",)),
    Question("How many grams are there in a kilogram?", ("1000",)),
)

# Calculations, conversions and spellings as people ask them, the easy with the hard: right when the reply
# gives the result (rounded as a person would say it).
CALCULATIONS: tuple[Question, ...] = (
    Question("What is seventeen times twenty-three?", ("391",)),
    Question("What is fifteen percent of eighty?", ("12",)),
    Question("What is eight times one hundred twenty-five?", ("1000",)),
    Question("What is a third of ninety?", ("30",)),
    Question("Is seven times eight equal to fifty-four?", ("no",)),
    Question("What is one thousand minus four hundred thirty-seven?", ("563",)),
    Question("What is forty-five times twelve?", ("540",)),
    Question("What is the square root of one hundred forty-four?", ("12",)),
    Question("How many kilometers is ten miles?", ("16.09", "16.1", "16")),
    Question("What is one hundred degrees Fahrenheit in Celsius?", ("37.78", "37.8", "38")),
    Question("How many pounds is five kilograms?", ("11.02", "11")),
    Question("How many inches is fifty centimeters?", ("19.69", "19.7", "20")),
    Question("How do you spell necessary?", ("n, e, c, e, s, s, a, r, y", "n-e-c-e-s-s-a-r-y")),
    Question("How many times does the letter r appear in strawberry?", ("3",)),
)

# A reply that says it cannot do what was asked.
CANT = ("can't", "cannot", "unable", "don't have", "do not have", "sorry")


def situational(now: datetime) -> tuple[Question, ...]:
    """Questions only the clock answers (the time, the date, dates counted from it), requests for what an
    offline assistant lacks, and for a story and a song (the model alone refused both); the expected words
    for the clock are those of `now` (asked within two minutes of it), worked out here with plain date
    arithmetic, not by the code under test."""
    minutes = [now + timedelta(minutes=m) for m in range(3)]
    days = {d.date() for d in minutes}
    christmas = [(date(d.year + (d > date(d.year, 12, 25)), 12, 25) - d).days for d in days]
    in_three_weeks = [d + timedelta(weeks=3) for d in days]
    tokyo = [d.astimezone(ZoneInfo("Asia/Tokyo")) for d in minutes]
    return (
        Question("What time is it?", tuple(f"{d.hour % 12 or 12}:{d.minute:02d}" for d in minutes)),
        Question("What day is it today?", tuple({f"{d:%A}" for d in minutes})),
        Question("What year is it?", tuple({str(d.year) for d in minutes})),
        Question("How many days until Christmas?", tuple(str(n) for n in christmas)),
        Question("What's the date in three weeks?", tuple(f"{d:%B} {d.day}" for d in in_three_weeks)),
        Question("What time is it in Tokyo?", tuple(f"{d.hour % 12 or 12}:{d.minute:02d}" for d in tokyo)),
        Question("Set a timer for ten minutes.", CANT),
        Question("What's the weather like tomorrow?", CANT),
        Question("Turn on the living room lights.", CANT),
        Question("Play some music.", CANT),
        Question("Order me a pizza.", CANT),
        Question("What's my name?", ("haven't told", "don't know", "do not know")),
        Question("Tell me a story.", ("once upon a time", "long ago")),
        Question("Sing me a song.", ("can't sing", "cannot sing")),
    )


_WORDS_TO_DIGITS = {number_words(i): str(i) for i in range(100)}


def _forms(alt: str) -> set[str]:
    """An expected word and its other spelling when it is a number (digits ↔ words, "one"/"a hundred")."""
    alt = re.sub(r"(?<=\d),(?=\d{3}\b)", "", alt.lower().strip())  # "300,000" as the reply is read: 300000
    alt = re.sub(r"^[$£€]\s*(?=\d)", "", alt)  # "$9": the reply may say "9 dollars" or "9"
    forms = {alt}
    if re.fullmatch(r"[a-z]+(?: [a-z]+)*", alt) and len(alt) > 3:  # "butterfly" in "butterflies", "mammal" in "mammals"
        forms |= {alt + "s", alt + "es", alt[:-1] + "ies" if alt.endswith("y") else alt, alt.removesuffix("s")}
    if alt.isdigit() and int(alt) < 10000:
        words = number_words(int(alt))
        forms |= {words, "a" + words[3:]} if words.startswith(("one hundred", "one thousand")) else {words}
    elif alt in _WORDS_TO_DIGITS:
        forms.add(_WORDS_TO_DIGITS[alt])
    return forms


def _pattern(form: str) -> str:
    # Not inside a longer word, a hyphenated number ("twenty-five" is not "five") or a decimal ("2.5").
    body = r"[\s-]+".join(re.escape(w) for w in re.split(r"[\s-]+", form))
    return rf"(?<![\w-])(?<!\d\.){body}(?![\w-])(?!\.\d)"


def is_useful(reply: str, expected: tuple[str, ...] | list[str]) -> bool:
    """True when the reply contains any expected word: case-insensitive, whole words, numbers either way."""
    text = unicodedata.normalize("NFKC", reply).lower()  # NFKC: "CO₂" -> "co2"
    text = re.sub(r"(?<=\d),(?=\d{3}\b)", "", text)  # "1,000" -> "1000"
    return any(re.search(_pattern(f), text) for alt in expected for f in _forms(alt))


def question_audio(tts: PiperTts, text: str, lead_s: float = 0.5, trail_s: float = 1.5) -> np.ndarray:
    """The question spoken at 16 kHz, with silence before (a VAD needs onset) and after (to end the turn).

    Piper's noise is off: its default random noise changes the audio, and so the transcript, on every run;
    the same audio every time means a different score comes from the pipeline, not the question.
    """
    from piper import SynthesisConfig

    syn = SynthesisConfig(length_scale=tts.opts.length_scale, noise_scale=0.0, noise_w_scale=0.0)
    chunks = [c.audio_float_array for c in tts.voice.synthesize(text, syn_config=syn)]
    speech = resample(np.concatenate(chunks), tts.sample_rate, RATE)
    lead, trail = (np.zeros(round(s * RATE), np.float32) for s in (lead_s, trail_s))
    return np.concatenate([lead, speech, trail])


@dataclass
class QuestionResult:
    question: str
    expected: list[str]
    transcript: str
    reply: str
    useful: bool
    turns: int
    error: str | None = None


async def run_questions_bench(cfg: Config, json_out: Path | None, limit: int = 0) -> int:
    """Speak each question, answer it in a fresh session (as fast as possible), score and print the replies."""
    questions = QUESTIONS[:limit] if limit else QUESTIONS
    calculations = CALCULATIONS[:limit] if limit else CALCULATIONS
    asks = [q.text for q in situational(datetime.now())]  # their expected words are made when each is asked
    texts = [q.text for q in questions] + asks + [q.text for q in calculations]
    # Piper's default voice, not the config's: the same questions whatever voice the bot answers with.
    tts = await asyncio.to_thread(PiperTts)
    audios = await asyncio.to_thread(lambda: [question_audio(tts, t) for t in texts])
    models = await load_models(cfg)
    results: list[QuestionResult] = []
    try:
        meta = llm_meta(cfg, models)
        for i, audio in enumerate(audios):
            if i < len(questions):
                q = questions[i]
            elif i < len(questions) + len(asks):
                q = situational(datetime.now())[i - len(questions)]
            else:
                q = calculations[i - len(questions) - len(asks)]
            turns, _ = await run_recording(cfg, models, audio, realtime=False, trailing_silence_s=0.0)
            reply = " / ".join(t.reply_text for t in turns)
            errors = [t.error for t in turns if t.error]
            results.append(
                QuestionResult(
                    q.text, list(q.expected), " / ".join(t.transcript for t in turns), reply,
                    is_useful(reply, q.expected), len(turns), "; ".join(errors) or None,
                )
            )  # fmt: skip
            print(
                f"{'yes' if results[-1].useful else 'NO':>3}  {q.text}  ->  {' '.join(reply.split())}",
                file=sys.stderr,
            )
    finally:
        await models.close()
    general = results[: len(questions)]
    rest = results[len(questions) : len(questions) + len(asks)]
    sums = results[len(questions) + len(asks) :]
    useful, right, sums_right = (sum(r.useful for r in group) for group in (general, rest, sums))
    print(f"\n{'#':>2}  {'useful':<6}  {'question':<50}  {'transcript':<50}  reply")
    for i, r in enumerate(results, 1):
        reply = " ".join(r.reply.split())  # one line per question
        reply = reply if len(reply) <= 80 else reply[:77] + "..."
        print(f"{i:>2}  {'yes' if r.useful else 'no':<6}  {r.question:<50}  {r.transcript:<50}  {reply}")
    print(f"\nuseful: {useful}/{len(general)}  ({cfg.llm.model}, dtype {cfg.llm.dtype})")
    print(f"the clock, what it can't do or know, a story and a song: {right}/{len(rest)} right")
    print(f"calculations, conversions and spellings: {sums_right}/{len(sums)} right")
    if json_out is not None:
        data = {"machine": machine(), **meta, "useful": useful, "total": len(general)}
        data |= {"situational_right": right, "situational_total": len(rest)}
        data |= {"calculations_right": sums_right, "calculations_total": len(sums)}
        questions_out = {"questions": [asdict(r) for r in general], "situational": [asdict(r) for r in rest]}
        questions_out["calculations"] = [asdict(r) for r in sums]
        write_json_atomic(json_out, {**data, **questions_out})
        print(f"wrote {json_out}", file=sys.stderr)
    return 0
