"""Per-turn latency records, the report.json schema, and p50/p95 summaries.

All times are seconds on the input-audio clock (0 = first sample of the input); latencies are in ms.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np

# (latency name, event it starts at, event it ends at); the names match BudgetsConfig's fields.
STAGES: tuple[tuple[str, str, str], ...] = (
    ("endpoint", "speech_end_s", "endpoint_s"),
    ("asr", "endpoint_s", "asr_final_s"),
    ("llm_first_token", "asr_final_s", "llm_first_token_s"),
    ("tts_first_audio", "llm_first_token_s", "tts_first_audio_s"),
    ("playout", "tts_first_audio_s", "first_audible_reply_s"),
    ("voice_to_voice", "speech_end_s", "first_audible_reply_s"),
)


@dataclass
class TurnRecord:
    turn_id: int
    transcript: str = ""
    reply_text: str = ""
    speech_start_s: float | None = None
    speech_end_s: float | None = None
    endpoint_s: float | None = None
    asr_final_s: float | None = None
    llm_first_token_s: float | None = None
    tts_first_audio_s: float | None = None
    first_audible_reply_s: float | None = None
    latency_ms: dict[str, float] = field(default_factory=dict)
    over_budget: list[str] = field(default_factory=list)
    interrupted: bool = False
    heard_text: str | None = None
    error: str | None = None
    p_complete: float | None = None  # the end-of-turn score the turn ended on
    end_verdict: str = ""  # complete | unsure | unfinished | silence-only
    stalls: int = 0  # gaps in the reply's audio: the next phrase came after the previous one had played out
    stall_ms: float = 0.0  # the silence those gaps put into the reply

    def finish(self, budgets_ms: dict[str, float]) -> None:
        """Fill latency_ms from the event times and list the budgets this turn broke."""
        for name, start, end in STAGES:
            a, b = getattr(self, start), getattr(self, end)
            if a is not None and b is not None:
                self.latency_ms[name] = round((b - a) * 1000.0, 1)
        self.over_budget = [n for n, ms in self.latency_ms.items() if n in budgets_ms and ms > budgets_ms[n]]

    def latency_line(self) -> str:
        parts = [f"{name}={self.latency_ms[name]:.0f}ms" for name, _, _ in STAGES if name in self.latency_ms]
        over = f"  OVER BUDGET: {', '.join(self.over_budget)}" if self.over_budget else ""
        return "  ".join(parts) + over


def percentiles(values: list[float]) -> dict[str, float]:
    if not values:
        return {}
    arr = np.asarray(values, dtype=np.float64)
    return {
        "p50": round(float(np.percentile(arr, 50)), 1),
        "p95": round(float(np.percentile(arr, 95)), 1),
        "n": len(values),
    }


def summarize(turns: list[TurnRecord]) -> dict[str, dict[str, float]]:
    """p50/p95 of every stage latency over the turns that have it, and of the stalls in the replies heard
    (`reply_stall`: ms of silence a reply's late phrases put into it; `stalled` of `n` turns had any)."""
    summary = {
        name: percentiles([t.latency_ms[name] for t in turns if name in t.latency_ms]) for name, _, _ in STAGES
    }
    heard = [t for t in turns if t.first_audible_reply_s is not None]
    summary["reply_stall"] = percentiles([t.stall_ms for t in heard])
    if heard:
        summary["reply_stall"]["stalled"] = sum(t.stalls > 0 for t in heard)
    return summary


def write_json_atomic(path: str | Path, data: object) -> None:
    """Write JSON via a temp file + rename, so a crash never leaves a half-written report."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w") as f:
            json.dump(data, f, indent=1)
        os.chmod(tmp, 0o644)  # mkstemp makes it private; a report is for the user to share
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def report_dict(turns: list[TurnRecord], meta: dict[str, object]) -> dict[str, object]:
    return {**meta, "turns": [asdict(t) for t in turns], "summary_ms": summarize(turns)}
