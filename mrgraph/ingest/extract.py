"""Extraction: a Conversation in, an Extraction (episodes, cues, tags, facts, topics) out.

`Extractor` is the protocol every extractor implements (the offline heuristic one here, an LLM
one elsewhere). `HeuristicExtractor` is the default: deterministic, no model, no network, fast
(the LoCoMo dev file's 1,451 turns extract in well under half a second).

Per session: turns are resolved (relative dates -> ISO, pronouns -> speakers), segmented into
episodes (`preprocess.segment`), and each episode gets
  * cues: its speakers and named entities (kind 'entity'), the aspects of facts stated in it
    ('attribute'), its most salient keywords by tf-idf over the conversation's episodes
    ('keyword') (date cues come from the dates its turns mention: `mrgraph.ingest.build`);
  * a tag: the kind of event it is, from a small vocabulary reused across the conversation's
    episodes (`mrgraph.ingest.tag_vocabulary`: "adopt puppy", "go camping", "painting");
  * a summary: the sentences that cover its salient keywords, each naming who (ingest.summary);
An episode is dated by its session (`mrgraph.ingest.build`): what its turns mention is kept
per mention, never taken for the episode's date.
Facts come from first-person rule patterns (`mrgraph.ingest.facts`). Topics group episodes of
two or more sessions that share a salient keyword; keywords with mostly the same episodes merge.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Protocol, Sequence

from mrgraph.ingest import salience, tag_vocabulary
from mrgraph.dates import anchor_date, format_day
from mrgraph.ingest.facts import find_facts
from mrgraph.ingest.summary import summarize
from mrgraph.ingest.preprocess import (MAX_EPISODE, MIN_EPISODE, ResolvedTurn, Sentence,
                                      resolve_turn, segment)
from mrgraph.text import stem, words
from mrgraph.ingest.drafts import (
    CueKind,
    CueRef,
    EpisodeDraft,
    Extraction,
    FactDraft,
    SessionExtraction,
    TopicDraft,
)
from mrgraph.types import Conversation, Session

TOP_TURNS = 2  # an episode's summary and tag come from its 2 most salient turns
TAG_SENTENCES = 4  # ... and from their 4 most salient sentences
TAG_KEYWORDS = 40  # keywords an episode offers as kinds of event (tag_vocabulary)


class Extractor(Protocol):
    """Turns a conversation into episodes, cues, tags, facts and topics."""

    def extract(self, conversation: Conversation) -> Extraction: ...


@dataclass(frozen=True)
class _Episode:
    session: Session
    index: int
    turns: tuple[ResolvedTurn, ...]

    @property
    def tokens(self) -> list[str]:
        return [t for turn in self.turns for t in turn.tokens]


class HeuristicExtractor:
    """The offline extractor: rules, word lists and tf-idf (see the module docstring)."""

    name = "heuristic"
    # extract() depends on its argument only: worker processes may run it (ingest.parallel)
    forkable = True

    def __init__(self, *, min_episode: int = MIN_EPISODE, max_episode: int = MAX_EPISODE,
                 keywords_per_episode: int = 4, max_topics: int = 20) -> None:
        if not 1 <= min_episode <= max_episode:
            raise ValueError("need 1 <= min_episode <= max_episode")
        self.min_episode, self.max_episode = min_episode, max_episode
        self.keywords_per_episode, self.max_topics = keywords_per_episode, max_topics

    def extract(self, conversation: Conversation) -> Extraction:
        episodes = [ep for s in conversation.sessions for ep in self._segment(conversation, s)]
        context = _Context.of(conversation, episodes)
        drafts: dict[int, list[EpisodeDraft]] = {}
        facts: dict[int, list[FactDraft]] = {}
        keywords: dict[tuple[int, int], list[str]] = {}
        weighed = [(episode, weights, salience.top_keywords(weights, self.keywords_per_episode),
                    _ranked(episode, weights))
                   for episode in episodes for weights in (context.weights(episode),)]
        tags = tag_vocabulary.assign([tag_vocabulary.candidates(
            (s.source for s in ranked[:TAG_SENTENCES]), weights,
            [context.word(t) for t in salience.top_keywords(weights, TAG_KEYWORDS)])
            for _, weights, _, ranked in weighed])
        for (episode, weights, top, ranked), tag in zip(weighed, tags):
            found = self._facts(conversation, episode)
            keywords[(episode.session.number, episode.index)] = top
            drafts.setdefault(episode.session.number, []).append(
                _draft(episode, weights, top, found, context, tag))
            facts.setdefault(episode.session.number, []).extend(found)
        sessions = tuple(SessionExtraction(s.number, tuple(drafts.get(s.number, ())),
                                           tuple(facts.get(s.number, ())))
                         for s in conversation.sessions)
        days = {s.number: anchor_date(s.started_at).isoformat() for s in conversation.sessions}
        topics = _topics(keywords, context, days, conversation.speakers, self.max_topics)
        return Extraction(conversation.id, sessions, topics)

    def _segment(self, conversation: Conversation, session: Session) -> list[_Episode]:
        anchor = anchor_date(session.started_at)
        resolved = [resolve_turn(t, conversation.speakers, anchor) for t in session.turns]
        parts = segment(resolved, min_size=self.min_episode, max_size=self.max_episode)
        return [_Episode(session, i, part) for i, part in enumerate(parts)]

    @staticmethod
    def _facts(conversation: Conversation, episode: _Episode) -> list[FactDraft]:
        return [FactDraft(entity=t.turn.speaker, aspect=f.aspect, statement=f.statement,
                          episode_index=episode.index, confidence=f.confidence,
                          negated=f.negated, dia_id=t.turn.dia_id, clause=f.clause)
                for t in episode.turns
                for f in find_facts(t.turn.text, t.turn.speaker, conversation.speakers)]


@dataclass(frozen=True)
class _Context:
    """Conversation-wide statistics every episode is weighed against."""

    idf: dict[str, float]
    proper: frozenset[str]
    excluded: frozenset[str]  # stems of names: they are entity cues, not keywords
    surface: dict[str, str]

    @classmethod
    def of(cls, conversation: Conversation, episodes: Sequence[_Episode]) -> _Context:
        texts = [t.text for s in conversation.sessions for t in s.turns]
        captions = [t.blip_caption for s in conversation.sessions for t in s.turns
                    if t.blip_caption]
        proper = salience.proper_words(texts)  # captions are lowercase machine text
        names = [*proper, *conversation.speakers]
        excluded = frozenset(stem(w) for name in names for w in words(name))
        doc_freq = Counter(token for ep in episodes for token in set(ep.tokens))
        return cls(salience.idf(doc_freq, len(episodes)), proper, excluded,
                   salience.surface_forms([*texts, *captions]))

    def weights(self, episode: _Episode) -> dict[str, float]:
        return salience.keyword_weights(episode.tokens, self.idf, self.excluded)

    def word(self, token: str) -> str:
        return self.surface.get(token, token)


def _ranked(episode: _Episode, weights: dict[str, float]) -> list[Sentence]:
    # Summary and tag come from the most salient sentences of the most salient turns only: they
    # say what the episode is about, and reading every sentence would be most of the time.
    top_turns = salience.rank_turns(episode.turns, weights)[:TOP_TURNS]
    return salience.rank_sentences((s for t in top_turns for s in t.sentences), weights)


def _draft(episode: _Episode, weights: dict[str, float], top: list[str],
           facts: list[FactDraft], context: _Context, tag: str) -> EpisodeDraft:
    keywords = [context.word(t) for t in top]
    lines = [f"{t.turn.speaker}: {t.text}"
             + (f" [photo: {t.turn.blip_caption}]" if t.turn.blip_caption else "")
             for t in episode.turns]
    summary = summarize(episode.turns, weights)
    return EpisodeDraft(
        index=episode.index,
        dia_ids=tuple(t.turn.dia_id for t in episode.turns),
        text="\n".join(lines),
        summary=summary or salience.shorten(episode.turns[0].text, salience.SUMMARY_CHARS),
        tag=tag,
        cues=_cues(episode, keywords, facts, context),
    )


def _cues(episode: _Episode, keywords: list[str], facts: list[FactDraft],
          context: _Context) -> tuple[CueRef, ...]:
    """Speakers, named entities, fact aspects, keywords; each name once, first kind wins."""
    refs: dict[str, CueRef] = {}

    def add(name: str, kind: CueKind) -> None:
        if name and name.lower() not in refs:
            refs[name.lower()] = CueRef(name, kind)

    for turn in episode.turns:
        add(turn.turn.speaker, "entity")
    for turn in episode.turns:
        for name in salience.entities_in(turn.turn.text, context.proper):
            add(name, "entity")
    for fact in facts:
        add(fact.aspect.replace("_", " "), "attribute")
    for keyword in keywords:
        add(keyword, "keyword")
    return tuple(refs.values())


def _topics(keywords: dict[tuple[int, int], list[str]], context: _Context,
            days: dict[int, str], speakers: Sequence[str], limit: int) -> tuple[TopicDraft, ...]:
    """Keywords salient in episodes of at least two sessions become topics, biggest first;
    a keyword whose episodes mostly (Jaccard >= 0.5) match an existing topic's joins it."""
    reach: dict[str, set[tuple[int, int]]] = {}
    for key, tokens in keywords.items():
        for token in tokens:
            reach.setdefault(token, set()).add(key)
    candidates = sorted((t for t, eps in reach.items() if len({s for s, _ in eps}) >= 2),
                        key=lambda t: (-len(reach[t]), t))
    groups: list[tuple[list[str], set[tuple[int, int]]]] = []
    for token in candidates:
        episodes = reach[token]
        home = next((g for g in groups if _jaccard(g[1], episodes) >= 0.5), None)
        if home is not None:
            home[0].append(token)
            home[1].update(episodes)
        elif len(groups) < limit:
            groups.append(([token], set(episodes)))
    return tuple(_topic(labels, episodes, context, days, speakers) for labels, episodes in groups)


def _topic(tokens: list[str], episodes: set[tuple[int, int]], context: _Context,
           days: dict[int, str], speakers: Sequence[str]) -> TopicDraft:
    label = ", ".join(context.word(t) for t in tokens[:3])
    ordered = tuple(sorted(episodes))
    span = [format_day(d) for d in sorted(days[s] for s, _ in ordered)]
    who = " and ".join(speakers) if speakers else "The speakers"
    summary = (f"{who} talk about {label} in {len(ordered)} episodes over "
               f"{len({s for s, _ in ordered})} sessions, {span[0]} to {span[-1]}.")
    return TopicDraft(label=label, summary=summary, episodes=ordered)


def _jaccard(a: set[tuple[int, int]], b: set[tuple[int, int]]) -> float:
    return len(a & b) / len(a | b) if a or b else 0.0
