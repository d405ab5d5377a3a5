"""Practice sets, drawn from the memory itself and kept in time order.

  QuestionItem  a question about the past whose answer turn is known: for an episode, the turn
                stating most of its keyword cues gives the speaker, the keywords (rarest first)
                and the label (its dia_id; the answer: the episode's date, the turn's text, the
                speaker, or "Yes"); one question kind per episode, in rotation.
  PatternItem   a later turn where a person states keywords: what the memory *before that
                session* predicts for them is compared with what they actually said.
Everything comes from one export of the graph (turns, episodes, their keyword cues)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from mrgraph.experience.kinds import question_kind
from mrgraph.store.base import GraphStore
from mrgraph.text import tokenize
from mrgraph.types import NodeRecord

KINDS_IN_ROTATION = ("when", "what", "who", "yes_no")


@dataclass(frozen=True)
class Utterance:
    conversation_id: str
    dia_id: str
    speaker: str
    text: str
    session: int
    episode: str  # the episode holding the turn ("" if none)
    keywords: frozenset[str]  # keyword-cue stems of its episode that the turn itself says


@dataclass(frozen=True)
class QuestionItem:
    id: str
    kind: str
    question: str
    answer: str
    dia_ids: tuple[str, ...]
    conversation_id: str
    entities: tuple[str, ...]  # the words that single this item out (generalisability review)


@dataclass(frozen=True)
class PatternItem:
    id: str
    person: str
    conversation_id: str
    session: int
    dia_id: str
    keywords: tuple[str, ...]  # stems the person states in that turn


@dataclass(frozen=True)
class PracticeData:
    utterances: tuple[Utterance, ...]  # in transcript order, conversation by conversation
    turn_ids: dict[tuple[str, str], str]
    questions: tuple[QuestionItem, ...]
    patterns: tuple[PatternItem, ...]
    names: dict[str, str]  # keyword stem -> a cue name holding it (for statements)


def practice_data(store: GraphStore, scope: Sequence[str] = ()) -> PracticeData:
    """The practice sets of the conversations in `scope` (all when empty)."""
    nodes, edges = store.export()
    by_id = {n.id: n for n in nodes}
    cue_words: dict[str, list[tuple[str, str]]] = {}  # episode -> [(keyword name, stem)]
    for e in edges:
        cue = by_id.get(e.src)
        if e.type == "CUE_OF" and cue is not None and cue.props.get("kind") == "keyword":
            name = str(cue.props["name"])
            for token in tokenize(name)[:1]:
                cue_words.setdefault(e.dst, []).append((name, token))
    episodes = sorted((n for n in nodes if n.label == "Episode"),
                      key=lambda n: (str(n.props["conversation_id"]), _int(n.props["seq"])))
    utterances = _utterances(nodes, episodes, cue_words)
    chosen = [e for e in episodes if not scope or e.props["conversation_id"] in scope]
    df = Counter(stem for words in cue_words.values() for stem in {s for _, s in words})
    questions = tuple(q for i, e in enumerate(chosen)
                      if (q := _question(e, i, utterances, cue_words, df)) is not None)
    patterns = tuple(_patterns(utterances, scope))
    turn_ids = {(str(n.props["conversation_id"]), str(n.props["dia_id"])): n.id
                for n in nodes if n.label == "Turn"}
    names = {stem: name for words in cue_words.values() for name, stem in sorted(words)}
    return PracticeData(tuple(utterances), turn_ids, questions, patterns, names)


def _int(value: object) -> int:
    return int(value) if isinstance(value, (int, float, str)) else 0


def _utterances(nodes: Sequence[NodeRecord], episodes: Sequence[NodeRecord],
                cue_words: dict[str, list[tuple[str, str]]]) -> list[Utterance]:
    holder = {(str(e.props["conversation_id"]), str(d)): e.id
              for e in episodes for d in e.props.get("dia_ids") or ()}  # type: ignore[union-attr]
    turns = sorted((n for n in nodes if n.label == "Turn"),
                   key=lambda n: (str(n.props["conversation_id"]), _int(n.props["session"]),
                                  _int(n.props["index"])))
    out = []
    for t in turns:
        key = (str(t.props["conversation_id"]), str(t.props["dia_id"]))
        episode = holder.get(key, "")
        said = set(tokenize(str(t.props["text"])))
        keywords = frozenset(s for _, s in cue_words.get(episode, ()) if s in said)
        out.append(Utterance(key[0], key[1], str(t.props["speaker"]), str(t.props["text"]),
                             _int(t.props["session"]), episode, keywords))
    return out


def _question(episode: NodeRecord, i: int, utterances: Sequence[Utterance],
              cue_words: dict[str, list[tuple[str, str]]], df: Counter[str]) -> QuestionItem | None:
    mine = [u for u in utterances if u.episode == episode.id and u.keywords]
    if not mine:
        return None
    turn = max(mine, key=lambda u: len(u.keywords))
    names = {s: n for n, s in cue_words.get(episode.id, ())}
    words = sorted(turn.keywords, key=lambda s: (-df[s], s))[:1]
    topic = " and ".join(names[s] for s in words)
    kind = KINDS_IN_ROTATION[i % len(KINDS_IN_ROTATION)]
    question, answer = {
        "when": (f"When did {turn.speaker} talk about {topic}?",
                 _human(str(episode.props.get("date", "")))),
        "what": (f"What did {turn.speaker} say about {topic}?", turn.text),
        "who": (f"Who talked about {topic}?", turn.speaker),
        "yes_no": (f"Did {turn.speaker} ever mention {topic}?", "Yes"),
    }[kind]
    kind = question_kind(question)  # as the guide will classify it (a keyword may say "would")
    return QuestionItem(f"q|{turn.conversation_id}|{turn.dia_id}|{kind}", kind, question, answer,
                        (turn.dia_id,), turn.conversation_id,
                        tuple(names[s] for s in words))


def _human(iso: str) -> str:
    try:
        day = date.fromisoformat(iso[:10])
    except ValueError:
        return iso
    return f"{day.day} {day.strftime('%B')} {day.year}"


def _patterns(utterances: Sequence[Utterance], scope: Sequence[str]) -> list[PatternItem]:
    return [PatternItem(f"p|{u.conversation_id}|{u.dia_id}", u.speaker, u.conversation_id,
                        u.session, u.dia_id, tuple(sorted(u.keywords)))
            for u in utterances
            if u.keywords and u.session > 1 and (not scope or u.conversation_id in scope)]
