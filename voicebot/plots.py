"""Pictures of where each turn's time goes, drawn from a bench report dict (no models needed).

Two images go next to a bench's JSON: `<name>_waterfall.png`, one row per turn with its stages laid end
to end from the moment the user stopped speaking (endpoint, asr, llm_first_token, tts_first_audio,
playout) and the voice-to-voice budget as a line; and `<name>_stages.png`, each stage's p50 and p95 side
by side (one colour per run being compared: the turn-taking bench's model score vs silence only).

matplotlib's object API with the Agg canvas draws straight to PNG: no display, no pyplot state shared
between calls. `python -m voicebot.plots BENCH.json` redraws the images of an existing report.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from voicebot.report import STAGES, percentiles

# The stages that add up to voice-to-voice, in the order they happen.
PARTS: tuple[str, ...] = tuple(name for name, _, _ in STAGES if name != "voice_to_voice")
COLORS = {
    "endpoint": "#8a93a5",
    "asr": "#2b9d8f",
    "llm_first_token": "#2b6cf6",
    "tts_first_audio": "#e08a1e",
    "playout": "#9b59b6",
}
LABELS = {
    "endpoint": "endpoint (turn end)",
    "asr": "ASR final",
    "llm_first_token": "LLM first token",
    "tts_first_audio": "TTS first audio",
    "playout": "playout",
    "voice_to_voice": "voice to voice",
}
DPI = 100
WIDTH_IN = 9.0
ROW_IN = 0.28  # height of one turn's row in the waterfall
MAX_ROWS = 80  # a longer run is drawn as its first MAX_ROWS turns (the title says so)


def waterfall_figure(rows: Sequence[tuple[str, dict[str, float]]], budget_ms: float | None, title: str) -> Figure:
    """One horizontal row per (label, latency_ms): the stages end to end, from the user's speech end."""
    shown = list(rows)[:MAX_ROWS]
    fig = Figure(figsize=(WIDTH_IN, 1.6 + ROW_IN * max(1, len(shown))), dpi=DPI, layout="constrained")
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    y = np.arange(len(shown))
    left = np.zeros(len(shown))
    for part in PARTS:
        widths = np.array([lat.get(part, 0.0) or 0.0 for _, lat in shown], dtype=float)
        ax.barh(y, widths, left=left, height=0.7, color=COLORS[part], label=LABELS[part])
        left += widths
    for i, (_, lat) in enumerate(shown):
        if "voice_to_voice" in lat:
            ax.text(left[i], i, f" {lat['voice_to_voice']:.0f}", va="center", fontsize=7)
    if budget_ms:
        ax.axvline(budget_ms, color="#d93a3a", linestyle="--", linewidth=1.2, label=f"budget {budget_ms:.0f} ms")
    ax.set_yticks(y, [label for label, _ in shown], fontsize=7)
    ax.invert_yaxis()  # first turn on top, like a transcript
    ax.set_xlabel("ms after the user stopped speaking")
    more = f" (first {MAX_ROWS} of {len(rows)})" if len(rows) > MAX_ROWS else ""
    ax.set_title(f"{title}: where each turn's time went{more}", fontsize=10)
    ax.grid(axis="x", alpha=0.3)
    ax.set_axisbelow(True)
    fig.legend(loc="outside lower center", ncols=6, fontsize=7, frameon=False)
    return fig


