"""What happened a counted time after or before an event the question tells (family
after_event, reader.relative): the sentence saying the same relation, else the thing the
person dates that many days from the event's day. Sessions as tests.unit.test_reader_when."""

from __future__ import annotations

from mrgraph.policies.turns import found
from mrgraph.reader.question import analyse
from mrgraph.reader.read import read as reader_read
from mrgraph.reader.relative import _placed, relation
from tests.unit.test_reader_when import sessions

_OFF = frozenset({"after_event"})


def _answer(question: str, turns: list[tuple[str, str, str, str]],
            off: frozenset[str] = frozenset()) -> str:
    return reader_read(found(sessions(question, turns), False), off=off).answer


def test_the_relation_asked_is_read_from_the_question() -> None:
    speakers = {"Ilse", "Omar"}
    assert relation(analyse("What did Ilse do two days after her interview?", speakers)) == \
        ((2, 2), "two days after", "her interview")
    assert relation(analyse("What happened the week before Omar's wedding?", speakers)) == \
        ((-7, -1), "the week before", "Omar's wedding")
    assert relation(analyse("What did Omar do 3 days after moving house?", speakers))[0] == (3, 3)
    assert relation(analyse("What did Omar do two weeks after the move?", speakers))[0] == \
        (11, 17)
    # a date is no event: reader.when places "the week before 3 August 2023"
    assert relation(analyse("What did Omar do the week before 3 August 2023?", speakers)) is None
    assert relation(analyse("When did Omar move two days after the storm?", speakers)) is None


def test_a_sentence_saying_the_same_relation_tells_the_thing() -> None:
    """Three shapes: a plan ahead, a past told back, a fragment after "then"."""
    cases = [
        ("What happened two days after Omar got back from Oslo?",
         [("D1:1", "Omar", "We fly back from Oslo on 3 June.", "2023-05-07"),
          ("D1:2", "Omar", "My sister starts her new job two days after we're back, so busy!",
           "2023-05-07")],
         "My sister starts her new job"),
        ("What did Ilse do the day before her driving test?",
         [("D1:1", "Ilse", "I passed my driving test last Friday!", "2023-05-07"),
          ("D1:2", "Ilse", "I practised parking for hours the day before the test.",
           "2023-05-07")],
         "I practised parking for hours"),
        ("What happened three days after the storm hit Omar's town?",
         [("D1:1", "Omar", "The storm hit our town on Monday, trees everywhere.", "2023-05-07"),
          ("D1:2", "Omar", "Then the power came back three days after the storm.",
           "2023-05-07")],
         "the power came back"),
    ]
    for question, turns, expected in cases:
        assert _answer(question, turns) == expected, question
        assert _answer(question, turns, _OFF) != expected, question


def test_the_thing_dated_that_many_days_after_the_event() -> None:
    """Three shapes: a weekday after a weekday, a date after a date, the week before."""
    cases = [
        ("What did Ilse do two days after her job interview?",
         [("D1:1", "Ilse", "My job interview was on Tuesday and it went fine.", "2023-05-07"),
          ("D1:2", "Ilse", "I felt tired all week.", "2023-05-07"),
          ("D1:3", "Ilse", "Then on Thursday I signed up for a pottery course.", "2023-05-07")],
         "signed up for a pottery course"),
        ("What did Omar do three days after the harvest festival?",
         [("D1:1", "Omar", "At the harvest festival on 2 May we ate pumpkin pie.", "2023-05-07"),
          ("D1:2", "Omar", "On 5 May I repainted the garden shed.", "2023-05-07")],
         "repainted the garden shed"),
        ("What did Ilse do the week before her sister's wedding?",
         [("D1:1", "Ilse", "I danced all night at my sister's wedding on 28 April.",
           "2023-05-07"),
          ("D1:2", "Ilse", "On 23 April we baked the cake together.", "2023-05-07")],
         "baked the cake together"),
    ]
    for question, turns, expected in cases:
        assert _answer(question, turns) == expected, question
        assert _answer(question, turns, _OFF) != expected, question


