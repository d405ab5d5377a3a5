"""reader.when and reader.told_on: a story told on across the other's short reaction
(told_on) and the other "when" rules' shapes. Invented sentences."""

from __future__ import annotations

from mrgraph.reader.when import _RELATIVE
from tests.unit.test_reader_when import PLAN_DAY, _answer

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


def test_a_thing_going_on_yields_to_the_telling_that_it_happened() -> None:
    """A question about what happened, best fitted by a sentence telling it going on ("I've
    been calling the council about my shed"): a nearly as good sentence dated by its own turn
    or its story's next turn answers (ongoing); not when the question asks when it began."""
    cases = [
        ("When did the council approve Omar's garden plan?",
         [("D1:1", "Omar", "I've been pushing the council about my garden plan. My cousin "
           "visited last week.", PLAN_DAY),
          ("D2:1", "Omar", "The council said yes on Monday!", SAID)],
         "the Monday before 14 June 2023"),
        ("When did Zofia sell her old van?",
         [("D1:1", "Zofia", "We're trying to sell my old van. We got back from Wales on "
           "Sunday.", PLAN_DAY),
          ("D2:1", "Zofia", "The old van is sold, a student has it!", SAID),
          ("D2:2", "Omar", "Nice, when?", SAID),
          ("D2:3", "Zofia", "Last Saturday, cash in hand.", SAID)],
         "the Saturday before 14 June 2023"),
        ("When did Omar's team hire the new designer?",
         [("D1:1", "Omar", "Also, we've been hiring a new designer for my team. Dan left on "
           "Friday.", PLAN_DAY),
          ("D2:1", "Omar", "We hired her yesterday, the designer.", SAID)],
         "13 June 2023"),
    ]
    for question, turns, expected in cases:
        assert _answer(question, turns)[0] == expected, question
        # (other_act also keeps the going-on turn's date of another act, "got back from
        # Wales", from dating the second: off with it)
        assert _answer(question, turns, frozenset({"ongoing", "other_act"}))[0] != expected, \
            question
    # asked when it began: the rule does not apply
    started = [("D1:1", "Omar", "I've been learning the banjo. My cousin visited last week.",
                PLAN_DAY),
               ("D2:1", "Omar", "The banjo was fun on Monday!", SAID)]
    question = "When did Omar start learning the banjo?"
    assert _answer(question, started) == _answer(question, started, frozenset({"ongoing"}))


def test_a_thing_going_on_is_told_by_a_verb_not_an_adjective_or_a_plan() -> None:
    """What `ongoing` takes as told going on: a pronoun's progressive of a
    verb; not an -ing adjective, a pronoun and "nothing", or "going to" / "going hiking"."""
    from mrgraph.reader.when import _going_on
    for text in ("I'm currently reading a sailing book.", "We've been restoring the old boat.",
                 "Well, I'm learning Welsh with an app.", "I've been going to yoga weekly.",
                 # after "been" any -ing; an -ing word with no adjective sense is a verb's
                 "I've been painting a lot.", "We've been living on toast.",
                 "I'm teaching two classes now.", "She's painting the fence."):
        assert _going_on(text), text
    for text in ("She's amazing at chess.", "I'm nothing like my brother.",
                 "He's stunning in that suit.", "I'm going to the fair next week.",
                 "We're going hiking on the coast."):
        assert not _going_on(text), text
    # "She's amazing at chess" is no thing going on: the day it was said (a beginning asked
    # with no date told is its month with onset_month, switched off here)
    turns = [("D1:1", "Zofia", "My sister? She's amazing at chess, truly.", SAID)]
    assert _answer("When did Zofia's sister start chess?", turns,
                   frozenset({"onset_month"}))[0] == "14 June 2023"


