"""What the trace picture says about each node it draws: a short label, and the content a tap
shows (a turn's text with its speaker and date, an episode's summary with its session date and
the dates its turns mention, a fact's statement with its confidence).

Everything comes from store reads made once per picture (`Reads.find`), in rounds of calls the
store runs together (`GraphStore.run_calls`: on Neo4j the reads of a round go out at once): the
nodes by id, each episode's `conversation_time`, each `event_context` call's turns again (a turn
is named by its dia_id only, which repeats across conversations) and the beliefs of each fact.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from mrgraph.dates import render
from mrgraph.store.base import BeliefEdge, GraphStore, TimeRecord, TurnRecord
from mrgraph.text import normalize_key, word_tokens, words
from mrgraph.toolkit import context_turns
from mrgraph.types import NodeRecord, PropValue, Source, Step

NODE_ID = re.compile(r"^(ep|cue|fact|topic|turn|ses|conv|tag)-[0-9a-f]{16}$")
KINDS = {"ep": "episode", "cue": "cue", "fact": "fact", "topic": "topic", "turn": "turn",
         "ses": "session", "conv": "conversation", "tag": "tag"}
LOOKUPS = 8  # reads in flight at once on the embedded store
LABEL_CHARS = 110  # a drawn label's length (it wraps over about three lines)
SUPPORT_CHARS = 170  # a support turn's label (about four lines)
TEXT_CHARS = 2000  # a tapped node's text in the panel


@dataclass(frozen=True)
class Content:
    """A node's label in the picture and what the panel shows when it is tapped."""

    label: str
    title: str
    text: str = ""
    fields: tuple[tuple[str, str], ...] = ()

    def detail(self) -> dict[str, Any]:
        return {"title": self.title, "text": clip(self.text, TEXT_CHARS),
                "fields": [list(f) for f in self.fields]}


@dataclass(frozen=True)
class Found:
    """What the store said about a trace's nodes (all empty without a store)."""

    nodes: Mapping[str, NodeRecord] = field(default_factory=dict)
    times: Mapping[str, TimeRecord] = field(default_factory=dict)  # episode id -> its time
    turns: Mapping[int, tuple[str, tuple[TurnRecord, ...]]] = field(default_factory=dict)
    beliefs: Mapping[str, BeliefEdge] = field(default_factory=dict)  # fact id -> its belief
    # turns the answer rests on that no call read (a belief's provenance), read for the
    # picture: dia_id -> (conversation, turn)
    unread: Mapping[str, tuple[str, TurnRecord]] = field(default_factory=dict)
    empty: bool = False  # the namespace holds no conversation
    ns: str = ""  # the store's namespace ("" without a store)

    def name(self, raw: str) -> str:
        """A short name for an id (the store's own words), else the id itself."""
        record = self.nodes.get(raw)
        if record is None:
            return raw
        p = record.props
        if record.label == "Episode":
            return f"episode · {_day(self.times.get(raw), p)} · {p.get('tag') or ''}"
        for key in ("name", "label", "statement", "summary", "dia_id", "conversation_id"):
            value = p.get(key)
            if isinstance(value, str) and value:
                return value
        return raw


class Reads:
    """The store behind a picture (None: names stay ids, contents stay bare)."""

    def __init__(self, store: GraphStore | None) -> None:
        self.store = store

    def find(self, steps: Sequence[Step], supports: Sequence[str] = ()) -> Found:
        """What the store says about the nodes `steps` reached, and the words of the
        `supports` (dia_ids) no step read."""
        store = self.store
        if store is None:
            return Found()
        ids = sorted({raw for step in steps for raw in _ids_named(step) if NODE_ID.match(raw)})
        records = store.run_calls([functools.partial(_node, i) for i in ids], LOOKUPS)
        nodes = {i: r for i, r in zip(ids, records) if r is not None}
        episodes = [i for i in ids if i.startswith("ep-")]
        times = store.run_calls([functools.partial(_time, e) for e in episodes], LOOKUPS)
        contexts = [(n, s) for n, s in enumerate(steps) if s.tool == "event_context"
                    and isinstance(s.arguments.get("event_id"), str) and not s.error]
        turns = store.run_calls([functools.partial(_context, s) for _, s in contexts], LOOKUPS)
        beliefs = _beliefs(store, nodes)
        read = {t.dia_id for found in turns for t in found}
        return Found(nodes=nodes, times={e: t for e, t in zip(episodes, times) if t is not None},
                     turns={n: (_conversation(nodes, s), t)
                            for (n, s), t in zip(contexts, turns)},
                     beliefs=beliefs, empty=not store.conversations(), ns=store.ns,
                     unread=_unread(store, [d for d in supports if d not in read],
                                    beliefs.values()))


