"""Service.close: a call still waiting for its namespace when the service closes opens no store
(nobody would close it) and is refused; so is every call after it."""

from __future__ import annotations

import threading

import pytest

from mrgraph.errors import BusyError
from mrgraph.serve.service import Service
from tests.serve.conftest import NS


def test_a_call_waiting_when_the_service_closes_is_refused(service: Service) -> None:
    outcome: list[BaseException | dict[str, object]] = []

    def call() -> None:
        try:
            outcome.append(service.stats(ns=NS))
        except BaseException as exc:  # noqa: BLE001 - handed to the test
            outcome.append(exc)

    with service.locked(NS):  # an earlier call holds the namespace
        waiting = threading.Thread(target=call)
        waiting.start()
        service.close(wait=0)
    waiting.join(timeout=30)
    assert len(outcome) == 1 and isinstance(outcome[0], BusyError), outcome
    assert "stopping" in str(outcome[0])


def test_calls_after_close_are_refused(service: Service) -> None:
    assert service.stats(ns=NS)["conversations"]
    service.close()
    for call in (lambda: service.stats(ns=NS),
                 lambda: service.ingest_transcript("Odile: hello there\n", ns=NS)):
        with pytest.raises(BusyError, match="stopping"):
            call()
