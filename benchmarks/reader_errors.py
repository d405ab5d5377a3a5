"""Why the offline reader's answers are wrong: each wrong answer (LoCoMo F1 < 0.5, categories
1-4, active mode) bucketed by its first cause, per category and per conversation.

    python benchmarks/reader_errors.py ../shared/data/locomo_dev.json
    python benchmarks/reader_errors.py ../shared/data/locomo_dev.json --states /tmp/states.pkl
    python benchmarks/reader_errors.py ../shared/data/locomo_dev.json --states /tmp/states.pkl \
        --show conv-26 --category 4

Every question is asked in active mode on a fresh embedded store and what the walk handed the
reader is kept, as benchmarks/reader_replay.py keeps it (`--states FILE` pickles it on the first
run and reuses it after, so a reader change is measured in seconds on the same evidence). The
reader is then re-run on each. Buckets, the first that applies:

  abstained        the reader said "not mentioned"
  not read         no turn of the gold evidence was read
  not usable       a gold turn was read but none of its sentences is usable (a question, or
                   another speaker's sentence not said to the person)
  ranked low       usable, but no gold sentence is among the reader's best three
  other sentence   a gold sentence is among the best three, the answer rests on another turn
  too long         the answer rests on a gold turn and holds at least half of the gold's words
  wrong span       the answer rests on a gold turn and holds less than half of them
Also counted: "paraphrased", the gold's words are less than half in the gold turns read (an
extractive reader cannot reach F1 0.5 there).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from reader_replay import states

from mrgraph import scoring
from mrgraph.eval import metrics
from mrgraph.eval.locomo import QAItem
from mrgraph.eval.report import table
from mrgraph.found import Found
from mrgraph.reader.evidence import sentences
from mrgraph.reader.question import analyse
from mrgraph.reader.read import read
from mrgraph.types import NOT_MENTIONED

BUCKETS = ("abstained", "not read", "not usable", "ranked low", "other sentence", "too long",
           "wrong span")
TOP = 3


def gold_recall(text: str, gold: str) -> float:
    """Share of the gold answer's words (LoCoMo tokens) that `text` holds."""
    want = Counter(scoring.stemmed_tokens(gold))
    if not want:
        return 0.0
    return sum((want & Counter(scoring.stemmed_tokens(text))).values()) / sum(want.values())


@dataclass(frozen=True)
class Verdict:
    item: QAItem
    f1: float
    answer: str
    bucket: str | None  # None when right
    paraphrased: bool
    top: tuple[str, ...]  # the best sentences, "D1:3 text"


def judge(item: QAItem, walked: Found) -> Verdict:
    reading = read(walked)
    gold = item.answer if item.category != 5 else None
    f1 = metrics.locomo_f1(reading.answer, gold, item.category)
    speakers = {str(t["speaker"]) for t in walked.evidence.turns.values()}
    ranked = sentences(walked, analyse(walked.question, speakers))
    top = tuple(f"{s.dia_id} [{s.score:.2f}] {s.text}" for s in ranked[:TOP])
    gold_ids = {scoring.normalize_dia_id(e) for e in item.evidence}
    read_gold = [t for t in walked.evidence.turns.values() if t["dia_id"] in gold_ids]
    paraphrased = bool(read_gold) and \
        gold_recall(" ".join(str(t["text"]) for t in read_gold), item.answer) < 0.5
    if f1 >= metrics.CORRECT_F1 or item.category == 5:
        return Verdict(item, f1, reading.answer, None, paraphrased, top)
    if reading.answer == NOT_MENTIONED:
        bucket = "abstained"
    elif not read_gold:
        bucket = "not read"
    elif not any(s.dia_id in gold_ids for s in ranked):
        bucket = "not usable"
    elif not any(s.dia_id in gold_ids for s in ranked[:TOP]):
        bucket = "ranked low"
    elif not set(reading.supports) & gold_ids:
        bucket = "other sentence"
    else:
        recall = max(gold_recall(part, g) for part in reading.answer.split(",")
                     for g in item.answer.split(",")) if item.category == 1 \
            else gold_recall(reading.answer, item.answer)
        bucket = "too long" if recall >= 0.5 else "wrong span"
    return Verdict(item, f1, reading.answer, bucket, paraphrased, top)


def _of_conversation(sample_id: str, verdict: Verdict) -> bool:
    return verdict.item.sample_id == sample_id and verdict.item.category < 5


def report(verdicts: Sequence[Verdict]) -> str:
    groups: list[tuple[str, Callable[[Verdict], bool]]] = [
        ("multi-hop", lambda v: v.item.category == 1),
        ("temporal", lambda v: v.item.category == 2),
        ("open-domain", lambda v: v.item.category == 3),
        ("single-hop", lambda v: v.item.category == 4),
        *((c, partial(_of_conversation, c)) for c in sorted({v.item.sample_id for v in verdicts}))]
    rows = []
    for name, keep in groups:
        chosen = [v for v in verdicts if keep(v)]
        wrong = Counter(v.bucket for v in chosen if v.bucket)
        f1 = sum(v.f1 for v in chosen) / len(chosen) if chosen else 0.0
        rows.append([name, len(chosen), round(f1, 3), sum(wrong.values()),
                     *(wrong.get(b, 0) for b in BUCKETS),
                     sum(v.paraphrased and v.bucket is not None for v in chosen)])
    adversarial = [v for v in verdicts if v.item.category == 5]
    line = (f"adversarial: {len(adversarial)} questions, LoCoMo F1 "
            f"{sum(v.f1 for v in adversarial) / max(1, len(adversarial)):.3f}")
    return table(["group", "n", "LoCoMo F1", "wrong", *BUCKETS, "of them paraphrased"],
                 rows) + "\n\n" + line


def show(verdicts: Sequence[Verdict], conversation: str, category: int | None,
         bucket: str | None) -> str:
    lines = []
    for v in verdicts:
        if v.item.sample_id != conversation or v.bucket is None or \
                (category is not None and v.item.category != category) or \
                (bucket is not None and v.bucket != bucket):
            continue
        lines.append(f"[{v.item.category} {v.bucket}{' para' if v.paraphrased else ''}] "
                     f"{v.item.question}\n  gold {v.item.answer!r} {list(v.item.evidence)}\n"
                     f"  said {v.answer!r} (F1 {v.f1:.2f})\n" +
                     "\n".join(f"    {t}" for t in v.top))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("path", type=Path, help="LoCoMo JSON file")
    parser.add_argument("--states", type=Path, default=None,
                        help="pickle of what the walks found: written once, then reused")
    parser.add_argument("--show", default=None, help="list the wrong answers of this sample id")
    parser.add_argument("--category", type=int, default=None)
    parser.add_argument("--bucket", default=None)
    args = parser.parse_args(argv)
    verdicts = [judge(k.item, k.found) for k in states(args.path, args.states, ("active",))]
    print(report(verdicts))
    if args.show:
        print()
        print(show(verdicts, args.show, args.category, args.bucket))
    return 0


if __name__ == "__main__":
    sys.exit(main())
