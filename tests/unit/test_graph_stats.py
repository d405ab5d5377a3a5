"""Graph shape statistics (mrgraph.graph_stats) on the sample transcript, and in `mrgraph stats`."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mrgraph.cli import app
from mrgraph.graph_stats import Spread, graph_stats
from mrgraph.ingest.sample import sample_path
from tests.unit.conftest import ingested


def test_spread() -> None:
    assert Spread.of([1, 3, 5, 3]) == Spread(4, 3.0, 3.0, 5)
    assert Spread.of([]) == Spread(0, 0.0, 0.0, 0)


def test_shape_of_the_sample(tmp_path_factory: pytest.TempPathFactory) -> None:
    with ingested(tmp_path_factory, sample_path(), "shape") as store:
        shape = graph_stats(store)
        nodes, edges = store.export()
    tags = Counter(e.src for e in edges if e.type == "TAGS")
    assert shape.episodes_per_tag == Spread.of(tags.values())
    assert shape.episodes_per_tag.count == sum(1 for n in nodes if n.label == "Tag")
    maya = next(p for p in shape.people if p.name == "Maya")
    assert maya.episodes > maya.tags  # her tags group several episodes
    facts = Counter(str(n.props["entity"]) for n in nodes if n.label == "Fact")
    assert dict(shape.facts_per_person) == dict(facts) and facts["Maya"] > 0


def test_stats_command_shows_the_shape(tmp_path: Path) -> None:
    runner = CliRunner()
    store = f"file:{tmp_path / 'graph'}"
    assert runner.invoke(app, ["ingest", str(sample_path()), "--store", store]).exit_code == 0
    shown = runner.invoke(app, ["stats", "--store", store]).output
    assert "episodes per tag: median" in shown and "facts per person: Maya" in shown
