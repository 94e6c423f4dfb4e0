"""Server metrics in the Prometheus text format: per-stage latency p50/p95, session and turn counts.

Latencies come from the TurnRecords the sessions report (the same figures as `voicebot run`'s report),
over the last `window` turns, so a long-running server shows current behaviour rather than its history.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from voicebot.report import STAGES, TurnRecord, summarize


@dataclass
class Metrics:
    window: int = 1000
    sessions_total: int = 0
    sessions_rejected: int = 0
    sessions_active: int = 0
    sessions_overloaded: int = 0  # callers turned away because a session ran behind real time
    turns_total: int = 0
    turns_interrupted: int = 0
    turns_stalled: int = 0
    turns: deque[TurnRecord] = field(default_factory=deque)

    def on_turn(self, rec: TurnRecord) -> None:
        self.turns_total += 1
        self.turns.append(rec)
        while len(self.turns) > self.window:
            self.turns.popleft()

    def render(self, lag_s: float = 0.0) -> str:
        """lag_s: how far the most lagging session runs behind real time now (the server measures it)."""
        lines = [
            "# HELP voicebot_stage_latency_ms Per-stage latency of recent turns (ms).",
            "# TYPE voicebot_stage_latency_ms summary",
        ]
        summary = summarize(list(self.turns))
        for name, _, _ in STAGES:
            s = summary.get(name) or {}
            for q, key in (("0.5", "p50"), ("0.95", "p95")):
                if key in s:
                    lines.append(f'voicebot_stage_latency_ms{{stage="{name}",quantile="{q}"}} {s[key]}')
            total = sum(t.latency_ms[name] for t in self.turns if name in t.latency_ms)
            lines.append(f'voicebot_stage_latency_ms_sum{{stage="{name}"}} {round(total, 1)}')
            lines.append(f'voicebot_stage_latency_ms_count{{stage="{name}"}} {int(s.get("n", 0))}')
        self.turns_interrupted = sum(t.interrupted for t in self.turns)
        self.turns_stalled = sum(t.stalls > 0 for t in self.turns)
        for name, kind, help_, value in (
            ("voicebot_sessions_active", "gauge", "Sessions now connected.", self.sessions_active),
            ("voicebot_sessions_total", "counter", "Sessions accepted since start.", self.sessions_total),
            (
                "voicebot_sessions_rejected_total",
                "counter",
                "Callers turned away (server full or overloaded, or another site's page).",
                self.sessions_rejected,
            ),
            (
                "voicebot_sessions_overloaded_total",
                "counter",
                "Callers turned away because a session ran more than server.max_lag_ms behind real time.",
                self.sessions_overloaded,
            ),
            (
                "voicebot_session_lag_seconds",
                "gauge",
                "How far the most lagging session runs behind real time (input not yet processed, or a reply "
                "overdue beyond the voice-to-voice budget).",
                round(lag_s, 3),
            ),
            ("voicebot_turns_total", "counter", "Turns answered since start.", self.turns_total),
            ("voicebot_turns_interrupted", "gauge", "Barged-in turns among the recent ones.", self.turns_interrupted),
            (
                "voicebot_turns_stalled",
                "gauge",
                "Recent turns whose reply had a break (its next phrase came after the audio before it ran out).",
                self.turns_stalled,
            ),
        ):
            lines += [f"# HELP {name} {help_}", f"# TYPE {name} {kind}", f"{name} {value}"]
        return "\n".join(lines) + "\n"
