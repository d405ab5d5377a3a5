"""Trial: the current policy answers practice items with its current experiences.

A question item is asked through the library's `ask` (mrgraph.reconstruct) with the knobs its
kind's calibrations set handed down as advice (offline), or with the LLM policy shown the
experiences; it is scored on evidence (recall of its answer turn) and answer (token F1:
mrgraph.scoring, which the benchmarks share). A pattern item is predicted by the
active patterns about its person; their history before its session is what reflection reads."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mrgraph import scoring
from mrgraph.advice import Advice
from mrgraph.experience.guide import Guide
from mrgraph.experience.items import PatternItem, QuestionItem, Utterance
from mrgraph.experience.records import Experience
from mrgraph.llm.base import LLM
from mrgraph.policies.base import Budget
from mrgraph.policies.knobs import Knobs
from mrgraph.reconstruct import ask
from mrgraph.store.base import GraphStore
from mrgraph.types import Answer

HIT_F1 = 0.5  # an answer this close to the label counts as right


@dataclass(frozen=True)
class Score:
    recall: float
    f1: float
    answer: Answer

    @property
    def value(self) -> float:
        return self.recall + self.f1

    @property
    def hit(self) -> bool:
        """Right, and for the right reason: the answer turn is in the evidence."""
        return self.f1 >= HIT_F1 and self.recall >= 1.0


def score(answer: Answer, gold: Sequence[str], label: str) -> Score:
    recall = scoring.evidence_recall(gold, answer.evidence)
    return Score(recall or 0.0, scoring.token_f1(answer.answer, label), answer)


def ask_item(store: GraphStore, item: QuestionItem, knobs: Knobs,
             budget: Budget | None = None) -> Score:
    """The offline policy's answer with `knobs` set, each as a calibration's rule sets it."""
    answer = ask(store, item.question, policy="heuristic", budget=budget,
                 advice=Advice(knobs.rules()))
    return score(answer, item.dia_ids, item.answer)


def ask_item_llm(store: GraphStore, item: QuestionItem, llm: LLM, guide: Guide,
                 budget: Budget | None = None) -> Score:
    """The LLM policy's answer, shown the experiences of `guide` that apply."""
    answer = ask(store, item.question, llm=llm, budget=budget,
                 advice=guide.advice(item.question))
    return score(answer, item.dia_ids, item.answer)


def history(utterances: Sequence[Utterance], person: str, conversation: str,
            before: int) -> list[Utterance]:
    """The person's turns with keywords in the sessions before `before` (never later)."""
    return [u for u in utterances if u.conversation_id == conversation and u.session < before
            and u.speaker == person and u.keywords]


def sessions_saying(turns: Sequence[Utterance], stem: str) -> int:
    return len({u.session for u in turns if stem in u.keywords})


def predict(item: PatternItem, patterns: Sequence[Experience]) -> tuple[str, ...]:
    """What the memory's experiences expect the person to talk about: the stems of the
    active patterns about them (the history itself is the label data, not the model)."""
    return tuple(dict.fromkeys(e.rule for e in patterns if e.subject == item.person))


