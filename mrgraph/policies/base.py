"""What the reconstruction loop and its policies share: the budget, actions and their outcomes,
the state S = (Z, H), relevance scoring, and the Policy protocol.

Relevance (routing and answering use the same numbers, see `State.base` / `State.relevance`):
  base(r) = max(q(r), h * base(origin))      rel(r) = base(r) + CONTEXT * c(r) + CUES * a(r)
  q(r)    share of the question's idf weight held by r's tokens (0..1); for an episode, by its
          whole text when a search by the question's words returned it (State.note_search:
          the search's score), else by its summary;
  origin  the lead whose expansion produced r. Inheriting from it is how an episode holding none
          of the question's words becomes relevant: h = HOP for a redirect (an episode -> its
          cues and dates: the reverse hop), so each redirect costs half the relevance; h = 1 for
          following a lead (cue -> its tags -> their episodes, date -> timeline, episode -> its
          turns). `max`, not a sum, keeps long chains bounded by their best link;
  c(r)    share of r's tokens also found in the best episodes kept so far (0..1): agreement
          with the evidence so far. It ranks, but is not inherited (no accumulation);
  a(r)    for an episode whose reverse hop (event_keywords) was taken: the share of the
          question's weight its own cues and tag hold - what the graph says the episode is
          *about*, sharper than a word somewhere in its turns. Added when the hop returns.
H keeps the `max_evidence` best episodes; an episode ranks, for eviction, at its relevance
times SAME_SESSION per more relevant kept episode of its session (near-duplicates give way to
evidence from other sessions, which questions spanning several sessions need).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal, Protocol

from mrgraph.advice import NO_ADVICE, Advice
from mrgraph.dates import value_bounds
from mrgraph.errors import ConfigError
from mrgraph.found import Found, Held, Kept, is_temporal, question_share, record_text
from mrgraph.kind_fit import kind_held
from mrgraph.policies.question_dates import QuestionTime, question_time
from mrgraph.store.base import GraphStore
from mrgraph.text import token_set, tokenize
from mrgraph.toolkit import Record, ToolResult
from mrgraph.weights import count_tokens, idf_weights, kind_members

HOP = 0.5  # share of its origin's relevance a hop result inherits
CONTEXT = 0.05  # agreement with the best evidence so far: orders hop results, rarely more
CUES = 0.5  # weight of a(r): the question's share held by an episode's cues and tag
SAME_SESSION = 0.9  # eviction discount per more relevant kept episode of the same session
CONTEXT_EVENTS = 3  # how many of the best episodes define "the evidence so far"
DATED = 0.3  # bonus of an episode dated when the question says ("in May 2023", "in August")
# labels whose counts of the question's tokens State.start reads: the question's weights
# (Episode) and what the first search_cues weighs by (Cue, Tag)
START_COUNTS = ("Episode", "Cue", "Tag")
# Tools that leave an episode for what it mentions (reverse hop, its dates): a redirect.
REDIRECTS = frozenset({"event_keywords", "conversation_time"})
LeadKind = Literal["cue", "tag", "event", "date"]

@dataclass(frozen=True)
class Budget:
    """Limits of one reconstruction run; the baselines get the same unit budget
    (max_evidence episodes kept, read_episodes episodes read with context_window turns)."""

    max_rounds: int = 8
    max_calls_per_round: int = 10
    max_calls: int = 50
    max_evidence: int = 10  # episodes kept in H (the comparable unit across modes)
    keep_per_call: int = 10  # records routing keeps from one tool result
    read_episodes: int = 3  # episodes whose raw turns are read for the answer
    context_window: int = 1  # turns read around each of those episodes
    answer_turns: int = 20  # turns an LLM answer step is handed, best first (policies.turns)
    # threads running one round's calls on the embedded store (GraphStore.run_calls) when a
    # call may wait on the embedder (hybrid search; else one: reconstruct); Neo4j sends a
    # round's reads together instead and does not use it
    workers: int = 4

    def __post_init__(self) -> None:
        for name in ("max_rounds", "max_calls_per_round", "max_calls", "max_evidence",
                     "keep_per_call", "read_episodes", "workers", "answer_turns"):
            if getattr(self, name) < 1:
                raise ConfigError(f"budget {name} must be at least 1")
        if not 0 <= self.context_window <= 10:
            raise ConfigError("budget context_window must be between 0 and 10")


@dataclass(frozen=True)
class Action:
    """One tool call a policy asks for. `origin` is the lead (State.leads key) it expands;
    `error` is set when the model's arguments could not even be parsed as JSON."""

    tool: str
    arguments: Mapping[str, Any]
    call_id: str = ""
    origin: str | None = None
    error: str | None = None


