"""Reader: a shared photo's caption stands in for the sentence of its turn that points at it
("Here's my first try!" + "a photo of a pottery bowl"), scored like that sentence, when the
caption holds some of the question (reader.evidence, family "photo")."""

from __future__ import annotations

from mrgraph.policies.base import State
from mrgraph.reader.question import analyse
from tests.unit.marks import needs_wordnet
from tests.unit.test_reader import state
from tests.unit.walked import read, sentences

SPEAKERS = ("Zofia", "Omar")
BOOTS = "a photo of a pair of hiking boots on a wooden floor"


def shared(question: str, turns: list[tuple[str, str, str]], captions: dict[str, str]) -> State:
    """`state` whose turns carry the captions of the photos they share, as turn records do
    ("caption", toolcore.turn_record), keyed by dia_id."""
    s = state(question, turns)
    for dia_id, caption in captions.items():
        s.evidence.turns[f"c1/{dia_id}"]["caption"] = caption
    return s


def _texts(s: State, question: str, off: frozenset[str] = frozenset()) -> list[str]:
    return [x.text for x in sentences(s, analyse(question, SPEAKERS, off))]


@needs_wordnet
def test_the_photo_a_sentence_points_at_answers_what_it_shows() -> None:
    question = "What did Zofia make at her pottery class?"
    s = shared(question, [("D1:1", "Omar", "How was your class?"),
                          ("D1:2", "Zofia", "So much fun. Here's my first try!")],
               {"D1:2": "a photo of a pottery bowl with a blue glaze"})
    assert read(s).answer == "bowl" and read(s).supports == ("D1:2",)
    question = "What did Omar's kids paint at the workshop?"
    s = shared(question, [("D1:1", "Zofia", "How was the weekend?"),
                          ("D1:2", "Omar", "Look at what my kids painted at the workshop!")],
               {"D1:2": "a photo of a painting of a red fox in the snow"})
    assert read(s).answer == "red fox"
    question = "What did Omar get for hiking?"
    s = shared(question, [("D1:1", "Omar", "I finally went shopping. These are for hiking."),
                          ("D1:2", "Zofia", "Nice!")], {"D1:1": BOOTS})
    assert read(s).answer == "boots"


def test_the_caption_stands_in_for_the_pointing_sentence() -> None:
    question = "What did Zofia bake for the fair?"
    s = shared(question, [("D1:1", "Zofia", "I baked all morning for the fair! Take a look."),
                          ("D1:2", "Omar", "Yum!")],
               {"D1:1": "a photography of a baked lemon tart on a plate"})
    found = sentences(s, analyse(question, SPEAKERS))
    at = [x.text for x in found].index("a baked lemon tart on a plate")  # without its opener
    photo, pointing = found[at], found[at + 1]  # the photo first: it is what was meant
    assert pointing.text == "Take a look."
    assert (photo.score, photo.q, photo.own, photo.speaker, photo.dia_id) == \
        (pointing.score, pointing.q, pointing.own, pointing.speaker, pointing.dia_id)
    assert "a baked lemon tart on a plate" not in _texts(s, question, frozenset({"photo"}))


def test_no_caption_without_a_sentence_pointing_at_it() -> None:
    question = "What did Omar get for hiking?"
    for said in ("I finally went shopping for hiking.",
                 "Here's to hiking season! I finally went shopping.",  # a toast
                 "Wow, nice pic! I finally went shopping for hiking."):  # the other's photo
        s = shared(question, [("D1:1", "Omar", said), ("D1:2", "Zofia", "Nice!")],
                   {"D1:1": BOOTS})
        assert "a pair of hiking boots on a wooden floor" not in _texts(s, question), said


def test_no_caption_that_holds_none_of_the_question() -> None:
    question = "What did Zofia bake for the fair?"
    for caption in ("a photography of a woman smiling at a table",
                    "a picture of a group of people standing in a room",
                    "a photo of a dog on a couch"):
        s = shared(question, [("D1:1", "Zofia", "I baked all morning for the fair! "
                                                "Check out this pic."), ("D1:2", "Omar", "Yum!")],
                   {"D1:1": caption})
        assert _texts(s, question) == _texts(s, question, frozenset({"photo"})), caption
