"""Conversation + Extraction -> GraphBatch: exactly the nodes, edges and properties of
docs/graph-model.md, with deterministic ids (`mrgraph.ids.node_id`).

Rules beyond the table:
  * one Cue per normalised name; when an entity and another kind share a key, the entity wins
    (then attribute, keyword, date); the name shown is the first one met of the winning kind.
    Every fact's entity gets an entity Cue, so its BELIEF edges (derived later) have a source.
  * one Tag per normalised label; an episode whose tag normalises to nothing gets no Tag.
  * one Fact per (entity key, aspect, normalised statement); its `statement` is the first
    wording met. FROM_EPISODE carries the episode's (session's) day with its precision and
    source, the extractor's confidence, negated and contradicts (None-valued properties are
    left out), and the date the fact's own clause mentions (event_*), if any.
  * an episode's `text` is the extractor's (pronouns resolved where safe: ingest.rewrite), and
    `original` its turns as they were said, beside it.
  * dates: an episode is dated by its session, always. Every time expression of a turn is a
    DateMention node (value, precision, source, days covered, phrase, the clause that says it,
    speaker; `mrgraph.dates`), linked from its turn (MENTIONS_DATE); its value names a date
    cue of the episode holding the turn. Whatever an extractor does, the dates are the same.
  * an episode's dia_ids that name no turn of its session are dropped (an LLM extractor may
    invent some); an unknown session, episode or topic reference is an error (a bug upstream).
  * properties that are None are left out; lists are tuples. No BELIEF edges: they are derived
    after writing (`mrgraph.beliefs`).
The same input always gives an identical batch (same records in the same order).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from mrgraph.dates import DateValue, anchor_date, mentions, render, session_value, to_props
from mrgraph.errors import MrGraphError
from mrgraph.ids import node_id
from mrgraph.store.current import MODEL_VERSION
from mrgraph.text import normalize_key, word_tokens, words
from mrgraph.ingest.drafts import CueKind, CueRef, EpisodeDraft, Extraction, FactDraft
from mrgraph.types import (
    Conversation,
    EdgeRecord,
    GraphBatch,
    NodeRecord,
    PropValue,
    Session,
    Turn,
)

_KIND_RANK: dict[str, int] = {"entity": 0, "attribute": 1, "keyword": 2, "date": 3}
# Every session-dated record (Session, Turn, Episode, FROM_EPISODE) says what its date is.
_SESSION_DAY: dict[str, PropValue] = {"date_precision": "day", "date_source": "session"}


def build_batch(conversation: Conversation, extraction: Extraction, ns: str) -> GraphBatch:
    """Everything `conversation` contributes to namespace `ns`."""
    if extraction.conversation_id != conversation.id:
        raise MrGraphError(f"extraction of {extraction.conversation_id!r} given for "
                           f"conversation {conversation.id!r}")
    builder = _Builder(ns, conversation)
    builder.transcript()
    builder.episodes(extraction)
    builder.facts(extraction)
    builder.topics(extraction)
    return builder.batch()


def _tokens(*texts: str) -> str:
    """`" ".join(text.token_set(...))`, stemming each distinct word once (same result, and an
    episode's text repeats most of its words)."""
    distinct = set(words(" ".join(texts)))
    return " ".join(sorted({t for t in word_tokens(distinct) if t is not None}))


def _props(**values: PropValue) -> dict[str, PropValue]:
    return {k: v for k, v in values.items() if v is not None}


@dataclass
class _Builder:
    ns: str
    conversation: Conversation
    nodes: dict[str, NodeRecord] = field(default_factory=dict)
    edges: dict[tuple[str, str, str], EdgeRecord] = field(default_factory=dict)
    cues: dict[str, tuple[str, CueKind]] = field(default_factory=dict)  # key -> (name, kind)
    episode_ids: dict[tuple[int, int], str] = field(default_factory=dict)
    episode_dates: dict[str, str] = field(default_factory=dict)
    turn_dates: dict[str, list[DateValue]] = field(default_factory=dict)  # by dia_id
    # session -> dia_id -> turn, built once a session (a long session has thousands of episodes)
    turns_of: dict[int, dict[str, Turn]] = field(default_factory=dict)
    ids: dict[tuple[str | int, ...], str] = field(default_factory=dict)  # hashing is not free

    @property
    def cid(self) -> str:
        return self.conversation.id

    def id(self, label: str, *key: str | int) -> str:
        found = self.ids.get((label, *key))
        if found is None:
            found = self.ids[(label, *key)] = node_id(self.ns, label, *key)
        return found

    def node(self, label: str, node_id: str, props: dict[str, PropValue]) -> None:
        if node_id not in self.nodes:  # the first wins; a record is built only for it
            self.nodes[node_id] = NodeRecord(label, node_id, props)

    def edge(self, etype: str, src: str, dst: str, props: dict[str, PropValue] | None = None
             ) -> None:
        key = (src, etype, dst)
        if key not in self.edges:
            self.edges[key] = EdgeRecord(etype, src, dst, props or {})

    # ------------------------------------------------------------ transcript

    def transcript(self) -> None:
        conv_id = self.id("Conversation", self.cid)
        self.node("Conversation", conv_id, _props(
            conversation_id=self.cid, model_version=MODEL_VERSION,
            speakers=tuple(self.conversation.speakers),
            # the file's name only: a local path would reach exports and pushed databases
            source=Path(self.conversation.source).name if self.conversation.source else ""))
        for session in self.conversation.sessions:
            session_id = self.id("Session", self.cid, session.number)
            anchor = anchor_date(session.started_at)
            day = anchor.isoformat()
            self.node("Session", session_id, _props(
                conversation_id=self.cid, number=session.number, started_at=session.started_at,
                date=day, **_SESSION_DAY))
            self.edge("HAS_SESSION", conv_id, session_id)
            self.turns_of[session.number] = {t.dia_id: t for t in session.turns}
            for turn in session.turns:
                turn_id = self.id("Turn", self.cid, turn.dia_id)
                self.node("Turn", turn_id, _props(
                    conversation_id=self.cid, dia_id=turn.dia_id, speaker=turn.speaker,
                    text=turn.text, session=session.number, index=turn.index, date=day,
                    **_SESSION_DAY, blip_caption=turn.blip_caption,
                    # search_turns matches these: the words said and the shared image's caption
                    tokens=_tokens(turn.text, turn.blip_caption or "")))
                self.edge("HAS_TURN", session_id, turn_id)
                self.mentions(session.number, turn_id, turn.dia_id, turn.speaker,
                              mentions(turn.text, anchor, dia_id=turn.dia_id,
                                       speaker=turn.speaker))

    def mentions(self, session: int, turn_id: str, dia_id: str, speaker: str,
                 found: list[DateValue]) -> None:
        """The turn's DateMention nodes, in the order the turn says them."""
        self.turn_dates[dia_id] = found
        for n, value in enumerate(found):
            mention_id = self.id("DateMention", self.cid, dia_id, n)
            self.node("DateMention", mention_id, {
                "conversation_id": self.cid, "session": session, "index": n,
                **to_props(value), "when": render(value)})
            self.edge("MENTIONS_DATE", turn_id, mention_id)

    # ------------------------------------------------------------ episodes, cues, tags

    def episodes(self, extraction: Extraction) -> None:
        sessions = {s.number: s for s in self.conversation.sessions}
        ordered: list[tuple[Session, EpisodeDraft]] = []
        for part in extraction.sessions:
            session = sessions.get(part.session_number)
            if session is None:
                raise MrGraphError(f"extraction names session {part.session_number}, which "
                                   f"conversation {self.cid!r} does not have")
            ordered += [(session, draft) for draft in part.episodes]
        ordered.sort(key=lambda pair: (pair[0].number, pair[1].index))
        previous: str | None = None
        for seq, (session, draft) in enumerate(ordered):
            episode_id = self.episode(session, draft, seq)
            if previous is not None:
                self.edge("NEXT", previous, episode_id)
            previous = episode_id

    def episode(self, session: Session, draft: EpisodeDraft, seq: int) -> str:
        key = (session.number, draft.index)
        if key in self.episode_ids:
            raise MrGraphError(f"conversation {self.cid!r}: two episodes {draft.index} in "
                               f"session {session.number}")
        episode_id = self.episode_ids[key] = self.id("Episode", self.cid, *key)
        day = session_value(session.started_at)
        self.episode_dates[episode_id] = day.value
        said = self.turns_of[session.number]
        dia_ids = tuple(d for d in dict.fromkeys(draft.dia_ids) if d in said)
        mentioned = tuple(dict.fromkeys(v.value for d in dia_ids
                                        for v in self.turn_dates.get(d, ())))
        cues = [*draft.cues, *(CueRef(value, "date") for value in mentioned)]
        original = "\n".join(f"{said[d].speaker}: {said[d].text}" for d in dia_ids)
        self.node("Episode", episode_id, _props(
            conversation_id=self.cid, session=session.number, index=draft.index, seq=seq,
            text=draft.text, original=original, summary=draft.summary, tag=draft.tag,
            date=day.value,
            **_SESSION_DAY, mentions=mentioned or None, dia_ids=dia_ids,
            tokens=_tokens(draft.text, draft.summary, draft.tag, *(c.name for c in cues))))
        self.edge("HAS_EPISODE", self.id("Session", self.cid, session.number), episode_id)
        for dia_id in dia_ids:
            self.edge("FROM_TURN", episode_id, self.id("Turn", self.cid, dia_id))
        tag_key = normalize_key(draft.tag)
        tag_id = self.tag(draft.tag, tag_key) if tag_key else None
        for cue in cues:
            cue_id = self.cue(cue.name, cue.kind)
            if cue_id is None:
                continue
            self.edge("CUE_OF", cue_id, episode_id, {"tag": draft.tag})
            if tag_id is not None:
                self.edge("HAS_TAG", cue_id, tag_id)
        if tag_id is not None:
            self.edge("TAGS", tag_id, episode_id)
        return episode_id

    def tag(self, label: str, key: str) -> str:
        tag_id = self.id("Tag", key)
        if tag_id not in self.nodes:  # most tags are met again in later episodes
            self.node("Tag", tag_id, {"label": label, "key": key, "tokens": _tokens(label)})
        return tag_id

    def cue(self, name: str, kind: CueKind) -> str | None:
        """The cue's id; its node is written by `batch` once every claim on its kind is known
        (a fact's entity may promote a keyword cue met earlier)."""
        key = normalize_key(name)
        if not key:
            return None
        held = self.cues.get(key)
        if held is None or _KIND_RANK[kind] < _KIND_RANK[held[1]]:
            self.cues[key] = (name, kind)
        return self.id("Cue", key)

    # ------------------------------------------------------------ facts and topics

    def facts(self, extraction: Extraction) -> None:
        for part in extraction.sessions:
            for fact in part.facts:
                episode_id = self.episode_ids.get((part.session_number, fact.episode_index))
                if episode_id is None:
                    raise MrGraphError(f"conversation {self.cid!r}: a fact names episode "
                                       f"{fact.episode_index} of session {part.session_number}, "
                                       "which does not exist")
                self.fact(fact, episode_id)

    def fact(self, fact: FactDraft, episode_id: str) -> None:
        entity_key = normalize_key(fact.entity)
        statement_key = normalize_key(fact.statement)
        if not entity_key or not statement_key:
            return  # nothing to say or nobody to say it about
        self.cue(fact.entity, "entity")
        fact_id = self.id("Fact", entity_key, fact.aspect, statement_key)
        self.node("Fact", fact_id, {"entity": fact.entity, "aspect": fact.aspect,
                                    "statement": fact.statement})
        self.edge("FROM_EPISODE", fact_id, episode_id, _props(
            date=self.episode_dates[episode_id], **_SESSION_DAY, confidence=fact.confidence,
            negated=fact.negated, contradicts=fact.contradicts, **self.event_date(fact)))

    def event_date(self, fact: FactDraft) -> dict[str, PropValue]:
        """The date the fact's own clause mentions ("I adopted a kitten two weeks ago"), as
        event_* properties; none when it mentions none (or the extractor gave no clause)."""
        clause = fact.clause.lower()
        found = next((v for v in self.turn_dates.get(fact.dia_id, ())
                      if clause and v.phrase.lower() in clause), None)
        if found is None:
            return {}
        return {"event_value": found.value, "event_precision": found.precision,
                "event_source": found.source, "event_start": found.start,
                "event_end": found.end}

    def topics(self, extraction: Extraction) -> None:
        for topic in extraction.topics:
            key = normalize_key(topic.label)
            if not key:
                continue
            topic_id = self.id("Topic", self.cid, key)
            self.node("Topic", topic_id, {
                "conversation_id": self.cid, "label": topic.label, "key": key,
                "summary": topic.summary, "tokens": _tokens(topic.label, topic.summary)})
            for pair in topic.episodes:
                episode_id = self.episode_ids.get(pair)
                if episode_id is None:
                    raise MrGraphError(f"conversation {self.cid!r}: topic {topic.label!r} "
                                       f"names episode {pair[1]} of session {pair[0]}, "
                                       "which does not exist")
                self.edge("GROUPS", topic_id, episode_id)

    def batch(self) -> GraphBatch:
        cues = [NodeRecord("Cue", self.id("Cue", key), {
                    "name": name, "key": key, "kind": kind, "tokens": _tokens(name)})
                for key, (name, kind) in self.cues.items()]
        return GraphBatch(self.cid, (*self.nodes.values(), *cues), tuple(self.edges.values()))
