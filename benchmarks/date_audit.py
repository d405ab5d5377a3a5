"""Date audit: are the dates mrgraph keeps right, as precise as they were said, and where the
answers need them?

    python benchmarks/date_audit.py ../shared/data/locomo_dev.json ../shared/data/locomo_val.json \
        --before /work/main/bench-out/base-dev/store /work/main/bench-out/base-val/store

(a) Resolution: every hand-labelled mention of benchmarks/date_audit_labels.tsv (invented
    sentences, and expressions of the dev transcripts named by dia_id and offset, their text read
    from the data file at run time) is resolved against its session day; exact = the value and
    the precision both as labelled ("none": no date found there). Also the invented sentences
    that hold no date: how many get one anyway.
(b) Reach: for every temporal question (category 2) whose gold is a date (parsed below: "7 May
    2023", "2022", "The week before 9 June 2023", "The Friday before 15 July 2023", "The summer of
    2022"...), whether the memory holds a date within the gold's days (as precise as the gold, or
    more) on a gold evidence turn: after = a DateMention of the turn or its session day (and, to
    compare like with like, of any turn of its episode); before (a store written before dates
    had a precision, which kept them per episode) = the date, date_end and dates of the turn's
    episode, or its session day.
(c) Episodes dated other than by their session, and days that are the first of a month or year
    although no day was said (an episode dated by "last year" -> 1 January), on each store.

Stores are read straight from their SQLite files (one per conversation, as `mrgraph bench` writes
them), so a store written before this change can be read as it is.
"""

from __future__ import annotations

import argparse
import json
import re
import sqlite3
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Any, Iterable

from mrgraph.dates import find_dates, parse_timestamp, value_bounds
from mrgraph.eval.locomo import load_locomo_qa
from mrgraph.ingest.extract import HeuristicExtractor
from mrgraph.ingest.pipeline import ingest_file
from mrgraph.store.memory import MemoryStore

LABELS = Path(__file__).with_name("date_audit_labels.tsv")
NO_DATES = (  # invented sentences that hold no date: none may get one
    "I may go if the weather holds.", "Saturdays are for sleeping in.",
    "The weekly meeting ran long.", "This sun is brutal at noon.",
    "I last sat by that window as a child.", "She said the last may be the best.",
    "We talked about autumn colours in art class.", "The 31 February deadline is a joke.",
    "Summer break is the best time of the year.", "I have 2 dogs and 3 cats.",
    "Next time bring an umbrella.", "Last but not least, thank the cooks.",
    "I'll see you next time around.", "Monday mornings are the worst.",
    "We may have to leave early.",  # the last three written with the held-out sentences
)
Span = tuple[str, str]  # ISO days, inclusive


# ------------------------------------------------------------------ (a) resolution


@dataclass(frozen=True)
class Label:
    source: str
    where: str
    text: str
    said: date
    offset: int
    value: str
    precision: str


def labels(dev: dict[tuple[str, str], tuple[str, date]]) -> list[Label]:
    found = []
    for line in LABELS.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        source, where, said, phrase, value, precision = line.split("\t")
        if source in ("invented", "heldout"):
            found.append(Label(source, where, where, date.fromisoformat(said),
                               where.index(phrase), value, precision))
            continue
        key, _, offset = where.partition("@")
        conv, _, dia_id = key.partition("/")
        text, day = dev[(conv, dia_id)]
        found.append(Label(source, where, text, day, int(offset), value, precision))
    return found


def resolve(label: Label) -> tuple[str, str]:
    """What mrgraph makes of the labelled expression: (value, precision), or none."""
    for mention in find_dates(label.text, label.said):
        if mention.span[0] <= label.offset < mention.span[1]:
            return mention.value.value, mention.value.precision
    return "none", "none"


def audit_resolution(dev: dict[tuple[str, str], tuple[str, date]]) -> None:
    items = labels(dev)
    wrong = [(item, got) for item in items if (got := resolve(item)) != (item.value,
                                                                          item.precision)]
    by_source = Counter(i.source for i in items)
    bad = Counter(i.source for i, _ in wrong)
    print(f"(a) labelled mentions: {len(items)}; exact: {len(items) - len(wrong)} "
          f"= {1 - len(wrong) / len(items):.1%} ("
          + ", ".join(f"{source} {by_source[source] - bad[source]}/{by_source[source]}"
                      for source in ("invented", "dev", "heldout")) + ")")
    precisions = Counter(i.precision for i in items)
    missed = Counter(i.precision for i, _ in wrong)
    print("    by precision: " + ", ".join(f"{p} {precisions[p] - missed[p]}/{precisions[p]}"
                                            for p in sorted(precisions)))
    for item, got in wrong:
        phrase = item.text[item.offset:item.offset + 30]
        print(f"    wrong: {item.where[:60]} said {item.said}: {phrase!r}... expected "
              f"{item.value} ({item.precision}), got {got[0]} ({got[1]})")
    anchor = date(2023, 5, 8)
    false = [s for s in NO_DATES if find_dates(s, anchor)]
    print(f"    sentences without a date given one: {len(false)}/{len(NO_DATES)}"
          + "".join(f"\n      {s}" for s in false))


