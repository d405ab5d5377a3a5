"""The clause of a turn a date belongs to: the statement a mention is kept with, which the
reader fits to a question when a turn says two dates ("I ran a race last Saturday and we fly
out next month": the race is of the first clause, the trip of the second)."""

from __future__ import annotations

import calendar
import re
from bisect import bisect_left, bisect_right
from functools import lru_cache

# A sentence ends at . ! ? (with what closes it: quotes, brackets); a clause of it at a dash
# between spaces or a semicolon ("I ran a race last Saturday - it was rewarding"), or where
# "and" / "but" / "so" or a comma joins a clause with a subject of its own: a pronoun or a
# noun with its determiner ("I ran a race last Saturday and we fly out next month", "I sold
# the car last month, the new one comes next week"), or a name after "and" / "but" / "so"
# ("... but Jess got sick"), or a bare noun with "is" / "was" after a comma ("I signed the lease
# yesterday, move-in is on the 14th"). Not an aside of a word or two between commas ("I went on
# Monday, I think, or maybe Tuesday").
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+")
_SUBJECT = r"(?:I|i|we|he|she|they|you|it|(?:the|my|our|his|her|their|your|its)\s+\w+)\b"
_JOINED = r"(?P<joined>,?\s+(?:and|but|so)\s+(?:then\s+)?(?=" + _SUBJECT + r"|[A-Z][a-z]))"
# the comma splice's bare noun, not a relative pronoun ("the recital, which was ...")
_BARE_NOUN_BE = r"(?!(?:which|who|that|where|when|what)\b)[a-z][\w-]*\s+(?:is|was|are|were)\b"
SPLICED = 4  # words a clause before a comma splice holds at least: not an opener or a list
_CLAUSE_END = re.compile(r"\s+[-–—]+\s+|;\s+|"
                         rf",\s+(?={_SUBJECT}(?!(?:\s+[\w']+)?,)|(?P<splice>{_BARE_NOUN_BE}))|"
                         rf"{_JOINED}")
_WORDS = re.compile(r"[^\W\d_]+")
_CALENDAR = frozenset(n.lower() for n in (*calendar.month_name[1:], *calendar.day_name))
_BE = re.compile(r"\s*(?:was|is|has been|had been|will be)\b", re.IGNORECASE)


def sentence_start(text: str, at: int, reach: int | None = None) -> int:
    """Where the sentence of `text` holding offset `at` begins: after the last . ! ? before
    it, else at 0; with `reach`, at most `reach` characters back (a run-on of many dates is
    then read in time linear in its length)."""
    low = 0 if reach is None else max(0, at - reach)
    return max(max(text.rfind(c, low, at) for c in ".!?") + 1, low)


def clause_at(text: str, start: int, end: int) -> str:
    """The clause of `text` holding the characters [start, end): its sentence cut into clauses
    (`_clauses`), stripped; a date with little else in its clause takes the clause it opens
    or follows."""
    starts, ends = _sentence_ends(text)
    before, after = bisect_right(ends, start), bisect_left(starts, end)
    left = ends[before - 1] if before else 0
    right = starts[after] if after < len(starts) else len(text)
    sentence = text[left:right]
    at, upto = start - left, end - left
    spans = _clauses(sentence)
    for i, (a, b) in enumerate(spans):
        if a <= at and upto <= b:
            # a date said before the clause it dates ("Yesterday, I went...", "So on Monday,
            # we..."), or the subject of a remark the next clause bears out ("Last week was
            # wild, I got noticed by..."): no clause alone
            if i + 1 < len(spans) and (
                    _bare(sentence[a:at], sentence[upto:b]) or
                    (not _WORDS.search(sentence[a:at]) and _BE.match(sentence[upto:b]))):
                i, b = i + 1, spans[i + 1][1]
            if i > 0 and _bare(sentence[a:at], sentence[upto:b]):
                a = spans[i - 1][0]  # a date after what it dates: "launch day, the 21st"
            return sentence[a:b].strip()
    return sentence.strip()


@lru_cache(maxsize=256)
def _sentence_ends(text: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Where each sentence end of `text` (`_SENTENCE_END`) starts and ends, read once a text
    (a turn of many dates asks for its clauses once each)."""
    found = [m.span() for m in _SENTENCE_END.finditer(text)]
    return tuple(a for a, _ in found), tuple(b for _, b in found)


def _bare(before: str, after: str) -> bool:
    """Whether a clause holds little but its date: fewer than two words around it."""
    return len(_WORDS.findall(f"{before} {after}")) < 2


@lru_cache(maxsize=1024)
def _clauses(sentence: str) -> tuple[tuple[int, int], ...]:
    """The (start, end) of each clause of `sentence` (`_CLAUSE_END`). A joining "and" after
    fewer than three words or after a name joins a subject, not a clause ("Max and I went").
    Each character is read once (the words since the clause began are counted as they come):
    a turn of a thousand "and I"s is no slower than its length."""
    spans: list[tuple[int, int]] = []
    begun = read = count = 0
    last = ""
    for cut in _CLAUSE_END.finditer(sentence):
        said = _WORDS.findall(sentence, read, cut.start())
        count, last, read = count + len(said), said[-1] if said else last, cut.start()
        if cut["joined"] and (count < 3 or (last[:1].isupper() and
                                            last.lower() not in _CALENDAR)):
            continue  # "Max and I went", "while Claire and Tom are away": one subject
        if cut["splice"] and count < SPLICED:
            continue  # "Guys, rehearsal is ...", "Long story short, the flight was ..."
        spans.append((begun, cut.start()))
        begun = read = cut.end()
        count, last = 0, ""
    return (*spans, (begun, len(sentence)))
