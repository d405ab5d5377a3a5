"""Benchmark reports: markdown tables from the summaries bench.py and scale.py build, and charts
(PNG) when matplotlib is installed (`pip install 'mrgraph[plot]'`); without it the charts are
skipped and the markdown says so.

Summaries are the JSON-ready dicts written to results.json / scale.json, so a report can be
rebuilt from a saved file (`locomo_markdown(json.load(...)["summary"])`).
"""

from __future__ import annotations

import importlib.util
import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

Summary = Mapping[str, Any]

LOCOMO_COLUMNS: tuple[tuple[str, str], ...] = (
    ("locomo_f1", "LoCoMo F1"), ("f1_simple", "F1"), ("bleu1", "BLEU-1"),
    ("evidence_recall", "Evidence recall"), ("supports_recall", "Supports recall"),
    ("judge", "Judge"), ("tokens", "LLM tokens/q"), ("evidence_tokens", "Evidence tokens/q"),
)
SCALE_COSTS: tuple[tuple[str, str], ...] = (
    ("ingest_seconds", "ingest time (s)"), ("ingest_cpu_seconds", "ingest CPU time (s)"),
    ("store_bytes", "store size (bytes)"), ("load_seconds", "load time (s)"),
    ("load_cpu_seconds", "load CPU time (s)"), ("peak_rss_mb", "peak RSS (MiB)"),
    ("tool_p50_ms", "toolkit read p50 (ms, median over tools)"),
    ("tool_p50_max_ms", "slowest toolkit read p50 (ms)"),
    ("ask_p50_ms", "ask p50 (ms, active)"),
)


def have_matplotlib() -> bool:
    return importlib.util.find_spec("matplotlib") is not None


def fmt(value: object, digits: int = 3) -> str:
    """A table cell: '—' for missing, thousands separators for big numbers."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float):
        if math.isnan(value):
            return "—"
        if abs(value) >= 1000:
            return f"{value:,.0f}"
        return f"{value:.{digits}f}"
    return str(value)


def table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A GitHub markdown table; the first column is left-aligned, the others right-aligned."""
    def line(cells: Sequence[str]) -> str:
        return "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"
    align = [":---"] + ["---:"] * (len(headers) - 1)
    body = [line([fmt(c) for c in row]) for row in rows]
    return "\n".join([line(list(headers)), "| " + " | ".join(align) + " |", *body])


# ------------------------------------------------------------------ LoCoMo


def _metric_row(label: str, n: int, values: Mapping[str, Any]) -> list[object]:
    return [label, n, *(values.get(key) for key, _ in LOCOMO_COLUMNS)]


def locomo_markdown(summary: Summary, chart: str | None = None) -> str:
    """The LoCoMo report: an overview per mode, F1 per category × mode, one table per mode."""
    meta, modes = summary["meta"], summary["modes"]
    parts = ["# LoCoMo benchmark", "", _locomo_meta(meta), "", "## Overview (all categories)", ""]
    head = ["n", *(name for _, name in LOCOMO_COLUMNS)]
    parts.append(table(["mode", *head, "rounds", "tool calls", "p50 ms", "p95 ms"], [
        _metric_row(mode, m["n"], m["overall"]) + [
            m["overall"].get("rounds"), m["overall"].get("tool_calls"),
            m["latency_ms"]["p50"], m["latency_ms"]["p95"]] for mode, m in modes.items()]))
    parts += ["", "## LoCoMo F1 by category", "", _pivot(modes, "locomo_f1"), "",
              "## Evidence recall by category", "", _pivot(modes, "evidence_recall")]
    for mode, m in modes.items():
        parts += ["", f"## Mode `{mode}`", "", table(["category", *head], [
            _metric_row(name, c["n"], c) for name, c in m["categories"].items()])]
    parts += _calibration_sections(modes)
    parts += ["", _LOCOMO_NOTES]
    if chart:
        parts += ["", f"![LoCoMo F1 and evidence recall by category]({chart})"]
    elif not have_matplotlib():
        parts += ["", "_Chart skipped: matplotlib is not installed (`pip install 'mrgraph[plot]'`)._"]
    return "\n".join(parts) + "\n"


