"""A length of time asked for: the span said, without "ago" unless asked "how long ago";
worked out from two dates when nobody said it (reader.lengths), in words up to twelve.
Sessions: Sunday 7 May 2023 (tests.unit.test_reader.state)."""

from __future__ import annotations

from mrgraph.policies.turns import found
from mrgraph.reader.read import read as reader_read
from tests.unit.test_reader import state
from tests.unit.test_reader_when import sessions
from tests.unit.walked import read


def _answer(question: str, turns: list[tuple[str, str, str]]) -> str:
    return read(state(question, turns)).answer


def test_a_length_said_is_no_date_and_ago_only_places_it() -> None:
    said = [("D1:1", "Zofia", "I got my bike three weeks ago and ride it every day.")]
    assert _answer("How long has Zofia had her bike?", said) == "three weeks"
    assert _answer("How many weeks has Zofia had her bike?", said) == "three weeks"
    assert _answer("How long ago did Zofia get her bike?", said) == "three weeks ago"


def test_how_long_between_two_dated_things() -> None:
    turns = [("D1:1", "Omar", "We moved to the coast in January 2023, what a winter."),
             ("D1:2", "Omar", "The wedding was in April 2023, right after the thaw.")]
    assert _answer("How many months passed between Omar moving to the coast and the "
                   "wedding?", turns) == "three months"
    assert _answer("How long between Omar's move to the coast and the wedding?", turns) == \
        "three months"


def test_how_long_has_someone_been_doing_it_from_when_they_started() -> None:
    turns = [("D1:1", "Zofia", "I started learning the cello in 2019, best decision ever.")]
    assert _answer("How long has Zofia been learning the cello?", turns) == "four years"
    turns = [("D1:1", "Omar", "I began volunteering at the soup kitchen last month, it's humbling.")]
    assert _answer("How long has Omar been volunteering at the soup kitchen?", turns) == "five weeks"


def test_no_length_without_the_dates() -> None:
    """A question that names two things only one of which was dated: the date answers."""
    turns = [("D1:1", "Omar", "We moved to the coast in January 2023, what a winter.")]
    answer = _answer("How many months passed between Omar moving to the coast and the "
                     "harvest festival?", turns)
    assert not answer.endswith(("month", "months")), answer  # no length made up


def test_between_two_things_is_worked_out_before_any_span_said() -> None:
    """A span a turn says ("a couple of weeks ago") is rarely the time between two other
    things: between A and B, their dates decide (three shapes: months, weeks, days)."""
    cases = [
        ("How many months passed between Omar moving to the coast and the wedding?",
         [("D1:1", "Omar", "We moved to the coast in January 2023, what a winter."),
          ("D1:2", "Omar", "I joined a choir a couple of weeks ago, lovely people."),
          ("D1:3", "Omar", "The wedding was in April 2023, right after the thaw.")],
         "three months"),
        ("How many weeks passed between Zofia buying the red kayak and the river race?",
         [("D1:1", "Zofia", "I bought the red kayak six weeks ago, my pride and joy."),
          ("D1:2", "Zofia", "Training for two weeks now, my arms hurt."),
          ("D1:3", "Zofia", "The river race was yesterday and I came fifth!")],
         "six weeks"),
        ("How many days passed between Omar painting the shed and the garden party?",
         [("D1:1", "Omar", "I painted the shed on 1 May 2023, finally."),
          ("D1:2", "Omar", "The garden party was on 5 May 2023 and the paint was dry.")],
         "four days"),
    ]
    for question, turns, expected in cases:
        assert _answer(question, turns) == expected, question


def test_years_of_something_still_going_on_say_when_it_began() -> None:
    """"How long has ..." is answered by a length and its start alike: years said in a
    session of 2023 start that many years before (three shapes); a past perfect, a span of
    weeks and a start said as a year stay as said."""
    cases = [
        ("How long has Zofia been painting?",
         [("D1:1", "Zofia", "Nine years now, and I still love every minute.")],
         "nine years, since 2014"),
        ("How long have Omar and Lena been married?",
         [("D1:1", "Omar", "Lena and I have been married 5 years this spring.")],
         "5 years, since 2018"),
        ("How long has Zofia had her allotment?",
         [("D1:1", "Zofia", "I took on the allotment ten years ago, best thing I ever did.")],
         "ten years, since 2013"),
        ("How long had Zofia been painting when she sold her first piece?",
         [("D1:1", "Zofia", "I had been painting for seven years when I sold my first one.")],
         "seven years"),
        ("How long has Zofia had her bike?",
         [("D1:1", "Zofia", "I got my bike three weeks ago and ride it every day.")],
         "three weeks"),
        ("How long has Omar worked at the library?",
         [("D1:1", "Omar", "I've worked at the library since 2019, quiet but lovely.")],
         "since 2019"),
    ]
    for question, turns, expected in cases:
        assert _answer(question, turns) == expected, question


