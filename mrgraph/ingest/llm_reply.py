"""The LLM extractor's reply: its JSON schema, and its conversion to extraction drafts.

The schema is deliberately loose (types and required keys only, no enums or ranges): a
response_schema is sent with every call and counted in its prompt tokens, and a reply that breaks
a strict schema costs a whole repair round trip. Meaning is checked here instead, item by item:
an invalid item (a dia_id not in the chunk, an unknown cue kind, a fact
pointing at no episode) is dropped, or replaced by a safe default, with a warning; the rest of
the reply is kept. Only a reply with no usable episode at all is rejected (`EmptyReply`).

The episodes' "date"/"end" and "date" cues are read but not kept: an episode is dated by its
session and the dates its turns mention are resolved by rule, with their precision, whatever the
extractor (mrgraph.ingest.build).

Reply shape (one chunk of a session; episode indexes are the reply's own, from 0):

    {"sentences": {"D1:3": "Odile went to a chess club meeting on 2023-05-07."},
     "episodes": [{"turns": ["D1:1", "D1:2", "D1:3"], "date": "2023-05-07", "end": "...",
                   "tag": "joins chess club", "summary": "...",
                   "cues": {"entity": ["chess club"], "keyword": [...], ...}}],
     "facts": [{"entity": "Odile", "aspect": "hobby", "statement": "...",
                "confidence": 0.8, "negated": false, "contradicts": false, "episode": 0}],
     "topics": [{"label": "chess club", "summary": "...", "episodes": [0]}]}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from mrgraph.dates import anchor_date
from mrgraph.ingest.preprocess import resolve_turn
from mrgraph.text import normalize_key, words
from mrgraph.ingest.drafts import CueKind, CueRef, EpisodeDraft, FactDraft
from mrgraph.types import Session, Turn

_STR: dict[str, Any] = {"type": "string"}
_STRS: dict[str, Any] = {"type": "array", "items": _STR}


def _object(**properties: Any) -> dict[str, Any]:
    return {"type": "object", "properties": properties}


# Only the top level is required: a missing item field is handled per item below (a default,
# or the item dropped), which is cheaper than a repair round trip for the whole reply.
RESPONSE_SCHEMA: dict[str, Any] = {
    **_object(
        sentences={"type": "object", "additionalProperties": _STR},
        episodes={"type": "array", "items": _object(
            turns=_STRS, date=_STR, end=_STR, tag=_STR, summary=_STR,
            cues={"type": "object", "additionalProperties": _STRS})},
        facts={"type": "array", "items": _object(
            entity=_STR, aspect=_STR, statement=_STR, confidence={"type": "number"},
            negated={"type": "boolean"}, contradicts={"type": "boolean"},
            episode={"type": "integer"})},
        topics={"type": "array", "items": _object(
            label=_STR, summary=_STR, episodes={"type": "array", "items": {"type": "integer"}})},
    ),
    "required": ["sentences", "episodes", "facts", "topics"],
}

# A small local model: one window of a few turns per call and a reply whose every list and
# string is bounded, so the longest reply the schema admits (~600 tokens) completes within the
# extract token cap. Turn ids and fact entities are enums of the window's own, so the grammar
# alone keeps them valid; sentences, confidences and flags are left to their defaults. Strings
# stay within the grammar's own cap (mrgraph.llm.local.GRAMMAR_STRING_CHARS, 80).
WINDOW_EPISODES = 2
WINDOW_EPISODE_TURNS = 4
WINDOW_FACTS = 2
WINDOW_CUES = 2
_DAY = {"type": "string", "pattern": r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"}


def _text(chars: int) -> dict[str, Any]:
    return {"type": "string", "minLength": 1, "maxLength": chars}


def _closed(required: Sequence[str], **properties: Any) -> dict[str, Any]:
    return {**_object(**properties), "required": list(required), "additionalProperties": False}


def window_schema(turns: Sequence[Turn], speakers: Sequence[str]) -> dict[str, Any]:
    """The bounded reply schema for one window of `turns` (see WINDOW_EPISODES). Facts and the
    topic sit inside their episode (a small model gets episode indexes wrong); `flat_reply`
    turns a reply into RESPONSE_SCHEMA's shape for `convert_reply`."""
    names = _closed((), entity={"type": "array", "items": _text(40), "maxItems": WINDOW_CUES},
                    keyword={"type": "array", "items": _text(40), "maxItems": WINDOW_CUES})
    fact = _closed(("entity", "aspect", "statement"),
                   entity={"type": "string", "enum": list(dict.fromkeys(speakers))},
                   aspect={"type": "string", "pattern": "^[a-z][a-z_]{0,23}$"},
                   statement=_text(80))
    episode = _closed(
        ("turns", "date", "tag", "summary", "cues", "facts", "topic"),
        turns={"type": "array", "minItems": 1, "maxItems": WINDOW_EPISODE_TURNS,
               "items": {"type": "string", "enum": [t.dia_id for t in turns]}},
        date=_DAY, tag=_text(40), summary=_text(80), cues=names,
        facts={"type": "array", "maxItems": WINDOW_FACTS, "items": fact}, topic=_text(30))
    return _closed(("episodes",), episodes={"type": "array", "minItems": 1,
                                            "maxItems": WINDOW_EPISODES, "items": episode})


