"""`mrgraph practice` and `mrgraph experiences` end to end on the embedded store; `ask --trace`
lists the experiences a run used."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from mrgraph.cli import app, main

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "practice.txt"
runner = CliRunner()


def invoke(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args), catch_exceptions=False)
    return result.exit_code, result.output


def test_practice_then_experiences(tmp_path: Path) -> None:
    store = f"file:{tmp_path / 'graph'}"
    code, output = invoke("experiences", "--store", store)
    assert code == 0 and "no experiences yet" in output
    assert invoke("ingest", str(FIXTURE), "--store", store)[0] == 0
    code, output = invoke("practice", "--rounds", "1", "--max-questions", "2", "--store", store)
    assert code == 0, output
    assert "round 1:" in output and "active experiences" in output
    code, output = invoke("practice", "--max-questions", "2", "--store", store)  # resumes
    assert code == 0 and "round 2:" in output
    code, output = invoke("experiences", "--json", "--store", store)
    shown = json.loads(output)
    iris = next(e for e in shown["experiences"] if e["kind"] == "pattern"
                and e["subject"] == "Iris")
    assert iris["support"] >= 3 and iris["dia_ids"] and "garden" in iris["statement"]
    assert [r["round"] for r in shown["rounds"]] == [1, 2] and shown["proposals"] >= 3
    code, output = invoke("experiences", "--store", store)
    assert code == 0 and "garden" in output and "pattern" in output


def test_ask_trace_lists_the_experiences_used(tmp_path: Path) -> None:
    from mrgraph.experience.records import Experience, RoundRecord
    from mrgraph.experience.storage import save_round
    from mrgraph.store.memory import MemoryStore
    store = f"file:{tmp_path / 'graph'}"
    assert invoke("ingest", str(FIXTURE), "--store", store)[0] == 0
    opened = MemoryStore(tmp_path / "graph", "default")
    exp = Experience("calibration", "calibration|when|context_window=2", "when",
                     "context_window=2", "For 'when' questions, read 2 turns around each.",
                     3, 0, "active", (), (), 1, 12)
    save_round(opened, RoundRecord(1, "", 0, 0, 0, 1, 0, 1, 12, 800), [exp], [], {}, {})
    opened.close()
    code, output = invoke("ask", "When did Omar ride his bicycle?", "--llm", "heuristic",
                          "--trace", "--store", store)
    assert code == 0 and "experiences used" in output and "read 2 turns around" in output
    code, output = invoke("ask", "Who rode a bicycle?", "--llm", "heuristic", "--trace",
                          "--store", store)
    assert code == 0 and "experiences used" not in output


def test_practice_on_an_unknown_conversation_is_a_user_error(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    store = f"file:{tmp_path / 'graph'}"
    assert invoke("ingest", str(FIXTURE), "--store", store)[0] == 0
    code = main(["practice", "--conversation", "nope", "--store", store])
    assert code == 1 and "no conversation 'nope'" in capsys.readouterr().err