def test_a_span_in_the_clause_asked_about_stays() -> None:
    """The span's own clause holds the question, or the question asks "how long did": the
    span answers."""
    turns = [("D1:1", "Zofia", "I've been learning Spanish for two years, and my sister "
              "started in May.")]
    assert _answer("How long has Zofia been learning Spanish?", turns) == \
        "two years, since 2021"
    turns = [("D1:1", "Omar", "I flew to Lisbon in May, and I stayed with my aunt two weeks.")]
    assert _answer("How long did Omar stay with his aunt?", turns) == "two weeks"


def test_one_sentence_with_one_date_is_no_length() -> None:
    """A sentence dating one thing only: no length is worked out from it (the date it gives
    answers, as for a "when")."""
    turns = [("D1:1", "Zofia", "Signed the deed yesterday, so excited about the workshop!")]
    assert _answer("How many days passed between Zofia signing the deed and moving in?",
                   turns) == "6 May 2023"


def _told(question: str, turns: list[tuple[str, str, str, str]],
          off: frozenset[str] = frozenset()) -> str:
    return reader_read(found(sessions(question, turns), False), off=off).answer


def test_a_length_nobody_said_is_worked_out_from_the_story() -> None:
    """No span said, no "between": the length from the earliest date of the sentences
    telling it to the latest (a date stated, else the day it was said; a plan dates a
    start as well); "how long has / had" with its start stated, since then (four shapes:
    a thing still had, a past perfect, a thing done over months, a stay)."""
    cases = [
        ("How long has Omar had his van?",
         [("D1:1", "Omar", "I bought a camper van last March!", "2023-05-07"),
          ("D2:1", "Omar", "The van is still running great, we drove it to the lake.",
           "2023-08-10")],
         "five months, since March 2023"),
        ("How long had Omar been running when he signed up for the marathon?",
         [("D1:1", "Omar", "I signed up for the marathon, no backing out now.", "2023-05-07"),
          ("D1:2", "Omar", "A friend dragged me out running in January and now I'm hooked.",
           "2023-05-07")],
         "four months, since January 2023"),
        ("How long did it take Omar to build the boat?",
         [("D1:1", "Omar", "I started building a wooden boat in my garage this week.",
           "2023-02-07"),
          ("D2:1", "Omar", "The boat is finally finished! I put it in the water yesterday.",
           "2023-08-10")],
         "six months"),
        ("How long did Zofia stay in Lisbon?",
         [("D1:1", "Zofia", "I fly to Lisbon on 3 June for work.", "2023-05-07"),
          ("D2:1", "Zofia", "I got back from Lisbon on 24 June, exhausted.", "2023-06-27")],
         "three weeks"),
    ]
    for question, turns, expected in cases:
        assert _told(question, turns) == expected, question
        assert _told(question, turns, frozenset({"story_span"})) != expected, question


def test_no_story_length_from_one_day() -> None:
    """Every sentence telling it of one day, none stating another: no length (the date)."""
    turns = [("D1:1", "Zofia", "I finally opened my bakery, so proud!", "2023-05-07"),
             ("D1:2", "Zofia", "The bakery smells of cinnamon all the time.", "2023-05-07")]
    assert _told("How long did it take Zofia to open her bakery?", turns) == "7 May 2023"


def test_a_story_length_rests_on_the_date_the_question_rests_on() -> None:
    """From the date the question rests on, not the oldest any sentence states ("my dad
    drove one in 1995"); "how long has" to the last day it was told, a start told without a
    date counting from its day; a trip from its start to its end (three shapes)."""
    cases = [
        ("How long has Omar had his van?",
         [("D1:1", "Omar", "I bought a camper van last March!", "2023-05-07"),
          ("D1:2", "Omar", "My dad drove a van like that in 1995, I loved it.", "2023-05-07"),
          ("D2:1", "Omar", "The van is still running great, we drove it to the lake.",
           "2023-08-10")],
         "five months, since March 2023"),
        ("How long has Omar been volunteering at the soup kitchen?",
         [("D1:1", "Omar", "I volunteer at the soup kitchen now, it's humbling.",
           "2023-03-07"),
          ("D2:1", "Omar", "The kitchen asked me to run the weekend shift.", "2023-09-10")],
         "six months"),
        ("How long did Omar's road trip last?",
         [("D1:1", "Omar", "We start our road trip on Friday, the car is packed.", "2023-05-03"),
          ("D2:1", "Omar", "We got back from the road trip last night, so tired.",
           "2023-05-20")],
         "two weeks"),
    ]
    for question, turns, expected in cases:
        assert _told(question, turns) == expected, question


