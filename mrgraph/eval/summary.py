"""What a LoCoMo run reports: per-mode means and latencies, calibration and per-conversation
figures (`summarize`), the files it writes (`write_outputs`) and its one-paragraph line."""

from __future__ import annotations

import json
import os
import platform
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from mrgraph.eval import metrics, report

Record = dict[str, Any]  # one question × mode: what bench.result_record builds

_NUMBERS = ("tokens", "evidence_tokens", "rounds", "tool_calls", "ms")


def summarize(records: Sequence[Record], modes: Sequence[str]) -> dict[str, Any]:
    """Per mode: n, overall and per-category means (metrics and costs), latency percentiles."""
    out: dict[str, Any] = {}
    for mode in modes:
        rows = [r for r in records if r["mode"] == mode]
        if not rows:
            continue
        groups = metrics.aggregate(
            (r["category"], {**r["metrics"], **{k: float(r[k]) for k in _NUMBERS}})
            for r in rows)
        counts: dict[str, int] = {}
        for r in rows:
            counts[r["category_name"]] = counts.get(r["category_name"], 0) + 1
        out[mode] = {
            "n": len(rows),
            "overall": groups["overall"],
            "categories": {name: {"n": counts[name], **groups[name]}
                           for name in groups if name != "overall"},
            "latency_ms": metrics.latency_summary([r["ms"] for r in rows]),
            **_calibration_and_conversations(rows),
        }
    return out


def _calibration_and_conversations(rows: Sequence[Record]) -> dict[str, Any]:
    """The reliability of the confidences (correct = LoCoMo F1 >= 0.5) and LoCoMo F1 per
    conversation and category (overfitting to one conversation shows there)."""
    pairs = [(float(r["confidence"]), r["metrics"]["locomo_f1"] >= metrics.CORRECT_F1)
             for r in rows]
    # categories 1-4 alone: the abstentions of category 5 are easy to be sure of and hide the
    # rest; per conversation too (a fit that describes one conversation shows there)
    answerable = {sample: metrics.expected_calibration_error(
        pair for pair, r in zip(pairs, rows)
        if r["category"] != 5 and sample in ("all", r["sample_id"]))
        for sample in ["all", *sorted({str(r["sample_id"]) for r in rows})]}
    conversations = {
        sample: metrics.aggregate((r["category"], {"locomo_f1": r["metrics"]["locomo_f1"]})
                                  for r in rows if r["sample_id"] == sample)
        for sample in sorted({str(r["sample_id"]) for r in rows})}
    return {"calibration": {"ece": metrics.expected_calibration_error(pairs),
                            "bins": metrics.reliability(pairs),
                            "ece_answerable": answerable},
            "conversations": {sample: {name: g["locomo_f1"] for name, g in groups.items()}
                              for sample, groups in conversations.items()}}


def machine_description() -> str:
    """OS, CPUs, memory, Python and the load average now (other work skews timings)."""
    memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2 ** 30
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    return f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs, " \
           f"{memory:.0f} GiB, Python {platform.python_version()}, load average {load}"


def write_outputs(out_dir: Path, summary: dict[str, Any], records: Sequence[Record]) -> Path:
    """results.json, report.md and (with matplotlib) report.png; returns report.md's path."""
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "results.json").write_text(
        json.dumps({"summary": summary, "results": list(records)}, ensure_ascii=False, indent=1),
        encoding="utf-8")
    chart = report.plot_locomo(summary, out_dir / "report.png") if summary["modes"] else None
    path = out_dir / "report.md"
    path.write_text(report.locomo_markdown(summary, chart.name if chart else None),
                    encoding="utf-8")
    return path


def summary_line(summary: Mapping[str, Any], written: Path) -> str:
    meta = summary["meta"]
    parts = [f"{mode}: LoCoMo F1 {m['overall'].get('locomo_f1', 0.0):.3f}, evidence recall "
             f"{report.fmt(m['overall'].get('evidence_recall'))}, p50 "
             f"{m['latency_ms']['p50']:.0f} ms" for mode, m in summary["modes"].items()]
    return (f"LoCoMo: {meta['questions']} questions × {len(meta['modes'])} modes on "
            f"{len(meta['conversations'])} conversations in {meta['seconds']:.1f} s — "
            + "; ".join(parts) + f". Report: {written}")
