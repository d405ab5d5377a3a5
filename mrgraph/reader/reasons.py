"""The reason inside a sentence answering "why": English marks it with a conjunction, and the
rest of the sentence is what was done (which the question already says).

  because / 'cause / cuz  the reason follows it: "I sold it *because the rent went up*" ->
                          "the rent went up" ("because of the noise" -> "the noise");
  so (a result)           the reason comes before it: "*The bus stopped running*, so I
                          bought a bike"; "so" joins clauses only after a comma or before a
                          subject ("so sad" is an adverb); "so (that) I could / can / would"
                          is a purpose, which follows it: "I left early *so I could rest*";
                          but when that result says what it was done for ("so I made one *to
                          catch the eye*"), that purpose is the reason asked (family
                          why_purpose);
  , which                 a relative clause on the whole clause tells its effect: "*I felt
                          useless*, which made me doubt it all" (not one on a noun: "a
                          bike, which I ride daily");
  to <verb>               without a conjunction, a purpose infinitive ("I joined a choir *to
                          meet people*", "I wanted *to stay busy*"; not "have to", "got
                          to": an obligation; family why_purpose).
Family why_clause (reader.question FAMILIES).
"""

from __future__ import annotations

import re

from mrgraph.reader.question import Question
from mrgraph.reader.words import base_verb, mostly_verb

_SUBJECT = r"(?:i|we|he|she|they|you|it|my|our|his|her|their|the)"
_BECAUSE = re.compile(r"(?<!\w)(?:because|'cause|cuz|coz)\b(?:\s+of\b)?\s*", re.IGNORECASE)
# a reason denied right before its conjunction: "not because of the pay", "it wasn't because"
_DENIED = re.compile(r"(?:\bnot|n't)\s+(?:just\s+|only\s+|really\s+)?$", re.IGNORECASE)
_PURPOSE = re.compile(rf"\bso\s+(?:that\s+)?{_SUBJECT}\s+(?:could|can|would|will|might)\b",
                      re.IGNORECASE)
# "so" after a form of "be" is an intensifier ("it was *so* my thing", "that's *so* the
# old me"), no conjunction
_BE_BEFORE = "".join(rf"(?<!\b{w}\s)" for w in ("is", "was", "are", "were", "am", "'s", "'m"))
_SO = re.compile(rf",\s*(?:and\s+)?so\b|{_BE_BEFORE}\bso\s+(?={_SUBJECT}\b)", re.IGNORECASE)
# "which" and a subject opens a relative on the noun before it ("a bike, *which I ride*"),
# no effect of the whole clause
_WHICH = re.compile(r",\s*which\b(?!\s+(?:i|we|he|she|they|you)\b)", re.IGNORECASE)
_TO = re.compile(r"\bto\s+([a-z]+)\b", re.IGNORECASE)
_MODAL = frozenset({"have", "has", "had", "got", "ought", "used"})  # "have to go": no purpose
_MIN_WORDS = 2  # a reason of one word ("because.", "so yeah") says nothing


def why(said: str, question: Question) -> str:
    """For a "why" question, the reason `said` marks (`reason`); else `said` itself."""
    if question.kind != "why" or not question.on("why_clause"):
        return said
    return reason(said, question.on("why_purpose")) or said


def reason(sentence: str, purposes: bool = True) -> str | None:
    """The reason `sentence` gives by its conjunction (see the module docstring; `purposes`:
    family why_purpose); not a reason it denies ("not because of the pay *but because the
    hours were long*"); None when it marks none, or what is left is shorter than _MIN_WORDS
    words."""
    said = None
    if (match := next((m for m in _BECAUSE.finditer(sentence)
                       if not _DENIED.search(sentence[:m.start()])), None)) is not None:
        said = _clause(sentence[match.end():])
    elif (match := _PURPOSE.search(sentence)) is not None:
        said = _clause(sentence[match.start() + 2:].lstrip(" ").removeprefix("that "))
    elif (match := _SO.search(sentence)) is not None:
        said = (purpose(_clause(sentence[match.end():])) if purposes else None) or \
            sentence[:match.start()].strip(" ,;")
    elif (match := _WHICH.search(sentence)) is not None:
        said = sentence[:match.start()].strip(" ,;")
    if said is None and purposes:
        said = purpose(sentence)
    return said if said and len(said.split()) >= _MIN_WORDS else None


def _clause(rest: str) -> str:
    """`rest` up to the end of its clause: a semicolon, a dash or a sentence's end."""
    return re.split(r"\s*(?:[;.!?]|\s-\s|—)", rest, maxsplit=1)[0].strip(" ,")


def purpose(clause: str) -> str | None:
    """The purpose infinitive of `clause`, to its end: "to" and a base form WordNet knows
    mostly as a verb, after some other word ("made a mug *to cheer her up*"; not "went to
    bed", "to" opening the clause, "have to", "got to": an obligation); None without
    one."""
    for match in _TO.finditer(clause):
        verb = match.group(1)
        before = clause[:match.start()].split()[-1:]
        if before and before[0].lower() not in _MODAL and base_verb(verb) and \
                mostly_verb(verb):
            return _clause(clause[match.start():])
    return None
