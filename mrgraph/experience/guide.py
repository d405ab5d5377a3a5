"""What practice gives the navigator: the experiences that apply to a question, as the value
the loop hands the policy (`Guide.advice` -> mrgraph.advice.Advice): the rules of the
calibrations of the question's kind (the offline policy's knobs: policies.knobs), and the lines
an LLM navigator and answer step are shown. Patterns apply to questions naming their person."""

from __future__ import annotations

from dataclasses import dataclass

from mrgraph.advice import Advice
from mrgraph.experience.kinds import question_kind
from mrgraph.experience.records import Experience
from mrgraph.experience.storage import load_pool
from mrgraph.store.base import GraphStore
from mrgraph.text import tokenize


@dataclass(frozen=True)
class Guide:
    """The active experiences of a namespace, ready to apply to one question."""

    experiences: tuple[Experience, ...] = ()

    def calibrations(self, question: str) -> tuple[Experience, ...]:
        kind = question_kind(question)
        return tuple(e for e in self.experiences
                     if e.kind == "calibration" and e.subject == kind)

    def patterns(self, question: str) -> tuple[Experience, ...]:
        """Patterns about a person the question names (by the words of their name)."""
        words = set(tokenize(question))
        return tuple(e for e in self.experiences if e.kind == "pattern"
                     and set(tokenize(e.subject)) and set(tokenize(e.subject)) <= words)

    def advice(self, question: str) -> Advice:
        """What applies to `question`, as the loop hands it to the policy: the calibrations'
        rules (in order: a later one of a knob wins) and the lines an LLM is shown."""
        return Advice(tuple(e.rule for e in self.calibrations(question)), self.text(question))

    def used(self, question: str, *, llm: bool) -> tuple[Experience, ...]:
        """What a run on `question` uses: calibrations always (offline they set knobs; an LLM
        is shown them), patterns only when an LLM is shown them."""
        return self.calibrations(question) + (self.patterns(question) if llm else ())

    def text(self, question: str) -> str:
        """The experiences an LLM is shown for `question`, one line each."""
        lines = [f"- ({e.kind}, support {e.support}) {e.statement}"
                 for e in self.used(question, llm=True)]
        return "\n".join(lines)


def load_guide(store: GraphStore) -> Guide:
    """The namespace's active experiences (none before any practice)."""
    return Guide(load_pool(store, ("Experience",)).active)
