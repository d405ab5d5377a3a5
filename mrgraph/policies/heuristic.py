"""The offline, deterministic navigation policy (no LLM, no key): active, not passive.

  round 1   the question's keywords: search_cues + search_events (entry points; the search
            returns its whole ranking, up to 50, whose scores give q: State.note_search -
            nothing is read before this first, counted, call); and a timeline call for each
            absolute time the question names ("in March 2023": policies.question_dates),
            whose episodes - and those of a month it names alone - rank higher (DATED);
  round 2/3 the semantic layer (policies.semantic): for each person the question names, their
            aspects ranked by the question (personal_aspects), then the belief distribution
            of the relevant ones (personal_aspect), which the answer may rest on;
  then      each round expands the most promising open leads of Z (State.priority):
              episode -> event_keywords   the reverse hop: its cues and dates become new leads,
                                          and what its cues say it is about re-ranks it (a(r))
              cue     -> cue_tags         its tags, sized by how many episodes they reach
              tag     -> tag_events       the episodes of (cue, tag)
              date    -> timeline         the episodes of that day / range
            so a cue or a date found in one episode decides where the next round looks;
  last      when no lead is promising enough or could still change H (State.can_matter: the
            evidence suffices), when QUIET_ROUNDS rounds in a row found no new episode or
            lead and left H unchanged (settled), or the budget is nearly spent: event_context for
            the best episodes (by relevance, plus what a summary naming a kind of a question
            noun says of it: `final_episodes`, mrgraph.kind_fit): their raw turns (when a read
            ends on a question, the reply after it too: a reply takes its meaning from the
            question before it, "How long did the swim take?" - "Under an hour.", and need
            share no word with what was asked of the memory) and, for temporal questions,
            their conversation_time; then stop and answer extractively (policies.answer).
Leads are taken best first, at most `max_calls_per_round` a round, keeping enough calls in
reserve for the final read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mrgraph.advice import NO_ADVICE, Advice
from mrgraph.policies.answer import DEFAULT_THRESHOLD, extractive_answer, reads_reached
from mrgraph.policies.base import Action, Budget, Draft, Lead, State
from mrgraph.policies.knobs import knobs_of
from mrgraph.policies.semantic import aspect_calls, belief_calls, guessed_aspect_calls
from mrgraph.policies.turns import asks_several
from mrgraph.toolargs import MAX_LIMIT
from mrgraph.toolkit import Record

MIN_PRIORITY = 0.05  # leads below this are not worth a call
ENTRY_LIMIT = 10  # results of the two entry searches
HOP_LIMIT = 5  # results of one hop
MAX_DATED = 2  # timeline entry calls for the dates a question names
QUIET_ROUNDS = 2  # rounds without a new episode, lead or change of H before the final read
TAG_LIMIT = 50  # all of a cue's tags (cheap): their counts tell how specific the cue is


@dataclass(frozen=True)
class HeuristicPolicy:
    """Deterministic active navigation; `threshold` is the extractive answer's cut-off.
    The calibrations practice advises for the question (`Advice.rules`) set the knobs
    (episodes read, context window, semantic layer, min priority: policies.knobs)."""

    min_priority: float = MIN_PRIORITY
    threshold: float = DEFAULT_THRESHOLD
    name: str = "heuristic"

    def start(self, question: str, budget: Budget, advice: Advice = NO_ADVICE) -> HeuristicRun:
        if not advice.rules:
            return HeuristicRun(question, budget, self.min_priority, self.threshold)
        knobs = knobs_of(budget, self.min_priority).apply(advice.rules)
        return HeuristicRun(question, knobs.budget(budget), knobs.min_priority, self.threshold,
                            semantic=knobs.semantic)


class HeuristicRun:
    def __init__(self, question: str, budget: Budget, min_priority: float,
                 threshold: float, semantic: bool = True) -> None:
        self.question, self.budget, self.semantic = question, budget, semantic
        self.min_priority, self.threshold = min_priority, threshold
        self.tokens = 0
        # the reader reads the turns read; for a question asking for several things, the
        # turns handed on too (each thing is said in a turn of its own, often unread) - of H's
        # episodes only, but for a question in the present perfect ("What has X painted?"):
        # what has been so over time is said on many occasions, and the reader takes the
        # things of its list from the other reached episodes' turns too (~40 more reads;
        # elsewhere they gain little offline: RESULTS.md@c29e350 section 31)
        self.hands_turns = asks_several(question)
        self.hands_reached = reads_reached(question)
        self._read = False
        self.final: State | None = None  # the state answered from (benchmarks read H from it)
        # episodes seen, leads seen, H: what a round may change
        self._known: tuple[int, int, frozenset[str]] = (0, 0, frozenset())
        self._quiet = 0  # rounds in a row that changed none of them

    def next_actions(self, state: State) -> Sequence[Action]:
        if state.round == 0:
            # the whole ranking the tool gives (its scores are q: State.note_search); at least
            # the evidence budget, which State.can_matter relies on
            return [Action("search_cues", {"text": self.question[:500], "limit": ENTRY_LIMIT}),
                    Action("search_events", {"text": self.question[:500], "limit": MAX_LIMIT}),
                    *self._dated(state)]
        if self._read:
            return []
        reserve = self._reserve(state)
        semantic = self._semantic(state)
        leads = [lead for lead in state.open_leads()
                 if state.priority(lead) >= self.min_priority and state.can_matter(lead)]
        last_round = state.round >= self.budget.max_rounds - 1
        if (not leads and not semantic) or last_round or state.calls_left - reserve <= 0 \
                or self._settled(state):
            return self._final_read(state)
        room = min(self.budget.max_calls_per_round, state.calls_left - reserve)
        semantic = semantic[:room]
        return semantic + [self._expand(lead) for lead in leads[: room - len(semantic)]]

    def _settled(self, state: State) -> bool:
        """The evidence is settled when QUIET_ROUNDS rounds in a row found no episode and no
        lead not seen before and left H as it was: what is left only leads back to what is
        known (a round of reverse hops or cue_tags finds leads, whose hop comes next)."""
        known = (len(state.candidates), len(state.leads), frozenset(state.evidence.events))
        self._quiet = self._quiet + 1 if known == self._known else 0
        self._known = known
        return self._quiet >= QUIET_ROUNDS

    def _semantic(self, state: State) -> list[Action]:
        # round 2: the aspects of the people the question names; round 3: the beliefs of
        # the relevant aspects (temporal questions are answered by dates, not beliefs)
        if not self.semantic or state.temporal or state.round > 2:
            return []
        return aspect_calls(state) if state.round == 1 else belief_calls(state)

    def _dated(self, state: State) -> list[Action]:
        # the time the question names is an entry point of its own: that stretch of timeline
        return [Action("timeline", {"start": start, "end": end, "limit": ENTRY_LIMIT})
                for start, end in state.when.ranges[:MAX_DATED]]

    def _reserve(self, state: State) -> int:
        # the final read: event_context, and for temporal questions conversation_time, of each
        return min(self.budget.read_episodes, self.budget.max_evidence) * (1 + state.temporal)

    def _expand(self, lead: Lead) -> Action:
        if lead.kind == "event":
            return Action("event_keywords", {"event_id": lead.value}, origin=lead.key)
        if lead.kind == "cue":
            return Action("cue_tags", {"cue": lead.value, "limit": TAG_LIMIT}, origin=lead.key)
        if lead.kind == "tag":
            return Action("tag_events", {"cue": lead.cue, "tag": lead.value,
                                         "limit": HOP_LIMIT}, origin=lead.key)
        return Action("timeline", {"start": lead.value, "end": lead.end or lead.value,
                                   "limit": HOP_LIMIT}, origin=lead.key)

    def prefetch(self, state: State) -> Sequence[Action]:
        """What a later round will likely call, read ahead on Neo4j (reconstruct): before the
        entry search, the semantic layer's personal_aspects of the people the question seems
        to name (their first reads go with the search; round 2 then takes one step, not two);
        later, the final read as it would go now (its episodes are the final read's in 454 of
        497 dev questions: RESULTS.md@c29e350 section 43), so the final round costs no step."""
        if self._read:
            return []
        if state.round == 0:
            return guessed_aspect_calls(state) if self.semantic and not state.temporal else []
        return self._final_actions(state)

    def _final_read(self, state: State) -> list[Action]:
        self._read = True
        return self._final_actions(state)

    def _final_actions(self, state: State) -> list[Action]:
        best = final_episodes(state, self.budget.read_episodes)
        # with the reply to a question the read ends on (EventContextParams.reply)
        actions = [Action("event_context", {"event_id": e["id"], "reply": True,
                                            "window": self.budget.context_window},
                          origin=f"event:{e['id']}") for e in best]
        if state.temporal:  # whichever episode the answer comes from, its session time
            actions += [Action("conversation_time", {"event_id": e["id"]}) for e in best]
        return actions[: max(0, state.calls_left)]

    def answer(self, state: State) -> Draft:
        self.final = state
        return extractive_answer(state, self.threshold)


def final_episodes(state: State, count: int) -> list[Record]:
    """The `count` episodes of H the final read reads: most relevant first, each also counting
    what its summary says of a kind of a question noun it does not name (State.kind_fit: the
    search ranked it by the words themselves, "a retriever" for "dog"; ties: kept first)."""
    ranked = state.evidence.ranked_events()
    fit = [float(e["relevance"]) + state.kind_fit(str(e.get("summary", ""))) for e in ranked]
    order = sorted(range(len(ranked)), key=lambda i: -fit[i])
    return [ranked[i] for i in order[:count]]