def test_no_story_length_for_hours_or_a_habit() -> None:
    """A length of hours, or of a habit asked in the present, is no span between the days
    things were told (three shapes): no story length."""
    turns = [("D1:1", "Omar", "We drove to the lake on Saturday, beautiful water.", "2023-05-07"),
             ("D2:1", "Omar", "The lake was freezing when we went back.", "2023-08-10")]
    for question in ("How many hours did Omar drive to the lake?",
                     "How long does Omar's drive to the lake take?",
                     "How many days a week does Omar swim in the lake?"):
        answer = _told(question, turns)
        assert not answer.endswith(("months", "weeks")), question


def test_the_second_thing_between_points_back_to_the_first() -> None:
    """"Between A and <B after *it* / B's second *one* *there*>": B's words point back to A,
    whose words it takes, and the two are told in different turns: B's best turn is not A's
    (refers_back); without it, a span said nearby answers instead."""
    cases = [
        ("How many weeks passed between Omar's scooter crash and his first outing after it?",
         [("D1:1", "Omar", "I crashed my scooter last Saturday, my arm is a mess.", "2023-06-14"),
          ("D1:3", "Omar", "The doctor says a sling for a few weeks.", "2023-06-14"),
          ("D2:1", "Omar", "I went out on Sunday, the first time since the crash!",
           "2023-08-16")],
         "nine weeks"),
        ("How many days passed between Zofia's first gig at the Crown and her second one there?",
         [("D1:1", "Zofia", "My first gig at the Crown is on 3 June, so nervous.", "2023-05-20"),
          ("D1:3", "Zofia", "We rehearsed for two weeks straight.", "2023-05-20"),
          ("D2:1", "Zofia", "We played the Crown again on Friday, even better.", "2023-06-14")],
         "six days"),
        ("How many weeks passed between Omar's job interview and the offer after it?",
         [("D1:1", "Omar", "I had my job interview yesterday, fingers crossed.", "2023-06-14"),
          ("D1:3", "Omar", "They said they'd decide within a couple of days.", "2023-06-14"),
          ("D2:1", "Omar", "They said yes on Monday, weeks after the interview!",
           "2023-07-05")],
         "three weeks"),
    ]
    for question, turns, expected in cases:
        assert read(sessions(question, turns)).answer == expected, question
        off = reader_read(found(sessions(question, turns), False),
                          off=frozenset({"refers_back"}))
        assert off.answer != expected, question


def test_one_turn_telling_both_things_dates_each_itself() -> None:
    """Between A and B, both told in one turn with a date each: B does not point back to A,
    so each keeps its own date, not B's next-best turn's (three shapes: days, months, weeks)."""
    cases = [
        ("How many days passed between Omar starting his new job and moving to Sheffield?",
         [("D1:1", "Omar", "I started my new job on 1 May. Then I moved to Sheffield on 20 May, "
           "what a month.", "2023-06-01"),
          ("D2:1", "Omar", "Sheffield is great, the job is hard.", "2023-07-01")],
         "19 days"),
        ("How many months passed between Zofia adopting the kitten and adopting the puppy?",
         [("D1:1", "Zofia", "I adopted the kitten in March. Then I adopted the puppy in June, "
           "busy spring!", "2023-07-01"),
          ("D2:1", "Zofia", "The puppy loves the beach, the kitten hates it.", "2023-08-01")],
         "three months"),
        ("How many weeks passed between Anouk planting the roses and the garden show?",
         [("D1:1", "Anouk", "We planted the roses on 2 April. The garden show was on 14 May "
           "and they bloomed!", "2023-05-20"),
          ("D2:1", "Anouk", "The roses are huge now, the show judges loved them.",
           "2023-06-20")],
         "six weeks"),
    ]
    for question, turns, expected in cases:
        assert read(sessions(question, turns)).answer == expected, question


def test_only_a_pronoun_points_back_to_the_first_thing() -> None:
    """"A one-day course", "no one else", "the trip that she booked": no "one" or "that"
    standing for the first thing, so the second keeps the date of its own turn."""
    cases = [
        ("How many days passed between Omar's first driving lesson and his one-day first aid "
         "course?",
         [("D1:1", "Omar", "My first driving lesson was on 2 May. Then I did a one-day first "
           "aid course on 9 May.", "2023-05-20"),
          ("D2:1", "Omar", "The first aid course was useful, the driving is scary.",
           "2023-06-20")],
         "seven days"),
        ("How many days passed between Omar's job offer and the flat that no one else wanted?",
         [("D1:1", "Omar", "I got the job offer on 2 May. Then I found the flat on 12 May, no "
           "one else wanted it.", "2023-05-20"),
          ("D2:1", "Omar", "The flat is tiny but the job offer was great.", "2023-06-20")],
         "ten days"),
        ("How many weeks passed between Anouk's exam and the trip that she booked?",
         [("D1:1", "Anouk", "My exam was on 2 May. I booked a trip for 30 May to celebrate.",
           "2023-05-20"),
          ("D2:1", "Anouk", "The trip was lovely after the exam stress.", "2023-06-20")],
         "four weeks"),
    ]
    for question, turns, expected in cases:
        assert read(sessions(question, turns)).answer == expected, question
