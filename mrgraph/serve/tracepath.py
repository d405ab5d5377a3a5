"""The answer's path through a trace: the turns the answer rests on and what led to them.

Walking back from each support turn: the call that first found it (the earliest call that kept
it, else the earliest that reached it), then what that call's arguments named (the episode of
an `event_context`, the cue and tag of a `tag_events`, the aspect of a `personal_aspect`...),
found in turn by earlier calls, back to calls that named nothing found before: those started
from the question. A fact whose belief rests on a support turn is on the path too (the answer
read off a belief), with an edge to that turn, and so is a `conversation_time` call on an
episode of the path (a "when" answer's date). Everything else the walk did is off the path.

Nodes are keys (tracegraph's element ids); calls are indices into the trace.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

QUESTION = "question"
DATE_TOOLS = frozenset({"conversation_time"})


@dataclass(frozen=True)
class CallView:
    """One tool call as the path sees it: what it reached and what its arguments named."""

    index: int
    round: int
    tool: str
    results: tuple[str, ...]  # node keys, distinct, in the call's order
    kept: frozenset[str]  # node keys the walk kept (into its evidence or leads)
    refs: tuple[str, ...]  # node keys reached by earlier calls that its arguments name


@dataclass(frozen=True)
class PathEdge:
    source: str
    target: str
    kind: str  # "ask" (question -> call), "reach" (call -> node), "hop" (node -> call),
    #            "from" (a fact -> the turn its belief rests on)


@dataclass(frozen=True)
class AnswerPath:
    nodes: frozenset[str]  # node keys on the path (the question included)
    calls: tuple[int, ...]  # call indices on the path, in trace order
    edges: tuple[PathEdge, ...]


def answer_path(calls: Sequence[CallView], supports: Iterable[str],
                provenance: Mapping[str, frozenset[str]]) -> AnswerPath:
    """The path to the `supports` (node keys of turns); `provenance`: fact key -> the turn
    keys its belief rests on."""
    targets = [s for s in dict.fromkeys(supports)]
    nodes = {QUESTION, *targets}
    edges: dict[PathEdge, None] = {}
    for fact, turns in sorted(provenance.items()):
        for turn in sorted(turns & set(targets)):
            nodes.add(fact)
            edges[PathEdge(fact, turn, "from")] = None
    on: set[int] = set()
    todo = [(node, len(calls)) for node in sorted(nodes - {QUESTION})]
    while todo:
        node, before = todo.pop()
        call = _finder(calls, node, before)
        if call is None:
            continue
        edges[PathEdge(f"call:{call.index}", node, "reach")] = None
        if call.index in on:
            continue
        on.add(call.index)
        for ref in call.refs:
            nodes.add(ref)
            edges[PathEdge(ref, f"call:{call.index}", "hop")] = None
            todo.append((ref, call.index))
        if not call.refs:
            edges[PathEdge(QUESTION, f"call:{call.index}", "ask")] = None
    for call in calls:  # the date a "when" answer read off an episode of the path
        if call.tool in DATE_TOOLS and call.index not in on and set(call.refs) & nodes:
            on.add(call.index)
            for ref in call.refs:
                edges[PathEdge(ref, f"call:{call.index}", "hop")] = None
    return AnswerPath(frozenset(nodes), tuple(sorted(on)), tuple(edges))


def _finder(calls: Sequence[CallView], node: str, before: int) -> CallView | None:
    """The call that first found `node` among the calls before index `before`: the earliest
    that kept it, else the earliest that reached it."""
    reached = [c for c in calls[:before] if node in c.results]
    kept = [c for c in reached if node in c.kept]
    first = kept or reached
    return first[0] if first else None


__all__: Sequence[str] = ["CallView", "PathEdge", "AnswerPath", "answer_path", "QUESTION"]
