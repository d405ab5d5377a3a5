"""The offline policy's knobs that a calibration experience may set, as "knob=value" rules
(mrgraph.advice.Advice.rules), and the values practice tries for each (the policy's defaults
are among them)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from mrgraph.policies.base import Budget

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

    def apply(self, rules: Iterable[str]) -> Knobs:
        """These knobs with each rule applied in turn (a later rule of a knob wins)."""
        knobs = self
        for rule in rules:
            knobs = knobs.set(rule)
        return knobs

    def rules(self) -> tuple[str, ...]:
        """Every knob as a rule. Applied to the knobs these were set from, they give these (a
        value practice does not try is never set, so it is the same on both)."""
        return tuple(f"{knob}={self.value(knob)}" for knob in KNOB_VALUES)

    def budget(self, budget: Budget) -> Budget:
        return replace(budget, read_episodes=self.read_episodes,
                       context_window=self.context_window)


def knobs_of(budget: Budget, min_priority: float) -> Knobs:
    return Knobs(budget.read_episodes, budget.context_window, True, min_priority)