def test_nothing_dated_then_leaves_the_answer_as_it_was() -> None:
    turns = [("D1:1", "Omar", "The harvest festival was on 2 May, so much food.", "2023-05-07"),
             ("D1:2", "Omar", "I repainted the garden shed on 20 April.", "2023-05-07")]
    question = "What did Omar do three days after the harvest festival?"
    assert _answer(question, turns) == _answer(question, turns, _OFF)


def test_what_was_done_on_a_date_asked() -> None:
    """"What did X do on / in <date>?": the first of the best sentences dated then, told as
    what was done (family what_dated); three shapes: a day stated, a month, a plan told
    before ("going to" dropped: the act)."""
    cases = [
        ("What did Omar do at the allotment on 2 May 2023?",
         [("D1:1", "Omar", "I love the allotment, we planted leeks there last year.",
           "2023-05-07"),
          ("D1:2", "Omar", "On 2 May I rebuilt the fence with my dad.", "2023-05-07")],
         "rebuilt the fence with my dad"),
        ("What did Ilse and her running club do in March 2023?",
         [("D1:1", "Ilse", "Me and my running club had a picnic last week, lovely.",
           "2023-05-07"),
          ("D1:2", "Ilse", "Back in March we ran a relay across the moors.", "2023-05-07")],
         "ran a relay across the moors"),
        ("What did Omar's band do on 12 and 13 August 2023?",
         [("D1:1", "Omar", "My band played a gig last night and we sold ten shirts.",
           "2023-05-07"),
          ("D1:2", "Omar", "So we're going to repaint the kitchen in August.", "2023-05-07")],
         "repaint the kitchen"),
    ]
    for question, turns, expected in cases:
        assert _answer(question, turns) == expected, question
        assert _answer(question, turns, frozenset({"what_dated"})) != expected, question


def test_no_dated_thing_without_a_date_on_it() -> None:
    """A date counted from ("the week before 3 May") or none dated then: as it was."""
    turns = [("D1:1", "Omar", "I love my garden more than anything.", "2023-05-07"),
             ("D1:2", "Omar", "On 20 April I rebuilt the garden fence.", "2023-05-07")]
    for question in ("What did Omar do on 2 May 2023?",
                     "What did Omar do the week before 3 May 2023?"):
        assert _answer(question, turns) == _answer(question, turns, frozenset({"what_dated"}))


def test_the_same_words_counted_from_another_point_tell_nothing() -> None:
    """"the day after *tomorrow*", "the week before *last*", "the day after *the wedding*"
    count from another point than the event asked: the thing dated from the event answers.
    Three shapes."""
    cases = [
        ("What did Omar do the day after the party?",
         [("D1:1", "Omar", "The party was on Saturday and it was wild.", "2023-05-07"),
          ("D1:2", "Omar", "On Sunday I cleaned up the whole flat after the party.",
           "2023-05-07"),
          ("D1:3", "Omar", "We fly out the day after tomorrow, can't wait!", "2023-05-07")],
         "cleaned up the whole flat after the party"),
        ("What did Ilse do the week before her trip?",
         [("D1:1", "Ilse", "My trip to the coast was on 20 April.", "2023-05-07"),
          ("D1:2", "Ilse", "I was exhausted the week before last, so many deadlines.",
           "2023-05-07"),
          ("D1:3", "Ilse", "On 15 April I packed and bought sunscreen.", "2023-05-07")],
         "packed and bought sunscreen"),
        ("What did Ilse do the day after her birthday?",
         [("D1:1", "Ilse", "My birthday was on Friday, we had cake.", "2023-05-07"),
          ("D1:2", "Ilse", "I was so sore the day after the wedding, too much dancing.",
           "2023-05-07"),
          ("D1:3", "Ilse", "On Saturday I went to the zoo to celebrate my birthday.",
           "2023-05-07")],
         "went to the zoo to celebrate my birthday"),
    ]
    for question, turns, expected in cases:
        assert _answer(question, turns) == expected, question


