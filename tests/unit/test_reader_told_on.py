"""reader.when and reader.told_on: a story told on across the other's short reaction
(told_on) and the other "when" rules' shapes. Invented sentences."""

from __future__ import annotations

from tests.unit.test_reader_when import _answer

SAID = "2023-06-14"  # a Wednesday


def test_the_date_in_the_turn_after_a_short_reaction() -> None:
    cases = [
        ("When did Omar adopt the puppy?",
         [("D1:1", "Omar", "Guess what, I adopted a puppy and she is chaos.", SAID),
          ("D1:2", "Zofia", "No way! Tell me.", SAID),
          ("D1:3", "Omar", "We collected her last Saturday from a farm.", SAID)],
         "the Saturday before 14 June 2023"),
        ("When did Zofia buy the old piano?",
         [("D1:1", "Zofia", "I finally bought the old piano from the school.", SAID),
          ("D1:2", "Omar", "Wait, really??", SAID),
          ("D1:3", "Zofia", "Yep, the deal was done yesterday. It needs tuning.", SAID)],
         "13 June 2023"),
        ("When did Omar win the chess cup?",
         [("D1:1", "Omar", "The chess cup is mine, I won it.", SAID),
          ("D1:2", "Zofia", "Details!", SAID),
          ("D1:3", "Omar", "The cup final was on Monday, against my old coach.", SAID)],
         "the Monday before 14 June 2023"),
    ]
    for question, turns, expected in cases:
        assert _answer(question, turns)[0] == expected
    # the third's dated turn holds the question's "cup": nearly as good a sentence, it dates the
    # answer without told_on too (when._dated_near)
    for question, turns, _ in cases[:2]:
        assert _answer(question, turns, frozenset({"told_on"}))[0] == "14 June 2023"


def test_a_long_turn_between_a_new_story_or_a_saying_question_is_not_told_on() -> None:
    # the other's turn tells its own story: nothing hands the first one back
    turns = [("D1:1", "Omar", "Guess what, I adopted a puppy and she is chaos.", SAID),
             ("D1:2", "Zofia", "Lovely, my cat would hate her but my kids would love her a lot.",
              SAID),
             ("D1:3", "Omar", "We went hiking last Saturday up the ridge.", SAID)]
    assert _answer("When did Omar adopt the puppy?", turns)[0] == "14 June 2023"
    # a story of the other's own that ends in a question hands nothing back
    turns = [("D1:1", "Omar", "Guess what, I adopted a puppy and she is chaos.", SAID),
             ("D1:2", "Zofia", "I drove to the coast on Friday and it was lovely, the chips "
              "were incredible. What about you?", SAID),
             ("D1:3", "Omar", "I repainted the hallway on Saturday.", SAID)]
    assert _answer("When did Omar adopt the puppy?", turns)[0] == "14 June 2023"
    # a short reaction, then a new story that neither refers back nor holds the question
    for reaction, after in (("Cool!", "Work was awful on Saturday though."),
                            ("Nice one.", "My knee was so sore last Monday."),
                            ("Ha, brilliant!", "Anyway, I repainted my hallway yesterday."),
                            # "the", "it", "that" refer back to nothing in particular
                            ("Cool!", "The traffic was awful on Saturday though."),
                            ("Ha!", "Anyway, I repainted the hallway yesterday."),
                            ("Sweet.", "That gig on Monday was loud, it rocked.")):
        turns = [("D1:1", "Omar", "Guess what, I adopted a puppy and she is chaos.", SAID),
                 ("D1:2", "Zofia", reaction, SAID), ("D1:3", "Omar", after, SAID)]
        assert _answer("When did Omar adopt the puppy?", turns)[0] == "14 June 2023", after
    # "mention" asks for the day it was said
    turns = [("D1:1", "Omar", "My favourite actor is Tom Brennan.", SAID),
             ("D1:2", "Zofia", "Really?", SAID),
             ("D1:3", "Omar", "Yes, I saw his play last Saturday.", SAID)]
    assert _answer("When did Omar mention Tom Brennan?", turns)[0] == "14 June 2023"


LATER = "2023-08-09"