def answerable_f1(mode: Mapping[str, Any]) -> float | None:
    """LoCoMo F1 over categories 1-4 (every category but adversarial), weighted by count."""
    groups = [c for name, c in mode["categories"].items() if name != "adversarial"]
    total = sum(int(c["n"]) for c in groups)
    if total == 0:
        return None
    return sum(int(c["n"]) * float(c["locomo_f1"]) for c in groups) / total


def _calibration_sections(modes: Mapping[str, Any]) -> list[str]:
    """LoCoMo F1 per conversation and the reliability of the confidences, per mode (older
    summaries without them give nothing)."""
    parts: list[str] = []
    for mode, m in modes.items():
        if "conversations" not in m:
            continue
        samples = list(m["conversations"])
        names = list(dict.fromkeys(c for g in m["conversations"].values() for c in g))
        rows = [[name, *(m["conversations"][s].get(name) for s in samples)] for name in names]
        parts += ["", f"## LoCoMo F1 by conversation, mode `{mode}`", "",
                  table(["category", *samples], rows), "",
                  f"Categories 1-4, all conversations: {fmt(answerable_f1(m))}."]
        calibration = m["calibration"]
        parts += ["", f"## Calibration, mode `{mode}`", "",
                  f"Expected calibration error {fmt(calibration['ece'])} (10 equal-width bins; "
                  "correct = LoCoMo F1 >= 0.5; for adversarial questions, an abstention)"
                  + _answerable_ece(calibration) + ".", "",
                  table(["confidence", "n", "mean confidence", "share correct"],
                        [[f"{b['low']:.1f}-{b['high']:.1f}", int(b["n"]), b["confidence"],
                          b["correct"]] for b in calibration["bins"]])]
    return parts


def _answerable_ece(calibration: Mapping[str, Any]) -> str:
    """"; over categories 1-4 0.098 (conv-44 0.080, conv-47 0.126)", or "" (older runs)."""
    by = calibration.get("ece_answerable")
    if not by:
        return ""
    each = ", ".join(f"{name} {fmt(value)}" for name, value in by.items() if name != "all")
    return f"; over categories 1-4 {fmt(by['all'])} ({each})"


def _locomo_meta(meta: Mapping[str, Any]) -> str:
    rows = [["file", meta["file"]], ["conversations", ", ".join(meta["conversations"])],
            ["questions", meta["questions"]], ["modes", ", ".join(meta["modes"])],
            ["answer policy", meta["llm"]], ["judge", meta["judge"]], ["store", meta["store"]],
            ["turns ingested", meta["turns"]], ["ingest seconds", meta["ingest_seconds"]],
            ["total seconds", meta["seconds"]], ["machine", meta["machine"]],
            ["date", meta["date"]]]
    return table(["", "value"], rows)


def _pivot(modes: Mapping[str, Any], metric: str) -> str:
    names = list(dict.fromkeys(c for m in modes.values() for c in m["categories"]))
    rows: list[list[object]] = [
        [name, *(modes[mode]["categories"].get(name, {}).get(metric) for mode in modes)]
        for name in names]
    rows.append(["overall", *(modes[mode]["overall"].get(metric) for mode in modes)])
    return table(["category", *modes], rows)