def _ids_named(step: Step) -> list[str]:
    named = [str(v) for k, v in step.arguments.items() if k in ("cue", "event_id", "topic")]
    return [*step.result_ids, *named]


def _node(node_id: str, store: GraphStore) -> NodeRecord | None:
    return store.get_node(node_id)


def _time(event_id: str, store: GraphStore) -> TimeRecord | None:
    return store.conversation_time(event_id)


def _context(step: Step, store: GraphStore) -> tuple[TurnRecord, ...]:
    """The turns an event_context step read, its reply read included (toolkit.context_turns)."""
    window = step.arguments.get("window", 1)
    return tuple(context_turns(store, str(step.arguments["event_id"]),
                               window if isinstance(window, int) else 1,
                               step.arguments.get("reply") is True))


def _conversation(nodes: Mapping[str, NodeRecord], step: Step) -> str:
    record = nodes.get(str(step.arguments.get("event_id")))
    return str(record.props.get("conversation_id", "")) if record is not None else ""


def _beliefs(store: GraphStore, nodes: Mapping[str, NodeRecord]) -> dict[str, BeliefEdge]:
    """The belief of each fact the trace reached: its confidence, status and provenance."""
    asked = sorted({(normalize_key(str(r.props.get("entity", ""))), str(r.props.get("aspect")))
                    for r in nodes.values() if r.label == "Fact"})
    found = store.run_calls([functools.partial(_entity_beliefs, e, a) for e, a in asked],
                            LOOKUPS)
    return {edge.fact_id: edge for edges in found for edge in edges if edge.fact_id in nodes}


def _entity_beliefs(entity: str, aspect: str, store: GraphStore) -> list[BeliefEdge]:
    return store.entity_beliefs(entity, aspect)


def _unread(store: GraphStore, dia_ids: Sequence[str],
            beliefs: Iterable[BeliefEdge]) -> dict[str, tuple[str, TurnRecord]]:
    """The turns `dia_ids` of the beliefs' episodes, read from those episodes (window 0)."""
    wanted = set(dia_ids)
    episodes = sorted({e for b in beliefs if wanted & set(b.dia_ids) for e in b.episode_ids})
    if not episodes:
        return {}
    events = store.get_events(episodes)
    found = store.run_calls([functools.partial(_turns_of, e.id) for e in events], LOOKUPS)
    return {t.dia_id: (e.conversation_id, t) for e, turns in zip(events, found) for t in turns
            if t.dia_id in wanted}


def _turns_of(event_id: str, store: GraphStore) -> list[TurnRecord]:
    return store.event_context(event_id, 0)


# ------------------------------------------------------------------ contents by kind


def session_dates(time: TimeRecord | None,
                  props: Mapping[str, PropValue]) -> tuple[tuple[str, str], ...]:
    """An episode's dates, labelled for what they are: its session's start (from
    conversation_time; without it the episode's own `date`, which is its session's day) and
    the dates its turns mention, each as precisely as it was said, with the words said and
    the turn ("May 2023 (“last month”, D3:4)"). The one place that reads episode dates."""
    if time is None:
        date = props.get("date")
        return (("session date", str(date)),) if date else ()
    found = [("session date", _when(time.session_started_at))] if time.session_started_at else []
    if time.mentions:
        found.append(("dates mentioned", "; ".join(
            f"{render(m)} (“{m.phrase}”, {m.dia_id})" if m.phrase else render(m)
            for m in time.mentions)))
    return tuple(found)


def _when(stamp: str) -> str:
    """'2023-03-20T12:05:00' -> '2023-03-20 12:05'; a session without a time of day (stored
    as midnight) shows its day only."""
    day, _, clock = stamp.partition("T")
    return day if not clock or clock.startswith("00:00") else f"{day} {clock[:5]}"


