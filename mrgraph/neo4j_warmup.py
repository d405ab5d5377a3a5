"""Warm a freshly started Neo4j server for mrgraph: plan and compile what an ingest and an ask run.

On a fresh JVM the first ingest of the dev file took ~10 s on a quiet machine against ~1 s warm
(RESULTS.md@c29e350 sections 21, 22, 26): every statement is planned for the first time, and
the planner and the runtime run as interpreted code until the JIT has compiled them. Run once
after the server starts (`NEO4J_WARMUP=1 bash tools/neo4j/start.sh` does), `warm_up` moves that cost out of the first
user's command: it writes copies of the bundled sample transcript into a scratch namespace,
re-derives its beliefs, forgets a conversation, reads a checkpoint and asks the demo's questions,
in write units (one a round) that it rolls back, so the server keeps nothing of it. Repeating
the work lets the JIT compile the paths the rows go through, not only the plans. It moves the
cost, it does not remove it: the warm-up takes longer than the first ingest it spares (section
26), so it pays for a server started before it is needed (a launcher, CI), not for a user who
starts the server and ingests at once.

    python -m mrgraph.neo4j_warmup [--uri bolt://127.0.0.1:7687] [--copies 1,2,12,40]
(user, password and database from NEO4J_USER / NEO4J_PASSWORD / NEO4J_DATABASE)

It runs an ingest and asks, so it lives above both (mrgraph.ingest, mrgraph.reconstruct), not in
the store, which knows nothing of ingest.
"""

from __future__ import annotations

import argparse
import sys
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, replace

from mrgraph.config import Settings
from mrgraph.errors import MrGraphError
from mrgraph.ingest.build import build_batch
from mrgraph.ingest.extract import HeuristicExtractor
from mrgraph.ingest.loaders import load
from mrgraph.ingest.pipeline import fact_entities, refresh_beliefs
from mrgraph.ingest.sample import QUESTIONS, sample_path
from mrgraph.reconstruct import ask
from mrgraph.store.base import Checkpoint
from mrgraph.store.neo4j import Neo4jStore
from mrgraph.ingest.drafts import Extraction
from mrgraph.types import Conversation, GraphBatch

# Copies of the sample per round. Neo4j caches a plan per statement AND per size class of each
# list parameter (measured on 5.26: a statement planned for 30 rows is planned again for 1, 2,
# 11, 128 and 1,024 rows), so the rounds write 1, 2, 12 and 40 conversations (35 to 1,400
# turns, 4 to 160 sessions): the classes of files up to a few hundred conversations. A round of
# 130 copies (4,550 turns) cost 25-34 s at load 8-11 for the classes of bigger files.
COPIES = (1, 2, 12, 40)
ASK_COPIES = 1  # rounds up to this size also ask (see _unit)


@dataclass(frozen=True)
class WarmUp:
    turns: tuple[int, ...]  # per round
    seconds: tuple[float, ...]  # per round


class _RollBack(Exception):
    """Raised inside the unit so that it rolls back."""


def scratch_namespace() -> str:
    return f"mrgraph-warmup-{uuid.uuid4().hex[:12]}"


def warm_up(store: Neo4jStore, copies: Sequence[int] = COPIES) -> WarmUp:
    """Run an ingest's and an ask's statements in `store`'s namespace (give it a scratch one:
    `scratch_namespace()`), a round per number of sample copies, each in a write unit that is
    rolled back."""
    extractor = HeuristicExtractor()
    base = [(c, extractor.extract(c)) for c in load(sample_path())]
    turns, seconds = [], []
    for count in copies:
        work = [(replace(c, id=f"{c.id}#{k}"), replace(e, conversation_id=f"{c.id}#{k}"))
                for k in range(count) for c, e in base]
        started = time.perf_counter()
        try:
            with store.writing():
                _unit(store, work, asks=QUESTIONS if count <= ASK_COPIES else ())
                raise _RollBack
        except _RollBack:
            pass
        seconds.append(time.perf_counter() - started)
        turns.append(sum(c.turn_count for c, _ in work))
    # Inside a unit a round's calls read one by one; outside it they read together, a step's
    # reads of one kind in one statement (token_df_labels): plan those too, on the empty
    # namespace the rounds left.
    for question in QUESTIONS:
        ask(store, question)
    # Nothing in an empty namespace leads an ask to a step of several kinds (read_many.cypher,
    # the biggest plan of all: 1-7 s on a busy server); send one.
    store.read_many([("event_keywords", ("ep-warm-up",)), ("cue_tags", ("cue-warm-up", 1))])
    return WarmUp(tuple(turns), tuple(seconds))


def _unit(store: Neo4jStore, work: Sequence[tuple[Conversation, Extraction]],
          asks: Sequence[str]) -> None:
    batches: list[GraphBatch] = []
    for conversation, extraction in work:
        batch = build_batch(conversation, extraction, store.ns)
        batches.append(batch)
        store.write_batch(batch)
    refresh_beliefs(store, fact_entities(batches))
    # The unit's namespace was empty, so the batches above went to the create files; written
    # again they go to the merge files (a re-ingest's), which need their plans too.
    for batch in batches:
        store.write_batch(batch)
    key = f"warmup-{store.ns}"
    store.save_checkpoint(Checkpoint(key, 1, 2, (batches[0].conversation_id,), (), "warm-up"))
    store.checkpoint(key)
    store.drop_checkpoint(key)
    # Asks inside a unit of many uncommitted nodes are slow (a full-text query in such a
    # transaction indexes them first: ~0.6 s an ask with 1,000 turns), so only small rounds ask.
    for question in asks:
        ask(store, question)
    store.stats()
    store.forget_conversation(batches[-1].conversation_id)


def _copies(text: str) -> tuple[int, ...]:
    try:
        counts = tuple(int(n) for n in text.split(","))
    except ValueError:
        counts = ()
    if not counts or min(counts) < 1:
        raise argparse.ArgumentTypeError(f"not positive whole numbers separated by commas: {text!r}")
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--uri", default="bolt://127.0.0.1:7687")
    parser.add_argument("--copies", type=_copies, default=COPIES,
                        help="sample copies written per round, comma-separated (default "
                             + ",".join(map(str, COPIES)) + ")")
    args = parser.parse_args(argv)
    settings = Settings.from_env()
    store = Neo4jStore(args.uri, scratch_namespace(), settings.neo4j_user, settings.neo4j_password,
                       settings.neo4j_database)
    try:
        done = warm_up(store, args.copies)
    except MrGraphError as exc:
        print(f"neo4j_warmup: {exc}", file=sys.stderr)
        return 1
    finally:
        store.close()
    print("neo4j_warmup: " + ", ".join(f"{t} turns in {s:.1f} s"
                                       for t, s in zip(done.turns, done.seconds)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
