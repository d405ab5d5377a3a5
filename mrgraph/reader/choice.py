"""A choice question ("... a ski trip or a beach holiday?"): the option the evidence mentions
most."""

from __future__ import annotations

from mrgraph.reader.evidence import Sentence
from mrgraph.reader.question import Question
from mrgraph.reader.words import DETERMINERS, lemma
from mrgraph.text import words


def choice(question: Question, found: list[Sentence]) -> tuple[str, tuple[str, ...]]:
    """The option of "A or B" that the evidence mentions most (ties: the first). An option is
    the words either side of "or" (as many before as after, up to the "?", determiners
    dropped: "a ski trip or a beach holiday"); only the words the options do not share
    are counted ("ski" against "beach")."""
    options = _options(question.text)
    if not options:
        return found[0].text, (found[0].dia_id,)
    said = [{lemma(w) for w in words(s.text)} for s in found]
    own = [{lemma(w) for w in option} - {lemma(w) for o in options if o is not option
                                          for w in o} for option in options]
    tally = [sum(len(mine & s) for s in said) for mine in own]
    at = tally.index(max(tally))
    where = next((s.dia_id for s, held in zip(found, said) if own[at] & held), found[0].dia_id)
    return " ".join(options[at]), (where,)


def _options(text: str) -> list[list[str]]:
    """The two options of "... A or B?", determiners dropped; [] when there is no "or"."""
    said = words(text.split("?")[0])
    if "or" not in said[1:-1]:
        return []
    at = len(said) - 1 - said[::-1].index("or")  # the last "or": "... A or B?"
    after = [w for w in said[at + 1:] if w.lower() not in DETERMINERS]
    before = [w for w in said[:at] if w.lower() not in DETERMINERS][-len(after):]
    return [before, after] if before and after else []
