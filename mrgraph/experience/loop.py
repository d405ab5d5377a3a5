"""`practice`: rounds of trial -> reflection -> review -> consensus over the memory's own
history. Each round is written whole (storage.save_round), so running again resumes after the
last finished round; `rounds` more rounds are run each time."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from mrgraph.experience.consensus import decide, verdicts
from mrgraph.experience.guide import Guide
from mrgraph.experience.items import (PatternItem, PracticeData, QuestionItem, Utterance,
                                     practice_data)
from mrgraph.experience.llm_steps import LLMSteps
from mrgraph.experience.records import DEFAULT_BUDGET_TOKENS, Proposal, RoundRecord
from mrgraph.experience.reflect import reflect_pattern, reflect_question
from mrgraph.experience.review import SWAPPED, perturb, review_calibration, review_pattern
from mrgraph.experience.storage import Pool, load_pool, save_round
from mrgraph.experience.trial import Score, ask_item, ask_item_llm, history, predict
from mrgraph.llm.base import LLM
from mrgraph.policies.base import Budget
from mrgraph.policies.heuristic import MIN_PRIORITY
from mrgraph.policies.knobs import Knobs, knobs_of
from mrgraph.store.base import GraphStore

Tick = Callable[[int, int], None]  # (items done, items in the round)
SWAPS = 3  # same-kind alternatives a calibration must not do worse on (generalisability)


@dataclass(frozen=True)
class PracticeOptions:
    rounds: int = 1
    scope: tuple[str, ...] = ()  # conversations to practise on (all when empty)
    budget_tokens: int = DEFAULT_BUDGET_TOKENS
    max_questions: int | None = None  # question items per round (None: all); patterns: all
    budget: Budget = Budget()


def practice(store: GraphStore, options: PracticeOptions = PracticeOptions(),
             llm: LLM | None = None, tick: Tick | None = None) -> list[RoundRecord]:
    data = practice_data(store, options.scope)
    questions = data.questions[:options.max_questions]
    patterns = data.patterns
    done: list[RoundRecord] = []
    for _ in range(options.rounds):
        pool = load_pool(store)
        run = _Round(store, data, options, pool, LLMSteps(llm) if llm else None, llm)
        total = len(questions) + len(patterns)
        for i, q in enumerate(questions):
            run.question(q)
            if tick:
                tick(i + 1, total)
        for j, p in enumerate(patterns):
            run.pattern(p)
            if tick:
                tick(len(questions) + j + 1, total)
        done.append(run.finish(total))
    return done


class _Round:
    def __init__(self, store: GraphStore, data: PracticeData, options: PracticeOptions,
                 pool: Pool, steps: LLMSteps | None, llm: LLM | None) -> None:
        self.store, self.data, self.options, self.pool = store, data, options, pool
        self.steps, self.llm = steps, llm
        self.number = pool.last_round + 1
        self.guide = Guide(pool.active)
        self.proposals: list[Proposal] = []
        self.hits = 0
        self._asked: dict[tuple[str, Knobs], Score] = {}

    def _ask(self, item: QuestionItem, knobs: Knobs) -> Score:
        key = (item.id, knobs)
        if key not in self._asked:
            self._asked[key] = ask_item(self.store, item, knobs, self.options.budget)
        return self._asked[key]

    def question(self, item: QuestionItem) -> None:
        if self.steps is not None and self.llm is not None:
            self._llm_question(item, self.steps, self.llm)
            return
        knobs = knobs_of(self.options.budget, MIN_PRIORITY).apply(
            self.guide.advice(item.question).rules)
        base = self._ask(item, knobs)
        self.hits += base.hit
        others = _alternatives(item, self.data.questions)
        cfs = reflect_question(item, knobs, base, lambda k: self._ask(item, k),
                               self.guide.calibrations(item.question), self.number)
        for cf in cfs:
            swapped = [lambda d=d, k=cf.knobs: (self._ask(d, knobs), self._ask(d, k))
                       for d in others]
            self.proposals.append(review_calibration(
                cf, item, others[0] if others else None, swapped))

    def pattern(self, item: PatternItem) -> None:
        mine = [e for e in self.guide.experiences if e.kind == "pattern"]
        if self.steps is not None:
            self._llm_pattern(item, self.steps)
            return
        predicted = predict(item, mine)
        self.hits += bool(set(predicted) & set(item.keywords))
        for proposal in reflect_pattern(item, predicted, self.data.utterances, self.data.names,
                                        self.number):
            self.proposals.append(review_pattern(proposal, item, self.data.utterances))

    def finish(self, items: int) -> RoundRecord:
        merge = self.steps.merge if self.steps is not None else None
        outcome = decide([*self.pool.proposals, *self.proposals], self.pool.experiences,
                         self.number, self.options.budget_tokens, merge)
        mine = verdicts(self.proposals, outcome)
        active = [e for e in outcome.experiences if e.status == "active"]
        record = RoundRecord(self.number, ",".join(self.options.scope), items, self.hits,
                             len(mine), len(outcome.adopted), len(outcome.demoted), len(active),
                             sum(e.token_count for e in active), self.options.budget_tokens)
        supports = {e.key: list(outcome.votes[e.key].supporters) for e in active
                    if e.key in outcome.votes}
        save_round(self.store, record, outcome.experiences, mine, supports, self.data.turn_ids)
        return record

    # -------------------------------------------------------------- with an LLM

    def _people(self, conversation: str) -> list[str]:
        return sorted({u.speaker for u in self.data.utterances
                       if u.conversation_id == conversation})

    def _llm_question(self, item: QuestionItem, steps: LLMSteps, llm: LLM) -> None:
        tried = ask_item_llm(self.store, item, llm, self.guide, self.options.budget)
        self.hits += tried.hit
        cited = (item.dia_ids, (item.conversation_id,) * len(item.dia_ids))
        for proposal in steps.reflect(
                item=item.question, item_id=item.id, truth=f"{item.answer} [{', '.join(item.dia_ids)}]",
                attempt=f"{tried.answer.answer} [evidence: {', '.join(tried.answer.evidence)}]",
                hit=tried.hit, used=self.guide.text(item.question), question_kind=item.kind,
                people=self._people(item.conversation_id), cited=cited, round_no=self.number):
            others = _alternatives(item, self.data.questions)
            self._llm_review(proposal, item.question, others[0] if others else None)

    def _llm_pattern(self, item: PatternItem, steps: LLMSteps) -> None:
        past = history(self.data.utterances, item.person, item.conversation_id, item.session)
        predicted = steps.predict(item.person, item.session, past,
                                  self.guide.text(item.person))
        hit = bool(set(predicted) & set(item.keywords))
        self.hits += hit
        said = next(u for u in self.data.utterances if u.conversation_id == item.conversation_id
                    and u.dia_id == item.dia_id)
        cited = (tuple(u.dia_id for u in past), tuple(u.conversation_id for u in past))
        for proposal in steps.reflect(
                item=f"what {item.person} talks about in session {item.session}",
                item_id=item.id, truth=said.text, attempt=", ".join(predicted), hit=hit,
                used=self.guide.text(item.person), question_kind="pattern",
                people=self._people(item.conversation_id), cited=cited, round_no=self.number):
            self._llm_review(proposal, said.text, None)

    def _llm_review(self, proposal: Proposal, item: str, swapped: QuestionItem | None) -> None:
        assert self.steps is not None
        cited = set(zip(proposal.conversation_ids, proposal.dia_ids))
        original = [u for u in self.data.utterances if (u.conversation_id, u.dia_id) in cited]
        changed = {(u.conversation_id, u.dia_id): u for u in perturb(original, proposal)}
        grounded, general = self.steps.review(
            proposal, original=_lines(original),
            perturbed=_lines([changed[(u.conversation_id, u.dia_id)] for u in original]),
            item=item, swapped=swapped.question if swapped else "(none of the same kind)")
        self.proposals.append(replace(proposal, grounded=grounded, general=general))


def _lines(utterances: Sequence[Utterance]) -> str:
    rows = [f"- {u.dia_id} {'someone else' if u.speaker == SWAPPED else u.speaker}: {u.text}"
            for u in utterances]
    return "\n".join(rows[-30:]) or "(none)"


def _alternatives(item: QuestionItem, items: Sequence[QuestionItem]) -> list[QuestionItem]:
    """The next SWAPS items of the same kind about other turns (the perturbed label, the
    swapped entities), in item order after this one, wrapping around."""
    same = [q for q in items if q.kind == item.kind]
    at = next((i for i, q in enumerate(same) if q.id == item.id), 0)
    return [q for q in [*same[at + 1:], *same[:at]]
            if q.dia_ids != item.dia_ids or q.conversation_id != item.conversation_id][:SWAPS]
