"""tools/build_wordnet_data.py on a small invented WordNet in the wndb(5WN) layout: what it
writes reads back through mrgraph.lexicon as the source says (the script's own check), and a
rebuild gives the same bytes."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from mrgraph.lexicon import Lexicon
from tests.scripts import load_script

LICENSE = ("  1 WordNet 3.0 Copyright 2006 by Princeton University.  All rights reserved.  \n"
           "  2   \n  3 Invented lines stand in for the database here.  \n")
SOURCE = {
    "data.noun": [
        "00000100 03 n 01 thing 0 002 ~ 00000200 n 0000 ~i 00000300 n 0000 | a thing",
        "00000200 06 n 02 Lute 0 zither 0 002 @ 00000100 n 0000 ~ 00000400 n 0000 | strings",
        "00000300 13 n 01 hot_dog 0 001 @i 00000100 n 0000 | a food",
        "00000400 06 n 01 theorbo 0 001 @ 00000200 n 0000 | a big lute",
    ],
    "data.verb": ["00000500 35 v 02 strum 0 pluck 0 000 | play strings"],
    "index.noun": ["hot_dog n 1 1 @i 1 0 00000300", "lute n 1 2 @ ~ 1 0 00000200",
                   "theorbo n 1 1 @ 1 0 00000400", "thing n 1 2 ~ ~i 1 0 00000100",
                   "zither n 1 2 @ ~ 1 0 00000200"],
    "index.verb": ["pluck v 1 0 1 0 00000500", "strum v 1 0 1 0 00000500"],
    "index.adj": ["bright a 2 0 2 0 00000600 00000700"],
    "index.adv": ["brightly r 1 0 1 0 00000800"],
    "noun.exc": ["lutes lute", "mice mouse", "mice mouses", "data datum"],
    "verb.exc": ["strummed strum", "went go", "went_on go_on"],
}


def _builder() -> ModuleType:
    return load_script("tools/build_wordnet_data.py")


@pytest.fixture
def source(tmp_path: Path) -> Path:
    folder = tmp_path / "wordnet"
    folder.mkdir()
    for name, lines in SOURCE.items():
        header = LICENSE if name.startswith(("data.", "index.")) else ""
        (folder / name).write_text(header + "\n".join(lines) + "\n", encoding="ascii")
    return folder


def test_the_built_data_answers_what_the_source_says(source: Path, tmp_path: Path) -> None:
    build = _builder()
    out = tmp_path / "shipped"
    build.build(source, out)
    assert build.verify(source, out) == 5 + 2 + 1 + 1 + 4 + 1 + 3 + 2  # keys, synsets, forms
    lexicon = Lexicon.open(out)
    (thing,) = lexicon.offsets("thing", "noun")
    lemmas, below = lexicon.synset(thing)
    assert lemmas == ("thing",) and len(below) == 2
    assert lexicon.synset(below[0])[0] == ("lute", "zither")  # lowercased, in WordNet's order
    assert lexicon.above(below[1]) == (thing,)  # an instance hypernym counts as a hypernym
    assert lexicon.verb_lemmas(lexicon.offsets("pluck", "verb")[0]) == ("strum", "pluck")
    assert lexicon.offsets("bright", "adj") == (600, 700)  # only counted: WordNet's offsets
    assert lexicon.noun_exc == {"lutes": "lute", "mice": "mouse", "data": "datum"}
    assert lexicon.lemma("strummed") == "strum" and "went_on" not in lexicon.verb_exc
    assert "Invented lines stand in" in (out / "LICENSE").read_text(encoding="ascii")
    again = tmp_path / "again"
    build.build(source, again)
    assert {p.name: p.read_bytes() for p in out.iterdir()} == \
        {p.name: p.read_bytes() for p in again.iterdir()}