def test_a_date_outside_the_month_or_year_asked_is_another_time() -> None:
    """A question naming its month or year ("... in August?") is not answered by a date
    outside it, told first or not (asked_period)."""
    cases = [
        ("When did Omar go sailing in August?",
         [("D1:1", "Omar", "Last week I went sailing with my uncle.", "2023-07-03"),
          ("D2:1", "Omar", "I went sailing on the lake last Friday, windy!", "2023-08-14")],
         "the Friday before 14 August 2023"),
        ("When did Zofia visit Rome in 2022?",
         [("D1:1", "Zofia", "I visited Rome last week!", "2021-06-01"),
          ("D2:1", "Zofia", "I visited Rome again last year.", "2023-01-10")],
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


def test_since_when_asks_for_a_beginning() -> None:
    """"Since when ...?" is answered "since <date>" when a start is told (since_when); with
    none, the day it was said is no start: what is known is that it went on by then."""
    cases = [
        ("Since when has Omar lived in Leeds?",
         [("D1:1", "Omar", "I've lived in Leeds since 2019, love it.", SAID)], "since 2019"),
        ("Since when has Zofia played the cello?",
         [("D1:1", "Zofia", "I started playing the cello last month.", SAID)], "since May 2023"),
        ("Since when has Omar sung in the choir?",
         [("D1:1", "Omar", "I joined the choir three years ago, tenor.", SAID)], "since 2020"),
    ]
    for question, turns, expected in cases:
        assert _answer(question, turns)[0] == expected, question
        assert _answer(question, turns, frozenset({"since_when"}))[0] == \
            expected.removeprefix("since "), question
    # no start told: not "since" the day it was said
    for question, text in (("Since when has Omar kept bees?", "I keep bees now, two hives."),
                           ("Since when has Zofia owned a kayak?",
                            "I own a kayak, it lives in the garage."),
                           ("Since when has Omar been vegan?", "I'm vegan, so no cheese.")):
        turns = [("D1:1", question.split()[3], text, SAID)]
        assert _answer(question, turns)[0] == "by 14 June 2023", question


# three plans timed from another event, told on a day in July (borrowed_plan's tests)
PLANNED, REPLIED = "2023-07-05", "2023-08-23"  # the later day a Wednesday
CRETE = [("D1:1", "Ana", "We fly to Crete on 3 August for a week!", PLANNED),
         ("D1:2", "Ben", "Lovely, where in Crete?", PLANNED),
         ("D1:3", "Ana", "Chania. Leo gets his exam results two days after we're back.",
          PLANNED)]
FLAT = [("D1:1", "Ana", "My sister signs the lease on 1 August.", PLANNED),
        ("D1:2", "Ben", "Which flat is it?", PLANNED),
        ("D1:3", "Ana", "The one by the river. She moves into the new flat a week after "
         "she signs.", PLANNED)]
FESTIVAL = [("D1:1", "Ben", "We record the demo on 20 July.", PLANNED),
            ("D1:2", "Ana", "Any gigs coming up?", PLANNED),
            ("D1:3", "Ben", "We play the harbour festival a few weeks after we record.",
             PLANNED)]


def test_a_plan_timed_from_another_event_yields_to_the_later_reply() -> None:
    """A plan whose time is told from another event's ("two days after we're back") is dated
    by that event's date, borrowed from the turn before: the later reply to the other's
    question stating when it happened answers, outside that date too (borrowed_plan)."""
    cases = [
        ("When did Leo get his exam results?",
         [*CRETE, ("D2:1", "Ben", "Did Leo get his exam results?", REPLIED),
          ("D2:2", "Ana", "He did, last Thursday. Top marks!", REPLIED)],
         "the Thursday before 23 August 2023"),
        ("When did Ana's sister move into the new flat?",
         [*FLAT, ("D2:1", "Ben", "Has your sister moved into the new flat?", REPLIED),
          ("D2:2", "Ana", "Yes, she moved in on Saturday, finally.", REPLIED)],
         "the Saturday before 23 August 2023"),
        ("When did Ben's band play the harbour festival?",
         [*FESTIVAL,
          ("D2:1", "Ana", "How was the harbour festival? Did your band play it?", REPLIED),
          ("D2:2", "Ben", "We played it yesterday, the crowd was huge.", REPLIED)],
         "22 August 2023"),
    ]
    for question, turns, expected in cases:
        assert _answer(question, turns)[0] == expected, question
        assert _answer(question, turns, frozenset({"borrowed_plan"}))[0] != expected, question
    # a plan with its own date is not borrowed: a reply's date outside its period is another
    # story
    turns = [("D1:1", "Ana", "Leo gets his exam results on 10 August.", PLANNED),
             ("D2:1", "Ben", "Did Leo get his exam results?", REPLIED),
             ("D2:2", "Ana", "He did, and last Thursday we went sailing.", REPLIED)]
    assert _answer("When did Leo get his exam results?", turns)[0] == "10 August 2023"


def test_a_borrowed_plan_yields_only_to_a_reply_telling_it() -> None:
    """The later reply answering a plan timed from another event must tell the thing asked
    in its dated clause, and deny nothing: a reply going on to another thing ("we went on a
    boat trip on Monday", "a storm hit yesterday") or saying it did not happen leaves the
    plan's date (three shapes, and a denial)."""
    cases = [
        ("When did Leo get his exam results?",
         [*CRETE, ("D2:1", "Ben", "How was Crete? Did Leo get his exam results?", REPLIED),
          ("D2:2", "Ana", "Crete was great, we went on a boat trip on Monday.", REPLIED)],
         "3 August 2023"),
        ("When did Ana's sister move into the new flat?",
         [*FLAT, ("D2:1", "Ben", "Has your sister moved into the new flat?", REPLIED),
          ("D2:2", "Ana", "Not yet, she couldn't move into the new flat on Saturday, the "
           "boiler broke.", REPLIED)],
         "1 August 2023"),
        ("When did Ben's band play the harbour festival?",
         [*FESTIVAL,
          ("D2:1", "Ana", "How was the harbour festival? Did your band play it?", REPLIED),
          ("D2:2", "Ben", "The weather was awful, a storm hit the coast yesterday.",
           REPLIED)],
         "20 July 2023"),
        ("When did Leo get his exam results?",
         [*CRETE, ("D2:1", "Ben", "Did Leo get his exam results?", REPLIED),
          ("D2:2", "Ana", "He didn't get his exam results on Monday, the school shut.",
           REPLIED)],
         "3 August 2023"),
    ]
    for question, turns, expected in cases:
        assert _answer(question, turns)[0] == expected, question


def test_a_time_told_from_another_event_is_counted() -> None:
    """"Two days after we're back", "a couple of weeks before the move", "the week before the
    wedding" time a plan from another event; "sunny days after", "those weeks before", "the
    rainy months before" are periods, not a time told from one (borrowed_plan)."""
    for text in ("Leo gets his results two days after we're back.",
                 "We sell the car a couple of weeks before the move.",
                 "She flies home the week before the wedding."):
        assert _RELATIVE.search(text), text
    for text in ("We loved the sunny days after the storm.",
                 "Those weeks before the exam were awful.",
                 "The rainy months before spring drag on."):
        assert not _RELATIVE.search(text), text
