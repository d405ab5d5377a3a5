"""Navigation policies for the reconstruction loop.

  heuristic  offline and deterministic, no LLM (the default without an API key);
  llm        any LLM implementing mrgraph.llm.base.LLM: "openai" in production, "scripted"
             (ScriptedLLM) in tests - both are the same policy with a different model.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mrgraph.errors import ConfigError
from mrgraph.llm.base import LLM
from mrgraph.policies.answer import extractive_answer
from mrgraph.policies.base import Action, Budget, Draft, Outcome, Policy, PolicyRun, State
from mrgraph.policies.heuristic import HeuristicPolicy

if TYPE_CHECKING:  # imported by make_policy and __getattr__: an offline ask loads no LLM policy
    from mrgraph.policies.llm_policy import LLMPolicy

POLICY_NAMES = ("heuristic", "llm", "openai", "scripted")


def make_policy(name: str, llm: LLM | None = None) -> Policy:
    """The policy called `name`; the LLM ones need `llm`."""
    if name == "heuristic":
        return HeuristicPolicy()
    if name in ("llm", "openai", "scripted"):
        if llm is None:
            raise ConfigError(f"policy {name!r} needs an LLM (none is configured; "
                              "use the heuristic policy or set OPENAI_API_KEY / OPENAI_BASE_URL)")
        from mrgraph.policies.llm_policy import LLMPolicy
        return LLMPolicy(llm, name=name)
    raise ConfigError(f"unknown policy {name!r} (choose {', '.join(POLICY_NAMES)})")


__all__ = ["Action", "Budget", "Draft", "HeuristicPolicy", "LLMPolicy", "Outcome", "Policy",
           "PolicyRun", "State", "extractive_answer", "make_policy", "POLICY_NAMES"]


def __getattr__(name: str) -> Any:
    if name == "LLMPolicy":
        from mrgraph.policies.llm_policy import LLMPolicy
        return LLMPolicy
    raise AttributeError(f"module 'mrgraph.policies' has no attribute {name!r}")
