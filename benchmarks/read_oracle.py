"""The offline reader's headroom over the walk: LoCoMo F1 when the active walk's final read
takes the episodes holding the gold evidence (an oracle read at the same budget).

    python benchmarks/read_oracle.py ../shared/data/locomo_dev.json benchmarks/data/invented.json

Every question of each file is asked twice in active mode (heuristic policy, default Budget):
as the bench asks it, and with an oracle final read - the walk is the same, but the
`read_episodes` episodes read are those holding a gold dia_id (of H, or of any episode a call
returned: `policies.turns.reached_episodes`), then the walk's own best, so the reader gets the
gold turns whenever the walk reached them, at the walk's cost. The figures show how much of the
F1 a better walk could gain with this reader: when they barely move, the loss is in the reading.
Gold evidence steers the read, so run it on development data only.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

from mrgraph.advice import NO_ADVICE, Advice
from mrgraph.policies.base import Action, Budget, State
from mrgraph.policies.heuristic import HeuristicPolicy, HeuristicRun
from mrgraph.policies.turns import reached_episodes

sys.path.insert(0, str(Path(__file__).parent))
from reader_replay import Kept, figures, recorded_asks, render, replay  # noqa: E402


# validation and held-out files: their gold must not steer a read (README of benchmarks/data)
NOT_DEV = ("locomo_val", "invented_heldout")


class OracleRun(HeuristicRun):
    """The heuristic walk whose final read takes the gold evidence's episodes first."""

    def __init__(self, question: str, budget: Budget, gold: frozenset[str]) -> None:
        policy = HeuristicPolicy()
        super().__init__(question, budget, policy.min_priority, policy.threshold)
        self.gold = gold

    def _final_actions(self, state: State) -> list[Action]:
        ranked = state.evidence.ranked_events()
        pool = {str(e["id"]): e for e in [*ranked, *reached_episodes(state)]}
        golden = [e for e in pool.values() if self.gold & set(e["dia_ids"])]
        best = (golden + [e for e in ranked if e not in golden])[: self.budget.read_episodes]
        actions = [Action("event_context", {"event_id": e["id"],
                                            "window": self.budget.context_window},
                          origin=f"event:{e['id']}") for e in best]
        if state.temporal:
            actions += [Action("conversation_time", {"event_id": e["id"]}) for e in best]
        return actions[: max(0, state.calls_left)]


class OraclePolicy:
    name = "oracle"

    def __init__(self, gold: frozenset[str]) -> None:
        self.gold = gold

    def start(self, question: str, budget: Budget, advice: Advice = NO_ADVICE) -> OracleRun:
        return OracleRun(question, budget, self.gold)


def recorded(path: Path) -> Iterator[tuple[str, Kept]]:
    """Each question asked as the bench asks it ("walk") and with the oracle read ("oracle"):
    the reader's input of each (reader_replay.recorded_asks)."""
    return recorded_asks(path, ["active"], lambda item: [
        ("walk", "active", None), ("oracle", "active", OraclePolicy(frozenset(item.evidence)))])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("files", type=Path, nargs="+", help="LoCoMo JSON files (dev only)")
    args = parser.parse_args(argv)
    if refused := [str(p) for p in args.files if p.stem in NOT_DEV]:
        parser.error(f"development data only, not {', '.join(refused)}")
    for path in args.files:
        kept = list(recorded(path))
        got = {name: figures(replay([k for n, k in kept if n == name]))["active"]
               for name in ("walk", "oracle")}
        print(render(path.stem, got))
        print(f"\noracle - walk (1-4): "
              f"{got['oracle']['all']['1-4'] - got['walk']['all']['1-4']:+.3f}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
