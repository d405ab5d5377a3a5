"""Tool results as an agent reads them: records sized for a context window, and one reply shape
for every surface (MCP, `mrgraph tool`, the LLM loop's tool output).

The tools' own records (mrgraph.toolkit) carry everything the loop routes on (ids, dia_id
lists, scores); an agent needs less. `compact(tool, records)` keeps, per kind of record:
  * episode: id, conversation (left out, like a turn's, when the namespace holds one),
    session number, its labelled dates (`episode_dates`: `said_on` its session's day, the
    `mentions` of its turns at their precision), tag, summary and its turns as a span
    ("D1:12-18");
  * turn: dia_id, the session date labelled `said_on`, the text as a speaker-tagged snippet
    ("Odile: ... [photo: a caption]") and the dates it mentions (when, precision, the
    words said); search and read results add the conversation and the episode, event_context
    marks the turns around the episode `context`; a search hit asking something carries its
    `reply` as {dia_id, said} (its dia_id alone when the reply is a hit of the same result:
    shown there already);
  * cue / tag: name, kind and how many episodes it reaches; cue_tags rows name the cue;
  * belief: statement, confidence, status, support, when seen, the episodes it rests on and
    its last change only (the whole history with `detail`);
  * everything else (aspects, topics, times) without ids and scores the agent cannot use.
`detail=True` returns the tools' records unchanged.

`reply(store, tool, args)` runs a tool (same validation as everywhere: mrgraph.toolkit) and
returns {"tool", "records", "note"?}, with a `warning` first when the namespace holds no
conversation: an empty or misspelt namespace must not look like "nothing found".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from mrgraph.dates import render_value
from mrgraph.hybrid import ToolContext
from mrgraph.store.base import GraphStore
from mrgraph.toolcore import Record
from mrgraph.toolkit import run_tool, tool_specs

EVENT_TOOLS = frozenset({"search_events", "tag_events", "cue_events", "topic_events", "timeline"})
SPAN = 3  # dia_id lists longer than this are shown as a span


def reply(store: GraphStore, tool: str, args: Mapping[str, object], *, detail: bool = False,
          context: ToolContext | None = None) -> dict[str, Any]:
    """One tool call as an agent sees it (ToolArgumentError on bad arguments, before any
    read)."""
    result = run_tool(store, tool, args, context=context)
    body: dict[str, Any] = {}
    conversations = store.conversations()
    warning = "" if conversations else namespace_warning(store)
    if warning:
        body["warning"] = warning
    body["tool"] = tool
    body["records"] = [dict(r) for r in result.records] if detail \
        else compact(tool, result.records, one_conversation=len(conversations) == 1)
    if result.note:
        body["note"] = result.note
    return body


def tool_list() -> list[dict[str, Any]]:
    """The tools as `mrgraph tool --list` prints them: what a model is offered."""
    return [{"name": t.name, "description": t.description, "arguments": t.parameters}
            for t in tool_specs()]


def namespace_warning(store: GraphStore) -> str:
    """"" when the store's namespace holds a conversation, else what the agent must know."""
    if store.conversations():
        return ""
    others = [f"{n.ns} ({n.conversations} conversation{'s' if n.conversations != 1 else ''})"
              for n in store.namespaces()[:20]]
    known = f"; namespaces holding some: {', '.join(others)}" if others else \
        "; no namespace holds any yet: ingest a transcript first"
    return f"namespace {store.ns!r} is empty (no conversation){known}"


def compact(tool: str, records: Sequence[Record], *,
            one_conversation: bool = False) -> list[Record]:
    """The records of `tool` as an agent needs them (see the module doc); in a namespace of
    one conversation, without the conversation id each record would repeat."""
    shape = _SHAPES.get(tool)
    if tool in EVENT_TOOLS:
        shape = compact_event
    shaped = [shape(r) if shape else dict(r) for r in records]
    if tool == "search_turns":
        _replies_once(shaped)
    if one_conversation:
        for record in shaped:
            record.pop("conversation", None)
    return shaped


# ------------------------------------------------------------------ dates (one place)


def episode_dates(record: Record) -> Record:
    """An episode's dates, labelled for what they are: `said_on`, the day its session was held
    (what an episode's `date` is), and `mentions`, the dates its turns speak of, each as people
    say it at its precision ("May 2023", "the week of 1 May 2023"): what happened when is on
    the turns (their `dates`) and in conversation_time, with the statement that said it."""
    record_dates: Record = {}
    if record.get("date"):
        record_dates["said_on"] = record["date"]
    if record.get("mentions"):
        record_dates["mentions"] = [render_value(str(v)) for v in record["mentions"]]
    return record_dates


