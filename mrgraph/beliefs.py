"""Belief memory: every candidate conclusion per attribute, each with its own confidence.

Pure functions over frozen dataclasses (BeliefMem rules, SPEC "Belief memory"). An attribute is
(entity, aspect), matched case-insensitively ("Location" == "location"). Statements are compared
by their core: stemmed content words minus stopwords, negation cues, sentiment verbs, the entity's
name, the aspect's words and generic verbs (live, work, move...), plus a polarity.

- Add: the extractor's confidence clipped to [0.7, 0.9]; without one, DEFAULT_CONFIDENCE = 0.8
  (the middle of the range: no signal either way).
- Merge: same fact_id, or same polarity and core Jaccard >= 0.75: p <- min(1 - (1-p)(1-delta),
  0.99), never downward, support += 1, delta 0.5 by default. An episode counts once per
  candidate (re-ingesting is a no-op). Support for a superseded or archived candidate reinstates
  it as active at max(noisy-OR, add value).
- Contradiction: opposite polarity with core Jaccard >= 0.6 (negation, "no longer", "stopped",
  "quit", "used to", "former", or an antonym: likes/hates, loves/dislikes), or any other positive
  value of a SINGLE_VALUED_ASPECTS attribute. The contradicted active candidates drop to 0.25,
  'superseded'. Observation.contradicts overrides: True demotes every other active candidate
  when nothing matched; False demotes nothing (a second job).
- Negation: "no longer works at Acme" demotes "works at Acme" and is kept as a candidate of its
  own (negated=True), so "X's job?" reads "no longer at Acme 0.8; at Acme 0.25 superseded", not
  just a demoted value. A different value of a single-valued aspect leaves it active ("works at
  Globex" does not make it false); re-asserting the same value demotes it.
- Cap: at most 4 non-archived candidates per attribute; the 4 with highest confidence stay (ties:
  latest last_seen, then smallest fact_id), the rest become 'archived' with their history.
- History is the full version log, oldest first: each state the candidate entered, with the
  evidence (date, episode, reason) that put it there; the last equals the current state.
- Retrieval: alpha = sim * lam ** staleness (lam 0.5) reorders results, never confidences.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, replace
from datetime import date as _date
from typing import Literal, cast

from mrgraph.belief_text import TOKEN, Reading, core_similarity, read_statement
from mrgraph.belief_text import is_negative as is_negative  # re-exported for callers
from mrgraph.belief_text import similarity as similarity
from mrgraph.errors import ConfigError, InputError, MrGraphError

Status = Literal["active", "superseded", "archived"]
Reason = Literal["add", "merge", "contradict", "evict"]
STATUSES: tuple[Status, ...] = ("active", "superseded", "archived")
REASONS: tuple[Reason, ...] = ("add", "merge", "contradict", "evict")

DEFAULT_CONFIDENCE = 0.8
MIN_INITIAL_CONFIDENCE = 0.7
MAX_INITIAL_CONFIDENCE = 0.9
DEFAULT_DELTA = 0.5
CONFIDENCE_CAP = 0.99
DEMOTED_CONFIDENCE = 0.25
MAX_CANDIDATES = 4
DEFAULT_LAMBDA = 0.5
MERGE_THRESHOLD = 0.75
OPPOSITE_THRESHOLD = 0.6

# Aspects where a person has one value at a time: a new value replaces the old one.
SINGLE_VALUED_ASPECTS: frozenset[str] = frozenset({
    "location", "residence", "home", "city", "lives_in", "address", "hometown",
    "job", "occupation", "work", "employer", "profession", "career", "job_title",
    "relationship_status", "marital_status", "age",
})

_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
def _check_date(value: str, field: str) -> None:
    try:
        valid = bool(_ISO_DATE.fullmatch(value)) and bool(_date.fromisoformat(value))
    except ValueError:
        valid = False
    if not valid:
        raise InputError(f"not an ISO date (YYYY-MM-DD): {value!r}", field=field)


def _check_unit(value: float, name: str) -> None:
    if not 0.0 < value <= 1.0:
        raise ConfigError(f"{name} must be in (0, 1], got {value}")


@dataclass(frozen=True)
class BeliefVersion:
    """One state a candidate entered, and the evidence that put it there."""

    confidence: float
    status: Status
    support: int
    at: str  # ISO date of the evidence
    episode_id: str
    reason: Reason


@dataclass(frozen=True)
class BeliefState:
    """One candidate conclusion for an attribute (entity, aspect)."""

    entity: str
    aspect: str
    statement: str
    fact_id: str
    confidence: float
    support: int
    first_seen: str
    last_seen: str
    status: Status
    history: tuple[BeliefVersion, ...] = ()
    provenance: tuple[str, ...] = ()  # supporting episode ids, sorted, unique
    negated: bool = False  # the statement says the attribute does not / no longer hold(s)


@dataclass(frozen=True)
class Observation:
    """One extracted statement about an attribute, as evidence from one episode."""

    entity: str
    aspect: str
    statement: str
    fact_id: str
    date: str
    episode_id: str
    confidence: float | None = None  # the extractor's own, if it gave one
    negated: bool = False
    contradicts: bool | None = None  # an LLM extractor's verdict; None = decide by the rules

    def __post_init__(self) -> None:
        for name in ("entity", "aspect", "statement", "fact_id", "episode_id"):
            if not str(getattr(self, name)).strip():
                raise InputError("must not be empty", field=name)
        _check_date(self.date, "date")
        if self.confidence is not None and not 0.0 <= self.confidence <= 1.0:
            raise InputError(f"confidence must be in [0, 1], got {self.confidence}",
                             field="confidence")


def _reading_of(belief: BeliefState) -> Reading:
    return read_statement(belief.statement, belief.entity, belief.aspect, belief.negated)


def _norm_aspect(aspect: str) -> str:
    return "_".join(TOKEN.findall(aspect.lower()))


def _key(entity: str, aspect: str) -> tuple[str, str]:
    return (" ".join(entity.casefold().split()), _norm_aspect(aspect))


def initial_confidence(extractor_confidence: float | None) -> float:
    """Confidence of a new candidate: the extractor's, clipped to [0.7, 0.9]; 0.8 without."""
    if extractor_confidence is None:
        return DEFAULT_CONFIDENCE
    return min(max(extractor_confidence, MIN_INITIAL_CONFIDENCE), MAX_INITIAL_CONFIDENCE)


