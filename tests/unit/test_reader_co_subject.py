"""co_subject: another joined to "I" as the subject ("Omar and I baked bread") did the thing
with the speaker, so what the speaker did is said with them ("baked bread with Omar"), unless
the question names them already."""

from __future__ import annotations

from mrgraph.reader.forms import joined, predicate


def test_a_name_or_a_relative_joined_to_i_is_the_company() -> None:
    assert predicate("Then Omar and I baked three loaves of bread.", "What did Zofia do?") == \
        "baked three loaves of bread with Omar"
    assert predicate("My cousin and I painted the garden fence.", "What did Zofia do?") == \
        "painted the garden fence with my cousin"
    assert predicate("Yesterday Lena Park and I climbed the old tower.", "What did Omar do?") \
        == "climbed the old tower with Lena Park"



def test_a_word_before_the_pair_is_no_part_of_the_name() -> None:
    """"Both Omar and I": "Both" opens the sentence, names no one."""
    assert predicate("Both Omar and I went swimming.", "What did Zofia do?") == \
        "went swimming with Omar"
    assert predicate("Only Lena Park and I stayed late.", "What did Omar do?") == \
        "stayed late with Lena Park"
    assert joined("Just my cousin and ") == "my cousin"


def test_no_company_without_a_joined_subject_or_when_asked_already() -> None:
    assert predicate("It rained all day and I stayed home with a book.", "What did Omar do?") \
        == "stayed home with a book"
    assert predicate("We went sailing on the lake.", "What did Omar do?") == \
        "went sailing on the lake"
    assert predicate("My grandad and I made pancakes together.",
                     "What did Omar and his grandad make?") == "made pancakes together"
    assert joined("I was so tired and ") is None


def test_switched_off_the_predicate_is_as_before() -> None:
    assert predicate("Then Omar and I baked three loaves of bread.") == \
        "baked three loaves of bread"
