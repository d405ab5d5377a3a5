"""`mrgraph push` (typer's runner): the copy lands whole; its progress bars (render.py)."""

from __future__ import annotations

import io
import json
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from mrgraph import render
from mrgraph.cli import app
from mrgraph.config import Settings
from mrgraph.engine import Memory
from mrgraph.ingest.sample import sample_path

runner = CliRunner()


def test_push_copies_the_graph_and_says_how_much(tmp_path: Path) -> None:
    src, dst = f"file:{tmp_path / 'src'}", f"file:{tmp_path / 'dst'}"
    assert runner.invoke(app, ["ingest", str(sample_path()), "--store", src]).exit_code == 0
    result = runner.invoke(app, ["push", "--to", dst, "--store", src])
    assert result.exit_code == 0, result.output
    stats = [json.loads(runner.invoke(app, ["stats", "--json", "--store", s]).output)
             for s in (src, dst)]
    assert stats[0] == stats[1] and stats[0]["conversations"] == ["sample"]
    nodes, edges = sum(stats[0]["nodes"].values()), sum(stats[0]["edges"].values())
    assert f"pushed {nodes} nodes and {edges} relationships" in result.output


def test_push_draws_a_bar_for_nodes_and_one_for_relationships(tmp_path: Path) -> None:
    """What `mrgraph push` shows on a terminal (the runner's output is none: rich draws its
    bars only on one), drawn once per batch even when the copy is quick."""
    console = Console(file=io.StringIO(), force_terminal=True, width=120, color_system=None)
    with Memory.open(Settings(), store=f"file:{tmp_path / 'src'}", ns="n") as memory:
        memory.ingest([sample_path()])
        nodes, edges = (len(records) for records in memory.store.export())
        with render.push_progress(console) as copied:
            result = memory.push(f"file:{tmp_path / 'dst'}", progress=copied)
    assert (result.nodes, result.edges) == (nodes, edges)
    shown = console.file.getvalue()  # type: ignore[attr-defined]
    for bar in ("push nodes", f"{nodes}/{nodes}", "push relationships", f"{edges}/{edges}"):
        assert bar in shown, bar