def test_for_a_count_of_days_after_says_how_long() -> None:
    """"for two weeks after the surgery" says how long, not when: no relation asked, and a
    sentence saying it tells no thing done then. Three shapes."""
    speakers = {"Ilse", "Omar"}
    assert relation(analyse("What did Omar do for two weeks after his surgery?", speakers)) \
        is None
    cases = [
        ("What did Omar do two weeks after his surgery?",
         [("D1:1", "Omar", "My surgery was on 2 April.", "2023-05-07"),
          ("D1:2", "Omar", "I stayed in bed for two weeks after the surgery.", "2023-05-07"),
          ("D1:3", "Omar", "On 16 April I went back to work.", "2023-05-07")],
         "went back to work"),
        ("What did Ilse do three days after the match?",
         [("D1:1", "Ilse", "The match was on 6 April and we lost.", "2023-05-07"),
          ("D1:2", "Ilse", "I could barely walk for three days after the match!",
           "2023-05-07"),
          ("D1:3", "Ilse", "On 9 April I went swimming in the lake.", "2023-05-07")],
         "went swimming in the lake"),
    ]
    for question, turns, expected in cases:
        assert _answer(question, turns) == expected, question


def test_a_season_or_a_year_tells_nothing_done_on_a_day_asked() -> None:
    """A sentence dated by a span far longer than the one asked (a season, a year) holds it
    among many days: the one dated inside it answers. Three shapes: a season for a day, a
    year for a month, a year for a day told as "yesterday"."""
    cases = [
        ("What did Omar do on 5 May 2023?",
         [("D1:1", "Omar", "This spring I did so much hiking, May especially.", "2023-05-07"),
          ("D1:2", "Omar", "Friday I finally repainted the kitchen.", "2023-05-07")],
         "repainted the kitchen"),
        ("What did Ilse do in March 2023?",
         [("D1:1", "Ilse", "This year I did loads of painting, March too.", "2023-05-07"),
          ("D1:2", "Ilse", "On 4 March I ran a relay across the moors.", "2023-05-07")],
         "ran a relay across the moors"),
        ("What did Ilse do on 6 May 2023?",
         [("D1:1", "Ilse", "This year I did so much, may it never end!", "2023-05-07"),
          ("D1:2", "Ilse", "Yesterday I repotted all my plants.", "2023-05-07")],
         "repotted all my plants"),
    ]
    for question, turns, expected in cases:
        assert _answer(question, turns) == expected, question


def test_a_counted_week_is_about_that_many_days() -> None:
    """"a week after the move" is about seven days on, not the next day ("the week after"
    is any day of the week that follows). Three shapes: a week after, two weeks after, a
    week before."""
    speakers = {"Ilse", "Omar"}
    assert relation(analyse("What did Omar do a week after the move?", speakers))[0] == (4, 10)
    assert relation(analyse("What did Omar do the week after the move?", speakers))[0] == (1, 7)
    cases = [
        ("What did Omar do a week after the move?",
         [("D1:1", "Omar", "We did the move on 1 May, exhausting.", "2023-05-07"),
          ("D1:2", "Omar", "On 2 May I unpacked the boxes in the kitchen after the move.",
           "2023-05-07"),
          ("D1:3", "Omar", "On 8 May I threw a housewarming party.", "2023-05-07")],
         "threw a housewarming party"),
        ("What did Ilse do two weeks after her surgery?",
         [("D1:1", "Ilse", "My surgery was on 2 April, all went well.", "2023-05-07"),
          ("D1:2", "Ilse", "On 10 April I walked to the corner shop after the surgery.",
           "2023-05-07"),
          ("D1:3", "Ilse", "On 16 April I went back to the office.", "2023-05-07")],
         "went back to the office"),
        ("What did Omar do a week before his wedding?",
         [("D1:1", "Omar", "Our wedding was on 29 April, a dream.", "2023-05-07"),
          ("D1:2", "Omar", "On 28 April I had a last fitting for the wedding suit.",
           "2023-05-07"),
          ("D1:3", "Omar", "On 22 April I had my stag party in the mountains.", "2023-05-07")],
         "had my stag party in the mountains"),
    ]
    for question, turns, expected in cases:
        assert _answer(question, turns) == expected, question


