"""Turn preprocessing: resolved text (pronouns -> speakers, relative dates -> ISO) and episodic
segmentation of a session. Deterministic and cheap: regexes and token sets, no models.

Pronoun resolution is deliberately conservative:
  * first person singular (I, me, my, mine, I'm, I've, I'll, I'd) -> the speaker;
  * second person (you, your, yours, you're...) -> the other speaker, only when the
    conversation has exactly two speakers; fixed phrases where "you" is not the listener
    ("thank you", "you know", "you guys", "see you") are left alone;
  * "we", "us", "our", reflexives ("myself") and third-person pronouns are never touched
    (their referent is unclear, or the sentence reads worse with a name);
  * the verb right after "I" agrees with the name: be/have by table ("I am" -> "Caroline is"),
    other verbs in their base form by WordNet ("I love" -> "Caroline loves"); past forms,
    modals and anything WordNet does not list as a verb stay as written.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from datetime import date
from typing import NamedTuple, Sequence

from mrgraph import lexicon
from mrgraph.dates import DateMention, find_dates
from mrgraph.text import tokenize
from mrgraph.types import Turn

# ---------------------------------------------------------------- pronouns

_APOS = "['’]"
_FIRST = {
    "i'm": "{} is", "i am": "{} is", "i've": "{} has", "i have": "{} has", "i'll": "{} will",
    "i'd": "{} would", "i was": "{} was", "am i": "is {}", "have i": "has {}", "i": "{}",
    "me": "{}", "my": "{}'s", "mine": "{}'s",
}
_SECOND = {
    "you're": "{} is", "you are": "{} is", "you've": "{} has", "you have": "{} has",
    "you'll": "{} will", "you'd": "{} would", "you were": "{} was", "are you": "is {}",
    "were you": "was {}", "have you": "has {}", "you": "{}",
    "your": "{}'s", "yours": "{}'s",
}
_KEEP_YOU = ("thank you", "you know", "you guys", "you all", "see you", "bless you")


def _trie(phrases: Sequence[str]) -> str:
    """A regex matching any of `phrases`, longest first, written as a prefix tree: Python's
    regex engine tries alternatives one by one, so shared prefixes make it much faster."""
    tree: dict[str, dict] = {}  # type: ignore[type-arg]
    for phrase in phrases:
        node = tree
        for char in phrase:
            node = node.setdefault(char, {})
        node[""] = {}

    def emit(node: dict[str, dict]) -> str:  # type: ignore[type-arg]
        branches = [(_APOS if c == "'" else r"\s+" if c == " " else re.escape(c)) + emit(sub)
                    for c, sub in sorted(node.items()) if c]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if "" in node else body

    return emit(tree)


def _pronoun_pattern(flags: int) -> re.Pattern[str]:
    phrases = [*_FIRST, *_SECOND, *_KEEP_YOU]
    return re.compile(r"(?<![\w'’])" + _trie(phrases) + r"(?![\w'’])", flags)


# Matching lowercased text case-sensitively is over twice as fast as re.I; the re.I pattern is
# for the rare text whose lowercase form has another length ("İ"), where offsets would shift.
_PRONOUN, _PRONOUN_I = _pronoun_pattern(0), _pronoun_pattern(re.I)
_SPACES = re.compile(r"\s+")


def resolve_pronouns(text: str, speaker: str, speakers: Sequence[str]) -> str:
    """`text` with first-person pronouns replaced by `speaker` and, in a two-party
    conversation, second-person pronouns by the other speaker."""
    others = [s for s in speakers if s != speaker]
    listener = others[0] if len(others) == 1 and len(speakers) == 2 else None

    lowered = text.lower()
    same = len(lowered) == len(text)
    pieces: list[str] = []
    position = 0
    for match in (_PRONOUN if same else _PRONOUN_I).finditer(lowered if same else text):
        start, end = match.span()
        found = text[start:end]
        key = _SPACES.sub(" ", found.lower().replace("’", "'"))
        if key in _FIRST:
            replacement = _match_case(found, _FIRST[key].format(speaker))
            if key == "i":  # "I love" -> "Caroline loves"
                verb = _NEXT_WORD.match(text, end)
                if verb and (third := _third_person(verb.group(1))):
                    replacement += verb.group(0)[: verb.start(1) - verb.start()] + third
                    end = verb.end()
        elif key in _SECOND and listener is not None:
            replacement = _match_case(found, _SECOND[key].format(listener))
        else:
            continue  # a kept phrase, or "you" with no single listener
        pieces += [text[position:start], replacement]
        position = end
    pieces.append(text[position:])
    return "".join(pieces)


_NEXT_WORD = re.compile(r"\s+([a-z]+)\b")
_MODALS = frozenset("can could will would shall should may might must ought".split())


def _third_person(word: str) -> str | None:
    """The third person singular of a verb in its base form ("love" -> "loves", "go" ->
    "goes", "carry" -> "carries"); None for anything else (past forms, modals, adverbs)."""
    lex = lexicon.default()
    if word in _MODALS or not lex.offsets(word, "verb") or lex.base(word, "verb") != word:
        return None
    if word.endswith(("s", "sh", "ch", "x", "z", "o")):
        return word + "es"
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def _match_case(found: str, replacement: str) -> str:
    """Keep a capital at the start ("Are you" -> "Is Melanie"); names are capitalised anyway."""
    if found[:1].isupper() and replacement[:1].islower():
        return replacement[0].upper() + replacement[1:]
    return replacement


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
