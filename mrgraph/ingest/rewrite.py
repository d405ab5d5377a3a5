"""Faithful rewriting: first and second person resolved to the speakers, only where the result is
a grammatical sentence about the right person. The turn's own text is always kept (Turn nodes,
an episode's `original`); this rewritten form is what an episode's text, summary and facts read.

Sentence by sentence, conservatively:
  * first person (I, me, my, mine, I'm, I've, I'll, I'd, I was, am I, do I...) -> the speaker,
    the verb after "I" (past adverbs such as "really", "also") made to agree by rule: be, have
    and do by table ("I am" -> "Ana is", "I don't" -> "Ana doesn't"), a verb in its base form
    by WordNet ("I love" -> "Ana loves"); past forms and modals stay; a verb after an inverted
    "I" stays ("Should I go?" -> "Should Ana go?");
  * second person (you, your, yours, you're, are you, do you...) -> the other speaker, only in
    a question of a two-person conversation (a statement's "you" is often anyone's: "you never
    know") that does not call them by name ("How are you, Ivo?"), and never "you" followed by
    a verb it would have to agree with;
  * a sentence is left as it was for a person when any of its forms of that person cannot be
    rewritten so: a reflexive ("I love expressing myself"), a verb the rule cannot conjugate
    ("I totally get it"), a second verb joined to the first ("I cook and clean"), "I'd" before
    a word that does not say would or had;
  * never inside quotation marks; a sentence with a fixed phrase where the pronoun is no one
    in particular, several people or not the speaker ("thank you", "you know", "you both",
    "oh my god", "excuse me", "my friend" said to the other) keeps that person as said.
"we", "us", "our" and third-person pronouns are never touched: their referent is unclear.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Sequence

from mrgraph import lexicon

_APOS = "['’]"
_SENTENCE = re.compile(r"[^.!?]*(?:[.!?]+[\"')\]”’]*\s*|$)")
# a sentence holding none of these has nothing to rewrite (matched on its lowercased text)
_PRONOUN = re.compile(r"\b(i|me|my|mine|you|your|yours)\b|i['’]")
_QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”")
# fixed phrases whose pronouns are no one in particular, or not the speaker: left as they are
_KEPT = re.compile(
    r"\b(?:thank you|thanks to you|you know|you see|you guys|you all|all of you|you both|"
    r"both of you|you two|you folks|you lot|you people|y'all|see you|bless you|mind you|"
    r"excuse me|pardon me|silly me|lucky me|poor me|dear me|beats me|oh my|my god|my gosh|"
    r"my goodness|my bad|my pleasure|my word|my lord)\b"
    # said to the other, not of the speaker's: "Thanks, my friend!"
    r"|(?:^|(?<=,)|(?<=^\s))\s*my (?:friend|dear|love|man)\b(?=\s*(?:[,.!?]|$))",
    re.IGNORECASE)
_KEPT_LOWER = re.compile(_KEPT.pattern)  # the same phrases, for lowercased ASCII text
_FIRST = re.compile(
    r"(?<![\w'’-])(?:(am|do|have|can|could|will|would|should|shall|may|might|must|did|was)"
    r"\s+i|i" + _APOS + r"(m|ve|ll|d)|i|me|my|mine)(?![\w'’-])", re.IGNORECASE)
_SECOND = re.compile(
    r"(?<![\w'’-])(?:(are|were|have|do|did|can|could|will|would|should|shall)\s+you|you"
    + _APOS + r"(re|ve|ll|d)|you|your|yours)(?![\w'’-])", re.IGNORECASE)
_REFLEXIVE = {"first": re.compile(r"\bmyself\b", re.I),
              "second": re.compile(r"\byourself\b", re.I)}
_WORD = re.compile(r"\s+([a-z]+(?:" + _APOS + r"[a-z]+)?)", re.IGNORECASE)
_CLAUSE_END = re.compile(r"[,;:.!?()\-–—]")
_JOINED = re.compile(r"\b(?:and|or|but)\s+(?:\w+ly\s+)?([a-z]+)\b", re.IGNORECASE)
_ADVERBS = frozenset("""really also just still always never often even usually sometimes
    definitely actually finally totally absolutely only recently already truly kinda sorta
    probably seriously honestly literally basically mostly certainly""".split())
_MODALS = frozenset("can could will would shall should may might must".split())
# after "I": what the verb becomes with a name; None: stays as it is
_AGREE = {"am": "is", "'m": "is", "have": "has", "do": "does", "don't": "doesn't",
          "haven't": "hasn't", "was": None, "were": None, "did": None, "didn't": None,
          "can't": None, "cannot": None, "won't": None, "wasn't": None, "couldn't": None,
          "wouldn't": None, "shouldn't": None, "ain't": None, "had": None, "hadn't": None,
          "need": "needs", "used": None, **{m: None for m in _MODALS}}
_INVERTED = {"am": "is", "do": "does", "have": "has"}  # "do I" -> "does Ana"
_CONTRACTED = {"m": "is", "ve": "has", "ll": "will"}
# verbs whose past is their base form: "I set up a stall" is past as often as present
_PAST_AS_BASE = frozenset("""set put cut hit let read quit shut spread cost hurt bet fit split
    burst cast upset broadcast thrust rid bid shed""".split())
_PREPOSITIONS = frozenset("""to for with about of at from by on in like than without around
    after before behind beside near into onto upon""".split())


def resolve_pronouns(text: str, speaker: str, speakers: Sequence[str]) -> str:
    """`text` with first-person forms resolved to `speaker` and, in a question of a
    two-speaker conversation, second-person forms to the other speaker, where that is safe
    (see the module docstring)."""
    if not _PRONOUN.search(text.lower()):  # most turns' sentences would each say so
        return text
    others = [s for s in speakers if s != speaker]
    listener = others[0] if len(others) == 1 and len(speakers) == 2 else None
    return "".join(_sentence(m.group(0), speaker, listener)
                   for m in _SENTENCE.finditer(text) if m.group(0))


def _sentence(sentence: str, speaker: str, listener: str | None) -> str:
    if not _PRONOUN.search(sentence.lower()):
        return sentence
    # most sentences quote nothing: a substring test spares the scan and the span checks
    quoted = [m.span() for m in _QUOTED.finditer(sentence)] \
        if '"' in sentence or "“" in sentence else []
    fixed = _fixed_phrases(sentence)
    edits: list[tuple[int, int, str]] = []
    first = _unquoted(_FIRST, sentence, quoted)
    if _safe(first, fixed) and not _REFLEXIVE["first"].search(sentence):
        edits += _all_or_none([_first(m, sentence, speaker) for m in first])
    # only a question to the one listener has its "you" rewritten: test that before scanning
    if listener is not None and sentence.rstrip().rstrip("\"')]”’").endswith("?"):
        second = _unquoted(_SECOND, sentence, quoted)
        if _safe(second, fixed) and not _REFLEXIVE["second"].search(sentence) and \
                not _names(sentence, listener):
            edits += _all_or_none([_second(m, sentence, listener) for m in second])
    for start, end, replacement in sorted(edits, reverse=True):
        sentence = sentence[:start] + replacement + sentence[end:]
    return sentence


def _unquoted(forms: re.Pattern[str], sentence: str, quoted: list[tuple[int, int]]
              ) -> list[re.Match[str]]:
    """The matches of `forms` in `sentence` outside the `quoted` spans."""
    found = forms.finditer(sentence)
    return [m for m in found if not _inside(m.span(), quoted)] if quoted else list(found)


def _fixed_phrases(sentence: str) -> list[tuple[int, int]]:
    """The spans of _KEPT's phrases. An ASCII sentence is matched lowercased, without re.I:
    the same spans (ASCII case folding keeps every offset), twice as fast."""
    if sentence.isascii():
        return [m.span() for m in _KEPT_LOWER.finditer(sentence.lower())]
    return [m.span() for m in _KEPT.finditer(sentence)]


def _names(sentence: str, person: str) -> bool:
    """Whether the sentence calls `person` by name ("How are you, Ivo?"): its "you" is then
    already said to them, and the name twice ("How is Ivo, Ivo?") would not be."""
    first = person.split()[0] if person.split() else person
    return bool(first) and re.search(rf"\b{re.escape(first)}\b", sentence) is not None


def _safe(forms: list[re.Match[str]], fixed: list[tuple[int, int]]) -> bool:
    """Forms to rewrite, none in a fixed phrase: a sentence keeping one ("Oh my god, I...")
    keeps its person as said, or its pronouns would point at two people."""
    return bool(forms) and not any(_inside(m.span(), fixed) or
                                   any(a < m.end() and m.start() < b for a, b in fixed)
                                   for m in forms)


def _inside(span: tuple[int, int], regions: list[tuple[int, int]]) -> bool:
    return any(a <= span[0] and span[1] <= b for a, b in regions)


def _all_or_none(edits: list[tuple[int, int, str] | None]) -> list[tuple[int, int, str]]:
    """A person is rewritten in a sentence only where every one of its forms can be."""
    return [] if any(e is None for e in edits) else [e for e in edits if e is not None]


def _first(match: re.Match[str], sentence: str, speaker: str) -> tuple[int, int, str] | None:
    found = match.group(0)
    key = found.lower().replace("’", "'")
    start, end = match.span()
    if match.group(1):  # "do I go?": the verb after stays as it is
        aux = match.group(1)
        return start, end, _cased(_INVERTED.get(aux.lower(), aux.lower()), aux) + " " + speaker
    if key in ("me",):
        return start, end, speaker
    if key in ("my", "mine"):
        return start, end, f"{speaker}'s"
    if match.group(2):  # I'm, I've, I'll, I'd
        short = match.group(2).lower()
        if short == "d":
            said = _would_or_had(sentence, end)
            return None if said is None else (start, end, f"{speaker} {said}")
        if short in ("m", "ve") and _joined_verb(sentence, end):
            return None  # "I'm tired and have a cold": "have" would not agree
        return start, end, f"{speaker} {_CONTRACTED[short]}"
    return _subject(sentence, start, end, speaker)


def _subject(sentence: str, start: int, end: int, speaker: str) -> tuple[int, int, str] | None:
    """"I" and the verb after it (past adverbs), made to agree with the name."""
    at = end
    while (word := _WORD.match(sentence, at)) and word.group(1).lower() in _ADVERBS:
        at = word.end()
    if word is None:
        return start, end, speaker  # "... and I." / "Me and I"
    verb = word.group(1).lower().replace("’", "'")
    if verb in _AGREE:
        agreed = _AGREE[verb]
        if agreed is None:
            return start, end, speaker
        if _joined_verb(sentence, word.end()):
            return None  # "I am tired and have a cold"
        return start, word.end(), speaker + sentence[end:word.start(1)] + \
            _cased(agreed, word.group(1))
    if verb in _PAST_AS_BASE:
        return None  # past or present: unclear, so left as said
    third = _third_person(verb)
    if third is None:
        return (start, end, speaker) if _is_past(verb) else None
    if _joined_verb(sentence, word.end()):
        return None  # "I cook and clean": the second verb would not agree
    return start, word.end(), speaker + sentence[end:word.start(1)] + third


def _would_or_had(sentence: str, end: int) -> str | None:
    """"I'd love" -> would; "I'd been", "I'd never seen" -> had; else None (unclear)."""
    at = end
    while (word := _WORD.match(sentence, at)) and word.group(1).lower() in _ADVERBS:
        at = word.end()
    if word is None:
        return None
    verb = word.group(1).lower()
    if verb in ("better", "rather") or _third_person(verb) is not None:
        return "would"
    return "had" if _is_past(verb) else None


def _second(match: re.Match[str], sentence: str, listener: str) -> tuple[int, int, str] | None:
    key = match.group(0).lower().replace("’", "'")
    start, end = match.span()
    if match.group(1):  # "are you", "do you": the verb after stays as it is
        aux = match.group(1)
        name = {"are": "is", "were": "was", "have": "has", "do": "does"}.get(aux.lower(),
                                                                          aux.lower())
        return start, end, _cased(name, aux) + " " + listener
    if key in ("your", "yours"):
        return start, end, f"{listener}'s"
    if match.group(2):
        short = match.group(2).lower()
        said = {"re": "is", "ve": "has", "ll": "will"}.get(short)
        return None if said is None else (start, end, f"{listener} {said}")
    before = re.findall(r"([a-z]+)\W*$", sentence[:start].lower())
    after = _WORD.match(sentence, end)
    if after is None or before and (before[0] in _PREPOSITIONS or _is_verb(before[0])):
        return start, end, listener  # "... for you?", "did she tell you?": an object
    nxt = after.group(1).lower()
    if nxt in ("were", "was"):
        return None
    if _is_verb(nxt) or nxt in _AGREE:
        return None  # "you look great?": the verb would have to agree
    return start, end, listener


@lru_cache(maxsize=20_000)  # pure over the process-wide lexicon; words recur
def _third_person(word: str) -> str | None:
    """The third person singular of a verb in its base form ("love" -> "loves", "go" ->
    "goes", "carry" -> "carries"); None for anything else (past forms, modals, adverbs)."""
    lex = lexicon.default()
    if word in _MODALS or "'" in word or not lex.offsets(word, "verb") or \
            lex.base(word, "verb") != word:
        return None
    if word.endswith(("s", "sh", "ch", "x", "z", "o")):
        return word + "es"
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


@lru_cache(maxsize=20_000)  # pure over the process-wide lexicon; words recur
def _is_past(word: str) -> bool:
    """A verb form that is not its base: past or participle ("went", "adopted", "been")."""
    lex = lexicon.default()
    base = lex.base(word, "verb")
    return base != word and bool(lex.offsets(base, "verb")) and not word.endswith("ing")


@lru_cache(maxsize=20_000)  # pure over the process-wide lexicon; words recur
def _is_verb(word: str) -> bool:
    return bool(lexicon.default().offsets(lexicon.default().base(word, "verb"), "verb"))


def _joined_verb(sentence: str, at: int) -> bool:
    """A base-form verb joined later in the clause ("and clean"): it would not agree."""
    end = _CLAUSE_END.search(sentence, at)
    clause = sentence[at:end.start() if end else len(sentence)]
    return any(_third_person(m.group(1).lower()) is not None for m in _JOINED.finditer(clause))


def _cased(word: str, like: str) -> str:
    """Keep a capital at the start ("Do I" -> "Does")."""
    return word[0].upper() + word[1:] if like[:1].isupper() else word
