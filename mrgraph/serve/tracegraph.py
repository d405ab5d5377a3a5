"""The reconstruction trace as a picture a person reads in ten seconds (cytoscape.js elements).

What is drawn at first is the answer's path (tracepath): the question, the calls that led to
the turns the answer rests on, what each of them found on the way (episodes, cues, tags,
aspects, facts) and those turns, top to bottom, one row per hop. Every other call is collapsed
into a count per round (`round:N` nodes); its calls are in `rest` (one list per round), for the
page to draw when the count is tapped. Each node carries its content (`detail`: a turn's text
with speaker and date, an episode's summary and dates, a fact's statement and confidence, a
call's arguments and every result, named), shown when it is tapped.

Counts add up: a path call says how many results it found and how many of them are drawn; the
others are listed on tap. `summary` says how many calls are on the path and how many collapsed.

Positions are computed here (preset layout), so the picture is the same in the page, in
`ask --trace-html` and in any test.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from mrgraph.serve.tracecalls import call_detail, call_label
from mrgraph.serve.tracecontent import (KINDS, NODE_ID, Content, Found, Reads, clip,
                                        episode_content, fact_content, matched_words,
                                        plain_content, turn_content)
from mrgraph.serve.tracelayout import SLOT, place
from mrgraph.serve.tracepath import QUESTION, AnswerPath, CallView, answer_path
from mrgraph.store.base import GraphStore
from mrgraph.types import Answer, Source, Step

STRIP_GAP = 130.0  # px from the path's last row to the row of collapsed rounds
ROUND_SLOT = 150.0  # px between collapsed rounds
MIN_ROUNDS_PER_LINE = 5  # more when the path is wider: the strip is never the widest part
REST_ROW = 70.0  # px between rows of a round's calls when it is expanded
REST_COLUMNS = 3

# What a call's results are when they are not node ids, by tool.
_PLAIN_KIND = {"cue_tags": "tag", "personal_aspects": "aspect", "event_context": "turn",
               "search_turns": "turn", "read_turns": "turn"}
# Arguments that name something an earlier call reached: (argument, kind of that node).
_REFERENCES = (("event_id", "episode"), ("cue", "cue"), ("topic", "topic"), ("tag", "tag"),
               ("aspect", "aspect"))
_SEARCHES = frozenset({"search_events", "search_cues", "search_topics"})


@dataclass
class _Trace:
    """The trace's calls and the nodes they reached, keyed as the picture's elements."""

    answer: Answer
    question: str
    found: Found
    contents: dict[str, Content] = field(default_factory=dict)
    kinds: dict[str, str] = field(default_factory=dict)
    raws: dict[str, str] = field(default_factory=dict)
    calls: list[CallView] = field(default_factory=list)
    supports: list[str] = field(default_factory=list)

    def node(self, raw: str, kind: str, key: str, content: Content) -> str:
        if key not in self.contents:
            self.contents[key], self.kinds[key], self.raws[key] = content, kind, raw
        return key


def trace_graph(answer: Answer, question: str, reads: Reads | None = None) -> dict[str, Any]:
    """The answer, its sources and its trace as cytoscape elements (plain JSON)."""
    trace = _index(answer, question,
                   (reads or Reads(None)).find(answer.trace, answer.supports))
    path = answer_path(trace.calls, trace.supports, _provenance(trace))
    nodes, edges = _path_elements(trace, path)
    rest = _rest(trace, path)
    nodes += _round_nodes(trace, rest, _bottom(nodes), _per_line(nodes))
    return {
        "question": question, "answer": answer.answer, "confidence": answer.confidence,
        "supports": list(answer.supports), "rounds": answer.rounds,
        "tool_calls": answer.tool_calls, "tokens": answer.tokens,
        "latency_ms": round(answer.latency_ms, 2), "empty": trace.found.empty,
        "ns": trace.found.ns,
        "sources": [_source(s, trace.found) for s in answer.sources],
        "evidence": list(answer.evidence), "summary": _summary(trace, path),
        "elements": {"nodes": nodes, "edges": edges}, "rest": rest,
    }


def _source(source: Source, found: Found) -> dict[str, str]:
    """A quoted support. One no call read (a belief's provenance) carries no words and its
    episode's date: its turn, read for the picture, gives its words and session date."""
    unread = found.unread.get(source.dia_id)
    if not source.text and unread is not None and unread[0] == source.conversation:
        turn = unread[1]
        return {"dia_id": source.dia_id, "conversation": source.conversation,
                "date": turn.date, "speaker": turn.speaker, "text": turn.text}
    return {"dia_id": source.dia_id, "conversation": source.conversation, "date": source.date,
            "speaker": source.speaker, "text": source.text}


def store_lookup(store: GraphStore) -> Reads:
    """The reads that name and describe a picture's nodes, from `store`."""
    return Reads(store)


# ------------------------------------------------------------------ the trace, keyed


def _index(answer: Answer, question: str, found: Found) -> _Trace:
    trace = _Trace(answer, question, found)
    cues: dict[str, str] = {}  # lower-case name -> key of a cue reached so far
    reached: set[str] = set()
    for index, step in enumerate(answer.trace):
        refs = _refs(step, reached, cues)
        keys = [_reached(trace, index, step, raw) for raw in dict.fromkeys(step.result_ids) if raw]
        kept = {_reached(trace, index, step, raw) for raw in step.kept_ids if raw}
        trace.calls.append(CallView(index, step.round, step.tool, tuple(keys), frozenset(kept),
                                    refs))
        reached.update(keys)
        for key in keys:
            if trace.kinds[key] in ("cue", "topic"):
                cues.setdefault(found.name(trace.raws[key]).lower(), key)
    trace.supports = [_support(trace, dia_id) for dia_id in dict.fromkeys(answer.supports)]
    return trace


def _refs(step: Step, reached: set[str], names: Mapping[str, str]) -> tuple[str, ...]:
    """Keys of nodes reached before `step` that its arguments name (by id or, for cues and
    topics, by name)."""
    found: list[str] = []
    for argument, kind in _REFERENCES:
        value = step.arguments.get(argument)
        if not isinstance(value, str) or (argument == "tag" and step.tool != "tag_events"):
            continue
        key = f"{kind}:{value}"
        if key not in reached and kind in ("cue", "topic"):
            key = names.get(value.lower(), key)
        if key in reached:
            found.append(key)
    return tuple(found)


def _reached(trace: _Trace, index: int, step: Step, raw: str) -> str:
    """The key of a result of call `index`, its content made the first time it is met."""
    found = trace.found
    match = NODE_ID.match(raw)
    kind = KINDS[match.group(1)] if match else _PLAIN_KIND.get(step.tool, "result")
    if kind == "turn" and not match:
        conversation, turns = found.turns.get(index, ("", ()))
        turn = next((t for t in turns if t.dia_id == raw), None)
        key = _turn_key(conversation, raw)
        support = raw in trace.answer.supports
        return trace.node(raw, kind, key, turn_content(raw, conversation, turn, support))
    if kind == "episode":
        content = episode_content(raw, found)
    elif kind == "fact":
        content = fact_content(raw, found)
    else:
        content = plain_content(kind, raw, found)
    return trace.node(raw, kind, f"{kind}:{raw}", content)


def _turn_key(conversation: str, dia_id: str) -> str:
    return f"turn:{conversation}/{dia_id}" if conversation else f"turn:{dia_id}"


def _support(trace: _Trace, dia_id: str) -> str:
    """The key of a turn the answer rests on: the turn a call reached in the source's
    conversation, else any reached turn of that dia_id, else a node made from the source."""
    source = next((s for s in trace.answer.sources if s.dia_id == dia_id), None)
    key = _turn_key(source.conversation if source else "", dia_id)
    if key in trace.contents:
        return key
    same = [k for k, raw in trace.raws.items() if raw == dia_id and trace.kinds[k] == "turn"]
    if same:
        return same[0]
    conversation = source.conversation if source else ""
    unread = trace.found.unread.get(dia_id)
    if unread is not None and (not conversation or unread[0] == conversation):
        conversation, turn = unread
        return trace.node(dia_id, "turn", _turn_key(conversation, dia_id),
                          turn_content(dia_id, conversation, turn, True, read=False))
    return trace.node(dia_id, "turn", key, turn_content(dia_id, conversation, source, True))


def _provenance(trace: _Trace) -> dict[str, frozenset[str]]:
    """Fact key -> the support keys its belief rests on (by dia_id: a belief names its turns
    by dia_id, the conversation through its episodes)."""
    supports = {trace.raws[k]: k for k in trace.supports}
    return {key: frozenset(supports[d] for d in belief.dia_ids if d in supports)
            for key, kind in trace.kinds.items() if kind == "fact"
            and (belief := trace.found.beliefs.get(trace.raws[key])) is not None}


# ------------------------------------------------------------------ elements


def _path_elements(trace: _Trace,
                   path: AnswerPath) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    calls = [f"call:{i}" for i in path.calls]
    found_by: dict[str, int] = {}  # node -> the first call drawn reaching it
    for edge in path.edges:
        if edge.kind == "reach":
            index = int(edge.source.split(":")[1])
            found_by[edge.target] = min(found_by.get(edge.target, index), index)
    # in the order the walk found them, then by label: never by id (ids differ by namespace)
    results = sorted(path.nodes - {QUESTION}, key=lambda k: (
        found_by.get(k, len(trace.calls)), _natural(trace.contents[k].label)))
    keys = [QUESTION, *calls, *results]
    drawn = {i: [e.target for e in path.edges if e.kind == "reach" and e.source == f"call:{i}"]
             for i in path.calls}
    nodes = [_question_node(trace)]
    for index in path.calls:
        step = trace.answer.trace[index]
        data = {"id": f"call:{index}", "kind": "call", "tool": step.tool, "round": step.round,
                "path": True,
                "label": call_label(trace.found, step, trace.calls[index].results,
                                    len(drawn[index])),
                "detail": call_detail(trace.found, step, trace.calls[index].results,
                                      trace.contents, drawn[index])}
        nodes.append(_element(data, "error" if step.error else ""))
    for key in results:
        content = trace.contents[key]
        detail = content.detail()
        detail["fields"].append(["reached by", _reached_by(trace, key, found_by.get(key))])
        data = {"id": key, "kind": trace.kinds[key], "ref": trace.raws[key], "path": True,
                "support": key in trace.supports, "label": content.label, "detail": detail}
        nodes.append(_element(data))
    places = place(keys, path.edges, {n["data"]["id"]: n["data"]["label"] for n in nodes})
    for node in nodes:
        x, y = places[node["data"]["id"]]
        node["position"] = {"x": x, "y": y}
    edges = [{"data": {"id": f"{e.kind}:{e.source}>{e.target}", "source": e.source,
                       "target": e.target, "kind": e.kind, "label": _edge_label(trace, e)}}
             for e in path.edges]
    return nodes, edges


def _reached_by(trace: _Trace, key: str, first: int | None) -> str:
    """Every call that reached a node, in trace order, the one the path draws marked: hops
    that converge on it show here ("search_events r1 (drawn), tag_events r6 ×2")."""
    counts: dict[tuple[str, int], int] = {}
    for call in trace.calls:
        if key in call.results:
            name = (call.tool, call.round)
            counts[name] = counts.get(name, 0) + 1
    drawn = trace.calls[first] if first is not None else None
    return ", ".join(
        f"{tool} r{rnd}" + (f" ×{n}" if n > 1 else "")
        + (" (drawn)" if drawn is not None and (drawn.tool, drawn.round) == (tool, rnd) else "")
        for (tool, rnd), n in counts.items()) or "no call (read for the picture)"


def _natural(text: str) -> tuple[str | int, ...]:
    """Texts in reading order: 'D1:9 …' before 'D1:10 …'."""
    return tuple(int(part) if part.isdigit() else part for part in re.split(r"(\d+)", text))


def _question_node(trace: _Trace) -> dict[str, Any]:
    data = {"id": QUESTION, "kind": QUESTION, "path": True,
            "label": clip(f"question\n“{trace.question}”"),
            "detail": Content("", "question", trace.question,
                              (("answer", trace.answer.answer),
                               ("confidence", f"{trace.answer.confidence:.2f}"))).detail()}
    return _element(data)


def _element(data: dict[str, Any], classes: str = "",
             at: tuple[float, float] = (0.0, 0.0)) -> dict[str, Any]:
    return {"data": data, "position": {"x": at[0], "y": at[1]}, "classes": classes}


def _edge_label(trace: _Trace, edge: Any) -> str:
    """On a search's edge to what it found: the words of its text that matched."""
    if edge.kind != "reach":
        return ""
    step = trace.answer.trace[int(edge.source.split(":")[1])]
    text = step.arguments.get("text")
    record = trace.found.nodes.get(trace.raws.get(edge.target, ""))
    if step.tool not in _SEARCHES or not isinstance(text, str) or record is None:
        return ""
    return " · ".join(matched_words(text, record.props.get("tokens")))


def _bottom(nodes: Sequence[dict[str, Any]]) -> float:
    return max((float(n["position"]["y"]) for n in nodes if "position" in n), default=0.0)


def _per_line(nodes: Sequence[dict[str, Any]]) -> int:
    """Collapsed rounds side by side: as many as fit under the path's width (with its
    rightmost labels), at least MIN_ROUNDS_PER_LINE."""
    right = max((float(n["position"]["x"]) for n in nodes if "position" in n), default=0.0)
    return max(MIN_ROUNDS_PER_LINE, int((right + SLOT) // ROUND_SLOT))


def _rest(trace: _Trace, path: AnswerPath) -> dict[str, list[dict[str, Any]]]:
    """Per round, the calls off the path: drawn by the page in a block under the rounds when
    the round's count is tapped (positions relative to the block's top left)."""
    rest: dict[str, list[dict[str, Any]]] = {}
    on = set(path.calls)
    for call in trace.calls:
        if call.index in on:
            continue
        step = trace.answer.trace[call.index]
        block = rest.setdefault(str(call.round), [])
        col, row = len(block) % REST_COLUMNS, len(block) // REST_COLUMNS
        data = {"id": f"call:{call.index}", "kind": "call", "tool": step.tool,
                "round": step.round, "path": False, "parent": f"block:{call.round}",
                "label": call_label(trace.found, step, call.results, None),
                "detail": call_detail(trace.found, step, call.results, trace.contents, [])}
        block.append(_element(data, "error" if step.error else "", (col * SLOT, row * REST_ROW)))
    return rest


def _round_nodes(trace: _Trace, rest: Mapping[str, list[dict[str, Any]]], bottom: float,
                 per_line: int) -> list[dict[str, Any]]:
    """The strip under the path: one node per round with calls off the path, its count."""
    rounds = sorted({c.round for c in trace.calls})
    if not rest:
        return []
    nodes: list[dict[str, Any]] = [{"data": {
        "id": "others", "kind": "others",
        "label": "other calls, not on the answer's path: tap a round to list them"}}]
    for n, rnd in enumerate(r for r in rounds if str(r) in rest):
        hidden = len(rest[str(rnd)])
        total = sum(1 for c in trace.calls if c.round == rnd)
        data = {"id": f"round:{rnd}", "kind": "round", "round": rnd, "parent": "others",
                "count": hidden, "label": f"round {rnd}\n+{hidden} call{'s' * (hidden != 1)} ▸",
                "detail": {"title": f"round {rnd}", "text": "", "fields": [
                    ["calls", str(total)], ["on the answer's path", str(total - hidden)],
                    ["counted here", str(hidden)]],
                    "items_title": f"the {hidden} counted here (tap the round again to hide)",
                    "items": [c["data"]["label"].replace("\n", " — ") for c in rest[str(rnd)]]}}
        at = ((n % per_line) * ROUND_SLOT, bottom + STRIP_GAP + (n // per_line) * REST_ROW)
        nodes.append(_element(data, "", at))
    return nodes


def _summary(trace: _Trace, path: AnswerPath) -> dict[str, Any]:
    on = set(path.calls)
    rounds = sorted({c.round for c in trace.calls})
    return {"calls": len(trace.calls), "on_path": len(on),
            "collapsed": len(trace.calls) - len(on),
            "rounds": [{"round": r, "calls": sum(1 for c in trace.calls if c.round == r),
                        "on_path": sum(1 for c in trace.calls if c.round == r and c.index in on)}
                       for r in rounds],
            "supports": len(trace.supports)}


__all__: Sequence[str] = ["trace_graph", "store_lookup"]
