"""An -ing form before the question's head noun says which kind of it ("sketching classes",
"cooking classes"): in a list answer it joins the head as the question's own nouns do
("a *watercolour sketching class*"; reader.phrases._head_after, family ph_gerund_adjunct)."""

from __future__ import annotations

import pytest

from mrgraph.reader.phrases import phrase
from mrgraph.reader.question import analyse
from tests.unit.marks import needs_wordnet
from tests.unit.test_reader import SPEAKERS

OFF = frozenset({"ph_gerund_adjunct"})


@needs_wordnet
@pytest.mark.parametrize(("question", "sentence", "said"), [
    ("What sketching classes has Zofia taken?",
     "Last spring I took a watercolour sketching class at the library.",
     "watercolour sketching class"),
    ("Which cooking classes has Omar joined?",
     "My cousin and I joined a Korean cooking class downtown.", "Korean cooking class"),
    ("What cycling events has Zofia entered?",
     "In May I entered a charity cycling event for the hospice.", "charity cycling event"),
])
def test_an_ing_form_before_the_head_joins_it(question: str, sentence: str, said: str) -> None:
    assert phrase(sentence, analyse(question, SPEAKERS))[0] == said
    assert phrase(sentence, analyse(question, SPEAKERS, OFF))[0] != said  # the rule's
