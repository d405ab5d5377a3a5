"""Summary audit: how much of what an episode is about its summary says.

    python benchmarks/summary_audit.py ../shared/data/locomo_dev.json ../shared/data/locomo_val.json \
        --before /work/main/bench-out/base-dev/store /work/main/bench-out/base-val/store
    python benchmarks/summary_audit.py ../shared/data/locomo_dev.json --show 100 --seed 27

Coverage: an episode's salient cues are its keyword cues (its most salient words by tf-idf over
the conversation: what sets it apart); an episode's coverage is the share of them its summary
holds (search tokens, so "painted" holds "painting"); reported as the mean over episodes and the
share of episodes whose summary holds all of them. Also: how many sentences and characters a
summary has, and the share of summaries that name a speaker. `--before` reads stores written
before (the one-sentence summaries), the same way. `--show N` prints N episodes at random (turns
as said, the summary, the cues) for reading by hand: does the summary cover each distinct
sub-topic, and say who did what?
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sqlite3
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from date_audit import ingest

from mrgraph.text import token_set


@dataclass(frozen=True)
class Episode:
    id: str
    summary: str
    keywords: tuple[str, ...]
    speakers: tuple[str, ...]
    said: str  # its turns as said


def episodes(path: Path) -> list[Episode]:
    """The episodes of every store file of a directory, with their keyword cues."""
    found = []
    for file in sorted(path.glob("*.sqlite")):
        conn = sqlite3.connect(f"file:{file}?mode=ro", uri=True)
        try:
            nodes: dict[str, tuple[str, dict[str, Any]]] = {
                i: (label, json.loads(p)) for i, label, p in conn.execute(
                    "SELECT id, label, props FROM nodes")}
            cues: dict[str, list[str]] = {}
            for src, dst in conn.execute("SELECT src, dst FROM edges WHERE type = 'CUE_OF'"):
                if nodes[src][1].get("kind") == "keyword":
                    cues.setdefault(dst, []).append(str(nodes[src][1]["name"]))
            turns = {d: (str(p["speaker"]), str(p["text"])) for _, (label, p) in nodes.items()
                     if label == "Turn" for d in (str(p["dia_id"]),)}
        finally:
            conn.close()
        for node_id, (label, props) in sorted(nodes.items()):
            if label != "Episode":
                continue
            said = [turns[d] for d in props.get("dia_ids") or () if d in turns]
            found.append(Episode(node_id, str(props.get("summary", "")),
                                 tuple(sorted(cues.get(node_id, ()))),
                                 tuple(sorted({s for s, _ in said})),
                                 "\n".join(f"{s}: {t}" for s, t in said)))
    return found


def coverage(episode: Episode) -> float | None:
    if not episode.keywords:
        return None
    held = set(token_set(episode.summary))
    return sum(bool(set(token_set(k)) & held) for k in episode.keywords) / len(episode.keywords)


def report(label: str, found: list[Episode]) -> None:
    shares = [c for e in found if (c := coverage(e)) is not None]
    sentences = [len(re.findall(r"[.!?]+(?:\s|$)", e.summary)) or 1 for e in found]
    named = sum(any(s.split()[0] in e.summary for s in e.speakers if s.split()) for e in found)
    print(f"{label}: {len(found)} episodes; keyword coverage {sum(shares) / len(shares):.1%} "
          f"(all keywords: {sum(c == 1 for c in shares) / len(shares):.1%}); "
          f"{sum(sentences) / len(found):.1f} sentences, "
          f"{sum(len(e.summary) for e in found) / len(found):.0f} characters on average; "
          f"naming a speaker: {named / len(found):.1%}")


def show(found: list[Episode], count: int, seed: int) -> None:
    picked = random.Random(seed).sample(found, min(count, len(found)))
    for n, episode in enumerate(picked, 1):
        print(f"\n#{n} {episode.id} cues: {', '.join(episode.keywords)}")
        for line in episode.said.splitlines():
            print(f"    {line[:170]}")
        print(f"  SUMMARY: {episode.summary}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data", nargs="+", type=Path)
    parser.add_argument("--before", nargs="*", type=Path, default=[])
    parser.add_argument("--show", type=int, default=0, help="print N episodes of the first file")
    parser.add_argument("--seed", type=int, default=27)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        for i, data in enumerate(args.data):
            if i < len(args.before):
                report(f"{data.name} before", episodes(args.before[i]))
            found = episodes(ingest(data, Path(tmp) / data.stem))
            report(f"{data.name} after", found)
            if i == 0 and args.show:
                show(found, args.show, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
