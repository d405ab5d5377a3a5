"""What practice advises one question's walk: the experiences that apply to it, as a value the
loop hands to the policy (mrgraph.reconstruct). Experiential memory chooses them
(mrgraph.experience.guide: calibrations of the question's kind, patterns about the people it
names); the policies read them and import nothing of practice."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Advice:
    """`rules`: the "knob=value" rules of the calibrations that apply, in order (the offline
    policy sets its knobs by them: policies.knobs); `shown`: the experiences an LLM navigator
    and answer step are shown, one line each ("" for none)."""

    rules: tuple[str, ...] = ()
    shown: str = ""


NO_ADVICE = Advice()
