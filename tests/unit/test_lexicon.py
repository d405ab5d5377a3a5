"""WordNet look-ups (mrgraph.lexicon): irregular lemmas, morphy, kinds; missing data fails."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from mrgraph.errors import PackageDataError
from mrgraph.lexicon import _SPACE, Lexicon, default
from mrgraph.text import tokenize
from tests.unit.marks import needs_wordnet


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
def test_hypernyms_reach_every_kind_above() -> None:
    """One transitive walk up the hypernyms (kind_fit asks whether a word names a kind of the
    noun asked, graph_stats whether a name is a person's): a harp is a musical instrument and a
    device, and no synset is its own hypernym."""
    lexicon = default()
    harp = lexicon.offsets("harp", "noun")[0]
    above = lexicon.hypernyms(harp)
    assert lexicon.offsets("musical_instrument", "noun")[0] in above
    assert lexicon.offsets("device", "noun")[0] in above
    assert set(lexicon.above(harp)) <= above and harp not in above


@needs_wordnet
def test_an_empty_or_spaced_word_has_no_senses() -> None:
    # the index files begin with licence lines indented by spaces: no key may match them
    lexicon = default()
    assert lexicon.offsets("", "noun") == ()
    assert lexicon.offsets(" ", "verb") == ()
    assert lexicon.base("", "noun") == ""
    assert lexicon.offsets("dog", "noun")
    assert lexicon.offsets("dog\u00a0", "noun") == lexicon.offsets("hot\tdog", "noun") == ()


def test_the_space_pattern_is_str_isspace() -> None:
    """offsets() tests a lemma for spaces with a regex (cheaper than a loop over its
    characters): the same characters as str.isspace, every code point."""
    assert [c for c in map(chr, range(sys.maxunicode + 1))
            if bool(_SPACE.search(c)) != c.isspace()] == []


@needs_wordnet
def test_kinds_reach_their_members() -> None:
    lexicon = default()
    kinds = lexicon.kinds("what instruments does she play".split())
    assert {"guitar", "violin", "clarinet"} <= set(kinds["instrument"])
    assert "hobby" in lexicon.kinds("what are his hobbies".split())
    assert "canada" in lexicon.members("country")
    assert "dog" in lexicon.members("pet")  # borrowed from what a pet is: an animal
    assert lexicon.kinds("who plays the saxophone".split()) == {}  # a verb, not a kind


@needs_wordnet
def test_two_asked_words_naming_one_kind_are_that_kind() -> None:
    lexicon = default()
    # "martial" alone is a noun of its own (a kind of poet): the two words name the kind
    arts = lexicon.kinds("which martial arts did she try".split())
    assert set(arts) == {"arts"} and {"judo", "karate"} <= set(arts["arts"])
    countries = lexicon.kinds("which european countries did he tour".split())
    assert {"spain", "germany"} <= set(countries["country"])
    assert "canada" not in countries["country"]  # narrower than "countries"
    assert "european" not in countries
    instruments = lexicon.kinds("what musical instruments does she play".split())
    assert "violin" in instruments["instrument"]
    assert "analyzer" not in instruments["instrument"]  # a measuring instrument is no music
    assert lexicon.compound("instruments", "of") == ""  # no compound across a stop word
    assert set(lexicon.kinds("what instruments does she play".split())) == {"instrument"}


def test_missing_data_fails_in_one_line_without_a_path(tmp_path: Path) -> None:
    """A broken install says so and how to mend it; it never answers with a weaker memory."""
    (tmp_path / "noun.exc").write_text("went go\n", encoding="ascii")
    with pytest.raises(PackageDataError) as raised:
        Lexicon.open(tmp_path)
    message = str(raised.value)
    assert "index.noun" in message and "reinstall mrgraph" in message
    assert "\n" not in message and str(tmp_path) not in message and "/" not in message


def test_sampled_lookups_find_what_the_binary_search_finds(tmp_path: Path) -> None:
    """SortedLines.find against the plain binary search on a synthetic sorted index (license
    lines first, lines longer and shorter than a stride) and on a quarter of the lemmas of the
    four shipped index files (every 4th) and absent neighbours."""
    from mrgraph.lexicon import STRIDE, SortedLines, _find_line

    words = sorted({f"{a}{b}{'x' * (i % 7)}" for i, (a, b) in
                    enumerate((a, b) for a in "abcdefgh" for b in "aeiou_-")})
    synthetic = b"\n".join([b"  1 license text", b"  2 more license text",
                            *(f"{w} n 1 0 1 0 {i:08d}{' pad' * (i % 900)}".encode()
                              for i, w in enumerate(words))]) + b"\n"
    files = [synthetic] + [(default().root / f"index.{pos}").read_bytes()
                           for pos in ("noun", "verb", "adj", "adv")]
    for data in files:
        index = SortedLines.of(data)
        assert index.starts[0] == 0 and len(index.starts) >= len(data) // (2 * STRIDE)
        keys = [line.split(b" ")[0] for line in data.split(b"\n") if line[:1] not in (b"", b" ")]
        keys = keys if data is synthetic else keys[::4]
        probes = keys + [k + b"x" for k in keys[::7]] + [k[:-1] for k in keys[::5]] + \
            [b"0", b"zzzzzz", b"\xff"]
        assert [index.find(k) for k in probes] == [_find_line(data, k) for k in probes]
        assert all(index.find(k) is not None for k in keys)