@dataclass(frozen=True)
class Outcome:
    """What became of an action: its result, what routing kept, or the error the model sees.
    `counted` is False only for calls refused because the budget was spent."""

    round: int
    action: Action
    result: ToolResult | None
    kept: tuple[Record, ...]
    kept_ids: tuple[str, ...]
    error: str | None
    ms: float
    counted: bool = True


@dataclass(frozen=True)
class Lead:
    """An item of the active set Z: something to expand next."""

    key: str  # "cue:<id>", "tag:<cue id>\t<tag>", "event:<id>", "date:<start>/<end>"
    kind: LeadKind
    value: str  # cue id, tag label, episode id or ISO start date
    relevance: float  # base relevance (see the module docstring)
    cue: str = ""  # the cue of a tag lead
    end: str = ""  # the end date of a date lead
    size: int = 0  # episodes behind it, when known (cue hits, tag counts)


@dataclass
class Evidence(Held):
    """H: what has been kept. Events carry their relevance under "relevance"; what every mode
    reports of it (dia_ids, sources, citable) is `Held`'s."""

    events: dict[str, Record] = field(default_factory=dict)
    turns: dict[str, Record] = field(default_factory=dict)
    times: dict[str, Record] = field(default_factory=dict)
    beliefs: dict[str, Record] = field(default_factory=dict)
    cues: dict[str, Record] = field(default_factory=dict)

    def add_turns(self, turns: Iterable[Record], conversation: str, relevance: float) -> None:
        """Keep turns read, keyed by conversation and dia_id (dia_ids repeat across the
        conversations of a namespace); a turn already kept stays as it is."""
        for turn in turns:
            self.turns.setdefault(f"{conversation}/{turn['dia_id']}",
                                  {**turn, "conversation": conversation,
                                   "relevance": relevance})

    def kept(self) -> Kept:
        """H as it stands, frozen (the records themselves are shared, not copied)."""
        return Kept(*(MappingProxyType(dict(held)) for held in
                      (self.events, self.turns, self.times, self.beliefs, self.cues)))