def merge_confidence(p: float, delta: float = DEFAULT_DELTA) -> float:
    """Noisy-OR with evidence strength delta, capped at 0.99 and never lower than p."""
    _check_unit(delta, "delta")
    return max(p, min(1.0 - (1.0 - p) * (1.0 - delta), CONFIDENCE_CAP))


def _record(state: BeliefState, obs: Observation, reason: Reason) -> BeliefState:
    version = BeliefVersion(state.confidence, state.status, state.support, obs.date,
                            obs.episode_id, reason)
    return replace(state, history=(*state.history, version))


def _new_candidate(obs: Observation, reading: Reading, like: Sequence[BeliefState]) -> BeliefState:
    # Reuse the attribute's existing spelling so one attribute reads the same everywhere.
    entity, aspect = (like[0].entity, like[0].aspect) if like else (obs.entity, obs.aspect)
    state = BeliefState(
        entity=entity, aspect=aspect, statement=obs.statement.strip(), fact_id=obs.fact_id,
        confidence=initial_confidence(obs.confidence), support=1, first_seen=obs.date,
        last_seen=obs.date, status="active", provenance=(obs.episode_id,),
        negated=reading.negated)
    return _record(state, obs, "add")


def _merge(cand: BeliefState, obs: Observation, delta: float) -> BeliefState:
    p = merge_confidence(cand.confidence, delta)
    if cand.status != "active":
        # Fresh support reinstates a demoted value (a move back home); it must compete like a
        # new candidate instead of staying below every fresh one.
        p = max(p, initial_confidence(obs.confidence))
    merged = replace(
        cand, confidence=p, status="active", support=cand.support + 1,
        last_seen=max(cand.last_seen, obs.date),
        provenance=tuple(sorted({*cand.provenance, obs.episode_id})))
    return _record(merged, obs, "merge")


def _merge_target(cands: Sequence[BeliefState], obs: Observation, reading: Reading) -> int | None:
    best: tuple[float, int] | None = None
    for i, cand in enumerate(cands):
        other = _reading_of(cand)
        if other.positive != reading.positive:
            continue
        sim = 2.0 if cand.fact_id == obs.fact_id else core_similarity(reading.core, other.core)
        if sim >= MERGE_THRESHOLD and (best is None or sim > best[0]):
            best = (sim, i)
    return None if best is None else best[1]


