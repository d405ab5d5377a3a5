"""The shapes a review of the list, purpose, wrong-person and "when" rules found answered wrong
(each failed before its mend): invented sentences."""

from __future__ import annotations

from mrgraph.policies.turns import found
from mrgraph.reader.items import split_and
from mrgraph.reader.read import read as reader_read
from mrgraph.types import NOT_MENTIONED
from tests.unit.marks import needs_wordnet
from tests.unit.test_reader import state
from tests.unit.test_reader_when import sessions
from tests.unit.walked import read

CRASH = [("D1:1", "Omar", "I crashed my bike last Saturday, my arm is a mess.", "2023-06-14"),
         ("D1:3", "Omar", "The doctor says a sling for a few weeks.", "2023-06-14"),
         ("D2:1", "Omar", "I went out on Sunday, the first time since the crash!", "2023-08-16")]
GIG = [("D1:1", "Zofia", "My first gig at the Crown is on 3 June, so nervous.", "2023-05-20"),
       ("D1:3", "Zofia", "We rehearsed for two weeks straight.", "2023-05-20"),
       ("D2:1", "Zofia", "We played the Crown again on Friday, even better.", "2023-06-14")]


def _says(question: str, turns: list[tuple[str, str, str]]) -> str:
    return reader_read(found(state(question, turns), False)).answer


@needs_wordnet
def test_a_second_thing_pointing_back_in_other_words() -> None:
    """"following it", "getting over it", "after the crash", "her new one", "the one after"
    point back too: the later turn dates the second thing (refers_back)."""
    for ending in ("his first outing following it", "getting over it",
                   "his first outing after the crash"):
        question = f"How many weeks passed between Omar's bike crash and {ending}?"
        assert read(sessions(question, CRASH)).answer == "nine weeks", question
    for ending in ("her new one", "the one after"):
        question = f"How many days passed between Zofia's first gig at the Crown and {ending}?"
        assert read(sessions(question, GIG)).answer == "six days", question


@needs_wordnet
def test_a_purpose_after_a_thing_not_a_person_is_cut() -> None:
    """A verb that may take a person and an infinitive ("teach", "help", "let") takes none
    here: the infinitive is the purpose the question states, and goes (did_purpose)."""
    cases = [("What did Omar do to raise money for the shelter?",
              "I taught a cooking class to raise money for the shelter.",
              "taught a cooking class"),
             ("What did Omar do to give back to his community?",
              "I helped at the food bank every week to give back to my community.",
              "helped at the food bank every week")]
    for question, text, expected in cases:
        assert _says(question, [("D1:1", "Omar", text), ("D1:2", "Zofia", "Lovely!")]) == \
            expected, question
    # a person after the verb: the infinitive is theirs, no purpose of the speaker's
    said = _says("What did Omar do to fix the roof?",
                 [("D1:1", "Omar", "I asked my uncle to fix the roof."),
                  ("D1:2", "Zofia", "Smart!")])
    assert said != "asked my uncle"


@needs_wordnet
def test_the_persons_own_doing_beside_a_you_and_no_excuse_as_a_reply() -> None:
    """wp_perfect: "I painted a portrait of my dad, you would love it" is the person's own
    doing in its first clause; "Sadly I've been swamped" / "Nope, I've been travelling" reply
    to "Have you painted anything?" without saying they did."""
    zofia = [("D1:1", "Zofia", "I painted a sunset over the bay last month."),
             ("D2:1", "Zofia", "I painted a portrait of my gran, in oils.")]
    own = [*zofia, ("D3:1", "Omar", "Nice! I painted a portrait of my dad, you would love it.")]
    assert "portrait of my dad" in _says("What has Omar painted?", own)
    for reply in ("Sadly I've been swamped with work lately.", "Nope, I've been travelling.",
                  "Honestly I've been too busy, work is crazy."):
        turns = [*zofia, ("D3:1", "Zofia", "Have you painted anything lately?"),
                 ("D3:2", "Omar", reply)]
        assert _says("What has Omar painted?", turns) == NOT_MENTIONED, reply


@needs_wordnet
def test_commas_after_numbers() -> None:
    assert split_and("Maroon 5, Blur, and Oasis") == ["Maroon 5", "Blur", "Oasis"]
    assert split_and("2019, 2020, and 2022") == ["2019", "2020", "2022"]
    assert split_and("a £1,200 bike and a lamp") == ["a £1,200 bike", "a lamp"]


@needs_wordnet
def test_a_noun_ending_in_ed_opens_no_clause() -> None:
    """ph_serial: "garden shed paint", "carrot seed cake" hold no past form: the serial ", and"
    still joins the two items."""
    for question, text, second in (
            ("What did Omar buy?", "I bought compost, and garden shed paint.", "shed paint"),
            ("What did Omar order?", "I ordered coffee, and carrot seed cake.", "seed cake")):
        said = _says(question, [("D1:1", "Omar", text), ("D1:2", "Zofia", "Nice!")])
        assert second in said, (question, said)
