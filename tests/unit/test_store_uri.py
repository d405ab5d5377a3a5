"""open_store: store URIs to stores (the embedded forms; Neo4j only as far as its lazy import)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from mrgraph.config import Settings
from mrgraph.errors import ConfigError
from mrgraph.store.memory import MemoryStore
from mrgraph.store.uri import open_store


@pytest.mark.parametrize("uri", ["file:{p}", "{p}", "file://{p}", "file://localhost{p}"])
def test_open_store_embedded_forms(tmp_path: Path, uri: str) -> None:
    store = open_store(uri.format(p=tmp_path / "g"), "ns")
    assert isinstance(store, MemoryStore) and store.uri == f"file:{tmp_path / 'g'}"


def test_open_store_defaults_to_dot_mrgraph_in_the_working_directory(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for uri in (None, "", "file:.mrgraph/graph"):
        store = open_store(uri, "ns", Settings())
        assert store.uri == f"file:{tmp_path / '.mrgraph' / 'graph'}"


@pytest.mark.parametrize("uri", ["http://x/y", "sqlite:db", "file:", "file://host/x"])
def test_open_store_refuses_what_it_cannot_open(uri: str) -> None:
    with pytest.raises(ConfigError):
        open_store(uri, "ns")


def test_open_store_neo4j_is_imported_lazily(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "mrgraph.store.neo4j", None)  # as if it did not exist
    with pytest.raises(ConfigError, match="Neo4j store is unavailable") as info:
        open_store("bolt://user:secret@127.0.0.1:7687", "ns")
    assert "secret" not in str(info.value)
