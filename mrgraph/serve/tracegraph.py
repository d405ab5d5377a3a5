"""The reconstruction trace as a graph a person can look at (cytoscape.js elements).

Built from `Answer.trace` alone, plus the store for readable names: rounds are columns
(compound nodes), each tool call a node in its round's column; what a call reached (episodes,
cues, facts, tags, aspects, turns) is a node to its right, shared by every call that reached it,
so hops that converge show as converging edges. A call whose arguments name something an
earlier call reached (event_keywords on an episode, cue_tags on a cue, tag_events on a cue and
tag) gets a "hop" edge from it: the chain of active reconstruction. Kept results (routed into
the evidence or the leads) are marked `kept`; the turns the answer rests on `support`.

Positions are computed here (preset layout), so the picture is the same in the page, in
`ask --trace-html` and in any test.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from mrgraph.dates import format_day
from mrgraph.store.base import GraphStore
from mrgraph.types import Answer, NodeRecord, PropValue, Step

MAX_RESULTS_SHOWN = 6  # reached nodes drawn per call (kept ones first); the rest are counted
COLUMN = 480.0  # px between round columns
RESULTS_AT = 260.0  # px from a round's calls to the nodes they reached
ROW = 64.0  # px between calls of a round
RESULT_ROW = 30.0  # px between reached nodes
LABEL_CHARS = 48
LOOKUPS = 8  # node lookups in flight while naming the picture's nodes

_NODE_ID = re.compile(r"^(ep|cue|fact|topic|turn|ses|conv|tag)-[0-9a-f]{16}$")
_KINDS = {"ep": "episode", "cue": "cue", "fact": "fact", "topic": "topic", "turn": "turn",
          "ses": "session", "conv": "conversation", "tag": "tag"}
# What a call's non-id results are, by tool: tags of cue_tags, aspects, turns (dia_ids).
_PLAIN_KIND = {"cue_tags": "tag", "personal_aspects": "aspect", "event_context": "turn"}
# Arguments that name something reached earlier: (argument, kind of the referenced node).
_REFERENCES = (("event_id", "episode"), ("cue", "cue"), ("topic", "topic"))

Lookup = Callable[[str], NodeRecord | None]


@dataclass
class _Builder:
    lookup: Lookup
    supports: frozenset[str]
    nodes: dict[str, dict[str, Any]] = field(default_factory=dict)
    edges: list[dict[str, Any]] = field(default_factory=list)
    column_fill: dict[int, float] = field(default_factory=dict)  # next free y per column
    names: dict[str, str] = field(default_factory=dict)

    def name(self, raw: str) -> str:
        """A readable name for a node id (the store's own words), else the id itself."""
        if raw not in self.names:
            record = self.lookup(raw) if _NODE_ID.match(raw) else None
            self.names[raw] = _caption(record) if record is not None else raw
        return self.names[raw]

    def reached(self, raw: str, tool: str, column: int, near: float) -> str:
        """The node of a reached result, created at the first call that reached it, as close
        to that call's height (`near`) as the column's earlier nodes allow."""
        kind = _kind(raw, tool)
        key = f"{kind}:{raw}"
        if key not in self.nodes:
            y = max(self.column_fill.get(column, 0.0), near)
            self.column_fill[column] = y + RESULT_ROW
            self.nodes[key] = {
                "data": {"id": key, "ref": raw, "kind": kind, "label": _clip(self.name(raw)),
                         "round": column, "kept": False,
                         "support": kind == "turn" and raw in self.supports},
                "position": {"x": column * COLUMN + RESULTS_AT, "y": y},
            }
        return key


def trace_graph(answer: Answer, question: str, lookup: Lookup | None = None) -> dict[str, Any]:
    """The answer, its sources and its trace as cytoscape elements (plain JSON)."""
    builder = _Builder(lookup or (lambda _id: None), frozenset(answer.supports))
    _name_all(builder, answer.trace)
    by_round: dict[int, list[tuple[int, Step]]] = {}
    for index, step in enumerate(answer.trace):
        by_round.setdefault(step.round, []).append((index, step))
    for rnd, steps in sorted(by_round.items()):
        builder.nodes[f"round:{rnd}"] = {
            "data": {"id": f"round:{rnd}", "kind": "round", "label": f"round {rnd}",
                     "round": rnd}}
        y = 0.0
        for index, step in steps:
            # a call sits level with the first node it reached, below its predecessor's
            y = max(y, builder.column_fill.get(rnd, 0.0))
            _add_call(builder, index, step, y)
            y += ROW
    elements = {"nodes": list(builder.nodes.values()), "edges": builder.edges}
    return {
        "question": question, "answer": answer.answer, "confidence": answer.confidence,
        "supports": list(answer.supports), "rounds": answer.rounds,
        "tool_calls": answer.tool_calls, "tokens": answer.tokens,
        "latency_ms": round(answer.latency_ms, 2),
        "sources": [{"dia_id": s.dia_id, "conversation": s.conversation, "date": s.date,
                     "speaker": s.speaker, "text": s.text} for s in answer.sources],
        "evidence": list(answer.evidence), "elements": elements,
    }


def store_lookup(store: GraphStore) -> Lookup:
    return store.get_node


def _name_all(b: _Builder, steps: Sequence[Step]) -> None:
    """Look every node id the picture names up at once, LOOKUPS at a time: on Neo4j each is a
    round trip, and a trace names a hundred or more (reads may run concurrently on both
    stores)."""
    ids = {raw for step in steps for raw in _shown(step)}
    ids |= {str(step.arguments[k]) for step in steps for k in ("cue", "event_id")
            if k in step.arguments}
    wanted = sorted(i for i in ids if _NODE_ID.match(i))
    with ThreadPoolExecutor(max_workers=LOOKUPS) as pool:
        for raw, record in zip(wanted, pool.map(b.lookup, wanted)):
            b.names[raw] = _caption(record) if record is not None else raw


def _add_call(b: _Builder, index: int, step: Step, y: float) -> None:
    call = f"call:{index}"
    shown = _shown(step)
    hidden = len(step.result_ids) - len(shown)
    b.nodes[call] = {
        "data": {"id": call, "kind": "call", "parent": f"round:{step.round}",
                 "round": step.round, "tool": step.tool, "label": _call_label(b, step, hidden),
                 "arguments": {k: v for k, v in step.arguments.items()},
                 "results": len(step.result_ids), "kept_count": len(step.kept_ids),
                 "error": step.error or "", "ms": round(step.ms, 2)},
        "position": {"x": step.round * COLUMN, "y": y},
        "classes": "error" if step.error else "",
    }
    for argument, kind in _REFERENCES:
        value = step.arguments.get(argument)
        source = f"{kind}:{value}"
        if isinstance(value, str) and source in b.nodes:
            b.edges.append({"data": {"id": f"hop:{index}:{argument}", "source": source,
                                     "target": call, "kind": "hop"}})
    tag = step.arguments.get("tag")
    if step.tool == "tag_events" and isinstance(tag, str) and f"tag:{tag}" in b.nodes:
        b.edges.append({"data": {"id": f"hop:{index}:tag", "source": f"tag:{tag}",
                                 "target": call, "kind": "hop"}})
    kept = set(step.kept_ids)
    for position, raw in enumerate(shown):
        target = b.reached(raw, step.tool, step.round, y)
        if raw in kept:
            b.nodes[target]["data"]["kept"] = True
        b.edges.append({"data": {"id": f"reach:{index}:{position}", "source": call,
                                 "target": target, "kind": "reach", "kept": raw in kept}})


def _shown(step: Step) -> list[str]:
    """The results drawn for a call: kept ones first, then the others, at most
    MAX_RESULTS_SHOWN, without repeats or empty ids."""
    kept = [r for r in dict.fromkeys(step.kept_ids) if r]
    rest = [r for r in dict.fromkeys(step.result_ids) if r and r not in set(kept)]
    return (kept + rest)[:MAX_RESULTS_SHOWN]


def _call_label(b: _Builder, step: Step, hidden: int) -> str:
    args = ", ".join(f"{k}: {_clip(b.name(str(v)) if k in ('cue', 'event_id') else str(v), 28)}"
                     for k, v in step.arguments.items() if k not in ("limit", "window"))
    found = f"{len(step.result_ids)} found, {len(step.kept_ids)} kept"
    more = f" (+{hidden} not drawn)" if hidden > 0 else ""
    error = f"\nerror: {_clip(step.error, 40)}" if step.error else ""
    return f"{step.tool}({args})\n{found}{more}{error}"


def _kind(raw: str, tool: str) -> str:
    match = _NODE_ID.match(raw)
    if match:
        return _KINDS[match.group(1)]
    return _PLAIN_KIND.get(tool, "result")


def _caption(record: NodeRecord) -> str:
    p: Mapping[str, PropValue] = record.props
    if record.label == "Episode":  # dated by its session: the day it was said
        said = format_day(str(p.get("date", "")))
        return f"said {said} · {p.get('tag') or p.get('summary') or ''}"
    for key in ("statement", "name", "label", "dia_id", "summary", "conversation_id"):
        value = p.get(key)
        if isinstance(value, str) and value:
            return value
    return record.id


def _clip(text: str, limit: int = LABEL_CHARS) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


__all__: Sequence[str] = ["trace_graph", "store_lookup"]
