"""Question kinds, the unit calibration experiences are kept per: the reader's question
analysis (mrgraph.reader.question), behind one name so callers do not depend on it."""

from __future__ import annotations

from mrgraph.reader.question import analyse


def question_kind(question: str) -> str:
    """when / duration / count / who / where / why / how / yes_no / choice / would / list /
    what (mrgraph.reader.question.analyse)."""
    return analyse(question).kind