@dataclass
class State:
    """S = (Z, H) plus the run's bookkeeping. Policies read it; only the loop changes it."""

    question: str
    weights: Mapping[str, float]  # idf weights of the question's tokens (over episodes)
    budget: Budget
    episodes: int = 0  # episodes in the store (N of the specificity idf)
    event_q: dict[str, float] = field(default_factory=dict)  # episode id -> q (whole text)
    evidence: Evidence = field(default_factory=Evidence)
    leads: dict[str, Lead] = field(default_factory=dict)  # Z
    done: set[str] = field(default_factory=set)  # lead keys already expanded
    outcomes: list[Outcome] = field(default_factory=list)
    # (cue id, tag) -> episodes known to be behind it (from event_keywords): a tag lead whose
    # count they already cover would only fetch them again
    known: dict[tuple[str, str], set[str]] = field(default_factory=dict)
    about: dict[str, float] = field(default_factory=dict)  # episode id -> a(r)
    # every episode routing ranked (kept or since evicted): a reverse hop may bring one back
    candidates: dict[str, Record] = field(default_factory=dict)
    round: int = 0
    calls: int = 0
    when: QuestionTime = QuestionTime()  # the time the question names, if any
    # a kind the question names -> the tokens of things of that kind: an episode holding one
    # holds kind_share of the kind word (weights.kind_members, kind_share)
    kinds: Mapping[str, frozenset[str]] = field(default_factory=dict)
    # the turns of H's episodes that were not read, fetched after the loop (policies.turns.
    # fetch_unread) for the answer step's ranking; keyed like evidence.turns; the offline
    # reader reads the handed ones too (reader.evidence)
    unread_turns: dict[str, Record] = field(default_factory=dict)

    @classmethod
    def start(cls, store: GraphStore, question: str, budget: Budget) -> State:
        """S0: the question's idf weights and the store's episode count (statistics, no
        content: nothing is retrieved before the policy's first call). The counts are read in
        one step, together with the question's counts over cues and tags: the first searches
        are of the question's words, and with reconstruct's per-question QuestionView they then
        read no counts of their own (a step less on Neo4j)."""
        counted = count_tokens(store, START_COUNTS, token_set(question))
        weights = idf_weights(question, counted[:1], unseen=True)
        return cls(question, weights, budget, episodes=counted[0][0],
                   when=question_time(question), kinds=kind_members(question, weights))

    def note_search(self, text: str, records: Iterable[Record]) -> None:
        """Learn q of the episodes a search_events call returned. Event records carry only a
        summary, but a search's score is the idf weight of the query tokens an episode's whole
        text holds; when the query's tokens are all question tokens, score / (question weight)
        is a lower bound of the episode's q (equal when the query is the question)."""
        total = sum(self.weights.values())
        if total <= 0 or not set(tokenize(text)) <= set(self.weights):
            return
        for record in records:
            score = float(record.get("score", 0.0)) / total
            if score > self.event_q.get(str(record["id"]), 0.0):
                self.event_q[str(record["id"])] = min(1.0, score)

    def _lift(self, event_id: str, by: float) -> None:
        """Raise a kept or candidate episode's relevance by what was learnt about it."""
        for pool in (self.evidence.events, self.candidates):
            if event_id in pool:
                pool[event_id]["relevance"] = round(float(pool[event_id]["relevance"]) + by, 6)

    @property
    def temporal(self) -> bool:
        return is_temporal(self.question)

    @property
    def calls_left(self) -> int:
        return self.budget.max_calls - self.calls

    @property
    def last_round(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.round == self.round]

    def q_share(self, tokens: Iterable[str]) -> float:
        """Share of the question's weight held by `tokens` (found.question_share: a thing of
        a kind the question names holds part of the kind word's weight)."""
        return question_share(self.weights, self.kinds, tokens)

    def kind_fit(self, text: str) -> float:
        """Share of the question's weight `text` adds by naming a kind of a question noun it
        does not hold (mrgraph.kind_fit: "a puppy" for "dogs", "a sprain" for "injuries"); a
        kind the question names whose member `text` holds already counts in q_share."""
        total = sum(self.weights.values())
        if total <= 0:
            return 0.0
        held = set(tokenize(text))
        held |= {kind for kind, members in self.kinds.items() if not held.isdisjoint(members)}
        return kind_held(self.weights, frozenset(held), self.question, None, text) / total

    def found(self, handed: Sequence[Record] = ()) -> Found:
        """What the walk found, frozen for the answer step, with the turns `handed` on to it
        (policies.turns.found)."""
        return Found(self.question, MappingProxyType(dict(self.weights)),
                     MappingProxyType(dict(self.kinds)), self.evidence.kept(),
                     MappingProxyType(dict(self.unread_turns)), tuple(handed))

    def context_tokens(self) -> set[str]:
        best = self.evidence.ranked_events()[:CONTEXT_EVENTS]
        return {t for e in best for t in tokenize(record_text(e))}

    def q_of(self, record: Record, tokens: Iterable[str]) -> float:
        """q(r): for an episode the share its whole text holds (`event_q`: records carry only
        a summary), else the share the record's own text holds."""
        if "dia_ids" in record and str(record.get("id")) in self.event_q:
            return max(self.event_q[str(record["id"])], self.q_share(tokens))
        return self.q_share(tokens)

    def base(self, record: Record, inherited: float) -> float:
        return round(max(self.q_of(record, tokenize(record_text(record))), inherited), 6)

    def relevance(self, record: Record, inherited: float, context: set[str]) -> float:
        tokens = set(tokenize(record_text(record)))
        agree = len(tokens & context) / len(tokens) if tokens else 0.0
        about = self.about.get(str(record.get("id")), 0.0) if "dia_ids" in record else 0.0
        return round(max(self.q_of(record, tokens), inherited) + CONTEXT * agree
                     + CUES * about + DATED * self.dated(record), 6)

    def dated(self, record: Record) -> float:
        """1 for an episode said, or mentioning a date, when the question says, else 0."""
        if "dia_ids" not in record or not self.when:
            return 0.0
        days = [b for m in record.get("mentions") or () if (b := value_bounds(str(m)))]
        return float(self.when.fits(str(record.get("date", "")))
                     or any(self.when.holds(*b) for b in days))

    def note_about(self, event_id: str, keywords: Iterable[Record]) -> None:
        """a(r) of an episode from its reverse hop; a kept episode is re-ranked at once."""
        if event_id in self.about:
            return
        words = [str(k["name"]) for k in keywords if k.get("kind") != "date"]
        words += [str(k["tag"]) for k in keywords if k.get("tag")]
        about = self.about[event_id] = self.q_share(tokenize(" ".join(words)))
        self._lift(event_id, CUES * about)

    def note_belief(self, event_id: str, share: float) -> None:
        """a(r) of a belief's provenance episode: the question's share held by the belief's
        aspect and statement, when above what its own cues gave."""
        if share > self.about.get(event_id, 0.0):
            self._lift(event_id, CUES * (share - self.about.get(event_id, 0.0)))
            self.about[event_id] = share

    def inherited(self, action: Action) -> float:
        """h * base(origin) for a call expanding a lead; 0 for a free call."""
        lead = self.leads.get(action.origin or "")
        if lead is None:
            return 0.0
        return lead.relevance * (HOP if action.tool in REDIRECTS else 1.0)

    def specificity(self, size: int) -> float:
        """How much reaching `size` episodes says, 0..1: the idf ln(1 + N/size) / ln(1 + N).
        A speaker's cue reaches nearly every episode and so says little about any of them."""
        if size <= 0 or self.episodes <= 0:
            return 1.0
        return math.log(1 + self.episodes / size) / math.log(1 + self.episodes)

    def priority(self, lead: Lead) -> float:
        """How promising a lead is: its relevance times the specificity of what it reaches."""
        return lead.relevance * self.specificity(lead.size)

    def can_matter(self, lead: Lead) -> bool:
        """Whether expanding `lead` could still change H. Inherited relevance only shrinks
        along a chain, so with H full nothing a lead reaches can rank above
        h * relevance + CONTEXT; below the least relevant kept episode it is not worth a call.
        (An episode ranking on its own words ranks no higher than the entry search's results,
        which were kept when the entry search asked for at least `max_evidence`.) An episode
        not yet reverse-hopped can matter by itself: its a(r) may lift it (back) into H."""
        events = self.evidence.events
        if len(events) < self.budget.max_evidence:
            return True
        floor = min(float(e["relevance"]) for e in events.values())
        if lead.kind == "event" and lead.value not in self.about:
            # its reverse hop re-ranks the episode itself (a(r), up to CUES)
            own = self.candidates.get(lead.value)
            if lead.value in events or (own and float(own["relevance"]) + CUES > floor):
                return True
        h = HOP if lead.kind == "event" else 1.0
        return h * lead.relevance + CONTEXT > floor

    def open_leads(self) -> list[Lead]:
        """Z minus what was expanded, best first by priority (ties: insertion order)."""
        return sorted((lead for key, lead in self.leads.items() if key not in self.done),
                      key=lambda lead: -self.priority(lead))


