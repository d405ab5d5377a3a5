"""The typed toolkit: every read the reconstruction loop (or an LLM) may make of the graph.

Each tool is a frozen params dataclass: its ClassVars name and describe the tool, its fields
are declared with `mrgraph.toolargs.arg` (kind + description) and `run(store)` performs it. The
JSON schema the model sees and the validation `parse_params` does are both derived from the
fields (mrgraph.toolargs). Validation happens before anything reaches a store and raises
ToolArgumentError with a message meant to be shown to the model.

Ranking weights: free-text arguments become idf-weighted search tokens (`mrgraph.weights`),
computed once from `store.token_df`, so every backend ranks identically.

Names: cues and speakers resolve as mrgraph.toolcore says; topics resolve the same way as cues,
through `search_topics`. Entities of personal_aspect(s) are names. Dates may be a day, a month
or a year (YYYY-MM-DD, YYYY-MM, YYYY): a period covers all its days.

The turn reads (search_turns, read_turns) and cue_events live in mrgraph.toolkit_turns; every
tool is registered in TOOLS below, in the order a navigator uses them (entry points, hops,
reading, people), which is the order they are offered in.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar, cast

from mrgraph.belief_reads import belief_record, rank_aspects
from mrgraph.dates import date_record, session_value
from mrgraph.errors import ToolArgumentError
from mrgraph.hybrid import ToolContext, hybrid_events
from mrgraph.llm.base import ToolSpec
from mrgraph.store.base import (BeliefEdge, CueHit, EventRecord, GraphStore, TurnRecord,
                                window_range)
from mrgraph.text import normalize_key
from mrgraph.toolargs import MAX_LIMIT, arg, date_bounds, fields_schema, parse_fields
from mrgraph.toolcore import (Record, ToolResult, cue_arg, event_arg, event_record, events,
                              limit_arg, missing, on_cue, on_speakers, resolve_cue,
                              resolve_speakers, speaker_arg, turns, window_arg)
from mrgraph.toolkit_turns import (CueEventsParams, ReadTurnsParams, SearchTurnsParams, asks,
                                   quoted_phrases)
from mrgraph.weights import search_weights

TOPIC_ID = re.compile(r"^topic-[0-9a-f]{16}$")
__all__ = ["TOOLS", "TOOL_NAMES", "Record", "ToolParams", "ToolResult", "event_record",
           "parse_params", "resolve_cue", "run_params", "run_tool", "tool_specs"]


# ------------------------------------------------------------------ the tools


@dataclass(frozen=True)
class SearchCuesParams:
    name: ClassVar[str] = "search_cues"
    description: ClassVar[str] = ("Entry points: cues (people, things, keywords, dates) and tags "
                                  "matching keywords.")
    text: str = arg("text", "keywords to look up (names, things, activities)")
    limit: int = limit_arg()

    def run(self, store: GraphStore) -> ToolResult:
        weights = search_weights(store, ("Cue", "Tag"), self.text, kinds=True)
        hits = store.search_cues(weights, self.limit) if weights else []
        return ToolResult(self.name, tuple(
            {"id": h.id, "name": h.name, "kind": h.kind, "episodes": h.episodes, "score": h.score}
            for h in hits), tuple(h.id for h in hits))


@dataclass(frozen=True)
class CueTagsParams:
    name: ClassVar[str] = "cue_tags"
    description: ClassVar[str] = "Tags of a cue (the kinds of episodes it is in) with counts."
    cue: str = cue_arg()
    limit: int = limit_arg()

    def run(self, store: GraphStore) -> ToolResult:
        return on_cue(self.name, store, self.cue, lambda cue: self._tags(store, cue))

    def _tags(self, store: GraphStore, cue: CueHit) -> ToolResult:
        tags = store.cue_tags(cue.id, self.limit)
        return ToolResult(self.name, tuple(
            {"cue": cue.id, "cue_name": cue.name, "tag": t.tag, "count": t.count}
            for t in tags), tuple(t.tag for t in tags))


@dataclass(frozen=True)
class TagEventsParams:
    name: ClassVar[str] = "tag_events"
    description: ClassVar[str] = "Episodes linked to a cue under one tag."
    cue: str = cue_arg()
    tag: str = arg("name", "tag label, as returned by cue_tags or event_keywords")
    limit: int = limit_arg()

    def run(self, store: GraphStore) -> ToolResult:
        return on_cue(self.name, store, self.cue, lambda cue: events(
            self.name, store.tag_events(cue.id, self.tag, self.limit)))


@dataclass(frozen=True)
class EventKeywordsParams:
    name: ClassVar[str] = "event_keywords"
    description: ClassVar[str] = ("Reverse hop: the cues and tags of an episode, to redirect "
                                  "the search.")
    event_id: str = event_arg()

    def run(self, store: GraphStore) -> ToolResult:
        found = store.event_keywords(self.event_id)
        return ToolResult(self.name, tuple(
            {"id": k.cue_id, "name": k.name, "kind": k.kind, "tag": k.tag,
             "event_id": self.event_id} for k in found), tuple(k.cue_id for k in found))


@dataclass(frozen=True)
class EventContextParams:
    name: ClassVar[str] = "event_context"
    description: ClassVar[str] = ("Read an episode: its turns (dia_id, speaker, text, photo "
                                  "captions) plus `window` turns before and after it in its "
                                  "session (fewer at a session's start or end: the note says).")
    event_id: str = event_arg()
    window: int = window_arg(1)
    reply: bool = arg("flag", "optional: when the last turn read asks something, also the "
                      "next turn if another speaker says it (the reply)", False)

    def run(self, store: GraphStore) -> ToolResult:
        found = context_turns(store, self.event_id, self.window, self.reply)
        result = turns(self.name, found, self.event_id)
        return ToolResult(result.tool, result.records, result.ids,
                          _window_note(found, self.window))


def context_turns(store: GraphStore, event_id: str, window: int, reply: bool = False) -> \
        list[TurnRecord]:
    """event_context's turns: the episode's and `window` around it in its session; with
    `reply`, also the next turn when the read ends on a question and another speaker says it -
    a reply takes its meaning from the question before it ("How long did the swim take?" -
    "Under an hour.") and need share no word with what was asked of the memory. Read in the
    same query, one turn wider on each side, and cut back (no second read: Neo4j's read-ahead
    sends the walk's final read as one statement). The trace page reads a step again with it."""
    if not reply:
        return store.event_context(event_id, window)
    wide = store.event_context(event_id, window + 1)
    own = [t.index for t in wide if t.in_event]
    if not own:
        return []
    kept = window_range(own, window)
    found = [t for t in wide if t.index in kept]
    last = found[-1]
    if not asks(last):
        return found
    return found + [t for t in wide if t.index == last.index + 1 and t.session == last.session
                    and t.speaker != last.speaker][:1]


@dataclass(frozen=True)
class ConversationTimeParams:
    name: ClassVar[str] = "conversation_time"
    description: ClassVar[str] = ("When an episode was said (its session) and every date its "
                                  "turns mention, each with its precision, phrase, speaker and "
                                  "the statement it belongs to.")
    event_id: str = event_arg()

    def run(self, store: GraphStore) -> ToolResult:
        t = store.conversation_time(self.event_id)
        if t is None:
            return missing(self.name, "episode", self.event_id)
        record: Record = {"event_id": t.event_id, "session_started_at": t.session_started_at,
                          "date": t.date, "mentions": [date_record(m) for m in t.mentions]}
        if t.session_started_at or t.date:
            record["session_date"] = date_record(session_value(t.session_started_at or t.date))
        return ToolResult(self.name, (record,), (t.event_id,))


@dataclass(frozen=True)
class PersonalAspectsParams:
    name: ClassVar[str] = "personal_aspects"
    description: ClassVar[str] = ("What is known about a person: aspects with their top belief; "
                                  "with a query, ranked by relevance x freshness.")
    entity: str = arg("name", "person (entity cue name)")
    query: str | None = arg("text", "optional: the question, to rank the aspects by it", None)

    def run(self, store: GraphStore) -> ToolResult:
        # with a query the ranking needs the person's cue: read with the beliefs, at once
        # (on Neo4j one step, not two)
        found = store.run_calls([functools.partial(_beliefs_of, self.entity), *(
            [functools.partial(_cue_of, self.entity)] if self.query else [])], 1)
        by_aspect: dict[str, list[BeliefEdge]] = {}
        for edge in cast("list[BeliefEdge]", found[0]):
            by_aspect.setdefault(edge.aspect, []).append(edge)
        if not by_aspect:
            return missing(self.name, "entity with beliefs", self.entity)
        records = [{"entity": edges[0].entity, "aspect": aspect, "candidates": len(edges),
                    "top": edges[0].statement, "confidence": edges[0].confidence}
                   for aspect, edges in by_aspect.items()]
        if self.query:
            records = rank_aspects(store, cast("str | None", found[1]), self.entity, self.query,
                                   records, by_aspect)
        return ToolResult(self.name, tuple(records), tuple(str(r["aspect"]) for r in records))


@dataclass(frozen=True)
class PersonalAspectParams:
    name: ClassVar[str] = "personal_aspect"
    description: ClassVar[str] = ("Every candidate belief about a person's aspect with its "
                                  "confidence, support, status, history and the episodes it "
                                  "rests on; optionally as of a date.")
    entity: str = arg("name", "person (entity cue name)")
    aspect: str = arg("name", "aspect, as returned by personal_aspects")
    as_of: str | None = arg("date", "optional ISO date: the beliefs as they stood then", None)

    def run(self, store: GraphStore) -> ToolResult:
        as_of = date_bounds("as_of", self.as_of)[1] if self.as_of else None
        edges = store.entity_beliefs(normalize_key(self.entity), self.aspect)
        kept = [(edge, record) for edge in edges
                if (record := belief_record(edge, as_of)) is not None]
        # the provenance episodes (as of a date: only those seen by then), read all at once
        found = store.run_calls([functools.partial(_get_events, record["episode_ids"])
                                 for _, record in kept], 1)
        records: list[Record] = []
        for (edge, record), events in zip(kept, found):
            record["episodes"] = [event_record(e) for e in events]
            if tuple(record["episode_ids"]) != edge.episode_ids:
                record["dia_ids"] = sorted({d for e in events for d in e.dia_ids})
            records.append(record)
        note = "" if edges else f"no beliefs about {self.entity!r} / {self.aspect!r}"
        return ToolResult(self.name, tuple(records), tuple(r["fact_id"] for r in records), note)


@dataclass(frozen=True)
class TopicEventsParams:
    name: ClassVar[str] = "topic_events"
    description: ClassVar[str] = "Episodes of a recurring topic."
    topic: str = arg("name", "topic label or topic id")
    limit: int = limit_arg()

    def run(self, store: GraphStore) -> ToolResult:
        topic = _resolve_topic(store, self.topic)
        if topic is None:
            return missing(self.name, "topic", self.topic)
        return events(self.name, store.topic_events(topic, self.limit))


@dataclass(frozen=True)
class SearchTopicsParams:
    name: ClassVar[str] = "search_topics"
    description: ClassVar[str] = "Recurring topics matching keywords."
    text: str = arg("text", "keywords describing a recurring theme")
    limit: int = limit_arg()

    def run(self, store: GraphStore) -> ToolResult:
        weights = search_weights(store, ("Topic",), self.text)
        hits = store.search_topics(weights, self.limit) if weights else []
        return ToolResult(self.name, tuple(
            {"id": h.id, "label": h.label, "summary": h.summary, "episodes": h.episodes,
             "score": h.score} for h in hits), tuple(h.id for h in hits))


@dataclass(frozen=True)
class TimelineParams:
    name: ClassVar[str] = "timeline"
    description: ClassVar[str] = "Episodes in a date range, optionally only those of one cue."
    start: str = arg("date", "first day (YYYY-MM-DD; YYYY-MM or YYYY: from its first day)")
    end: str = arg("date", "last day (YYYY-MM-DD; YYYY-MM or YYYY: to its last day)")
    cue: str | None = arg("name", "optional cue name or id: only its episodes", None)
    speaker: str | None = speaker_arg("episodes in which this person speaks (not with cue)")
    limit: int = limit_arg()

    def run(self, store: GraphStore) -> ToolResult:
        start, end = date_bounds("start", self.start)[0], date_bounds("end", self.end)[1]
        if start > end:
            raise ToolArgumentError(f"timeline: start {self.start} is after end {self.end}")
        if self.cue and self.speaker:
            raise ToolArgumentError("timeline: give a cue or a speaker, not both")
        name = self.cue or self.speaker
        cue = resolve_cue(store, self.cue) if self.cue else None
        if self.speaker:  # a speaker speaks in the episodes their entity cue reaches
            speakers, known = resolve_speakers(store, self.speaker)
            if len(speakers) != 1:
                return missing(self.name, "one speaker", self.speaker, speakers or known)
            cue = next((c.id for c in store.find_cues(normalize_key(speakers[0]))), None)
        if name and cue is None:
            return missing(self.name, "cue", name)
        return events(self.name, store.timeline(start, end, cue, self.limit))


@dataclass(frozen=True)
class SearchEventsParams:
    """Lexical search, fused with vector similarity when the context has an embedder
    (mrgraph.hybrid); a record the vector search found also carries its `similarity`."""

    name: ClassVar[str] = "search_events"
    description: ClassVar[str] = ("Entry point: episodes (summaries, texts, cues) matching "
                                  "words; with a speaker, the episodes where that person said "
                                  "them.")
    text: str = arg("text", "keywords to search episode texts for")
    speaker: str | None = speaker_arg("episodes where this person said the words")
    limit: int = limit_arg()

    def run(self, store: GraphStore, context: ToolContext | None = None) -> ToolResult:
        if self.speaker:
            return on_speakers(self.name, store, self.speaker,
                               lambda speakers: self._said(store, speakers))
        weights = search_weights(store, ("Episode",), self.text, kinds=True)
        found = hybrid_events(store, weights, self.text, self.limit, context)
        records = [event_record(f.event) for f in found]
        for record, fused in zip(records, found):
            if fused.similarity is not None:
                record["similarity"] = fused.similarity
        return ToolResult(self.name, tuple(records), tuple(f.event.id for f in found))

    def _said(self, store: GraphStore, speakers: list[str]) -> ToolResult:
        """The episodes of the speaker's turns search_turns finds, by their best turn."""
        weights = search_weights(store, ("Turn",), self.text)
        hits = store.search_turns(weights, MAX_LIMIT, speakers, quoted_phrases(self.text)) \
            if weights else []
        best: dict[str, float] = {}
        for hit in hits:  # best first
            if hit.event_id:
                best.setdefault(hit.event_id, hit.score)
        found = store.get_events(list(best)[:self.limit])
        records = [{**event_record(e), "score": best[e.id]} for e in found]
        return ToolResult(self.name, tuple(records), tuple(e.id for e in found))


def _window_note(found: Sequence[TurnRecord], window: int) -> str:
    """What event_context could not give: the turns before or after an episode that its
    session does not have (an episode at a session's start or end)."""
    own = [t.index for t in found if t.in_event]
    if not own or window <= 0:
        return ""
    before = sum(1 for t in found if not t.in_event and t.index < min(own))
    after = sum(1 for t in found if not t.in_event and t.index > max(own))
    short = [f"{n} of {window} turns {side} (the session {edge} there)"
             for n, side, edge in ((before, "before", "starts"), (after, "after", "ends"))
             if n < window]
    return "; ".join(short)


ToolParams = (SearchTurnsParams | SearchEventsParams | SearchCuesParams | SearchTopicsParams
              | TimelineParams | CueTagsParams | TagEventsParams | CueEventsParams
              | TopicEventsParams | EventKeywordsParams | EventContextParams | ReadTurnsParams
              | ConversationTimeParams | PersonalAspectsParams | PersonalAspectParams)
# in the order a navigator uses them: entry points, hops, reading, people
TOOLS: Mapping[str, type[ToolParams]] = {t.name: t for t in (
    SearchTurnsParams, SearchEventsParams, SearchCuesParams, SearchTopicsParams, TimelineParams,
    CueTagsParams, TagEventsParams, CueEventsParams, TopicEventsParams, EventKeywordsParams,
    EventContextParams, ReadTurnsParams, ConversationTimeParams, PersonalAspectsParams,
    PersonalAspectParams)}
TOOL_NAMES: tuple[str, ...] = tuple(TOOLS)

# ------------------------------------------------------------------ entry points


def parse_params(tool: str, args: Mapping[str, object]) -> ToolParams:
    """The validated params of `tool`; ToolArgumentError (naming the tool) on any problem."""
    params_type = TOOLS.get(tool)
    if params_type is None:
        raise ToolArgumentError(f"unknown tool {tool!r}; tools: {', '.join(TOOLS)}")
    return params_type(**parse_fields(tool, params_type, args))  # type: ignore[arg-type]


def tool_specs(names: Sequence[str] = TOOL_NAMES) -> tuple[ToolSpec, ...]:
    """The tools as offered to a model."""
    return tuple(ToolSpec(TOOLS[n].name, TOOLS[n].description, fields_schema(TOOLS[n]))
                 for n in names)


def run_tool(store: GraphStore, name: str, args: Mapping[str, object], *,
             context: ToolContext | None = None) -> ToolResult:
    """Validate `args` for tool `name` and run it; ToolArgumentError before any store access.
    `context` (e.g. an embedder for hybrid search) reaches the tools that use one."""
    return run_params(parse_params(name, args), store, context)


def run_params(params: ToolParams, store: GraphStore,
               context: ToolContext | None = None) -> ToolResult:
    """Run validated params; only search_events uses a context today."""
    if isinstance(params, SearchEventsParams):
        return params.run(store, context)
    return params.run(store)


def _beliefs_of(entity: str, store: GraphStore) -> list[BeliefEdge] | str | None:
    return store.entity_beliefs(normalize_key(entity), None)


def _cue_of(name: str, store: GraphStore) -> list[BeliefEdge] | str | None:
    return resolve_cue(store, name)


def _get_events(event_ids: Sequence[str], store: GraphStore) -> list[EventRecord]:
    return store.get_events(event_ids)


def _resolve_topic(store: GraphStore, name: str) -> str | None:
    if TOPIC_ID.match(name):
        return name
    weights = search_weights(store, ("Topic",), name)
    hits = store.search_topics(weights, 10) if weights else []
    exact = [h for h in hits if normalize_key(h.label) == normalize_key(name)]
    return (exact or hits)[0].id if hits else None
