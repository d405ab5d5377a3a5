"""The loaders and the ingest pipeline under generated hostile transcripts (embedded store):
a malformed file is an InputError naming the file and leaves the store as it was; randomly
damaged files either load or fail with an InputError, never with anything else."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings

from mrgraph.errors import InputError
from mrgraph.ingest.extract import HeuristicExtractor
from mrgraph.ingest.pipeline import ingest_file
from mrgraph.store.memory import MemoryStore
from tests.fuzz.conftest import FUZZ
from tests.fuzz.strategies import GOOD, long_word, malformed, mutated


@pytest.fixture
def store(tmp_path: Path) -> MemoryStore:
    """An embedded store already holding a conversation, so 'unchanged' means something."""
    good = tmp_path / "seed.txt"
    good.write_text(GOOD["t.txt"], encoding="utf-8")
    memory = MemoryStore(tmp_path / "graph", "fuzz")
    ingest_file(memory, good, HeuristicExtractor())
    return memory


def _write(tmp_path: Path, case: tuple[str, bytes]) -> Path:
    path = tmp_path / "in" / case[0]
    path.parent.mkdir(exist_ok=True)
    path.write_bytes(case[1])
    return path


@settings(FUZZ, max_examples=450)
@given(case=malformed())
def test_a_malformed_file_is_an_input_error_and_writes_nothing(
        store: MemoryStore, tmp_path: Path, case: tuple[str, bytes]) -> None:
    path = _write(tmp_path, case)
    before = store.export()
    with pytest.raises(InputError) as info:
        ingest_file(store, path, HeuristicExtractor())
    message = str(info.value)
    assert message.startswith(str(path)) and "\n" not in message and len(message) < 600
    assert store.export() == before


@settings(FUZZ, max_examples=350)
@given(case=mutated() | long_word())
def test_damaged_files_ingest_or_fail_with_an_input_error_writing_nothing(
        store: MemoryStore, tmp_path: Path, case: tuple[str, bytes]) -> None:
    path = _write(tmp_path, case)
    before = store.export()
    try:
        report = ingest_file(store, path, HeuristicExtractor())
    except InputError as error:
        assert str(error).startswith(str(path)) and "\n" not in str(error)
        assert store.export() == before
    else:
        assert report.conversations and report.turns > 0
