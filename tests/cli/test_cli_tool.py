"""`mrgraph tool`: one toolkit tool from the shell, its JSON on stdout; bad arguments exit 1
with one line, and nothing is written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mrgraph.cli import app, main
from mrgraph.ingest.sample import sample_path
from mrgraph.toolkit import TOOLS, tool_specs

runner = CliRunner()


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> str:
    uri = f"file:{tmp_path_factory.mktemp('tool') / 'graph'}"
    assert runner.invoke(app, ["ingest", str(sample_path()), "--store", uri]).exit_code == 0
    return uri


def tool(*args: str) -> dict[str, object]:
    result = runner.invoke(app, ["tool", *args], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)  # type: ignore[no-any-return]


def test_a_tool_prints_its_compact_json(store: str) -> None:
    found = tool("search_turns", '{"text": "\\"raised beds\\"", "speaker": "Jonas"}',
                 "--store", store)
    assert found["ns"] == "default" and found["tool"] == "search_turns"
    records = found["records"]
    assert isinstance(records, list) and records
    assert all(r["said"].startswith("Jonas: ") and "raised beds" in r["said"] for r in records)
    full = tool("search_turns", '{"text": "raised beds"}', "--detail", "--store", store)
    assert "score" in full["records"][0]  # type: ignore[index]


def test_list_prints_what_the_navigator_is_offered() -> None:
    listed = runner.invoke(app, ["tool", "--list"], catch_exceptions=False)
    assert listed.exit_code == 0
    tools = json.loads(listed.output)
    assert [t["name"] for t in tools] == list(TOOLS)
    assert [t["arguments"] for t in tools] == [s.parameters for s in tool_specs()]


def test_an_empty_namespace_is_a_warning(store: str) -> None:
    body = tool("search_events", '{"text": "dog"}', "--store", store, "--ns", "elsewhere")
    assert body["records"] == [] and "namespace 'elsewhere' is empty" in str(body["warning"])
    assert "default (1 conversation)" in str(body["warning"])


@pytest.mark.parametrize(("args", "message"), [
    (["search_turns", "{}"], "error: search_turns: missing required argument 'text'"),
    (["search_turns", '{"text": "x", "txt": 1}'], "unknown argument(s) txt"),
    (["search_turns", "{not json"], "error: ARGS_JSON is not valid JSON"),
    (["search_turns", "[1, 2]"], "error: ARGS_JSON must be a JSON object"),
    (["no_such_tool"], "error: unknown tool 'no_such_tool'"),
    ([], "error: name a tool (mrgraph tool --list shows them)"),
    (["timeline", '{"start": "2023-13", "end": "2023"}'], "'start' must be an ISO date"),
])
def test_bad_arguments_exit_1_with_one_line(store: str, capsys: pytest.CaptureFixture[str],
                                            args: list[str], message: str) -> None:
    data = Path(store.removeprefix("file:")) / "default.sqlite"
    before = data.read_bytes()
    assert main(["tool", *args, "--store", store]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and message in captured.err
    assert captured.err.count("\n") == 1
    assert data.read_bytes() == before