def flat_reply(reply: Mapping[str, Any]) -> dict[str, Any]:
    """A `window_schema` reply in RESPONSE_SCHEMA's shape: facts and topics at the top level,
    pointing at their episodes by index (one topic per label)."""
    episodes, facts = [], []
    topics: dict[str, dict[str, Any]] = {}
    for index, raw in enumerate(reply["episodes"]):
        episodes.append({k: v for k, v in raw.items() if k not in ("facts", "topic")})
        facts += [{**fact, "episode": index} for fact in raw.get("facts", ())]
        label = str(raw.get("topic", ""))
        topics.setdefault(normalize_key(label) or label, {"label": label, "episodes": []}
                          )["episodes"].append(index)
    return {"episodes": episodes, "facts": facts, "topics": list(topics.values())}


CONFIDENCE_RANGE = (0.7, 0.9)  # BeliefMem: a new attribute starts in [0.7, 0.9]
_DEFAULT_CONFIDENCE = 0.8
MAX_NAME_CHARS = 80  # a cue or tag longer than this is a sentence, not a name
_KIND_ALIASES: dict[str, CueKind] = {
    "entity": "entity", "entities": "entity", "person": "entity", "people": "entity",
    "place": "entity", "places": "entity", "organisation": "entity", "organization": "entity",
    "pet": "entity", "keyword": "keyword", "keywords": "keyword", "activity": "keyword",
    "object": "keyword", "attribute": "attribute", "attributes": "attribute",
    "aspect": "attribute", "date": "date", "dates": "date",
}


class EmptyReply(ValueError):
    """A reply with no usable episode: treated like a failed call (and never cached)."""


@dataclass(frozen=True)
class ChunkDrafts:
    """What one reply gave, with episode indexes local to the chunk (0..n-1, in turn order)."""

    episodes: tuple[EpisodeDraft, ...]
    facts: tuple[FactDraft, ...]
    topics: tuple[tuple[str, str, tuple[int, ...]], ...]  # (label, summary, episode indexes)
    warnings: tuple[str, ...]


@dataclass
class _Chunk:
    """Working state of one conversion: the chunk's turns and the warnings so far."""

    session: Session
    turns: Sequence[Turn]
    speakers: Sequence[str]
    where: str
    warnings: list[str] = field(default_factory=list)

    def warn(self, message: str) -> None:
        self.warnings.append(f"{self.where}: {message}")


