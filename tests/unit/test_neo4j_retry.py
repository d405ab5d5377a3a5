"""Neo4jStore's reads are auto-commit statements, retried as the driver retries transactions."""

from __future__ import annotations

import pytest
from neo4j import exceptions as nx

from mrgraph.store.neo4j_errors import retrying as _retrying
from mrgraph.store.neo4j_batch import statements


def test_a_retryable_failure_runs_the_read_again() -> None:
    tries: list[int] = []

    def read() -> str:
        tries.append(1)
        if len(tries) < 3:
            raise nx.SessionExpired("connection lost")
        return "answer"

    assert _retrying(read, seconds=5.0) == "answer"
    assert len(tries) == 3


def test_other_failures_and_the_deadline_end_the_retries() -> None:
    tries: list[int] = []

    def refused() -> str:
        tries.append(1)
        raise nx.CypherSyntaxError("bad query")

    with pytest.raises(nx.CypherSyntaxError):
        _retrying(refused, seconds=5.0)
    assert len(tries) == 1

    def lost() -> str:
        tries.append(1)
        raise nx.SessionExpired("connection lost")

    with pytest.raises(nx.SessionExpired):
        _retrying(lost, seconds=0.0)
    assert len(tries) == 2


def test_a_step_is_one_statement_per_kind_of_read() -> None:
    reads = [("search_events", ({"a": 1.0}, 5)), ("token_df", ("Cue", ("a",))),
             ("search_events", ({"b": 1.0}, 5)), ("token_df", ("Tag", ("a",))),
             ("token_df", ("Cue", ("b",))), ("get_events", (("e1",),))]
    assert statements(reads) == [[0, 2], [1, 3, 4], [5]]
