"""The event a "when" question asks is told by its verb (told_verb, reader.when): an earlier
sentence about a neighbouring event shares its nouns ("I had an interview for the
internship" - weeks later "I got accepted for the internship"), so it is no earlier telling
of the thing asked when it lacks the question's verb that the best sentence holds and tells
an act of its own; a first telling without that verb but no act of its own still is."""

from __future__ import annotations

from mrgraph.reader.asked_event import same_act
from mrgraph.reader.question import analyse
from tests.unit.test_reader_when import _answer

OFF = frozenset({"told_verb"})
FIRST, LATER = "2023-05-10", "2023-05-27"  # a Wednesday, a Saturday


def test_a_neighbouring_event_told_earlier_does_not_date_the_one_asked() -> None:
    """Three shapes: a light verb's act ("had an interview"), a verb ("auditioned"), a
    gerund after a light verb ("went house hunting")."""
    cases = [
        ("When did Nora get accepted for the design internship?",
         "Oh, I had an interview for a design internship yesterday!",
         "Big news, I just got accepted for the design internship!"),
        ("When did Omar get chosen for the choir solo?",
         "I auditioned for the choir solo on Monday, fingers crossed.",
         "Guess what, I got chosen for the choir solo!"),
        ("When did Priya sign the lease on the flat by the river?",
         "We went viewing a flat by the river yesterday, it's lovely.",
         "We finally signed the lease on the flat by the river!"),
    ]
    for question, earlier, later in cases:
        who = question.split()[2]
        turns = [("D1:1", who, earlier, FIRST), ("D2:1", who, later, LATER)]
        assert _answer(question, turns) == ("27 May 2023", ("D2:1",)), question
        assert _answer(question, turns, OFF)[1] == ("D1:1",), question


def test_a_first_telling_with_no_act_of_its_own_still_dates_it() -> None:
    """A dated sentence that tells no other act ("I started there a year ago", "It was on
    Monday") still dates the thing the best sentence tells."""
    cases = [
        ("When did Nora start volunteering at the animal shelter?",
         "I volunteer at the animal shelter on weekends.",
         "I started there about a year ago.", "2022"),
        ("When did Omar sprain his ankle?",
         "I sprained my ankle, so no football for a while.",
         "It was on Monday, at training.", "the Monday before 27 May 2023"),
        ("When did Priya adopt her kitten?",
         "We adopted a kitten, she's tiny!",
         "That was last weekend.", "the weekend before 27 May 2023"),
    ]
    for question, best, dated, expected in cases:
        who = question.split()[2]
        turns = [("D2:1", who, f"{best} {dated}", LATER)]
        assert expected in _answer(question, turns)[0], question
        assert _answer(question, turns)[0] == _answer(question, turns, OFF)[0], question


def test_a_recall_without_the_verb_leaves_the_first_telling_first() -> None:
    """When the best sentence holds no verb of the question, the rule asks nothing: the
    first telling stays first (a recall: "Since the race I rest more")."""
    cases = [
        ("When did Nora run the harbour race?",
         "I ran the harbour race yesterday, so tired!", "Since the harbour race I rest more."),
        ("When did Omar bake the wedding cake?",
         "I baked the wedding cake yesterday, three tiers!", "The wedding cake was a hit."),
        ("When did Priya paint the kitchen?",
         "We painted the kitchen yesterday, yellow.", "The kitchen looks so bright now."),
    ]
    for question, earlier, later in cases:
        who = question.split()[2]
        turns = [("D1:1", who, earlier, FIRST), ("D2:1", who, later, LATER)]
        assert _answer(question, turns) == _answer(question, turns, OFF), question
        assert _answer(question, turns)[1] == ("D1:1",), question



def test_a_clause_is_judged_by_its_own_act() -> None:
    """asked_event.same_act on a date's clause: one telling another act (a light verb's
    noun, an infinitive, a verb) is not the event the best sentence tells; one telling no
    act of its own, or holding the verb asked, may be."""
    other = [
        ("When did Nora get accepted for the internship?",
         "I had an interview for the internship yesterday", "I got accepted for the internship!"),
        ("When did Omar leave for the conference?",
         "my boss wants me to present a poster at the conference in June",
         "I leave for the conference on Sunday."),
        ("When did Priya sign the lease on the flat?",
         "we viewed the flat on Monday", "We signed the lease on the flat!"),
    ]
    same = [
        ("When did Nora get accepted for the internship?", "that was yesterday",
         "I got accepted for the internship!"),
        ("When did Omar leave for the conference?", "I left on Sunday",
         "I'm leaving for the conference soon."),
        ("When did Priya sign the lease on the flat?", "it was on Monday",
         "We signed the lease on the flat!"),
    ]
    for (question, clause, best), expected in [(c, False) for c in other] + \
            [(c, True) for c in same]:
        asked = analyse(question, ("Nora", "Omar", "Priya", "Sam"))
        assert same_act(asked, clause, best) is expected, clause
        assert same_act(analyse(question, ("Sam",), OFF), clause, best), clause
