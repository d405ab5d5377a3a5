"""A newcomer's first minutes: the demo says what to try next, an empty namespace says so,
and ingest reports what the graph holds afterwards."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

from typer.testing import CliRunner

from mrgraph.cli import app
from mrgraph.ingest.sample import sample_path

runner = CliRunner()


def test_the_demo_ends_with_two_commands_that_work_against_its_store(tmp_path: Path) -> None:
    store = f"file:{tmp_path / 'demo'}"
    result = runner.invoke(app, ["demo", "--store", store], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    tail = result.stdout.split("try next", 1)[1]
    commands = re.findall(r"^\s+(mrgraph .*?)(?:\s+#.*)?$", tail, flags=re.M)
    assert len(commands) == 2 and all(f"--store {store}" in c for c in commands)
    assert commands[0].startswith("mrgraph ask ") and commands[1].startswith("mrgraph serve ")
    # the first one, run as printed, answers from the demo's graph
    asked = runner.invoke(app, shlex.split(commands[0])[1:], catch_exceptions=False)
    assert asked.exit_code == 0 and asked.stderr == ""
    assert "Not mentioned" not in asked.stdout and "round 1" in asked.stdout


def test_ask_and_stats_on_an_empty_namespace_say_so(tmp_path: Path) -> None:
    store = f"file:{tmp_path / 'graph'}"
    for args in (["ask", "Where does anyone live?"], ["stats"], ["stats", "--json"]):
        result = runner.invoke(app, [*args, "--store", store, "--ns", "nobody"],
                               catch_exceptions=False)
        assert result.exit_code == 0
        lines = result.stderr.splitlines()
        assert len(lines) == 1 and "namespace 'nobody'" in lines[0] and "is empty" in lines[0]
    assert not (tmp_path / "graph").exists()  # saying so wrote nothing


def test_a_namespace_with_a_conversation_is_not_called_empty(tmp_path: Path) -> None:
    store = f"file:{tmp_path / 'graph'}"
    runner.invoke(app, ["ingest", str(sample_path()), "--store", store], catch_exceptions=False)
    result = runner.invoke(app, ["stats", "--store", store], catch_exceptions=False)
    assert result.exit_code == 0 and result.stderr == ""


def test_ingest_reports_the_nodes_and_relationships_the_graph_holds(tmp_path: Path) -> None:
    store = f"file:{tmp_path / 'graph'}"
    for _ in range(2):  # the second run writes records again; the graph stays the same
        result = runner.invoke(app, ["ingest", str(sample_path()), "--store", store],
                               catch_exceptions=False)
        assert result.exit_code == 0, result.output
        said = re.search(r"holds ([\d,]+) nodes and ([\d,]+) relationships",
                         " ".join(result.stdout.split()))
        assert said, result.stdout
        stats = json.loads(runner.invoke(app, ["stats", "--json", "--store", store]).stdout)
        assert (int(said[1].replace(",", "")), int(said[2].replace(",", ""))) == \
            (sum(stats["nodes"].values()), sum(stats["edges"].values()))
