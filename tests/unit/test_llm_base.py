"""Values of the LLM interface and the token ledger."""

from __future__ import annotations

import dataclasses
import threading

import pytest

from mrgraph.llm import Message, PurposeTotals, TokenLedger, ToolCall, Usage


def test_message_constructors_and_validation() -> None:
    call = ToolCall("c1", "search_cues", "{}")
    assert Message.assistant(None, [call]) == Message("assistant", None, (call,))
    assert Message.tool("c1", "result").tool_call_id == "c1"
    with pytest.raises(ValueError, match="unknown message role"):
        Message("robot", "hi")
    with pytest.raises(ValueError, match="tool_call_id"):
        Message("tool", "result")
    with pytest.raises(dataclasses.FrozenInstanceError):
        Message.user("x").content = "y"  # type: ignore[misc]


def test_ledger_counts_per_purpose_across_threads() -> None:
    ledger = TokenLedger()

    def spend() -> None:
        for _ in range(500):
            ledger.record(Usage(3, 2, "navigate", "tiktoken"))
            ledger.record(Usage(10, 1, "answer", "server"))

    threads = [threading.Thread(target=spend) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    totals = ledger.totals()
    assert totals.by_purpose["navigate"] == PurposeTotals(12000, 8000, 4000)
    assert totals.by_purpose["answer"] == PurposeTotals(40000, 4000, 4000)
    assert totals.total == PurposeTotals(52000, 12000, 8000)


def test_ledger_snapshot_is_frozen_and_diffable() -> None:
    ledger = TokenLedger()
    ledger.record(Usage(5, 1, "extract", "server"))
    before = ledger.totals()
    ledger.record(Usage(7, 2, "answer", "server"))
    ledger.record(Usage(1, 1, "extract", "server"))
    assert before.by_purpose["extract"] == PurposeTotals(5, 1, 1)  # unchanged by later records
    spent = ledger.totals().minus(before)
    assert spent.by_purpose == {"answer": PurposeTotals(7, 2, 1), "extract": PurposeTotals(1, 1, 1)}
    assert ledger.as_dict() == {
        "total": {"prompt_tokens": 13, "completion_tokens": 4, "total_tokens": 17, "calls": 3},
        "by_purpose": {
            "answer": {"prompt_tokens": 7, "completion_tokens": 2, "total_tokens": 9, "calls": 1},
            "extract": {"prompt_tokens": 6, "completion_tokens": 2, "total_tokens": 8, "calls": 2},
        }}
    assert repr(ledger) == "TokenLedger(calls=3, tokens=17)"


def test_snapshot_cannot_be_mutated() -> None:
    ledger = TokenLedger()
    ledger.record(Usage(1, 1, "x", "server"))
    with pytest.raises(TypeError):
        ledger.totals().by_purpose["x"] = PurposeTotals()  # type: ignore[index]
