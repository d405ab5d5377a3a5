"""An arrangement: a present progressive after "is" / "are" about one day, ahead whoever makes
it ("The plumber is coming on Friday", "the shop isn't opening on Sunday"), and whether the
clause a day is said in is one, a relative clause on its subject set aside ("The woman who sold
us the house is retiring on Friday": the past is the relative clause's). mrgraph.dates.tense
and mrgraph.dates.ahead read a sentence's tense with it.
"""

from __future__ import annotations

import re

from mrgraph.dates.verbs import NEGATED_PAST, WORD, clause_past, past
from mrgraph.lexicon import default as lexicon

# the arrangement a relative clause on the subject runs up to
_ARRANGEMENT = r"(?=\b(?:is|are|isn't|aren't)\s+(?:not\s+)?\w+ing\b)"
# ... opened by its relative word: "the woman *who sold us the house* is retiring on friday"
_RELATIVE = re.compile(r"\b(?:who|that|which)\s[^,;]*?" + _ARRANGEMENT)
# ... or by its subject right after a noun: "the guy *I met on Saturday* is coming on Friday"
_BARE_RELATIVE = re.compile(r"\b(?:the|a|an|this|these|those|my|our|your|his|her|their)\s+"
                            r"\w+\s+((?:i|we|you|he|she|they)\s[^,;]*?)" + _ARRANGEMENT)


def arranged(said: list[str]) -> bool:
    """A present progressive after "is" / "are", of a verb (not an adjective's -ing): about one
    day, an arrangement ahead whoever the subject ("The plumber is coming on Friday", "my
    parents are flying in Sunday"; "the view is amazing on Friday" is no verb). One called off
    is about the coming day too ("the shop isn't opening on Sunday")."""
    said = [w for w in said if w != "not"]  # "the shop isn't opening", "is not opening"
    return any((w in ("is", "are", "isn't", "aren't") or w.endswith(("'s", "'re"))) and
               _verb_ing(nxt) for w, nxt in zip(said, said[1:]))  # "the plumber's coming"


# a relative clause that is an arrangement: "the guy *who's fixing the roof on friday* called"
_RELATIVE_ARRANGED = re.compile(r"\b(?:who|that|which)(?:'s|'re|\s+(?:is|are))\s+(\w+ing)\b")


def arranged_clause(own: str, day: str) -> bool:
    """Whether a day's own clause (lowercased) is an arrangement with no past of its own, a
    relative clause on its subject set aside (`without_relative`): "the shop is closing on
    saturday", "the woman who sold us the house is retiring on friday"; not "it's surprising
    he didn't show up on friday". A day said in a relative clause that is one is its
    (`_in_relative`: "the guy who's fixing the roof on friday called on monday")."""
    if _in_relative(own, day):
        return True
    main = without_relative(own, day)
    said = WORD.findall(main)
    return arranged(said) and \
        not (past(main) or clause_past(main) or any(w in NEGATED_PAST for w in said))


def _in_relative(own: str, day: str) -> bool:
    """Whether `day` is said in a relative clause that is an arrangement, no past between its
    verb and the day (`_RELATIVE_ARRANGED`; not the main clause's day after its past verb:
    "... on friday *called* on monday")."""
    for relative in _RELATIVE_ARRANGED.finditer(own):
        at = own.find(day, relative.end())
        said = own[relative.start():at]
        if at >= 0 and _verb_ing(relative.group(1)) and not (past(said) or clause_past(said)):
            return True
    return False


def without_relative(own: str, day: str) -> str:
    """The day's own clause without a relative clause on its subject (`_RELATIVE`,
    `_BARE_RELATIVE`), whose past is not the arrangement's; the clause as it is when the day is
    the relative clause's ("the man that fixed my car on monday is moving")."""
    relative = _RELATIVE.search(own)
    if relative is not None:
        span = relative.span()
    elif (bare := _BARE_RELATIVE.search(own)) is not None:
        span = bare.span(1)  # the relative clause, not the noun it is on
    else:
        return own
    if day in own[span[0]:span[1]]:
        return own
    return own[:span[0]] + own[span[1]:]


def _verb_ing(word: str) -> bool:
    """Whether a word after "is" is a verb's -ing: one with a verb's sense at all (there it is
    the verb's, even where the noun has more: "the pool is opening", "the film is showing"), not
    an adjective's ("the view is amazing")."""
    return word.endswith("ing") and bool(lexicon().offsets(lexicon().base(word, "verb"), "verb")) \
        and not lexicon().mostly_adjective(word)
