"""What practice gives the navigator: calibration knobs per question kind (the offline policy's
explicit hook) and the experiences an LLM navigator and answer step are shown.

A calibration's rule is "knob=value" over `Knobs`, the choices of the heuristic policy that
practice may change; patterns apply to questions naming their person."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from mrgraph.experience.kinds import question_kind
from mrgraph.experience.records import Experience
from mrgraph.text import tokenize

if TYPE_CHECKING:
    from mrgraph.policies.base import Budget
    from mrgraph.store.base import GraphStore

# knob -> the values practice tries (the policy's defaults are among them)
KNOB_VALUES: dict[str, tuple[str, ...]] = {
    "read_episodes": ("2", "3", "5"),
    "context_window": ("0", "1", "2"),
    "semantic": ("on", "off"),
    "min_priority": ("0.02", "0.05", "0.1"),
}


@dataclass(frozen=True)
class Knobs:
    """The heuristic policy's choices a calibration experience may set."""

    read_episodes: int = 3
    context_window: int = 1
    semantic: bool = True
    min_priority: float = 0.05

    def value(self, knob: str) -> str:
        current = getattr(self, knob)
        if isinstance(current, bool):
            return "on" if current else "off"
        return str(current)

    def set(self, rule: str) -> Knobs:
        """These knobs with `rule` ("knob=value") applied; an unknown rule changes nothing."""
        knob, _, value = rule.partition("=")
        if value not in KNOB_VALUES.get(knob, ()):
            return self
        if knob == "semantic":
            return replace(self, semantic=value == "on")
        if knob == "min_priority":
            return replace(self, min_priority=float(value))
        if knob == "read_episodes":
            return replace(self, read_episodes=int(value))
        return replace(self, context_window=int(value))

    def budget(self, budget: Budget) -> Budget:
        return replace(budget, read_episodes=self.read_episodes,
                       context_window=self.context_window)


def knobs_of(budget: Budget, min_priority: float) -> Knobs:
    return Knobs(budget.read_episodes, budget.context_window, True, min_priority)


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

    def knobs(self, question: str, base: Knobs) -> Knobs:
        for exp in self.calibrations(question):
            base = base.set(exp.rule)
        return base

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
    from mrgraph.experience.storage import load_pool
    return Guide(load_pool(store, ("Experience",)).active)
