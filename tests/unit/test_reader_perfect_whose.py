"""A question in the present perfect ("What has X planted?") gathers what the person told on
several occasions, each sentence holding little of the question: the other's sentence that
echoes its words better does not make the evidence someone else's once the person tells of
it in their own words (reader.whose.wrong_person, family wp_perfect)."""

from __future__ import annotations

from mrgraph.policies.turns import found
from mrgraph.reader.read import read
from mrgraph.types import NOT_MENTIONED
from tests.unit.marks import needs_wordnet
from tests.unit.test_reader import state

OFF = frozenset({"wp_perfect"})


def _answer(question: str, turns: list[tuple[str, str, str]],
            off: frozenset[str] = frozenset()) -> str:
    return read(found(state(question, turns), False), off=off).answer


@needs_wordnet
def test_the_person_telling_of_it_answers_a_present_perfect_question() -> None:
    """Three shapes: the other's sentence about themselves, the person's own "I ..."; the
    other asks and the person replies without repeating the question's words; a list noun."""
    cases = [
        ("What has Zofia planted in her garden?",
         [("D1:1", "Zofia", "I planted some tomatoes last week, fingers crossed."),
          ("D2:1", "Omar", "My garden is a mess, I have planted nothing in my garden this year."),
          ("D3:1", "Zofia", "We got the beans in too, I'm thrilled.")], "tomatoes"),
        ("What birds has Omar spotted on his walks?",
         [("D1:1", "Zofia", "I spotted lots of birds on my walks this spring, mostly pigeons."),
          ("D2:1", "Zofia", "Any luck with birds on the marsh trail?"),
          ("D2:2", "Omar", "Yes! I went out at dawn. Saw a heron and two kingfishers.")], "heron"),
        ("Which dishes has Omar cooked for his family?",
         [("D1:1", "Zofia", "My family loves the dishes I cook, especially my dal."),
          ("D2:1", "Omar", "I cooked a lamb stew on Sunday and everyone had seconds."),
          ("D3:1", "Omar", "Tonight I tried a mushroom risotto, it was a hit.")], "lamb stew"),
    ]
    for question, turns, said in cases:
        assert said in _answer(question, turns), question
        assert _answer(question, turns, OFF) == NOT_MENTIONED, question  # the rule's


@needs_wordnet
def test_the_others_story_still_counts_without_the_persons_own() -> None:
    """The person only remarks on the other's story ("Your ... sounds great", "I love your
    ...", "I wish I could ... like you"), or denies it ("No, I haven't"): the question is in
    the present perfect, yet the evidence stays the other's."""
    cases = [
        ("What has Zofia planted in her garden?",
         [("D1:1", "Omar", "I planted roses and tulips in my garden this spring."),
          ("D2:1", "Zofia", "Your garden sounds lovely, I should plant something.")]),
        ("What has Omar baked?",
         [("D1:1", "Zofia", "I baked a plum tart on Friday and a rye loaf on Sunday."),
          ("D2:1", "Omar", "I love your bakes, they look delicious!")]),
        ("What has Omar knitted?",
         [("D1:1", "Zofia", "I knitted a green scarf and two wool hats this month."),
          ("D1:2", "Zofia", "Have you knitted anything lately?"),
          ("D1:3", "Omar", "No, I haven't had a spare minute, the shop is hectic.")]),
        ("What has Omar carved?",
         [("D1:1", "Zofia", "I carved a little owl from oak and a spoon from birch."),
          ("D2:1", "Omar", "I wish I could carve like you do.")]),
    ]
    for question, turns in cases:
        assert _answer(question, turns) == NOT_MENTIONED, question