def test_counts_read_as_the_date_rules_read_them() -> None:
    """The count before the unit is read as mrgraph.dates reads one (dates.resolved.count_of):
    "eleven", "a couple of"; a vague "a few" counts no day. Three shapes."""
    speakers = {"Ilse", "Omar"}
    assert relation(analyse("What did Omar do eleven days after the move?", speakers))[0] == \
        (11, 11)
    assert relation(analyse("What did Ilse do a couple of days after her exam?",
                            speakers))[0] == (2, 2)
    assert relation(analyse("What did Ilse do a few days after her exam?", speakers)) is None


def test_a_relation_after_a_clause_word_places_the_clause_after_it() -> None:
    """"It rained *so* two days after the move we painted the hallway": the relation opens
    the clause after the conjunction, so what comes before it ("It rained so") is no thing
    done then. Three shapes: "so", "and", "because"."""
    cases = [
        ("What did Omar do two days after the move?",
         [("D1:1", "Omar", "We moved on 1 May, finally.", "2023-05-07"),
          ("D1:2", "Omar", "It rained so two days after the move we painted the hallway.",
           "2023-05-07")], "It rained so"),
        ("What did Ilse do the day before the exam?",
         [("D1:1", "Ilse", "The exam was on 3 May and it went well.", "2023-05-07"),
          ("D1:2", "Ilse", "I was a wreck and the day before the exam I cleaned the house.",
           "2023-05-07")], "I was a wreck and"),
        ("What did Ilse do the week before the race?",
         [("D1:1", "Ilse", "The race was on 30 April.", "2023-05-07"),
          ("D1:2", "Ilse", "I felt ready because the week before the race I ran every day.",
           "2023-05-07")], "I felt ready because"),
    ]
    for question, turns, dangling in cases:
        assert _answer(question, turns) != dangling, question
    question, turns, _ = cases[0]
    assert _answer(question, turns) == "painted the hallway"


def test_a_sentence_dated_then_telling_no_act_of_the_person_does_not_answer_do() -> None:
    """"What did X do on <date>?" is answered by what they say they did: a sentence dated
    then that tells no act of theirs ("My sister's birthday was on 2 May") yields to the
    next. Three shapes: a day, a month, a day counted from an event."""
    cases = [
        ("What did Ilse do on 2 May 2023?",
         [("D1:1", "Ilse", "My sister's birthday was on 2 May, she turned thirty.",
           "2023-05-07"),
          ("D1:2", "Ilse", "On 2 May I ran a 10k in the rain.", "2023-05-07")],
         "ran a 10k in the rain"),
        ("What did Omar do in April 2023?",
         [("D1:1", "Omar", "April was so rainy, the garden flooded in April.", "2023-05-07"),
          ("D1:2", "Omar", "In April I finally fixed the garage roof.", "2023-05-07")],
         "fixed the garage roof"),
        ("What did Omar do two days after his exam?",
         [("D1:1", "Omar", "My exam was on Monday, so stressful.", "2023-05-07"),
          ("D1:2", "Omar", "The weather on Wednesday was awful, it poured.", "2023-05-07"),
          ("D1:3", "Omar", "On Wednesday I repaired my bike.", "2023-05-07")],
         "repaired my bike"),
    ]
    for question, turns, expected in cases:
        assert _answer(question, turns) == expected, question


