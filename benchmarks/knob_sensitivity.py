"""How much the offline policy's calibration knobs can move recall and F1, per question kind.

    python benchmarks/knob_sensitivity.py ../shared/data/locomo_dev.json

Every LoCoMo question of categories 1-4 is asked through the active loop with the heuristic
policy's default knobs and with each knob value practice may set (mrgraph.policies.knobs,
one knob changed at a time); each conversation in its own namespace of a fresh embedded store.
Prints, per question kind (mrgraph.experience.kinds), the mean recall at 10 episodes and LoCoMo
F1 with the defaults, and the change each knob value makes: the ceiling of what calibration
experiences could gain offline.
"""

from __future__ import annotations

import sys
import tempfile
from collections import defaultdict
from pathlib import Path

from mrgraph import scoring
from mrgraph.eval import metrics
from mrgraph.eval.bench import ingest_conversations
from mrgraph.eval.locomo import load_locomo_qa
from mrgraph.advice import Advice
from mrgraph.experience.kinds import question_kind
from mrgraph.ingest.extract import HeuristicExtractor
from mrgraph.ingest.loaders import load
from mrgraph.policies.knobs import KNOB_VALUES, Knobs
from mrgraph.reconstruct import ask
from mrgraph.store.memory import MemoryStore


def main(path: Path) -> int:
    questions = [q for q in load_locomo_qa(path) if q.category != 5]
    variants = [("default", Knobs())] + [
        (f"{k}={v}", Knobs().set(f"{k}={v}")) for k, values in KNOB_VALUES.items()
        for v in values if Knobs().set(f"{k}={v}") != Knobs()]
    totals: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
    with tempfile.TemporaryDirectory() as tmp:
        for conversation in load(path, "locomo"):
            store = MemoryStore(Path(tmp) / "store", conversation.id)
            ingest_conversations(store, [conversation], HeuristicExtractor())
            for item in (q for q in questions if q.sample_id == conversation.id):
                kind = question_kind(item.question)
                for name, knobs in variants:
                    answer = ask(store, item.question, advice=Advice(knobs.rules()))
                    cell = totals[(kind, name)]
                    cell[0] += scoring.evidence_recall(item.evidence, answer.evidence) or 0.0
                    cell[1] += metrics.locomo_f1(answer.answer, item.answer, item.category)
                    cell[2] += 1
            store.close()
    for kind in sorted({k for k, _ in totals}):
        recall, f1, n = totals[(kind, "default")]
        print(f"{kind} (n={int(n)}): recall {recall / n:.3f}, F1 {f1 / n:.3f}")
        for name, _ in variants[1:]:
            r, f, _ = totals[(kind, name)]
            print(f"    {name:<18} Δ recall {(r - recall) / n:+.3f}  Δ F1 {(f - f1) / n:+.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