def convert_reply(reply: Mapping[str, Any], session: Session, turns: Sequence[Turn],
                  speakers: Sequence[str], where: str) -> ChunkDrafts:
    """Drafts from a schema-valid reply for `turns` (a chunk of `session`). Raises EmptyReply
    when no episode survives validation."""
    chunk = _Chunk(session, turns, speakers, where)
    groups, order = _episode_turns(chunk, reply["episodes"])
    if not groups:
        raise EmptyReply(f"{where}: the reply has no episode with a dia_id of the transcript")
    sentences = _sentences(chunk, reply.get("sentences", {}))  # a window reply has none
    episodes = [_episode(chunk, i, old, reply["episodes"][old], groups[old], sentences)
                for i, old in enumerate(order)]
    new_index = {old: new for new, old in enumerate(order)}
    facts = _facts(chunk, reply.get("facts", []), new_index)
    episodes = [_with_aspects(e, [f for f in facts if f.episode_index == e.index])
                for e in episodes]
    topics = _topics(chunk, reply.get("topics", []), new_index)
    return ChunkDrafts(tuple(episodes), tuple(facts), tuple(topics), tuple(chunk.warnings))


def _episode_turns(chunk: _Chunk, raw: Sequence[Mapping[str, Any]]
                   ) -> tuple[dict[int, list[Turn]], list[int]]:
    """Turns of each reply episode (unknown and repeated dia_ids dropped), every turn of the
    chunk covered (a turn the reply left out joins the episode of the turn before it, or of the
    first turn after it), and the reply indexes of the surviving episodes in turn order."""
    by_id = {t.dia_id: t for t in chunk.turns}
    owner: dict[str, int] = {}
    for index, episode in enumerate(raw):
        for dia_id in episode.get("turns", ()):
            if dia_id not in by_id:
                chunk.warn(f"episode {index}: dropped dia_id {dia_id!r}, not in the transcript")
            elif dia_id in owner:
                if owner[dia_id] != index:
                    chunk.warn(f"episode {index}: dropped dia_id {dia_id!r}, already in "
                               f"episode {owner[dia_id]}")
            else:
                owner[dia_id] = index
    if not owner:
        return {}, []
    missing = [t.dia_id for t in chunk.turns if t.dia_id not in owner]
    if missing:
        chunk.warn(f"{len(missing)} turn(s) in no episode joined a neighbouring one: "
                   + ", ".join(missing[:5]))
    groups: dict[int, list[Turn]] = {}
    previous = next(owner[t.dia_id] for t in chunk.turns if t.dia_id in owner)
    for turn in chunk.turns:
        previous = owner.get(turn.dia_id, previous)
        groups.setdefault(previous, []).append(turn)
    order = sorted(groups, key=lambda i: groups[i][0].index)
    return groups, order


def _sentences(chunk: _Chunk, raw: Mapping[str, Any]) -> dict[str, str]:
    ids = {t.dia_id for t in chunk.turns}
    kept: dict[str, str] = {}
    for dia_id, text in raw.items():
        if dia_id not in ids:
            chunk.warn(f"dropped the sentence for {dia_id!r}, not in the transcript")
        elif text.strip():
            kept[dia_id] = " ".join(text.split())
    return kept


def _episode(chunk: _Chunk, index: int, reply_index: int, raw: Mapping[str, Any],
             turns: Sequence[Turn], sentences: Mapping[str, str]) -> EpisodeDraft:
    """Episode `index` (in turn order) from the reply's episode `reply_index` (warnings name
    the reply's index, which is what a reader of the cached reply sees)."""
    lines = [f"{t.speaker}: {_sentence(chunk, t, sentences)}"
             + (f" [photo: {t.blip_caption}]" if t.blip_caption else "") for t in turns]
    cues = _cues(chunk, reply_index, raw.get("cues", {}), turns)
    summary = " ".join(str(raw.get("summary", "")).split()) or lines[0]
    return EpisodeDraft(index=index, dia_ids=tuple(t.dia_id for t in turns),
                        text="\n".join(lines), summary=summary,
                        tag=_tag(chunk, reply_index, raw.get("tag", ""), cues), cues=cues)


def _sentence(chunk: _Chunk, turn: Turn, sentences: Mapping[str, str]) -> str:
    """The model's resolved sentence; for a turn it skipped (small talk), the rule-based
    resolution, so every episode text is resolved one way or the other."""
    if turn.dia_id in sentences:
        return sentences[turn.dia_id]
    anchor = anchor_date(chunk.session.started_at)
    return resolve_turn(turn, chunk.speakers, anchor).text


