"""WordNet look-ups (mrgraph.lexicon): irregular lemmas, morphy, kinds; absent WordNet warns."""

from __future__ import annotations

from pathlib import Path

import pytest

from mrgraph.lexicon import Lexicon, default
from mrgraph.text import tokenize

needs_wordnet = pytest.mark.skipif(not default().available,
                                   reason="WordNet (Debian wordnet-base) not installed")


@needs_wordnet
def test_irregular_forms_meet_their_lemma() -> None:
    assert tokenize("broke") == tokenize("broken") == tokenize("breaking")
    assert tokenize("went") == ["go"]
    assert tokenize("children") == tokenize("child")
    assert tokenize("ran") == tokenize("running")
    # a form that is itself a noun keeps its own reading
    assert tokenize("saw") == ["saw"]


@needs_wordnet
def test_morphy_base_forms() -> None:
    lexicon = default()
    assert lexicon.base("adopted", "verb") == "adopt"
    assert lexicon.base("puppies", "noun") == "puppy"
    assert lexicon.base("went", "verb") == "go"


@needs_wordnet
def test_kinds_reach_their_members() -> None:
    lexicon = default()
    kinds = lexicon.kinds("what instruments does she play".split())
    assert {"guitar", "violin", "clarinet"} <= set(kinds["instrument"])
    assert "hobby" in lexicon.kinds("what are his hobbies".split())
    assert "canada" in lexicon.members("country")
    assert "dog" in lexicon.members("pet")  # borrowed from what a pet is: an animal
    assert lexicon.kinds("who plays the saxophone".split()) == {}  # a verb, not a kind


def test_absent_wordnet_warns_and_answers_nothing(tmp_path: Path) -> None:
    with pytest.warns(RuntimeWarning, match="wordnet-base"):
        lexicon = Lexicon.open(tmp_path)
    assert lexicon.lemma("went") == "went"
    assert lexicon.base("adopted", "verb") == "adopted"
    assert lexicon.kinds(["what", "instruments"]) == {}