def stage_figure(groups: dict[str, dict[str, dict[str, float]]], budgets_ms: dict[str, float], title: str) -> Figure:
    """p50 (solid) and p95 (light) of each stage, one bar pair per group; the stage's budget as a tick."""
    names = [*PARTS, "voice_to_voice"]
    fig = Figure(figsize=(WIDTH_IN, 4.2), dpi=DPI, layout="constrained")
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    x = np.arange(len(names))
    width = 0.8 / max(1, len(groups))
    palette = ["#2b6cf6", "#e08a1e", "#2b9d8f", "#9b59b6"]
    for g, (group, summary) in enumerate(groups.items()):
        color = palette[g % len(palette)]
        at = x - 0.4 + width * (g + 0.5)
        p50 = [summary.get(n, {}).get("p50", 0.0) for n in names]
        p95 = [summary.get(n, {}).get("p95", 0.0) for n in names]
        prefix = f"{group} " if len(groups) > 1 else ""
        ax.bar(at, p95, width * 0.9, color=color, alpha=0.35, label=f"{prefix}p95")
        ax.bar(at, p50, width * 0.9, color=color, label=f"{prefix}p50")
        for xi, a, b in zip(at, p50, p95, strict=True):
            if b:
                ax.text(xi, b, f"{a:.0f}/{b:.0f}", ha="center", va="bottom", fontsize=6)
    _budget_ticks(ax, x, [budgets_ms.get(n) for n in names])
    ax.set_xticks(x, [LABELS[n] for n in names], fontsize=8)
    ax.set_ylabel("ms")
    ax.set_title(f"{title}: stage latency p50 / p95", fontsize=10)
    ax.grid(axis="y", alpha=0.3)
    ax.set_axisbelow(True)
    fig.legend(loc="outside lower center", ncols=5, fontsize=7, frameon=False)
    return fig


def _budget_ticks(ax: Axes, x: np.ndarray, budgets: list[float | None]) -> None:
    first = True
    for xi, b in zip(x, budgets, strict=True):
        if b:
            ax.hlines(b, xi - 0.45, xi + 0.45, colors="#d93a3a", linestyles="--", linewidth=1.2,
                      label="budget" if first else None)  # fmt: skip
            first = False


def _turn_rows(report: dict) -> list[tuple[str, dict[str, float]]]:
    """(label, latency_ms) per turn of a `voicebot bench` report; labelled by clip when the counts line up."""
    turns = report.get("turns") or []
    labels = [f"turn {t.get('turn_id', i + 1)}" for i, t in enumerate(turns)]
    clips = report.get("clips") or []
    if sum(c.get("turns", 0) for c in clips) == len(turns):
        labels = [c["file"] if c["turns"] == 1 else f"{c['file']} #{k + 1}" for c in clips for k in range(c["turns"])]
    return [(label, t.get("latency_ms") or {}) for label, t in zip(labels, turns, strict=True)]


def _turn_taking_rows(results: dict) -> tuple[list[tuple[str, dict[str, float]]], dict[str, dict]]:
    """Waterfall rows and per-policy stage summaries of a `voicebot bench --turn-taking` report."""
    rows, groups = [], {}
    for policy, res in results.items():
        hes = [r for r in res.get("hesitations", []) if r.get("latency_ms")]
        rows += [(f"{policy} {r['file']} +{r['pause_s']:.1f}s", r["latency_ms"]) for r in hes]
        names = [*PARTS, "voice_to_voice"]
        groups[policy] = {n: percentiles([r["latency_ms"][n] for r in hes if n in r["latency_ms"]]) for n in names}
    return rows, groups


def write_bench_images(report: dict, json_path: str | Path) -> list[Path]:
    """Draw the report's waterfall and stage chart as PNGs next to json_path; returns their paths."""
    json_path = Path(json_path)
    budgets = report.get("budgets_ms") or {}
    if "results" in report:  # the turn-taking bench: policies side by side
        rows, groups = _turn_taking_rows(report["results"])
        title = "turn-taking bench"
    else:
        rows, groups = _turn_rows(report), {"bench": report.get("summary_ms") or {}}
        title = "voicebot bench"
    figures = {
        "waterfall": waterfall_figure(rows, budgets.get("voice_to_voice"), title),
        "stages": stage_figure(groups, budgets, title),
    }
    out = []
    for kind, fig in figures.items():
        path = json_path.with_name(f"{json_path.stem}_{kind}.png")
        path.parent.mkdir(parents=True, exist_ok=True)
        fig.savefig(path, dpi=DPI)
        path.chmod(0o644)
        out.append(path)
    return out


def main(argv: list[str] | None = None) -> int:
    import json

    ap = argparse.ArgumentParser(prog="python -m voicebot.plots", description=__doc__.splitlines()[0])
    ap.add_argument("report", type=Path, help="a JSON written by `voicebot bench --json`")
    args = ap.parse_args(argv)
    try:
        report = json.loads(args.report.read_text())
    except (OSError, ValueError) as e:
        print(f"voicebot: error: {args.report}: {e}", file=sys.stderr)
        return 2
    for path in write_bench_images(report, args.report):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