def test_told_first_with_its_date_in_the_turn_before() -> None:
    """The first telling leaves its date to the turn before it, across the other's question;
    a later sentence stating a date of its own recalls it (first_told)."""
    cases = [
        ("When was Leo born?",
         [("D1:1", "Ana", "I'm an aunt! My sister gave birth on Monday!", SAID),
          ("D1:2", "Ben", "Congrats!! What's his name?", SAID),
          ("D1:3", "Ana", "Leo. Tiny and loud.", SAID),
          ("D2:1", "Ana", "We took Leo to the beach last weekend.", LATER)],
         "the Monday before 14 June 2023"),
        ("When did Ben's band get the record deal?",
         [("D1:1", "Ben", "We signed yesterday, I still can't believe it!", SAID),
          ("D1:2", "Ana", "Signed what?", SAID),
          ("D1:3", "Ben", "The record deal, for my band.", SAID),
          ("D2:1", "Ben", "My band played the record deal party last weekend.", LATER)],
         "13 June 2023"),
        ("When did Ana's cat Miso come home?",
         [("D1:1", "Ana", "The shelter called on Monday, she is mine now!", SAID),
          ("D1:2", "Ben", "Who is?", SAID),
          ("D1:3", "Ana", "Miso came home with me, so grey and small.", SAID),
          ("D2:1", "Ana", "Miso came home with a mouse last weekend.", LATER)],
         "the Monday before 14 June 2023"),
    ]
    for question, turns, expected in cases:
        assert _answer(question, turns)[0] == expected, question
        assert _answer(question, turns, frozenset({"first_told"}))[0] != expected, question


def test_a_date_outside_the_month_or_year_asked_is_another_time() -> None:
    """A question naming its month or year ("... in August?") is not answered by a date
    outside it, told first or not (asked_period)."""
    cases = [
        ("When did Omar go sailing in August?",
         [("D1:1", "Omar", "Last week I went sailing with my uncle.", "2023-07-03"),
          ("D2:1", "Omar", "I went sailing on the lake last Friday, windy!", "2023-08-14")],
         "the Friday before 14 August 2023"),
        ("When did Zofia visit Genoa in 2022?",
         [("D1:1", "Zofia", "I visited Genoa last week!", "2021-06-01"),
          ("D2:1", "Zofia", "I visited Genoa again last year.", "2023-01-10")],
         "2022"),
        ("When did Omar run a race in March?",
         [("D1:1", "Omar", "I ran a race on Saturday, my legs!", "2023-02-20"),
          ("D2:1", "Omar", "I ran a race last Sunday, in the rain.", "2023-03-27")],
         "the Sunday before 27 March 2023"),
    ]
    for question, turns, expected in cases:
        assert _answer(question, turns)[0] == expected, question
        assert _answer(question, turns, frozenset({"asked_period"}))[0] != expected, question


def test_a_month_that_is_no_period_of_the_event_keeps_every_date() -> None:
    """A month word that is a name ("April", "the March for Science"), or the month of a
    purpose ("the flights for her trip in June"), does not bound the answer (asked_period)."""
    cases = [
        ("When did April go camping?",
         [("D1:1", "April", "I went camping with my brother, so much fun.", SAID),
          ("D1:3", "April", "We camped by the lake last Saturday.", SAID)],
         "the Saturday before 14 June 2023"),
        ("When did Zofia walk in the March for Science?",
         [("D1:1", "Zofia", "I walked in the March for Science, so loud!", SAID),
          ("D1:2", "Zofia", "I walked there on Saturday with my sign.", SAID)],
         "the Saturday before 14 June 2023"),
        ("When did Zofia book the flights for her trip in June?",
         [("D1:1", "Zofia", "I booked the flights for my trip, finally!", "2023-05-10"),
          ("D1:2", "Zofia", "I booked them yesterday, the flights were cheap.", "2023-05-10")],
         "9 May 2023"),
    ]
    for question, turns, expected in cases:
        assert _answer(question, turns)[0] == expected, question
        assert _answer(question, turns, frozenset({"asked_period"}))[0] == expected, question


def test_the_month_asked_after_a_verbs_for_or_a_name_or_said_mid() -> None:
    """A month after a verb's "for" ("go for a run in June") or a name ("leave for Paris in
    June") is the event's; "mid-June" in any case is June; "April's" is a name."""
    from mrgraph.reader.when import _asked_months
    assert _asked_months("When did Omar leave for Paris in June?") == [6]
    assert _asked_months("When did Omar go for a run in June?") == [6]
    assert _asked_months("When did Zofia head off for the coast in May?") == [5]
    assert _asked_months("When did Zofia swim in Mid-June?") == [6]
    assert _asked_months("When did Omar plant roses in Late July?") == [7]
    assert _asked_months("When did Omar sit in April's garden?") == []
    assert _asked_months("When did Zofia buy shoes for her trip in June?") == []
