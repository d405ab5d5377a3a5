"""Reader: what two people share ("both", "in common": reader.shared), what is done for a
purpose ("what does X do to relax?": reader.manner.purpose_act) and the activity "go + -ing"
names as a list item (reader.items.gone_doing)."""

from __future__ import annotations

from mrgraph.reader.items import gone_doing
from mrgraph.reader.manner import _doing
from mrgraph.reader.question import analyse
from mrgraph.reader.shared import asks_shared
from tests.unit.marks import needs_wordnet
from tests.unit.test_reader import state
from tests.unit.walked import read

SPEAKERS = ("Priya", "Omar")


def test_a_shared_thing_is_asked_of_two_people() -> None:
    assert asks_shared(analyse("Which city have both Priya and Omar visited?", SPEAKERS))
    assert asks_shared(analyse("What do Priya and Omar have in common?", SPEAKERS))
    assert asks_shared(analyse("What hobby do Omar and Priya both enjoy?", SPEAKERS))
    # one person, or no "both": what each says alone answers
    assert not asks_shared(analyse("Which city has Priya visited?", SPEAKERS))
    assert not asks_shared(analyse("What did Priya and Omar eat?", SPEAKERS))
    # "share" with someone is showing them: not a thing both have
    assert not asks_shared(analyse("What photo did Priya share with Omar?", SPEAKERS))


@needs_wordnet
def test_the_city_both_visited_is_the_one_each_names() -> None:
    s = state("Which city have both Priya and Omar visited?",
              [("D1:1", "Priya", "I flew to Lisbon for a conference in May."),
               ("D1:2", "Omar", "Nice! I spent a week in Kyoto last spring."),
               ("D1:3", "Priya", "I'd love to see Kyoto. Before that I lived in Oslo."),
               ("D1:4", "Omar", "Oh, I was in Lisbon for my cousin's wedding!")])
    assert read(s).answer == "Lisbon"


@needs_wordnet
def test_a_thing_both_say_without_a_kind_is_a_noun_of_each() -> None:
    s = state("What sport do Priya and Omar both play?",
              [("D1:1", "Priya", "I play squash with my sister every week."),
               ("D1:2", "Omar", "I play squash at the club on Fridays."),
               ("D1:3", "Priya", "I also play the cello in an orchestra.")])
    assert read(s).answer.lower() == "squash"


@needs_wordnet
def test_the_doing_before_the_purpose_is_what_is_done_for_it() -> None:
    assert _doing("I've been swimming farther".split()) == "swimming"
    assert _doing("Been knitting a blanket".split()) == "knitting a blanket"
    assert _doing("Gardening".split()) == "Gardening"
    assert _doing("I bought a kite".split()) is None  # no -ing form: another rule reads it
    assert _doing("this morning I".split()) is None  # a time is no doing
    assert _doing("I taught a cooking class".split()) is None  # a thing's use, no doing
    assert _doing("I'm jogging".split()) == "jogging"


@needs_wordnet
def test_what_someone_does_to_relax_is_the_doing_they_say() -> None:
    s = state("What does Priya do to unwind?",
              [("D1:1", "Omar", "I watch films to unwind."),
               ("D1:2", "Priya", "Lately I've been rowing on the canal to unwind, it's calm."),
               ("D1:3", "Priya", "Work has been wild.")])
    assert read(s).answer == "rowing"
    s = state("What does Priya do to de-stress?",
              [("D1:1", "Priya", "Baking bread is my way to de-stress after a shift.")])
    assert read(s).answer == "Baking bread"
    s = state("What did Priya do after the long flight to unwind?",
              [("D1:1", "Priya", "I was wrecked, so I went walking in the park to unwind.")])
    assert read(s).answer == "walking"
    s = state("What does Omar do to relax?",
              [("D1:1", "Omar", "Been painting seascapes a lot - a great way to relax.")])
    assert read(s).answer == "painting seascapes"


@needs_wordnet
def test_go_and_an_ing_form_names_an_activity() -> None:
    assert gone_doing("We went camping with the kids last weekend.") == "camping"
    assert gone_doing("I'm off to go swimming at the lake.") == "swimming"
    assert gone_doing("We go out dancing every Friday.") == "dancing"
    assert gone_doing("I went to the market this morning.") is None  # no -ing form
    assert gone_doing("Nothing is going well lately.") is None  # "well" is no doing


@needs_wordnet
def test_a_list_of_activities_names_what_went_doing_names() -> None:
    s = state("What activities does Priya partake in?",
              [("D1:1", "Priya", "We went kayaking with my brother two weekends ago."),
               ("D2:1", "Priya", "I signed up for a pottery class yesterday.")])
    s.evidence.add_turns([{"dia_id": "D2:1", "speaker": "Priya", "text": "I signed up for a "
                           "pottery class yesterday.", "event_id": "e1",
                           "date": "2023-06-07T10:00:00"}], "c1", 0.5)
    assert "kayaking" in read(s).answer.split(", ")


@needs_wordnet
def test_a_broad_kind_shares_only_things_named() -> None:
    from mrgraph.reader.shared import shared
    from tests.unit.walked import sentences
    s = state("What subject have Priya and Omar both studied?",
              [("D1:1", "Priya", "I studied hard, the best part was the lab work."),
               ("D1:2", "Omar", "I studied every night, a part of me hated it.")])
    question = analyse("What subject have Priya and Omar both studied?", SPEAKERS)
    assert shared(question, sentences(s, question)) is None  # "subject" holds a "part"


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
