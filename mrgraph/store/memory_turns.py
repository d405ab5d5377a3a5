"""The embedded store's turn reads and listings for agents: search over turn text, turns by id
with their neighbours, a session's range, a cue's episodes, speakers, namespaces.

Kept apart from `memory_toolkit.py` (the navigator's reads) so each module stays readable; the
semantics are `mrgraph.store.base`'s, which the Neo4j store follows too (tests/contract).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from pathlib import Path
from urllib.parse import unquote

from mrgraph.store.base import (EventRecord, NamespaceCount, SpeakerRecord, TurnRecord,
                                date_values)
from mrgraph.store.memory_reads import Attrs, _read, _str
from mrgraph.store.memory_toolkit import ToolkitReads
from mrgraph.store.persist import decode_props
from mrgraph.text import phrase_held


class TurnReads(ToolkitReads):
    _dir: Path  # the store's directory (MemoryStore)

    @_read
    def search_turns(self, weights: Mapping[str, float], limit: int,
                     speakers: Sequence[str] | None, phrases: Sequence[str],
                     said: tuple[str, str] | None = None) -> list[TurnRecord]:
        allowed = None if speakers is None else frozenset(speakers)

        def keep(turn_id: str) -> bool:
            a = self._nodes.get(turn_id)
            if a is None or (allowed is not None and _str(a, "speaker") not in allowed):
                return False
            if said is not None and not said[0] <= _str(a, "date") <= said[1]:
                return False
            return phrase_held(f"{_str(a, 'text')} {_str(a, 'blip_caption')}", phrases)

        filtered = allowed is not None or bool(phrases) or said is not None
        found = self._index.tokens("Turn").top(weights, limit, keep if filtered else None)
        return [self._turn_record(t, True, score) for t, score in found]

    @_read
    def replies(self, turn_ids: Sequence[str], ahead: int) -> dict[str, TurnRecord]:
        found: dict[str, TurnRecord] = {}
        for turn_id in dict.fromkeys(turn_ids):
            if not self._is(turn_id, "Turn"):
                continue
            asked = self._nodes[turn_id]
            sessions = sorted(s for s, _ in self._in(turn_id, "HAS_TURN"))
            index, speaker = _index(asked), _str(asked, "speaker")
            after = sorted((_index(self._nodes[o]), _str(self._nodes[o], "dia_id"), o)
                           for o, _ in (self._out(sessions[0], "HAS_TURN") if sessions else ())
                           if 0 < _index(self._nodes[o]) - index <= ahead
                           and _str(self._nodes[o], "speaker") != speaker)
            if after:
                found[turn_id] = self._turn_record(after[0][2], False)
        return found

    @_read
    def turns_around(self, turn_ids: Sequence[str], window: int) -> list[TurnRecord]:
        asked: dict[str, bool] = {}
        for turn_id in dict.fromkeys(turn_ids):
            if not self._is(turn_id, "Turn"):
                continue
            asked[turn_id] = True
            sessions = sorted(s for s, _ in self._in(turn_id, "HAS_TURN"))
            if window <= 0 or not sessions:
                continue
            index = _index(self._nodes[turn_id])
            for other, _ in self._out(sessions[0], "HAS_TURN"):
                if abs(_index(self._nodes[other]) - index) <= window:
                    asked.setdefault(other, False)
        records = [self._turn_record(t, own) for t, own in asked.items()]
        return sorted(records, key=_turn_order)

    @_read
    def session_turns(self, conversation_id: str, session: int, first: int,
                      last: int) -> list[TurnRecord]:
        sessions = [node_id for node_id, props in self._db.rows(
            "SELECT id, props FROM nodes WHERE label = 'Session'")
            if _session_is(decode_props(props), conversation_id, session)]
        turns = {t for s in sessions for t, _ in self._out(s, "HAS_TURN")
                 if first <= _index(self._nodes[t]) <= last}
        return sorted((self._turn_record(t, True) for t in turns), key=_turn_order)

    @_read
    def cue_events(self, cue_id: str, limit: int) -> list[EventRecord]:
        return self._events_by_date({e for e, _ in self._out(cue_id, "CUE_OF")}, limit)

    @_read
    def speakers(self) -> list[SpeakerRecord]:
        found = []
        for (props,) in self._db.rows("SELECT props FROM nodes WHERE label = 'Conversation'"):
            attrs = decode_props(props)
            found += [(_str(attrs, "conversation_id"), n, str(s))
                      for n, s in enumerate(attrs.get("speakers") or ())]
        return [SpeakerRecord(cid, speaker) for cid, _, speaker in sorted(found)]

    def namespaces(self) -> list[NamespaceCount]:
        found = [_counted(path) for path in sorted(self._dir.glob("*.sqlite"))]
        return sorted((c for c in found if c is not None and c.conversations),
                      key=lambda c: c.ns)

    def _turn_record(self, turn_id: str, in_event: bool, score: float = 0.0) -> TurnRecord:
        a = self._nodes[turn_id]
        sessions = sorted(s for s, _ in self._in(turn_id, "HAS_TURN"))
        session_date = _str(self._nodes[sessions[0]], "date") if sessions else ""
        episodes = sorted(e for e, _ in self._in(turn_id, "FROM_TURN"))
        return TurnRecord(
            dia_id=_str(a, "dia_id"), speaker=_str(a, "speaker"), text=_str(a, "text"),
            session=int(a.get("session") or 0), index=_index(a),
            date=session_date or _str(a, "date"), in_event=in_event,
            caption=_str(a, "blip_caption"), conversation_id=_str(a, "conversation_id"),
            event_id=episodes[0] if episodes else "", score=score,
            dates=date_values(self._mentions(turn_id)))


def _index(attrs: Attrs) -> int:
    return int(attrs.get("index") or 0)


def _session_is(attrs: Attrs, conversation_id: str, number: int) -> bool:
    value = attrs.get("number")  # compared as Cypher compares numbers: 1.0 = 1
    return attrs.get("conversation_id") == conversation_id and isinstance(value, (int, float)) \
        and not isinstance(value, bool) and value == number


def _turn_order(t: TurnRecord) -> tuple[str, int, int, str]:
    return t.conversation_id, t.session, t.index, t.dia_id


def _counted(path: Path) -> NamespaceCount | None:
    """The counts a namespace's file holds, read without writing (None: not a store file)."""
    try:
        conn = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
        try:
            meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
            counts = {name: int(n) for kind, name, n in conn.execute(
                "SELECT kind, name, n FROM counts").fetchall() if kind == "node"}
        finally:
            conn.close()
    except sqlite3.Error:
        return None
    ns = str(meta.get("ns") or unquote(path.stem))
    return NamespaceCount(ns, counts.get("Conversation", 0), counts.get("Episode", 0),
                          counts.get("Turn", 0))