def _cues(chunk: _Chunk, index: int, raw: Mapping[str, Sequence[str]],
          turns: Sequence[Turn]) -> tuple[CueRef, ...]:
    """The episode's speakers (entities), then the model's cues; each name once, the first
    kind wins (as in the heuristic extractor). The model's dates are not kept: an episode is
    dated by its session, and the dates its turns mention are resolved by rule, with their
    precision, for every extractor (mrgraph.ingest.build)."""
    refs: dict[str, CueRef] = {}

    def add(name: str, kind: CueKind) -> None:
        key = name.lower()
        if name and key not in refs:
            refs[key] = CueRef(name, kind)

    for turn in turns:
        add(turn.speaker, "entity")
    for label, names in raw.items():
        kind = _KIND_ALIASES.get(label.strip().lower())
        if kind is None:
            chunk.warn(f"episode {index}: dropped {len(names)} cue(s) of unknown kind {label!r}")
            continue
        if kind == "date":
            continue
        for name in names:
            clean = " ".join(name.split())
            if not clean or len(clean) > MAX_NAME_CHARS:
                chunk.warn(f"episode {index}: dropped the {kind} cue {name[:40]!r}")
            else:
                add(clean, kind)
    return tuple(refs.values())


def _tag(chunk: _Chunk, index: int, raw: object, cues: Sequence[CueRef]) -> str:
    tag = " ".join(str(raw).split())
    if tag and len(tag) <= MAX_NAME_CHARS:
        return tag
    chunk.warn(f"episode {index}: tag {str(raw)[:40]!r} is empty or too long; used a keyword")
    return next((c.name for c in cues if c.kind == "keyword"), "chat")


def _facts(chunk: _Chunk, raw: Sequence[Mapping[str, Any]],
           new_index: Mapping[int, int]) -> list[FactDraft]:
    low, high = CONFIDENCE_RANGE
    names = {s.lower(): s for s in chunk.speakers}
    facts: list[FactDraft] = []
    for number, item in enumerate(raw):
        entity = " ".join(item.get("entity", "").split())
        aspect = "_".join(words(item.get("aspect", "")))
        statement = " ".join(item.get("statement", "").split())
        episode = item.get("episode")
        if not (entity and aspect and statement) or not isinstance(episode, (int, float)) \
                or episode not in new_index:
            chunk.warn(f"fact {number}: dropped (no entity, aspect or statement, or no episode "
                       f"{episode})")
            continue
        contradicts = item.get("contradicts")
        facts.append(FactDraft(
            entity=names.get(entity.lower(), entity), aspect=aspect, statement=statement,
            episode_index=new_index[int(episode)],
            confidence=min(high, max(low, float(item.get("confidence", _DEFAULT_CONFIDENCE)))),
            negated=bool(item.get("negated", False)),
            contradicts=contradicts if isinstance(contradicts, bool) else None))
    return facts


def _with_aspects(episode: EpisodeDraft, facts: Sequence[FactDraft]) -> EpisodeDraft:
    """Fact aspects become attribute cues of their episode, as in the heuristic extractor."""
    known = {c.name.lower() for c in episode.cues}
    extra = [CueRef(a, "attribute") for a in dict.fromkeys(f.aspect.replace("_", " ")
                                                           for f in facts) if a not in known]
    if not extra:
        return episode
    return EpisodeDraft(episode.index, episode.dia_ids, episode.text, episode.summary,
                        episode.tag, (*episode.cues, *extra))


def _topics(chunk: _Chunk, raw: Sequence[Mapping[str, Any]], new_index: Mapping[int, int]
            ) -> list[tuple[str, str, tuple[int, ...]]]:
    topics: list[tuple[str, str, tuple[int, ...]]] = []
    for number, item in enumerate(raw):
        label = " ".join(item.get("label", "").split())
        refs = tuple(sorted({new_index[i] for i in item.get("episodes", ()) if i in new_index}))
        if not normalize_key(label) or len(label) > MAX_NAME_CHARS or not refs:
            chunk.warn(f"topic {number}: dropped (bad label {label[:40]!r} or no valid episode)")
            continue
        topics.append((label, " ".join(item.get("summary", "").split()), refs))
    return topics