# ------------------------------------------------------------------ gold answers as dates

_COUNTS = {"the": 1, "one": 1, "a": 1, "two": 2, "three": 3, "four": 4}
_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_RELATIVE = re.compile(r"^(the|one|a|two|three|four) (week|weekend|monday|tuesday|wednesday|"
                       r"thursday|friday|saturday|sunday)s? (before|of) (.+)$")


def gold_span(gold: str, year: int) -> tuple[Span, str] | None:
    """The days a gold answer names and its precision; None when it is not a date ("4 years",
    "A few years ago")."""
    text = re.sub(r"[^\w\s,]", " ", gold)  # "3` July 2023", "April.2023"
    text = " ".join(re.sub(r"^(in|since|around|about) ", "", text.strip(), flags=re.I).split())
    relative = _RELATIVE.match(text.lower())
    if relative:
        count, unit, where, _ = relative.groups()
        day = _day(text[relative.start(4):], year)
        return _relative(_COUNTS[count], unit, where, day) if day else None
    if re.fullmatch(r"\d{4}", text):
        return (f"{text}-01-01", f"{text}-12-31"), "year"
    mentions = find_dates(text if re.search(r"\d{4}", text) else f"{text} {year}",
                          date(year, 6, 15))
    if len(mentions) != 1:
        return None
    value = mentions[0].value
    return (value.start, value.end), value.precision


def _day(text: str, year: int) -> date | None:
    found = find_dates(text, date(year, 6, 15))
    return date.fromisoformat(found[0].start) if len(found) == 1 and \
        found[0].value.precision == "day" else None


def _relative(count: int, unit: str, where: str, day: date) -> tuple[Span, str]:
    monday = day - timedelta(days=day.weekday())
    if unit == "week":
        first = monday if where == "of" else monday - timedelta(weeks=count)
        return (first.isoformat(), (first + timedelta(days=6)).isoformat()), "week"
    if unit == "weekend":
        saturday = day - timedelta(days=(day.weekday() - 5) % 7 or 7)  # the last one before
        if (day - saturday).days == 1 or where == "of":  # said on a Sunday: that weekend
            saturday = saturday if where == "of" else saturday - timedelta(weeks=1)
        saturday -= timedelta(weeks=count - 1)
        return (saturday.isoformat(), (saturday + timedelta(days=1)).isoformat()), "range"
    back = (day.weekday() - _WEEKDAYS.index(unit) - 1) % 7 + 1
    found = day - timedelta(days=back) - timedelta(weeks=count - 1)
    return (found.isoformat(), found.isoformat()), "day"


# ------------------------------------------------------------------ the stores, read raw


@dataclass
class Graph:
    """One conversation's store: nodes by id (label in "_label") and edges by type."""

    nodes: dict[str, dict[str, Any]]
    edges: dict[str, list[tuple[str, str]]]

    @classmethod
    def read(cls, path: Path) -> Graph:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            nodes = {i: {**json.loads(p), "_label": label}
                     for i, label, p in conn.execute("SELECT id, label, props FROM nodes")}
            edges: dict[str, list[tuple[str, str]]] = {}
            for src, etype, dst in conn.execute("SELECT src, type, dst FROM edges"):
                edges.setdefault(etype, []).append((src, dst))
        finally:
            conn.close()
        return cls(nodes, edges)

    def of(self, label: str) -> Iterable[tuple[str, dict[str, Any]]]:
        return ((i, n) for i, n in self.nodes.items() if n["_label"] == label)

    def turn_spans(self, episode: bool = False) -> dict[str, list[Span]]:
        """dia_id -> the days the store attaches to the turn (see the module docstring); with
        `episode`, those of every turn of its episode too (what a store written before held)."""
        spans: dict[str, list[Span]] = {}
        turns = dict(self.of("Turn"))
        for turn in turns.values():
            spans.setdefault(str(turn["dia_id"]), []).append((turn["date"], turn["date"]))
        for src, dst in self.edges.get("MENTIONS_DATE", ()):
            mention = self.nodes[dst]
            spans[str(turns[src]["dia_id"])].append((mention["start"], mention["end"]))
        if "MENTIONS_DATE" not in self.edges:  # written before: its episodes' dates
            for src, dst in self.edges.get("FROM_TURN", ()):
                spans[str(turns[dst]["dia_id"])] += _episode_spans(self.nodes[src])
        elif episode:
            own = {d: list(s) for d, s in spans.items()}
            members: dict[str, list[str]] = {}
            for src, dst in self.edges.get("FROM_TURN", ()):
                members.setdefault(src, []).append(str(turns[dst]["dia_id"]))
            for dia_ids in members.values():
                held = [s for d in dia_ids for s in own.get(d, ())]
                for dia_id in dia_ids:
                    spans[dia_id] = held
        return spans


def _episode_spans(episode: dict[str, Any]) -> list[Span]:
    found = [(str(episode["date"]), str(episode.get("date_end") or episode["date"]))]
    for value in episode.get("dates") or ():
        first, _, last = str(value).partition("/")
        found.append((first, last or first))
    return found


