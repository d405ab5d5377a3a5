"""What a thing stands for: "What does her necklace symbolize?", "What do sunflowers represent?",
"What is the bowl a reminder of?" are answered by what a sentence says it stands for ("it stands
for love, faith and strength", "sunflowers mean warmth and happiness", "it reminds me of art and
self-expression"), up to the end of that clause.

Only a question whose verb of meaning is what it asks - at its end, or before "for / to <someone>"
or "according to <someone>" - is one: "What did she make to remind her of the trip?" asks what
she made.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from mrgraph.reader.evidence import Sentence, split_sentences, token_set
from mrgraph.reader.question import Question
from mrgraph.text import stem, words

# the question: "what does/do/did <thing> symbolize|represent|mean|stand for|signify", "what
# is/was <thing> a reminder|symbol|sign of"; "according to <someone>" may open or close it
_ASKS = re.compile(
    r"^(?:according to [^,]+,\s*)?(?:what|which \w+) (?:(?:does|do|did) .+ (?:symboli[sz]e|"
    r"represent|mean|stand for|signify)|(?:is|was|are|were) .+ an? (?:reminder|symbol|sign) of)"
    r"(?: (?:for|to) \w+)?(?: according to [^?]+)?\s*\?$", re.IGNORECASE)
# the sentence: the verb of meaning, then what it stands for (the clause's rest)
# ("mean" not after "I" / "to" / "-n't" / "you" / a form of "be": "I mean, ...", "what do you
# mean by that", "he was so mean to me"; not "means a lot": how much, not what)
_SAYS = re.compile(
    r"\b(?:stands? for|symboli[sz]es?|represents?|means|(?<!i )(?<!to )(?<!'t )(?<!you )(?<!so )"
    r"(?<!is )(?<!was )(?<!are )(?<!were )(?<!be )(?<!very )(?<!really )mean|signif(?:y|ies)|"
    r"(?:is|are|was|were) (?:a|the) (?:symbol|reminder|sign) of|"
    r"reminds? (?:me|us|her|him|them|you) of|(?:a|the) (?:symbol|reminder|sign) of)\s+"
    r"(?!(?:a lot|a great deal|so much|the world|everything|nothing|much|more|it|by|to|that)\b)"
    r"(.+)", re.IGNORECASE)
# what ends the clause: a sentence's end, a dash, a semicolon, a tag question, a new clause
# (a conjunction, or a subject after a comma: ", he always said")
_ENDS = re.compile(r"\s+[-–—]\s+|[.!?;:]|,\s*(?:right|and (?:it|that|this|i|we)|but|so|which|"
                   r"while|he|she|they|i|we|you|it)\b", re.IGNORECASE)


_MEANING_STEMS = frozenset(stem(w) for w in """symbolize symbolise represent mean stand signify
                            reminder symbol sign according""".split())


def asks_meaning(question: str) -> bool:
    """Whether `question` asks what a thing stands for (see the module docstring)."""
    return _ASKS.match(question.strip()) is not None


def stands_for(sentence: str) -> str | None:
    """What `sentence` says a thing stands for, to the end of the clause; None when it says
    nothing stands for anything, or nothing follows the verb."""
    match = _SAYS.search(sentence)
    if match is None:
        return None
    said = _ENDS.split(match.group(1), maxsplit=1)[0].strip(" ,\"'")
    return said or None


def meaning(found: Sequence[Sentence], question: Question, reach: int) -> \
        tuple[str, tuple[str, ...]] | None:
    """In the turns of the best `reach` sentences, the sentence saying what something stands
    for (a question too: "Sunflowers mean warmth and happiness, right?") that holds most of the
    thing asked about - itself, then its turn ("This necklace is special to me... it stands
    for love"); the thing is the question's words but its people's names and its verb of
    meaning. None when no such sentence's turn holds any of it; ties: the better turn's."""
    names = {stem(w) for person in question.people for w in words(person)}
    thing = question.stems - names - _MEANING_STEMS
    best: tuple[tuple[int, int], str, str] | None = None
    turns = {s.dia_id: s.turn or s.text for s in found[:reach]}  # best first, once each
    for dia_id, turn in turns.items():
        in_turn = len(thing & token_set(turn))
        for part in split_sentences(turn):
            said = stands_for(part)
            held = (len(thing & token_set(part)), in_turn)
            if said and in_turn and (best is None or held > best[0]):
                best = (held, said, dia_id)
    return (best[1], (best[2],)) if best else None
