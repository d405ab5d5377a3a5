"""What every toolkit tool shares: the result type, records of episodes and turns, and how a
tool's name arguments resolve (cues, speakers).

Names: a `cue` argument is a cue id (`cue-<16 hex>`) or a name; a name resolves to the cue with
the same normalised key (`store.find_cues`), else to the best token match among cues. A
`speaker` argument names a person who speaks in a conversation (`store.speakers`): the same
normalised name, or the start of it of at least MIN_SHORT_NAME letters ("Mel" for "Melanie").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from mrgraph.belief_reads import Record as Record  # the record type of every tool
from mrgraph.dates import date_record
from mrgraph.store.base import CueHit, EventRecord, GraphStore, TurnRecord
from mrgraph.text import normalize_key, short_for
from mrgraph.toolargs import MAX_LIMIT, MAX_WINDOW, arg
from mrgraph.weights import search_weights

CUE_ID = re.compile(r"^cue-[0-9a-f]{16}$")


@dataclass(frozen=True)
class ToolResult:
    """What one tool call returned: compact plain-dict records and the ids they name
    (episode, cue and fact ids; dia_ids for turns; tag labels; aspect names)."""

    tool: str
    records: tuple[Record, ...]
    ids: tuple[str, ...]
    note: str = ""  # e.g. "no cue named 'x'": shown to the model instead of a bare empty list


def missing(tool: str, what: str, name: str, known: Sequence[str] = ()) -> ToolResult:
    """An empty result that says why (and, when short, what there is instead)."""
    also = f"; known: {', '.join(known)}" if known and len(known) <= 12 else ""
    return ToolResult(tool, (), (), note=f"no {what} named {name!r}{also}")


# ------------------------------------------------------------------ argument declarations


def limit_arg() -> Any:
    return arg("limit", f"maximum results (1-{MAX_LIMIT})", 10)


def event_arg() -> Any:
    return arg("event_id", "episode id (ep-...)")


def cue_arg() -> Any:
    return arg("name", "cue name or cue id")


def window_arg(default: int = 1) -> Any:
    return arg("window", f"turns to add before and after (0-{MAX_WINDOW})", default)


def speaker_arg(what: str) -> Any:
    return arg("name", f"optional: only {what} (a speaker's name)", None)


# ------------------------------------------------------------------ records


def event_record(e: EventRecord) -> Record:
    record: Record = {"id": e.id, "conversation": e.conversation_id, "session": e.session,
                      "date": e.date, "tag": e.tag, "summary": e.summary,
                      "dia_ids": list(e.dia_ids)}
    if e.mentions:  # the canonical values of the dates its turns mention (mrgraph.dates)
        record["mentions"] = list(e.mentions)
    if e.score:
        record["score"] = e.score
    return record


def events(tool: str, found: Sequence[EventRecord]) -> ToolResult:
    return ToolResult(tool, tuple(event_record(e) for e in found), tuple(e.id for e in found))


def turn_record(t: TurnRecord, event_id: str = "") -> Record:
    """A turn as the tools return it; `event_id` overrides the turn's own (event_context
    names the episode asked for)."""
    record: Record = {"dia_id": t.dia_id, "speaker": t.speaker, "text": t.text, "date": t.date,
                      "session": t.session, "index": t.index, "in_event": t.in_event,
                      "event_id": event_id or t.event_id, "conversation": t.conversation_id}
    if t.caption:
        record["caption"] = t.caption
    if t.dates:  # the dates the turn mentions, each labelled with its precision
        record["dates"] = [date_record(d) for d in t.dates]
    if t.score:
        record["score"] = t.score
    return record


def turns(tool: str, found: Sequence[TurnRecord], event_id: str = "") -> ToolResult:
    return ToolResult(tool, tuple(turn_record(t, event_id) for t in found),
                      tuple(t.dia_id for t in found))


# ------------------------------------------------------------------ names


def find_cue(store: GraphStore, name: str) -> CueHit | None:
    """The cue an argument names: an id as given (named by the store when it exists), an
    exact key, else the best token match among cues."""
    if CUE_ID.match(name):
        return CueHit(name, name, "", 0.0, 0)
    exact = store.find_cues(normalize_key(name))
    if exact:
        return exact[0]
    weights = search_weights(store, ("Cue",), name)
    hits = [h for h in store.search_cues(weights, 10) if h.kind != "tag"] if weights else []
    return hits[0] if hits else None


def resolve_cue(store: GraphStore, name: str) -> str | None:
    """The cue id an argument names (`find_cue`)."""
    found = find_cue(store, name)
    return found.id if found is not None else None


def resolve_speakers(store: GraphStore, name: str) -> tuple[list[str], list[str]]:
    """(the stored speaker names `name` stands for, every speaker of the namespace)."""
    known = list(dict.fromkeys(s.speaker for s in store.speakers()))
    key = normalize_key(name)
    exact = [s for s in known if normalize_key(s) == key]
    if exact:
        return exact, known
    return [s for s in known if " " not in key and any(
        short_for(key, part) for part in normalize_key(s).split())], known


def on_cue(tool: str, store: GraphStore, name: str,
           read: Callable[[CueHit], ToolResult]) -> ToolResult:
    """`read` of the cue `name` names (`find_cue`), else a result saying there is none."""
    cue = find_cue(store, name)
    return missing(tool, "cue", name) if cue is None else read(cue)


def on_speakers(tool: str, store: GraphStore, name: str,
                read: Callable[[list[str]], ToolResult]) -> ToolResult:
    """`read` of the stored speaker names `name` stands for (`resolve_speakers`), else a
    result saying there is none (listing the speakers, when few)."""
    speakers, known = resolve_speakers(store, name)
    return read(speakers) if speakers else missing(tool, "speaker", name, known)
