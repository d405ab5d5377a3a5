"""Turn preprocessing: resolved text (pronouns -> speakers where that is safe: ingest.rewrite;
relative dates annotated with their values: mrgraph.dates) and episodic segmentation of a
session. Deterministic and cheap: regexes and token sets, no models.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from datetime import date
from typing import NamedTuple, Sequence

from mrgraph.dates import DateMention, find_dates
from mrgraph.ingest.rewrite import resolve_pronouns
from mrgraph.text import tokenize
from mrgraph.types import Turn

# ---------------------------------------------------------------- dates inline


def annotate_dates(text: str, mentions: Sequence[DateMention]) -> str:
    """`text` with each mention followed by its value, as precise as it was said:
    "yesterday [2023-05-07]", "last year [2022]", "last week [2023-W23]"."""
    pieces: list[str] = []
    position = 0
    for mention in mentions:
        start, end = mention.span
        pieces.append(text[position:end])
        pieces.append(f" [{mention.value.value}]")
        position = end
    pieces.append(text[position:])
    return "".join(pieces)


_SENTENCE = re.compile(r"[^.!?]+[.!?]*")  # linear: every match consumes its text


class Sentence(NamedTuple):
    """One sentence of a turn: resolved for display, original for rules, and its search tokens
    (from the original, so that resolved names do not count as content words). A NamedTuple:
    thousands are made per conversation, and tuples are cheaper than frozen dataclasses."""

    text: str
    source: str
    tokens: frozenset[str]  # distinct


@dataclass(frozen=True)
class ResolvedTurn:
    """A turn with its resolved text, the dates it mentions and its search tokens."""

    turn: Turn
    text: str  # pronouns resolved, dates annotated
    mentions: tuple[DateMention, ...]
    tokens: tuple[str, ...]  # search tokens of the original text and image caption, in order

    @cached_property
    def sentences(self) -> tuple[Sentence, ...]:
        """The turn's sentences, resolved and original side by side. Computed on demand: only
        the few turns an episode summary is chosen from need them."""
        originals = split_sentences(self.turn.text)
        shown = split_sentences(self.text)
        if len(shown) != len(originals):  # a resolved name with a full stop ("Dr. Lee")
            shown = originals
        return tuple(Sentence(text, source, frozenset(tokenize(source)))
                     for text, source in zip(shown, originals))


def resolve_turn(turn: Turn, speakers: Sequence[str], anchor: date) -> ResolvedTurn:
    """Dates are found on the original text (their spans index it), then annotated, then
    pronouns are resolved (the annotations hold no pronouns)."""
    mentions = tuple(find_dates(turn.text, anchor))
    resolved = resolve_pronouns(annotate_dates(turn.text, mentions), turn.speaker, speakers)
    tokens = tokenize(turn.text)
    if turn.blip_caption:
        tokens += tokenize(turn.blip_caption)
    return ResolvedTurn(turn, resolved, mentions, tuple(tokens))


def split_sentences(text: str) -> list[str]:
    """Sentences ending at . ! or ? (kept), stripped, blanks dropped."""
    return [s.strip() for s in _SENTENCE.findall(text) if not s.isspace()]


# ---------------------------------------------------------------- segmentation

MIN_EPISODE = 2
MAX_EPISODE = 8
CUT_SCORE = 1.5  # a shift cue, or a new-subject question with little lexical overlap

# Matched on lowercased text (much faster than re.I).
_SHIFT_CUE = re.compile(
    r"\b(?:anyway|anyways|by the way|btw|speaking of|on another note|on a different note|"
    r"changing the subject|guess what|oh,? and|also,? (?:i|have you|did you)|"
    r"what about you|how about you|what'?s new|what have you been up to)\b")
# Substrings of which a cue holds at least one: a cheap test before the regex.
_SHIFT_HINTS = ("anyway", "by the way", "btw", "speaking", "note", "chang", "guess", "oh",
                "also", "about you", "new", "up to")


def boundary_scores(turns: Sequence[ResolvedTurn]) -> list[float]:
    """Score of a topic shift before each turn (index 0 is never a boundary: score 0).

    Lexical cohesion: overlap of the content tokens of the two turns before and the two turns
    from the boundary on (overlap coefficient). A shift cue adds 1; a question whose words do
    not occur in the two turns before adds 0.5 (a new subject raised as a question)."""
    sets = [frozenset(t.tokens) for t in turns]
    scores = [0.0]
    for i in range(1, len(turns)):
        before = sets[max(0, i - 2)] | sets[i - 1]
        after = sets[i] | (sets[i + 1] if i + 1 < len(turns) else frozenset())
        overlap = len(before & after) / max(1, min(len(before), len(after)))
        score = 1.0 - overlap
        lowered = turns[i].turn.text.lower()
        if any(map(lowered.__contains__, _SHIFT_HINTS)) and _SHIFT_CUE.search(lowered):
            score += 1.0
        if _new_question(turns[i], before):
            score += 0.5
        scores.append(score)
    return scores


def _new_question(turn: ResolvedTurn, before: frozenset[str]) -> bool:
    if "?" not in turn.turn.text:
        return False
    for sentence in split_sentences(turn.turn.text):
        if sentence.rstrip("!. ").endswith("?"):
            tokens = set(tokenize(sentence))
            if len(tokens) >= 2 and before.isdisjoint(tokens):
                return True
    return False


def segment(turns: Sequence[ResolvedTurn], *, min_size: int = MIN_EPISODE,
            max_size: int = MAX_EPISODE) -> list[tuple[ResolvedTurn, ...]]:
    """Split a session's turns into episodes of min_size..max_size turns (a shorter last one
    only when the session is shorter). Cut where the boundary score reaches CUT_SCORE; when an
    episode reaches max_size, cut at its best-scoring boundary (earliest on ties)."""
    scores = boundary_scores(turns)
    cuts: list[int] = []
    start = 0
    i = start + min_size
    while i < len(turns):
        if scores[i] >= CUT_SCORE:
            cuts.append(i)
        elif i - start >= max_size:
            best = max(range(start + min_size, i + 1), key=lambda k: (scores[k], -k))
            cuts.append(best)
        else:
            i += 1
            continue
        start = cuts[-1]
        i = start + min_size
    if cuts and len(turns) - cuts[-1] < min_size:
        # A too-short tail joins the episode before it, or takes turns from it if that
        # episode would grow past max_size.
        previous = cuts[-2] if len(cuts) > 1 else 0
        if len(turns) - previous <= max_size:
            cuts.pop()
        else:
            cuts[-1] = len(turns) - min_size
    bounds = [0, *cuts, len(turns)]
    return [tuple(turns[a:b]) for a, b in zip(bounds, bounds[1:]) if b > a]