def test_another_s_act_asked_is_told_without_i() -> None:
    """"What did X's sister do on <date>?" asks another's act, told without "I" ("My sister
    ran a marathon on 2 May"): that sentence still answers. Three shapes: a sister, a dog,
    a band."""
    cases = [
        ("What did Omar's sister do on 2 May 2023?",
         [("D1:1", "Omar", "My sister ran a marathon on 2 May, so proud of her.", "2023-05-07"),
          ("D1:2", "Omar", "I love my sister, she is the best.", "2023-05-07")],
         "ran a marathon"),
        ("What did Ilse's dog do on 3 May 2023?",
         [("D1:1", "Ilse", "On Wednesday my dog ate a whole sock!", "2023-05-07"),
          ("D1:2", "Ilse", "My dog is a menace but I love him.", "2023-05-07")],
         "ate a whole sock"),
        ("What did Omar's band do in April 2023?",
         [("D1:1", "Omar", "In April the band recorded four new songs.", "2023-05-07"),
          ("D1:2", "Omar", "The band is my whole life.", "2023-05-07")],
         "recorded four new songs"),
    ]
    for question, turns, expected in cases:
        assert expected in _answer(question, turns), question


def test_a_time_opening_the_sentence_told_is_left_out() -> None:
    """The question places the thing: a time adjunct opening the sentence told ("*On
    Tuesday* the garage towed it away") is left out as one inside a predicate is. Three
    shapes: a weekday after an event, a month asked, a weekday for a day asked."""
    cases = [
        ("What happened to Omar's car the day after the crash?",
         [("D1:1", "Omar", "I crashed my car on Monday, nobody was hurt.", "2023-05-07"),
          ("D1:2", "Omar", "On Tuesday the garage towed it away.", "2023-05-07")],
         "the garage towed it away"),
        ("What did Omar's band do in April 2023?",
         [("D1:1", "Omar", "In April the band recorded four new songs.", "2023-05-07"),
          ("D1:2", "Omar", "The band is my whole life.", "2023-05-07")],
         "the band recorded four new songs"),
        ("What happened to Ilse's garden on 3 May 2023?",
         [("D1:1", "Ilse", "On Wednesday the garden flooded after the storm.", "2023-05-07"),
          ("D1:2", "Ilse", "My garden is my pride and joy.", "2023-05-07")],
         "the garden flooded after the storm"),
    ]
    for question, turns, expected in cases:
        assert _answer(question, turns) == expected, question


def test_a_list_asked_a_counted_time_after_keeps_the_list_reader() -> None:
    """"What places did X visit the week before ...?" asks for things, which the list reader
    gives; after_event answers "what did X do / what happened" alone: three shapes (places,
    books, sports; the middle one the list reader answers either way)."""
    cases = [
        ("What places did Omar visit the week before his sister's wedding?",
         [("D1:1", "Omar", "My sister's wedding is on 30 May, so excited.", "2023-05-07"),
          ("D1:2", "Omar", "On 25 May I visited the castle museum and the old harbour.",
           "2023-05-07")], "castle museum, the old harbour"),
        ("What books did Ilse read two days after her exam?",
         [("D1:1", "Ilse", "My exam was on Tuesday.", "2023-05-07"),
          ("D1:2", "Ilse", "On Thursday I read two books, a thriller and a cookbook.",
           "2023-05-07")], "thriller, a cookbook"),
        ("What sports did Omar try the day after the move?",
         [("D1:1", "Omar", "We moved house on Wednesday.", "2023-05-07"),
          ("D1:2", "Omar", "On Thursday I tried rowing and fencing at the club.", "2023-05-07")],
         "rowing, fencing"),
    ]
    for question, turns, expected in cases:
        assert _answer(question, turns) == expected, question


def test_the_date_a_question_places_the_thing_on() -> None:
    """what_dated reads a date the question places the thing on ("on", "in", "during" before
    it or opening it, the first of two days included), not one counted from or a span's end;
    "on his birthday in 2022" is placed by its "in", not by "on his"."""
    for text, phrase, placed in [
        ("What happened in 2022?", "in 2022", True),
        ("What did they do on 4 and 5 March 2024?", "5 March 2024", True),
        ("What happened during May 2023?", "May 2023", True),
        ("What did Omar do the week before 3 August 2023?", "3 August 2023", False),
        ("What did Omar do between 4 and 9 March 2023?", "9 March 2023", False),
        ("What did Omar do on his trip, 3 August 2023?", "3 August 2023", False),
    ]:
        assert _placed(text, phrase) is placed, text
