"""Markers shared by the unit tests."""

from __future__ import annotations

import pytest

from mrgraph.lexicon import default

# WordNet comes from Debian's wordnet-base (tools/test-deps.sh, .ci/run); without it mrgraph
# matches by stems only, so the tests of what WordNet decides skip there (CI has it)
needs_wordnet = pytest.mark.skipif(not default().available,
                                   reason="needs WordNet (wordnet-base, .ci/run)")
