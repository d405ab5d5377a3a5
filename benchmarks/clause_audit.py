"""Which clause a date belongs to: each hand-labelled date phrase's clause as the resolver keeps
it (`mrgraph.dates.mentions`: DateValue.statement) against the clause a person expected.

    python benchmarks/clause_audit.py [benchmarks/date_clause_labels.tsv]

Per label set: the phrases the resolver reads as a date, those whose clause is the one expected
(`exact`: the same words, ends' punctuation aside) and those whose clause holds the expected one
and no other date of the sentence (`holds`); then every label not exact. The clause is what the
reader fits to a question when a turn says two dates, and what the tools show beside a date.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import defaultdict
from datetime import date
from pathlib import Path

from mrgraph.dates import mentions

LABELS = Path(__file__).with_name("date_clause_labels.tsv")
SAID = date(2024, 6, 12)  # the day every sentence is said on: the clause does not depend on it
_ENDS = re.compile(r"^[\W_]+|[\W_]+$")


def _bare(text: str) -> str:
    return _ENDS.sub("", text.strip()).lower()


def read(path: Path) -> list[tuple[str, str, str, str]]:
    rows = [line.rstrip("\n").split("\t") for line in path.read_text().splitlines()
            if line.strip() and not line.startswith("#")]
    bad = [row for row in rows if len(row) != 4]
    if bad:
        raise SystemExit(f"{path}: {len(bad)} rows without 4 fields, first {bad[0]!r}")
    return [(row[0], row[1], row[2], row[3]) for row in rows]


def judge(sentence: str, phrase: str, expected: str, others: list[str]) -> tuple[str, str]:
    """(verdict, clause kept): "exact", "holds", "wrong", or "unread" (no such date found)."""
    found = mentions(sentence, SAID)
    value = next((m for m in found if m.phrase.lower() == phrase.lower()), None) or next(
        (m for m in found if phrase.lower() in m.phrase.lower() or
         m.phrase.lower() in phrase.lower()), None)
    if value is None:
        return "unread", ""
    kept = value.statement
    if _bare(kept) == _bare(expected):
        return "exact", kept
    holds = _bare(expected) in _bare(kept) and not any(o.lower() in kept.lower() for o in others)
    return ("holds" if holds else "wrong"), kept


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("labels", nargs="?", type=Path, default=LABELS)
    rows = read(parser.parse_args(argv).labels)
    phrases: dict[str, list[str]] = defaultdict(list)
    for _, sentence, phrase, _ in rows:
        phrases[sentence].append(phrase)
    counts: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    misses = []
    for label_set, sentence, phrase, expected in rows:
        others = [p for p in phrases[sentence] if p != phrase and p.lower() not in expected.lower()]
        verdict, kept = judge(sentence, phrase, expected, others)
        counts[label_set][verdict] += 1
        if verdict != "exact":
            misses.append(f"  set {label_set} {verdict}: {phrase!r} in {sentence!r}\n"
                          f"      expected {expected!r}, kept {kept!r}")
    for label_set, seen in sorted(counts.items()):
        read_ = sum(seen.values()) - seen["unread"]
        print(f"set {label_set}: {sum(seen.values())} labels, {read_} read as a date; clause exact "
              f"{seen['exact']}/{read_}, holding the expected {seen['exact'] + seen['holds']}/{read_}")
    print("\n".join(misses))
    return 0


if __name__ == "__main__":
    sys.exit(main())
