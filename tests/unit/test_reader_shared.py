"""Reader: what two people share ("both", "in common": reader.shared) and a clause as list
items (reader.items.clause_parts)."""

from __future__ import annotations

from mrgraph.reader.question import analyse
from mrgraph.reader.shared import asks_shared
from tests.unit.marks import needs_wordnet
from tests.unit.test_reader import state
from tests.unit.walked import read

SPEAKERS = ("Zofia", "Omar")


def test_a_shared_thing_is_asked_of_two_people() -> None:
    assert asks_shared(analyse("Which city have both Zofia and Omar visited?", SPEAKERS))
    assert asks_shared(analyse("What do Zofia and Omar have in common?", SPEAKERS))
    assert asks_shared(analyse("What hobby do Omar and Zofia both enjoy?", SPEAKERS))
    # one person, or no "both": what each says alone answers
    assert not asks_shared(analyse("Which city has Zofia visited?", SPEAKERS))
    assert not asks_shared(analyse("What did Zofia and Omar eat?", SPEAKERS))
    # "share" with someone is showing them: not a thing both have
    assert not asks_shared(analyse("What photo did Zofia share with Omar?", SPEAKERS))


@needs_wordnet
def test_the_city_both_visited_is_the_one_each_names() -> None:
    s = state("Which city have both Zofia and Omar visited?",
              [("D1:1", "Zofia", "I flew to Lisbon for a conference in May."),
               ("D1:2", "Omar", "Nice! I spent a week in Kyoto last spring."),
               ("D1:3", "Zofia", "I'd love to see Kyoto. Before that I lived in Oslo."),
               ("D1:4", "Omar", "Oh, I was in Lisbon for my cousin's wedding!")])
    assert read(s).answer == "Lisbon"


@needs_wordnet
def test_the_shared_thing_is_what_each_says_and_neither_denies() -> None:
    from mrgraph.reader.shared import shared
    from tests.unit.walked import sentences
    asked = "Which city have both Zofia and Omar visited?"
    turns = [("D1:1", "Zofia", "I flew to Lisbon for a conference in May."),
             ("D1:2", "Omar", "No way, I was in Lisbon in June too!"),
             ("D1:3", "Zofia", "We drove through Porto on the way back."),
             ("D1:4", "Omar", "I've never been to Porto, but I loved Madrid.")]
    question = analyse(asked, SPEAKERS)
    # a denial in another clause ("No way, ...") does not undo what the clause says; one
    # in the clause itself does ("never been to Porto")
    found = shared(question, sentences(state(asked, turns), question))
    assert found is not None and found[0] == "Lisbon" and sorted(found[1]) == ["D1:1", "D1:2"]
    wished = [("D1:1", "Zofia", "I'd love to see Oslo one day."),
              ("D1:2", "Omar", "I lived in Oslo for two years.")]
    assert shared(question, sentences(state(asked, wished), question)) is None  # a wish only


@needs_wordnet
def test_a_thing_both_say_without_a_kind_is_a_noun_of_each() -> None:
    s = state("What sport do Zofia and Omar both play?",
              [("D1:1", "Zofia", "I play squash with my sister every week."),
               ("D1:2", "Omar", "I play squash at the club on Fridays."),
               ("D1:3", "Zofia", "I also play the cello in an orchestra.")])
    assert read(s).answer.lower() == "squash"


@needs_wordnet
def test_a_thing_of_the_kind_asked_both_name_is_shared() -> None:
    from mrgraph.reader.shared import shared
    from tests.unit.walked import sentences
    asked = "What instrument do Zofia and Omar both play?"
    turns = [("D1:1", "Zofia", "I play the piano most evenings, and a little guitar."),
             ("D1:2", "Omar", "I learned the piano as a kid; now I mostly play drums."),
             ("D1:3", "Zofia", "I'd love to try the drums one day.")]
    question = analyse(asked, SPEAKERS)
    found = shared(question, sentences(state(asked, turns), question))
    assert found is not None and found[0] == "piano" and sorted(found[1]) == ["D1:1", "D1:2"]


@needs_wordnet
def test_a_clause_item_gives_its_subject_and_its_object() -> None:
    from mrgraph.reader.items import clause_parts, things
    assert clause_parts("town held a lantern festival") == ["town", "held a lantern festival"]
    assert clause_parts("chess club won the regional cup") == ["chess club",
                                                              "won the regional cup"]
    assert clause_parts("neighbour gave me some seedlings") == ["neighbour",
                                                               "gave me some seedlings"]
    # no subject and verb: the phrase as it is
    assert clause_parts("joined a book club") == ["joined a book club"]
    assert clause_parts("lantern festival") == ["lantern festival"]
    assert things("town held a lantern festival", lambda family: True) == \
        ["town", "lantern festival"]