def _day(time: TimeRecord | None, props: Mapping[str, PropValue]) -> str:
    """The first of an episode's dates (its session's, when known), named, without the time:
    'session 2023-03-20'."""
    dates = session_dates(time, props)
    if not dates:
        return ""
    name, value = dates[0]
    return f"session {value.split(' ')[0]}"


def episode_content(raw: str, found: Found) -> Content:
    record = found.nodes.get(raw)
    if record is None:
        return Content(f"episode {raw}", "episode", fields=(("id", raw),))
    p = record.props
    summary = str(p.get("summary") or "")
    dates = session_dates(found.times.get(raw), p)
    dia_ids = p.get("dia_ids") or ()
    fields = (*dates, ("tag", str(p.get("tag") or "")),
              ("conversation", f"{p.get('conversation_id', '')}, session {p.get('session', '')}"),
              ("turns", ", ".join(map(str, dia_ids)) if isinstance(dia_ids, tuple)
               else str(dia_ids)),
              ("id", raw))
    return Content(clip(f"{found.name(raw)}\n{summary}"), "episode", summary, fields)


def turn_content(dia_id: str, conversation: str, turn: TurnRecord | Source | None,
                 support: bool, read: bool = True) -> Content:
    """A turn; `read`: False for a turn the walk never read (a belief's provenance), whose
    words were read for the picture only."""
    speaker = turn.speaker if turn is not None else ""
    text = turn.text if turn is not None else ""
    date = turn.date if turn is not None else ""
    said = f"{speaker}: “{text}”" if speaker else f"“{text}”" if text else "(not read)"
    fields: tuple[tuple[str, str], ...] = (
        ("speaker", speaker), ("session date", date), ("conversation", conversation),
        ("turn", dia_id))
    if not read:
        fields += (("read by the walk", "no: the answer's belief rests on it"),)
    title = "turn the answer rests on" if support else "turn"
    when = f" · session {date}" if date else ""
    # the answer's own turns get a longer label: they are what a reader came to see
    limit = SUPPORT_CHARS if support else LABEL_CHARS
    return Content(clip(f"{dia_id}{when}\n{said}", limit), title, text, fields)


def fact_content(raw: str, found: Found) -> Content:
    record = found.nodes.get(raw)
    belief = found.beliefs.get(raw)
    p = record.props if record is not None else {}
    statement = belief.statement if belief else str(p.get("statement") or raw)
    fields: tuple[tuple[str, str], ...] = (("entity", str(p.get("entity", ""))),
                                           ("aspect", str(p.get("aspect", ""))))
    head = "fact"
    if belief is not None:
        head = f"fact · confidence {belief.confidence:.2f} · {belief.status}"
        fields += (("confidence", f"{belief.confidence:.2f}"), ("status", belief.status),
                   ("support", str(belief.support)), ("from turns", ", ".join(belief.dia_ids)),
                   ("first seen", belief.first_seen), ("last seen", belief.last_seen))
    return Content(clip(f"{head}\n{statement}"), "fact", statement, (*fields, ("id", raw)))


def plain_content(kind: str, raw: str, found: Found) -> Content:
    """A cue, tag, topic, aspect or other result: its name, kind and id."""
    record = found.nodes.get(raw)
    name = found.name(raw)
    fields = [("name", name)]
    if record is not None and record.props.get("kind"):
        fields.append(("kind", str(record.props["kind"])))
    if name != raw:
        fields.append(("id", raw))
    return Content(clip(f"{kind}: {name}"), kind, fields=tuple(fields))


def matched_words(text: str, tokens: PropValue | None) -> list[str]:
    """The words of a search's text whose search tokens the found node holds: what tied the
    question to it."""
    held = set(tokens.split()) if isinstance(tokens, str) else set()
    found = words(text)
    return list(dict.fromkeys(w for w, t in zip(found, word_tokens(found)) if t in held))


def clip(text: str, limit: int = LABEL_CHARS) -> str:
    """At most `limit` characters, lines kept, other white space collapsed."""
    lines = [" ".join(line.split()) for line in text.splitlines()]
    text = "\n".join(line for line in lines if line)
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def joined(names: Iterable[str], shown: int = 4) -> str:
    names = list(names)
    more = f" +{len(names) - shown}" if len(names) > shown else ""
    return ", ".join(names[:shown]) + more


__all__: Sequence[str] = ["Content", "Found", "Reads", "session_dates", "clip"]