_LOCOMO_NOTES = """## How to read this

- **LoCoMo F1**: the benchmark's own scorer (Porter-stemmed token F1; multi-hop answers are
  comma-split; open-domain gold is cut at the first ';'; adversarial (category 5) scores 1 when
  the answer abstains ("not mentioned" / "no information available"), else 0).
- **F1** / **BLEU-1**: the set-overlap F1 and BLEU-1 that memory papers (A-Mem, Mem0) report.
  Not computed for category 5, whose gold is the trap answer, not a correct one.
- **Evidence recall**: share of the gold evidence turns (dia_ids) found among every turn the run
  retrieved into its evidence set (`Answer.evidence`); **supports recall**: the same over the
  turns the answer cites (`Answer.supports`). Category 5 is excluded: its evidence lists the turns
  the trap is built from, not turns that answer the question. Questions without valid gold ids
  are left out of recall averages.
- **Judge**: share of answers an LLM judge labelled CORRECT (temperature 0, JSON reply; for
  category 5 the gold is "Not mentioned in the conversation"); '—' when no judge ran.
- **LLM tokens/q**: tokens the answering model spent per question (0 for the offline heuristic
  policy); **evidence tokens/q**: cl100k tokens of the retrieved turns, i.e. what a model would
  have to read.
- Latency is wall time per question, nearest-rank percentiles."""


def plot_locomo(summary: Summary, path: Path) -> Path | None:
    """Grouped bars of LoCoMo F1 and evidence recall per category and mode; None without
    matplotlib."""
    if not have_matplotlib():
        return None
    plt = _pyplot()
    modes = summary["modes"]
    names = list(dict.fromkeys(c for m in modes.values() for c in m["categories"])) + ["overall"]
    fig, axes = plt.subplots(1, 2, figsize=(12, 4.5))
    width = 0.8 / max(1, len(modes))
    for ax, metric, title in ((axes[0], "locomo_f1", "LoCoMo F1"),
                              (axes[1], "evidence_recall", "Evidence recall")):
        for i, (mode, m) in enumerate(modes.items()):
            groups = {**m["categories"], "overall": m["overall"]}
            values = [_num(groups.get(n, {}).get(metric)) for n in names]
            ax.bar([x + i * width for x in range(len(names))], values, width, label=mode)
        ax.set_xticks([x + width * (len(modes) - 1) / 2 for x in range(len(names))], names,
                      rotation=20)
        ax.set_ylim(0, 1)
        ax.set_title(title)
    axes[0].legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def _num(value: object) -> float:
    """A bar height; NaN (no bar) where a metric does not apply (category 5 recall)."""
    return float(value) if isinstance(value, (int, float)) else math.nan


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")  # no display needed
    import matplotlib.pyplot as plt

    return plt


# ------------------------------------------------------------------ scale


def growth_exponent(sizes: Sequence[float], costs: Sequence[float | None]) -> float | None:
    """Least-squares slope of log(cost) on log(size): 1.0 means linear growth, 0 constant."""
    points = [(math.log(s), math.log(c)) for s, c in zip(sizes, costs)
              if c is not None and c > 0 and s > 0]
    if len(points) < 2:
        return None
    mx = sum(x for x, _ in points) / len(points)
    my = sum(y for _, y in points) / len(points)
    den = sum((x - mx) ** 2 for x, _ in points)
    return sum((x - mx) * (y - my) for x, y in points) / den if den else None


def scale_markdown(summary: Summary, chart: str | None = None) -> str:
    """The scale report: one row per size, per-tool latencies, and how each cost grows."""
    runs = summary["sizes"]
    parts = ["# Scale benchmark", "", table(["", "value"], [
        [k, v] for k, v in summary["meta"].items()]), "", "## Per size", ""]
    parts.append(table(
        ["turns", "conversations", "nodes", "edges", "write units", "ingest s", "turns/s",
         "turns/CPU-s", "store MiB", "load s", "load CPU s", "first read ms", "peak RSS MiB"],
        [[r["turns"], r["conversations"], r["nodes"], r["edges"], r["write_units"],
          r["ingest_seconds"], r["turns_per_s"], r.get("turns_per_cpu_s"),
          _mib(r["store_bytes"]), r["load_seconds"], r.get("load_cpu_seconds"),
          r["first_read_ms"], r["peak_rss_mb"]] for r in runs]))
    parts += ["", "Wall-clock figures suffer when other work shares the CPUs (see the load "
              "average); CPU-second figures do not."]
    phases = list(dict.fromkeys(p for r in runs for p in r.get("phases", {})))
    parts += ["", "## Ingest phases (seconds; generation excluded from ingest)", "", table(
        ["turns", *phases, "generate"],
        [[r["turns"], *(r["phases"].get(p) for p in phases), r.get("generate_seconds")]
         for r in runs])]
    tools = list(dict.fromkeys(t for r in runs for t in r["tools"]))
    parts += ["", "## Toolkit reads and ask, p50 / p95 ms", "", table(
        ["read", *(fmt(r["turns"]) + " turns" for r in runs)],
        [[t, *(_p(r["tools"].get(t)) for r in runs)] for t in tools]
        + [[f"ask ({mode})", *(_p(r["ask"].get(mode)) for r in runs)]
           for mode in dict.fromkeys(m for r in runs for m in r["ask"])])]
    parts += ["", "## Growth", "", _growth(runs)]
    if chart:
        parts += ["", f"![cost against size, log-log]({chart})"]
    elif not have_matplotlib():
        parts += ["", "_Chart skipped: matplotlib is not installed (`pip install 'mrgraph[plot]'`)._"]
    return "\n".join(parts) + "\n"