def mention(m: Record) -> Record:
    """A date a turn mentions, as an agent reads it: when (at its precision), the precision,
    the words said and, where known, who said it and the statement it dates."""
    return {k: m[k] for k in ("when", "precision", "phrase", "speaker", "statement", "dia_id")
            if m.get(k)}


# ------------------------------------------------------------------ record kinds


def dia_span(dia_ids: Sequence[str]) -> str:
    """A list of dia_ids in few tokens: listed when short, else its ends ("D17:1-7" when they
    share the part before the colon, else "S1:9..S2:3")."""
    ids = [str(d) for d in dia_ids]
    if len(ids) <= SPAN:
        return ", ".join(ids)
    first, last = ids[0], ids[-1]
    head, sep, _ = first.rpartition(":")
    if sep and last.startswith(head + sep):
        return f"{first}-{last[len(head) + 1:]}"
    return f"{first}..{last}"


def compact_event(r: Record) -> Record:
    return {"id": r["id"], "conversation": r.get("conversation", ""),
            "session": r.get("session"), **episode_dates(r), "tag": r.get("tag", ""),
            "summary": r.get("summary", ""), "turns": dia_span(r.get("dia_ids", ()))}


def said(r: Record) -> str:
    """A turn as a speaker-tagged snippet, a shared photo's caption after it."""
    caption = f" [photo: {r['caption']}]" if r.get("caption") else ""
    return f"{r.get('speaker', '')}: {r.get('text', '')}{caption}"


def _turn(r: Record, *, where: bool) -> Record:
    record: Record = {"dia_id": r["dia_id"]}
    if where:
        record["conversation"] = r.get("conversation", "")
        record["episode"] = r.get("event_id", "")
    record["said_on"] = r.get("date", "")
    record["said"] = said(r)
    if r.get("dates"):
        record["dates"] = [{k: m[k] for k in ("when", "precision", "phrase") if m.get(k)}
                           for m in r["dates"]]
    if not r.get("in_event", True):
        record["context"] = True
    return record


def _found_turn(r: Record) -> Record:
    record = _turn(r, where=True)
    if r.get("reply"):
        reply = r["reply"]
        record["reply"] = {"dia_id": reply["dia_id"], "said": said(reply)}
    return record


def _replies_once(shaped: Sequence[Record]) -> None:
    """A reply that is a hit of the same result is named only: its words are shown there."""
    hits = {(r.get("conversation"), r["dia_id"]) for r in shaped}
    for r in shaped:
        if r.get("reply") and (r.get("conversation"), r["reply"]["dia_id"]) in hits:
            del r["reply"]["said"]


def _context_turn(r: Record) -> Record:
    return _turn(r, where=False)


def _cue(r: Record) -> Record:
    return {"name": r["name"], "kind": r["kind"], "episodes": r.get("episodes", 0)}


def _cue_tag(r: Record) -> Record:
    return {"cue": r.get("cue_name") or r["cue"], "tag": r["tag"], "episodes": r["count"]}


def _keyword(r: Record) -> Record:
    return {"name": r["name"], "kind": r["kind"], "tag": r["tag"]}


def _time(r: Record) -> Record:
    return {"episode": r["event_id"], "session_started_at": r["session_started_at"],
            **episode_dates({"date": r.get("date")}),
            "mentions": [mention(m) for m in r.get("mentions", ())]}


def _aspect(r: Record) -> Record:
    return {"aspect": r["aspect"], "top": r["top"], "confidence": r["confidence"],
            "candidates": r["candidates"]}


def _belief(r: Record) -> Record:
    history = list(r.get("history", ()))
    seen = r.get("first_seen", "")
    if r.get("last_seen") and r.get("last_seen") != seen:
        seen = f"{seen}..{r['last_seen']}"
    record: Record = {"statement": r["statement"], "confidence": r["confidence"],
                      "status": r["status"], "support": r["support"], "seen": seen,
                      "episodes": list(r.get("episode_ids", ())),
                      "turns": dia_span(r.get("dia_ids", ()))}
    if len(history) > 1:  # one entry is its adding, said by `seen` already
        last = history[-1]
        record["last_change"] = {"at": last.get("at"), "reason": last.get("reason"),
                                 "confidence": last.get("confidence")}
        record["changes"] = len(history)
    return record


def _topic(r: Record) -> Record:
    return {"label": r["label"], "summary": r["summary"], "episodes": r["episodes"]}


_SHAPES: dict[str, Callable[[Record], Record]] = {
    "search_turns": _found_turn, "read_turns": _found_turn, "event_context": _context_turn,
    "search_cues": _cue, "cue_tags": _cue_tag, "event_keywords": _keyword,
    "conversation_time": _time, "personal_aspects": _aspect, "personal_aspect": _belief,
    "search_topics": _topic,
}