@dataclass(frozen=True)
class Draft:
    """A policy's answer before the loop adds its bookkeeping."""

    answer: str
    supports: tuple[str, ...]
    confidence: float


class PolicyRun(Protocol):
    """One question's navigation. `tokens`: LLM tokens spent so far (0 offline).
    `hands_turns`: its answer step reads `policies.turns.handed_turns`, so the loop fetches
    the unread turns of H's episodes first (the offline reader reads the turns read, and the
    handed ones only for a question asking for several things: for other questions no read,
    and no Neo4j round trip, is spent for it). A run may also say `hands_reached = False`:
    the fetch then leaves out the other reached episodes' turns (`fetch_unread`'s `reached`;
    True when the run does not say). A run may also offer `prefetch(state)`: the calls it
    expects to make in a later round, as things stand after `next_actions`; on a store where a
    step of reads costs a round trip (GraphStore.prefetches) the loop reads them beside the
    round's calls, for the question's view of the store to answer them later (reconstruct).
    They are not run as calls: not traced, not counted, their results not routed."""

    tokens: int
    hands_turns: bool

    def next_actions(self, state: State) -> Sequence[Action]:
        """The next round's calls; an empty sequence stops the loop."""

    def answer(self, state: State) -> Draft: ...


class Policy(Protocol):
    """A navigation policy. `start` is handed the experiences practice advises for the
    question (mrgraph.advice; NO_ADVICE when there are none)."""

    @property
    def name(self) -> str: ...

    def start(self, question: str, budget: Budget, advice: Advice = NO_ADVICE) -> PolicyRun: ...
