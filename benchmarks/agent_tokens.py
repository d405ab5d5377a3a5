"""Tokens of tool output an agent reads, per record kind and per question, compact vs detail.

    python benchmarks/agent_tokens.py ../shared/data/locomo_dev.json [--questions 60] [--out F]

The file is ingested into one namespace of a fresh embedded store (every conversation in it, as
an agent's memory would hold them). For the first --questions questions of categories 1-4
(spread evenly over the file), every toolkit tool is called once with arguments drawn from the
question and from earlier replies, the way a navigator would chain them:

    search_turns(question, limit 8)     search_events(question, limit 5)   search_cues(question)
    search_topics(question)             event_context(best episode, window 1)
    read_turns(best turn's dia_id in its conversation, window 1)
    event_keywords / conversation_time(best episode)    cue_tags / cue_events(first cue found)
    personal_aspects(a speaker the question names, else the best turn's speaker)
    personal_aspect(that person, first aspect)          timeline(the best episode's month)

Tokens are tiktoken cl100k (mrgraph.llm.tokens.count_tokens) of each reply's JSON as the MCP
server sends it (no spaces after separators), compact (the default) and with `detail`. Per
record kind: the mean tokens of one record; a search_turns hit ("turn hit", a hit asking
something with its reply) apart from turns read. Per question: a scripted four-call navigation
(search_turns, search_events, event_context, read_turns) - not an agent's run, which the lead
measures with an outside agent; the figure says what such a navigation costs to read.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

from mrgraph.config import Settings
from mrgraph.engine import Memory
from mrgraph.errors import UserError
from mrgraph.eval.locomo import load_locomo_qa
from mrgraph.llm.tokens import count_tokens
from mrgraph.store.base import GraphStore
from mrgraph.text import capitalised
from mrgraph.toolview import reply

KINDS = {"search_turns": "turn hit", "read_turns": "turn", "event_context": "turn",
         "search_events": "episode", "timeline": "episode", "tag_events": "episode",
         "cue_events": "episode", "topic_events": "episode", "search_cues": "cue",
         "cue_tags": "cue tag", "event_keywords": "keyword", "conversation_time": "time",
         "personal_aspects": "aspect", "personal_aspect": "belief", "search_topics": "topic"}
PROTOCOL = ("search_turns", "search_events", "event_context", "read_turns")


def tokens(body: dict[str, Any]) -> int:
    return count_tokens(json.dumps(body, ensure_ascii=False, separators=(",", ":")))


class Meter:
    """Calls a tool compact and in detail, and keeps the tokens of both."""

    def __init__(self, store: GraphStore) -> None:
        self.store = store
        self.per_kind: dict[str, list[tuple[int, int]]] = defaultdict(list)  # per record
        self.question: dict[str, tuple[int, int]] = {}

    def call(self, tool: str, **args: Any) -> list[dict[str, Any]]:
        try:
            small = reply(self.store, tool, args)
            full = reply(self.store, tool, args, detail=True)
        except UserError:
            return []
        self.question[tool] = (tokens(small), tokens(full))
        for s, f in zip(small["records"], full["records"]):
            self.per_kind[KINDS[tool]].append((tokens(s), tokens(f)))
        found: list[dict[str, Any]] = full["records"]
        return found


def navigate(meter: Meter, question: str) -> None:
    meter.question = {}
    turns = meter.call("search_turns", text=question, limit=8)
    events = meter.call("search_events", text=question, limit=5)
    meter.call("search_cues", text=question)
    meter.call("search_topics", text=question)
    if events:
        best = events[0]
        meter.call("event_context", event_id=best["id"], window=1)
        meter.call("event_keywords", event_id=best["id"])
        meter.call("conversation_time", event_id=best["id"])
        if best.get("date"):
            meter.call("timeline", start=best["date"][:7], end=best["date"][:7], limit=10)
    if turns:
        meter.call("read_turns", dia_ids=[turns[0]["dia_id"]],
                   conversation=turns[0]["conversation"], window=1)
    cues = meter.call("search_cues", text=question, limit=3)
    if cues:
        meter.call("cue_tags", cue=cues[0]["name"])
        meter.call("cue_events", cue=cues[0]["name"])
    names = capitalised(question) or ([turns[0]["speaker"]] if turns else [])
    if names:
        aspects = meter.call("personal_aspects", entity=names[0])
        if aspects:
            meter.call("personal_aspect", entity=names[0], aspect=aspects[0]["aspect"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("path")
    parser.add_argument("--questions", type=int, default=60)
    parser.add_argument("--out", type=Path)
    options = parser.parse_args()
    items = [q for q in load_locomo_qa(options.path) if q.category in (1, 2, 3, 4)]
    step = max(1, len(items) // options.questions)
    chosen = items[::step][:options.questions]
    with tempfile.TemporaryDirectory() as tmp, \
            Memory.open(Settings(), store=f"file:{tmp}/graph", ns="agent") as memory:
        memory.ingest([options.path])
        meter = Meter(memory.store)
        protocol: list[tuple[int, int]] = []
        for item in chosen:
            navigate(meter, item.question)
            spent = [meter.question[t] for t in PROTOCOL if t in meter.question]
            protocol.append((sum(s for s, _ in spent), sum(f for _, f in spent)))
    report = {
        "questions": len(chosen),
        "per_record": {kind: {"records": len(pairs),
                              "compact": round(statistics.mean(s for s, _ in pairs), 1),
                              "detail": round(statistics.mean(f for _, f in pairs), 1)}
                       for kind, pairs in sorted(meter.per_kind.items())},
        "per_question": {name: {"mean": round(statistics.mean(vals), 1),
                                "p50": statistics.median(vals),
                                "p90": sorted(vals)[int(0.9 * (len(vals) - 1))]}
                         for name, vals in (("compact", [s for s, _ in protocol]),
                                            ("detail", [f for _, f in protocol]))},
    }
    text = json.dumps(report, indent=1)
    print(text)
    if options.out:
        options.out.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