def stores(path: Path) -> dict[str, Graph]:
    return {p.stem: Graph.read(p) for p in sorted(path.glob("*.sqlite"))}


# ------------------------------------------------------------------ (b) reach, (c) false dates


def audit_reach(data: Path, graphs: dict[str, Graph], label: str, episode: bool = False) -> None:
    held, asked, by_precision = 0, 0, Counter[str]()
    spans = {conv: graph.turn_spans(episode) for conv, graph in graphs.items()}
    for item in load_locomo_qa(data):
        if item.category != 2 or item.sample_id not in spans:
            continue
        turn = spans[item.sample_id]
        years = [int(s[0][:4]) for d in item.evidence for s in turn.get(d, ())[:1]]
        gold = gold_span(str(item.answer), years[0] if years else 2023)
        if gold is None:
            continue
        (start, end), precision = gold
        asked += 1
        if any(start <= s and e <= end for d in item.evidence for s, e in turn.get(d, ())):
            held += 1
            by_precision[precision] += 1
    print(f"    {label}: {held}/{asked} = {held / max(asked, 1):.1%} "
          f"({', '.join(f'{p} {n}' for p, n in sorted(by_precision.items()))})")


_DAY_WORDS = re.compile(r"\b(yesterday|today|tonight|tomorrow|night|morning|afternoon|evening|"
                        r"days?|mon|tues?|wed|thu|thurs|fri|sat|sun)[a-z]*\b|\d", re.I)


def audit_false_dates(graphs: dict[str, Graph], label: str) -> None:
    """Episodes and fact observations dated other than by their session; days on the first
    of a month that no day was said for (an episode dated by "last year" -> 1 January)."""
    other = facts = firsts = episodes = 0
    for graph in graphs.values():
        sessions = {dst: graph.nodes[src]["date"] for src, dst in graph.edges["HAS_EPISODE"]}
        for node_id, episode in graph.of("Episode"):
            episodes += 1
            day = str(episode["date"])
            other += day != sessions.get(node_id)
            firsts += day != sessions.get(node_id) and day.endswith("-01")
        facts += sum(graph.nodes[dst].get("date") != sessions.get(dst)
                     for _, dst in graph.edges.get("FROM_EPISODE", ()))
        for _, mention in graph.of("DateMention"):
            firsts += mention["precision"] == "day" and str(mention["value"]).endswith("-01") \
                and not _DAY_WORDS.search(str(mention["phrase"]))
    print(f"    {label}: {episodes} episodes, dated other than by their session: {other}; "
          f"fact observations dated other than by it: {facts}; first days of a month or year "
          f"no day was said for: {firsts}")


def session_days(data: Path) -> dict[tuple[str, str], tuple[str, date]]:
    """(conversation, dia_id) -> (text, session day) of every turn of a LoCoMo file."""
    found = {}
    for sample in json.loads(data.read_text(encoding="utf-8")):
        conv = sample["conversation"]
        for key, turns in conv.items():
            if key.startswith("session_") and isinstance(turns, list):
                day = parse_timestamp(conv[f"{key}_date_time"]).date()
                for turn in turns:
                    found[(sample["sample_id"], turn["dia_id"])] = (turn["text"], day)
    return found


def ingest(data: Path, directory: Path) -> Path:
    """The file ingested as `mrgraph bench` does: a namespace (SQLite file) per conversation."""
    from mrgraph.ingest.loaders import load
    directory.mkdir(parents=True)
    for conversation in load(data):
        single = directory / f"{conversation.id}.json"
        raw = [s for s in json.loads(data.read_text(encoding="utf-8"))
               if s["sample_id"] == conversation.id]
        single.write_text(json.dumps(raw), encoding="utf-8")
        store = MemoryStore(directory / "store", conversation.id)
        ingest_file(store, single, HeuristicExtractor())
        store.close()
    return directory / "store"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data", nargs="+", type=Path, help="LoCoMo files (the first: dev)")
    parser.add_argument("--before", nargs="*", type=Path, default=[],
                        help="stores written before the change, one per data file")
    args = parser.parse_args(argv)
    audit_resolution(session_days(args.data[0]))
    with tempfile.TemporaryDirectory() as tmp:
        after = [stores(ingest(data, Path(tmp) / data.stem)) for data in args.data]
        before = [stores(path) for path in args.before]
        print("(b) temporal questions whose gold is a date, held on a gold evidence turn:")
        for i, data in enumerate(args.data):
            if i < len(before):
                audit_reach(data, before[i], f"{data.name} before")
            audit_reach(data, after[i], f"{data.name} after, on the turn")
            audit_reach(data, after[i], f"{data.name} after, on its episode", episode=True)
        print("(c) episodes and days:")
        for i, data in enumerate(args.data):
            if i < len(before):
                audit_false_dates(before[i], f"{data.name} before")
            audit_false_dates(after[i], f"{data.name} after")
    return 0


if __name__ == "__main__":
    sys.exit(main())
