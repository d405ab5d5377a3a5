"""Graph shape statistics (mrgraph.graph_stats) on the sample transcript, and in `mrgraph stats`."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mrgraph.cli import app
from mrgraph.graph_stats import PersonTags, Spread, _people, graph_stats
from mrgraph.types import EdgeRecord, NodeRecord
from mrgraph.ingest.sample import sample_path
from tests.unit.conftest import ingested


def test_spread() -> None:
    assert Spread.of([1, 3, 5, 3]) == Spread(4, 3.0, 3.0, 5)
    assert Spread.of([]) == Spread(0, 0.0, 0.0, 0)


def test_shape_of_the_sample(tmp_path_factory: pytest.TempPathFactory) -> None:
    with ingested(tmp_path_factory, sample_path(), "shape") as store:
        nodes, edges = store.export()
        shape = graph_stats(nodes, edges)
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


def _graph() -> tuple[list[NodeRecord], list[EdgeRecord]]:
    """Two speakers; one is also called by a short name, a city and a person are mentioned."""
    nodes = [NodeRecord("Turn", "t1", {"speaker": "Samantha"}),
             NodeRecord("Turn", "t2", {"speaker": "Thane"})]
    cues = {"c-sam": "Samantha", "c-thane": "Thane", "c-short": "Sam", "c-city": "Paris",
            "c-writer": "Einstein", "c-thing": "Acme Widgets"}
    nodes += [NodeRecord("Cue", cue, {"name": name, "kind": "entity"})
              for cue, name in cues.items()]
    edges = [EdgeRecord("CUE_OF", cue, f"ep-{i}", {"tag": tag})
             for cue, tags in (("c-sam", "aab"), ("c-short", "cc"), ("c-thane", "ab"),
                               ("c-city", "aaaaab"), ("c-writer", "a"), ("c-thing", "aaaa"))
             for i, tag in enumerate(tags)]
    return nodes, edges


def test_people_are_speakers_their_short_names_and_person_entities() -> None:
    nodes, _ = _graph()
    people = _people(nodes)
    assert people["c-sam"] == people["c-short"] == "Samantha"  # the short name folds in
    assert people["c-thane"] == "Thane"
    # WordNet files a city as a place and a physicist as a person
    assert "c-city" not in people and people["c-writer"] == "Einstein"
    assert "c-thing" not in people  # a name WordNet does not know is not taken for a person


def test_the_most_active_people_count_episodes_per_tag_over_their_cues() -> None:
    nodes, edges = _graph()
    people = {p.name: p for p in graph_stats(nodes, edges).people}
    # Samantha: tag a on ep-0, ep-1, tag b on ep-2 (own cue), tag c on ep-0, ep-1 (short name)
    assert people["Samantha"] == PersonTags("Samantha", 3, 3, 2.0)
    assert "Paris" not in people and "Acme Widgets" not in people
