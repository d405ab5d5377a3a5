"""An outside LLM agent driving the toolkit: the protocol's three steps.

    python benchmarks/outside_agent.py prepare ../shared/data/locomo_val.json --per-category 13 --out bench-out/agent
    python benchmarks/outside_agent.py prepare ../shared/data/locomo_val.json --natural 65 --out bench-out/agent-mix
    python benchmarks/outside_agent.py tool --run bench-out/agent QID NAME ['ARGS_JSON']
    python benchmarks/outside_agent.py judge-sheet --run bench-out/agent --answers bench-out/agent/answers.json --out sheet.json
    python benchmarks/outside_agent.py score --run bench-out/agent --answers bench-out/agent/answers.json

`prepare` ingests the file into a fresh embedded store (one namespace per conversation, as
`mrgraph bench locomo` does), draws `--per-category` questions of each category 1-5 (a fixed
seed, spread evenly over the file's questions of that category) — or, with `--natural N`, N
questions spread evenly over the whole file, so the categories come in the file's own mix —,
shuffles them and writes `questions.json`
({qid, ns, question}: what the agent is given) and `gold/gold.json` (never shown to it).

`tool` is what the agent runs, once per tool call: it prints exactly the JSON
`mrgraph tool NAME ARGS_JSON --store <run>/store --ns <the question's namespace>` prints (same
code: mrgraph.toolview.reply) and appends the call to `calls.jsonl` with the tiktoken count of
what was printed. `--list` prints the tool list as `mrgraph tool --list` does.

`judge-sheet` writes what the judge reads: {qid, question, gold, answer} per question, the gold of
an adversarial question being the instruction that the right response says it is not mentioned.
The prompts given to the agent and to the judge are in benchmarks/outside_agent_prompts.md.

`score` reads the agent's answers ({qid: answer}) and prints LoCoMo F1 per category (official
metric: mrgraph.eval.metrics.locomo_f1), the abstention rate on category 5 (adversarial), and
tool calls and tokens of tool output per question; `--judged FILE` ({qid: true|false}, from a
second reader comparing answer and gold) adds the share judged correct per category.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path
from typing import Any

from mrgraph.config import Settings
from mrgraph.engine import Memory
from mrgraph.eval.locomo import QAItem, load_locomo_qa
from mrgraph.eval.metrics import CATEGORY_NAMES, is_abstention, locomo_f1
from mrgraph.llm.tokens import count_tokens
from mrgraph.toolview import reply, tool_list


def _store(run: Path) -> str:
    return f"file:{run / 'store'}"


def prepare(path: str, per_category: int, run: Path, natural: int | None = None) -> None:
    items = load_locomo_qa(path)
    run.mkdir(parents=True, exist_ok=True)
    settings = Settings()
    for sample in sorted({i.sample_id for i in items}):
        with Memory.open(settings, store=_store(run), ns=sample) as memory:
            memory.ingest([path])  # each namespace holds its own conversation only
            for other in memory.store.conversations():
                if other != sample:
                    memory.forget(other)
    chosen: list[QAItem] = []
    pools = [items] if natural else [[i for i in items if i.category == category]
                                     for category in sorted(CATEGORY_NAMES)]
    for pool in pools:
        count = natural or per_category
        chosen += pool[::max(1, len(pool) // count)][:count]
    random.Random(0).shuffle(chosen)  # the order says nothing of a question's category
    questions = [{"qid": f"q{n:03d}", "ns": i.sample_id, "question": i.question}
                 for n, i in enumerate(chosen)]
    gold = {q["qid"]: {"answer": i.answer, "category": i.category, "evidence": list(i.evidence)}
            for q, i in zip(questions, chosen)}
    (run / "questions.json").write_text(json.dumps(questions, indent=1), encoding="utf-8")
    (run / "gold").mkdir(exist_ok=True)
    (run / "gold" / "gold.json").write_text(json.dumps(gold, indent=1), encoding="utf-8")
    print(f"{len(questions)} questions in {run / 'questions.json'}; store {_store(run)}")


def tool(run: Path, qid: str, name: str, args_json: str) -> int:
    questions = {q["qid"]: q for q in json.loads((run / "questions.json").read_text())}
    if qid not in questions:
        print(f"unknown question id {qid!r}", file=sys.stderr)
        return 1
    ns = questions[qid]["ns"]
    try:
        args = json.loads(args_json) if args_json.strip() else {}
        with Memory.open(Settings(), store=_store(run), ns=ns) as memory:
            body = reply(memory.store, name, args)
    except Exception as err:  # what the agent sees of a bad call: one line, as the CLI prints it
        text = f"error: {err}".splitlines()[0]
        print(text, file=sys.stderr)
        _log(run, {"qid": qid, "tool": name, "args": args_json, "tokens": count_tokens(text),
                   "error": True})
        return 1
    out = json.dumps({"ns": ns, **body}, ensure_ascii=False)
    print(out)
    _log(run, {"qid": qid, "tool": name, "args": args_json, "tokens": count_tokens(out),
               "error": False})
    return 0


def _log(run: Path, row: dict[str, Any]) -> None:
    with (run / "calls.jsonl").open("a", encoding="utf-8") as out:
        out.write(json.dumps(row) + "\n")


ADVERSARIAL_GOLD = ("(adversarial: the question's premise is not in the conversation; the "
                    "correct response is to say it is not mentioned)")


def judge_sheet(run: Path, answers_path: Path, out: Path) -> None:
    gold = json.loads((run / "gold" / "gold.json").read_text())
    answers = json.loads(answers_path.read_text())
    questions = {q["qid"]: q["question"] for q in json.loads((run / "questions.json").read_text())}
    sheet = [{"qid": qid, "question": questions[qid],
              "gold": ADVERSARIAL_GOLD if g["category"] == 5 else str(g["answer"]),
              "answer": answers.get(qid, "")} for qid, g in sorted(gold.items())]
    out.write_text(json.dumps(sheet, indent=1, ensure_ascii=False), encoding="utf-8")
    print(f"{len(sheet)} answers to judge in {out}")


def score(run: Path, answers_path: Path, judged_path: Path | None) -> None:
    gold = json.loads((run / "gold" / "gold.json").read_text())
    answers = json.loads(answers_path.read_text())
    judged = json.loads(judged_path.read_text()) if judged_path else {}
    calls: dict[str, list[int]] = {q: [] for q in gold}
    calls_path = run / "calls.jsonl"
    for line in calls_path.read_text().splitlines() if calls_path.exists() else []:
        row = json.loads(line)
        calls.setdefault(row["qid"], []).append(row["tokens"])
    by_cat: dict[int, list[str]] = {}
    for qid, g in gold.items():
        by_cat.setdefault(g["category"], []).append(qid)
    print("| category | n | LoCoMo F1 | judged correct | calls/q | tool tokens/q |")
    print("| :--- | ---: | ---: | ---: | ---: | ---: |")
    for cat, qids in sorted(by_cat.items()):
        _row(CATEGORY_NAMES[cat], qids, gold, answers, judged, calls)
    _row("categories 1-4", [q for c, qs in by_cat.items() if c != 5 for q in qs], gold, answers,
         judged, calls)
    _row("all", list(gold), gold, answers, judged, calls)
    adversarial = by_cat.get(5, [])
    if adversarial:
        share = sum(is_abstention(answers.get(q, "")) for q in adversarial) / len(adversarial)
        print(f"\nadversarial abstention: {share:.3f} ({len(adversarial)} questions)")
    missing = [q for q in gold if q not in answers]
    if missing:
        print(f"unanswered: {len(missing)} ({', '.join(missing[:10])})")


def _row(label: str, qids: list[str], gold: dict[str, Any], answers: dict[str, str],
         judged: dict[str, bool], calls: dict[str, list[int]]) -> None:
    f1 = statistics.mean(locomo_f1(answers.get(q, ""), gold[q]["answer"], gold[q]["category"])
                         for q in qids)
    right = [bool(judged[q]) for q in qids if q in judged]
    judge = f"{sum(right) / len(right):.3f}" if right else "—"
    n_calls = statistics.mean(len(calls.get(q, [])) for q in qids)
    tokens = statistics.mean(sum(calls.get(q, [])) for q in qids)
    print(f"| {label} | {len(qids)} | {f1:.3f} | {judge} | {n_calls:.2f} | {tokens:,.0f} |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="step", required=True)
    p = sub.add_parser("prepare")
    p.add_argument("path")
    p.add_argument("--per-category", type=int, default=13)
    p.add_argument("--natural", type=int, help="N questions in the file's own mix of categories")
    p.add_argument("--out", type=Path, default=Path("bench-out/agent"))
    t = sub.add_parser("tool")
    t.add_argument("--run", type=Path, default=Path("bench-out/agent"))
    t.add_argument("--list", action="store_true")
    t.add_argument("qid", nargs="?")
    t.add_argument("name", nargs="?")
    t.add_argument("args_json", nargs="?", default="")
    j = sub.add_parser("judge-sheet")
    j.add_argument("--run", type=Path, default=Path("bench-out/agent"))
    j.add_argument("--answers", type=Path, required=True)
    j.add_argument("--out", type=Path, required=True)
    s = sub.add_parser("score")
    s.add_argument("--run", type=Path, default=Path("bench-out/agent"))
    s.add_argument("--answers", type=Path, required=True)
    s.add_argument("--judged", type=Path)
    a = parser.parse_args()
    if a.step == "prepare":
        prepare(a.path, a.per_category, a.out, a.natural)
    elif a.step == "tool":
        if a.list:
            print(json.dumps(tool_list(), ensure_ascii=False))
            return 0
        if not a.qid or not a.name:
            parser.error("tool QID NAME ['ARGS_JSON']")
        return tool(a.run, a.qid, a.name, a.args_json)
    elif a.step == "judge-sheet":
        judge_sheet(a.run, a.answers, a.out)
    else:
        score(a.run, a.answers, a.judged)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