def _demote(cands: list[BeliefState], keep: int, obs: Observation, reading: Reading,
            single_valued: frozenset[str]) -> list[BeliefState]:
    replaces_value = reading.positive and _norm_aspect(obs.aspect) in single_valued
    targets: list[int] = []
    for i, cand in enumerate(cands):
        if i == keep or cand.status != "active":
            continue
        other = _reading_of(cand)
        opposite = other.positive != reading.positive
        if opposite and core_similarity(reading.core, other.core) >= OPPOSITE_THRESHOLD:
            targets.append(i)
        elif replaces_value and other.positive:
            targets.append(i)
    if not targets and obs.contradicts:
        targets = [i for i, c in enumerate(cands) if i != keep and c.status == "active"]
    for i in targets:
        demoted = replace(cands[i], confidence=DEMOTED_CONFIDENCE, status="superseded")
        cands[i] = _record(demoted, obs, "contradict")
    return cands


def _evict(cands: list[BeliefState], obs: Observation) -> list[BeliefState]:
    live = [i for i, c in enumerate(cands) if c.status != "archived"]
    if len(live) <= MAX_CANDIDATES:
        return cands
    # Two stable sorts: highest confidence, then latest last_seen, then smallest fact_id.
    live.sort(key=lambda i: cands[i].fact_id)
    live.sort(key=lambda i: (cands[i].confidence, cands[i].last_seen), reverse=True)
    for i in live[MAX_CANDIDATES:]:
        cands[i] = _record(replace(cands[i], status="archived"), obs, "evict")
    return cands


def _update_attribute(cands: Sequence[BeliefState], obs: Observation, delta: float,
                      single_valued: frozenset[str]) -> list[BeliefState]:
    # A fixed order makes tie-breaking independent of how the caller listed the candidates.
    work = sorted(cands, key=lambda c: (STATUSES.index(c.status), c.fact_id))
    reading = read_statement(obs.statement, obs.entity, obs.aspect, obs.negated)
    index = _merge_target(work, obs, reading)
    if index is None:
        work.append(_new_candidate(obs, reading, work))
        index = len(work) - 1
    elif obs.episode_id in work[index].provenance:
        return work  # this episode already counted: re-ingesting changes nothing
    else:
        work[index] = _merge(work[index], obs, delta)
    if obs.contradicts is not False:
        work = _demote(work, index, obs, reading, single_valued)
    return _evict(work, obs)


def _display_order(beliefs: Iterable[BeliefState]) -> list[BeliefState]:
    out = sorted(beliefs, key=lambda b: b.fact_id)
    out.sort(key=lambda b: (b.confidence, b.last_seen), reverse=True)
    out.sort(key=lambda b: (_key(b.entity, b.aspect), STATUSES.index(b.status)))
    return out


def _observation_order(o: Observation) -> tuple[object, ...]:
    # (date, episode, fact) as specified; the rest only makes the order total.
    return (o.date, o.episode_id, o.fact_id, o.entity, o.aspect, o.statement, o.negated,
            o.confidence is None, o.confidence or 0.0, repr(o.contradicts))


def apply_observations(
    observations: Iterable[Observation], *, beliefs: Iterable[BeliefState] = (),
    delta: float = DEFAULT_DELTA, single_valued: frozenset[str] = SINGLE_VALUED_ASPECTS,
) -> list[BeliefState]:
    """Apply observations in (date, episode_id, fact_id) order on top of `beliefs` (for
    incremental ingest), so any input order gives the same result. Returns every candidate,
    archived included, grouped by attribute: active first, then by confidence."""
    _check_unit(delta, "delta")
    by_attribute: dict[tuple[str, str], list[BeliefState]] = {}
    for belief in beliefs:
        by_attribute.setdefault(_key(belief.entity, belief.aspect), []).append(belief)
    for obs in sorted(observations, key=_observation_order):
        key = _key(obs.entity, obs.aspect)
        by_attribute[key] = _update_attribute(by_attribute.get(key, []), obs, delta,
                                              single_valued)
    return _display_order(b for cands in by_attribute.values() for b in cands)