def _mib(size: int | None) -> float | None:
    return size / 2 ** 20 if size is not None else None


def _p(stats: Mapping[str, float] | None) -> str:
    return f"{fmt(stats['p50'], 2)} / {fmt(stats['p95'], 2)}" if stats else "—"


def scale_costs(run: Mapping[str, Any]) -> dict[str, float | None]:
    """The costs of one size that the growth table and chart follow."""
    p50s = sorted(t["p50"] for t in run["tools"].values())
    ask = run["ask"].get("active")
    return {"ingest_seconds": run["ingest_seconds"],
            "ingest_cpu_seconds": run.get("ingest_cpu_seconds"),
            "store_bytes": _num(run["store_bytes"]), "load_seconds": run["load_seconds"],
            "load_cpu_seconds": run.get("load_cpu_seconds"), "peak_rss_mb": run["peak_rss_mb"],
            "tool_p50_ms": p50s[len(p50s) // 2] if p50s else None,
            "tool_p50_max_ms": p50s[-1] if p50s else None,
            "ask_p50_ms": ask["p50"] if ask else None}


def _growth(runs: Sequence[Mapping[str, Any]]) -> str:
    sizes = [float(r["turns"]) for r in runs]
    costs = [scale_costs(r) for r in runs]
    rows = []
    for key, name in SCALE_COSTS:
        series = [c[key] for c in costs]
        ratio = (series[-1] / series[0]) if len(series) > 1 and series[0] and series[-1] else None
        rows.append([name, *series, ratio, growth_exponent(sizes, series)])
    head = ["cost", *(fmt(int(s)) + " turns" for s in sizes), "last/first", "log-log slope"]
    note = ("\nSlope = least-squares exponent k in cost ∝ turns^k "
            "(1 = linear, 0 = flat). Sizes grew "
            f"{fmt(sizes[-1] / sizes[0], 1) if len(sizes) > 1 else '—'}× from first to last.")
    return table(head, rows) + "\n" + note


def plot_scale(summary: Summary, path: Path) -> Path | None:
    """Log-log lines of each cost against turns, normalised to the smallest size; None without
    matplotlib."""
    if not have_matplotlib():
        return None
    plt = _pyplot()
    runs = summary["sizes"]
    sizes = [r["turns"] for r in runs]
    costs = [scale_costs(r) for r in runs]
    fig, ax = plt.subplots(figsize=(7, 5))
    for key, name in SCALE_COSTS:
        series = [c[key] for c in costs]
        if all(v is not None and v > 0 for v in series):
            base = float(series[0] or 1.0)
            ax.plot(sizes, [float(v or 0.0) / base for v in series], marker="o", label=name)
    ax.plot(sizes, [s / sizes[0] for s in sizes], linestyle="--", color="grey", label="linear")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("turns")
    ax.set_ylabel("cost relative to the smallest size")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
