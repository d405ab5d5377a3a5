"""Markers shared by the unit tests."""

from __future__ import annotations

import pytest

# WordNet ships inside the package (mrgraph/wordnet/), so these tests always run: the marker
# only labels the tests whose answers WordNet decides (`pytest -m wordnet` runs them alone)
needs_wordnet = pytest.mark.wordnet