def candidates(beliefs: Iterable[BeliefState], entity: str, aspect: str) -> list[BeliefState]:
    """The whole candidate distribution of one attribute, current values first."""
    key = _key(entity, aspect)
    return _display_order(b for b in beliefs if _key(b.entity, b.aspect) == key)


def state_as_of(belief: BeliefState, date: str) -> BeliefState | None:
    """The candidate as it stood at the end of `date`; None if it did not exist yet."""
    _check_date(date, "date")
    if not belief.history:  # no log to replay: all we know is when it appeared
        return belief if belief.first_seen <= date else None
    upto = tuple(v for v in belief.history if v.at <= date)
    if not upto:
        return None
    seen = [v for v in upto if v.reason in ("add", "merge")]
    last = upto[-1]
    return replace(
        belief, confidence=last.confidence, status=last.status, support=last.support,
        last_seen=max((v.at for v in seen), default=belief.first_seen),
        provenance=tuple(sorted({v.episode_id for v in seen})), history=upto)


def score(sim: float, staleness: float, lam: float = DEFAULT_LAMBDA) -> float:
    """Retrieval score alpha = sim * lam ** staleness."""
    _check_unit(lam, "lam")
    if staleness < 0:
        raise MrGraphError(f"staleness must be >= 0, got {staleness}")
    return sim * float(lam ** staleness)


def rank(candidates: Sequence[BeliefState], sims: Sequence[float], staleness: Sequence[float],
         lam: float = DEFAULT_LAMBDA) -> list[tuple[BeliefState, float]]:
    """Candidates with their alpha, best first (ties: confidence, then fact_id). The beliefs
    are returned as given: staleness changes the order, never a stored confidence."""
    if not len(candidates) == len(sims) == len(staleness):
        raise MrGraphError("rank: candidates, sims and staleness must have the same length")
    scored = [(c, score(s, t, lam)) for c, s, t in zip(candidates, sims, staleness)]
    scored.sort(key=lambda pair: pair[0].fact_id)
    scored.sort(key=lambda pair: (pair[1], pair[0].confidence), reverse=True)
    return scored


def staleness(beliefs: Iterable[BeliefState], session_dates: Iterable[str]) -> int:
    """Sessions (one date per session) after the latest update of the given candidates; pass
    all candidates of an attribute for the attribute's tau."""
    updates = [b.history[-1].at if b.history else b.last_seen for b in beliefs]
    if not updates:
        raise MrGraphError("staleness needs at least one belief")
    last = max(updates)
    return sum(1 for d in session_dates if d > last)


def history_to_json(history: Sequence[BeliefVersion]) -> str:
    """History as a JSON string: Neo4j properties cannot hold a list of maps."""
    return json.dumps([asdict(v) for v in history], sort_keys=True, separators=(",", ":"))


_VERSION_FIELDS: dict[str, tuple[type, ...]] = {
    "confidence": (int, float), "status": (str,), "support": (int,), "at": (str,),
    "episode_id": (str,), "reason": (str,)}


def _version_from(item: object, index: int) -> BeliefVersion:
    where = f"belief history entry {index}"
    if not isinstance(item, dict) or not set(_VERSION_FIELDS) <= set(item):
        raise InputError(f"{where}: needs {', '.join(_VERSION_FIELDS)}", field="history")
    for name, types in _VERSION_FIELDS.items():
        if isinstance(item[name], bool) or not isinstance(item[name], types):
            raise InputError(f"{where}: {name} has the wrong type", field="history")
    if item["status"] not in STATUSES or item["reason"] not in REASONS:
        raise InputError(f"{where}: unknown status {item['status']!r} or reason "
                         f"{item['reason']!r}", field="history")
    return BeliefVersion(float(item["confidence"]), cast(Status, item["status"]),
                         item["support"], item["at"], item["episode_id"],
                         cast(Reason, item["reason"]))


def history_from_json(text: str) -> tuple[BeliefVersion, ...]:
    """Inverse of history_to_json; malformed text raises InputError naming the entry."""
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"belief history is not valid JSON: {exc}", field="history") from exc
    if not isinstance(raw, list):
        raise InputError("belief history must be a JSON list", field="history")
    return tuple(_version_from(item, i) for i, item in enumerate(raw))
