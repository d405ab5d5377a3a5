"""The evidence turns handed to an answer step that reads only k of them, best first.

After the loop, `fetch_unread` reads the turns of H's episodes none of the policy's calls read
(one batched read: on Neo4j one round trip); `handed_turns` ranks every turn the State then
holds text for (the turns read and those) with `rank_turns` and hands the answer step the
`Budget.answer_turns` best. The LLM answer prompt lists them in that order;
benchmarks/recall_budget.py measures recall on the same list. For a question asking for
several things the same read also fetches the turns of every other episode a call reached (~40
more; ~12 ms an embedded ask, RESULTS.md@c29e350 sections 19, 24): each thing asked for is said in a
turn of its own, often of an episode below H's ten (the offline reader's walk: only for a
question in the present perfect that asks for several things, "What has X painted?"; "Who has
X met?" asks for several things by neither rule and is handed H's turns). Other questions: H's
episodes only.

A turn of H ranks at
    score = EPISODE * rel(its episode) + own(turn) + ASKED * [its speaker is a person asked about]
  own(turn)  the question's share its own words hold (State.q_share, kinds bridged) or, for the
             reply to another speaker's question, REPLY times that question's share: "what are
             their names?" is answered by the next turn, which need not repeat the words;
  ASKED      a person's own turns say what they did, liked, own; the question names them
             (a speaker's full name, or a short name that begins it: "Sam" of "Samantha").
A question asking for several things ("what activities...", "which books...", "what do both
like", "how many times") wants them from several episodes, so there each turn already taken
from an episode multiplies what that episode's relevance adds to its next turn by SPREAD: the
turns that say something themselves stay, an episode's filler gives way to other sessions.
There, too, the episode's relevance weighs SEVERAL_EPISODE (not EPISODE): each thing is said
in one turn, so the turn's own words count for more than its episode's; and a turn of a
session's opening exchange (its first OPENING_TURNS turns: each speaker's first, in a
dialogue, where people tell what happened since they last spoke) gets OPENING.
The turns of the episodes the walk reached but did not keep in H (the rest of a search's
ranking, episodes evicted from H) follow at their episode's relevance as routing ranked it,
else the share of the question the search found in its whole text (State.event_q), else 0: a
turn there that holds the question's words itself may still rank above H's filler.
Ties: transcript order.
"""

from __future__ import annotations

import functools
import heapq
import re
from collections.abc import Collection, Mapping, Sequence

from mrgraph import lexicon
from mrgraph.found import Found, dia_order
from mrgraph.policies.base import Outcome, State
from mrgraph.store.base import GraphStore, TurnRecord
from mrgraph.text import STOPWORDS, capitalised, short_for, tokenize, words
from mrgraph.toolkit import Record

EPISODE = 1.0  # weight of the episode's relevance in its turns' score
ASKED = 0.2  # bonus of a turn spoken by a person the question names
REPLY = 0.8  # share of a question turn's own share its reply (next turn, other speaker) holds
SPREAD = 0.7  # in a question asking for several things: the episode part's factor per turn taken
# in a question asking for several things: the weight of the episode's relevance (each thing is
# said in one turn of its own, so the turn's own words weigh more than its episode's), and the
# bonus of a turn of a session's opening exchange (each speaker's first turn in a dialogue:
# where people say what happened since they last spoke)
SEVERAL_EPISODE = 0.5
OPENING = 0.1
OPENING_TURNS = 2  # turns of a session that make its opening exchange
# the tools whose records are episodes (personal_aspect: a belief's "episodes" hold them)
EPISODE_TOOLS = frozenset({"search_events", "tag_events", "topic_events", "timeline"})
# "what has Sam painted", "where have they camped": the present perfect asks what has been so
# over time; "what kinds of cheese": several kinds, whatever the noun after
_SEVERAL = re.compile(r"\b(both|in common|how many|in what ways|what ways|what (are|were)|"
                      r"(what|where) (has|have)|(what|which) (kinds|types|sorts) of)\b", re.I)
# the WH phrase up to the verb after it: "what (kind of) fine arts | has", "which books | did"
_WH_PHRASE = re.compile(r"\b(?:what|which)\s+(?:(?:kinds?|types?|sorts?)\s+of\s+)?"
                        r"((?:[a-z+/'-]+\s+){0,2}?[a-z+/'-]+)\s+(?=(?:has|have|had|does|do|did|"
                        r"is|are|was|were|will|would|can|could|should|might|must)\b)")
# else the head of a WH phrase: "what (kind of) (1-2 words) NOUNs", "which NOUNs"
_WH_HEAD = re.compile(r"\b(?:what|which)\s+(?:(?:kinds?|types?|sorts?)\s+of\s+)?"
                      r"(?:[a-z+/'-]+\s+){0,2}?([a-z]+s)\b")
_PLURAL = (("ies", "y"), ("es", ""), ("s", ""))  # a regular plural's ending -> its singular's


def asks_several(question: str) -> bool:
    """Whether the question asks for several things: its WH phrase ends in a plural noun
    ("what books", "which countries", "what fine arts has", "what children"), or it says
    both / in common / how many / in what ways / what are / what has / where have / what
    kinds of."""
    text = question.lower()
    if _SEVERAL.search(text):
        return True
    phrase = _WH_PHRASE.search(text)
    head = phrase[1].split()[-1] if phrase else None
    if head is None or not is_plural(head):
        found = _WH_HEAD.search(text)
        head = found[1] if found else None
    return head is not None and is_plural(head)


def is_plural(word: str) -> bool:
    """A plural noun: one WordNet's morphy reduces ("children", "women", "puppies"), or an -s
    form whose singular is a noun - even when it is a noun of its own ("arts", "damages")."""
    found = lexicon.default()
    if word.endswith("ss") or word in STOPWORDS:  # "class"; "his" is no plural of "hi"
        return False
    if found.base(word, "noun") != word:  # morphy: "children" -> "child", "women" -> "woman"
        return True
    return any(word.endswith(end) and len(word) > len(end) + 1
               and bool(found.offsets(word[: -len(end)] + singular, "noun"))
               for end, singular in _PLURAL)


def asked_speakers(question: str, speakers: Sequence[str]) -> frozenset[str]:
    """The speakers the question names, by full name or by a short name that begins it (a
    capitalised word of the question that is not a stop word: "Sam", not "The" of "Thane")."""
    asked = set(words(question))
    capitals = {w.lower() for w in capitalised(question)}
    named = set()
    for speaker in speakers:
        parts = words(speaker)
        if parts and (set(parts) <= asked or any(
                short_for(w, parts[0]) for w in capitals)):
            named.add(speaker)
    return frozenset(named)


def fetch_unread(store: GraphStore, state: State, reached: bool = True) -> None:
    """Read the turns of H's episodes not all of whose turns were read (with
    `Budget.context_window` around them) into `state.unread_turns`, in one `run_calls`. For a
    question asking for several things (`asks_several`), when `reached`, the turns of every
    other episode a call reached (`_reached`: the rest of the entry search's ranking, evicted
    episodes, hop results) too: each thing asked for is said in one turn, often of an episode
    ranked below H's ten, which `rank_turns` may lift by the turn's own words (~40 more
    episodes: the offline reader, which reads H's, does without them - RESULTS.md@c29e350
    section 31 - but for a question in the present perfect, policies.heuristic)."""
    read = set(state.evidence.turns)  # "conversation/dia_id": dia_ids repeat across conversations
    unread = [(e, state.budget.context_window) for e in state.evidence.ranked_events()
              if not {f"{e.get('conversation', '')}/{d}" for d in e["dia_ids"]} <= read]
    if reached and asks_several(state.question):
        kept = set(state.evidence.events)
        unread += [(e, 0) for e in reached_episodes(state) if str(e["id"]) not in kept]
    # one worker: these reads wait on nothing but the store (threads only add their start-up
    # under the GIL); Neo4j sends them together whatever the count
    found = store.run_calls([functools.partial(_context, str(e["id"]), window)
                             for e, window in unread], 1)
    # the episode and its relevance as rank_turns ranks it: the reader scores them so too
    relevance = _reached(state)
    for (event, _), turns in zip(unread, found):
        conversation = str(event.get("conversation", ""))
        for t in turns:
            key = f"{conversation}/{t.dia_id}"
            if key not in read:  # only what was not read: handed_turns adds these to those
                state.unread_turns.setdefault(key, {
                    "dia_id": t.dia_id, "speaker": t.speaker, "text": t.text, "date": t.date,
                    "session": t.session, "index": t.index, "conversation": conversation,
                    "event_id": str(event["id"]),
                    "relevance": relevance.get(t.dia_id, (0.0, ""))[0]})


def reached_episodes(state: State) -> list[Record]:
    """Every episode a call returned (`_episodes`), once, in the order first returned."""
    found: dict[str, Record] = {}
    for outcome in state.outcomes:
        for event in _episodes(outcome):
            found.setdefault(str(event["id"]), event)
    return list(found.values())


def _context(event_id: str, window: int, store: GraphStore) -> list[TurnRecord]:
    return store.event_context(event_id, window)


def handed_turns(state: State) -> list[Record]:
    """The turns handed to the answer step, best first (`rank_turns`), at most
    `Budget.answer_turns`: of the turns read and `state.unread_turns`, each read as
    "speaker: text". A dia_id several conversations of the namespace share is ranked once (on
    the text of the turn read first) and hands on every turn that has it."""
    pool: dict[str, list[Record]] = {}
    for turn in (*state.evidence.turns.values(), *state.unread_turns.values()):
        pool.setdefault(str(turn["dia_id"]), []).append(turn)
    order = sorted(pool, key=dia_order)
    texts = {d: f"{pool[d][0]['speaker']}: {pool[d][0]['text']}" for d in order}
    speakers = {d: str(pool[d][0]["speaker"]) for d in order}
    opening = {d for d in order if int(pool[d][0].get("index", OPENING_TURNS)) < OPENING_TURNS}
    handed = [t for d in rank_turns(state, texts, speakers, opening, state.budget.answer_turns)
              if d in pool for t in pool[d]]
    return handed[: state.budget.answer_turns]


def found(state: State, handed: bool) -> Found:
    """What the walk found, frozen for the answer step (mrgraph.found.Found), with the turns
    handed on (`handed_turns`) when `handed`: always for the LLM answer step; for the offline
    reader when the loop fetched unread turns (a question asking for several things)."""
    return state.found(handed_turns(state) if handed else ())


def rank_turns(state: State, texts: Mapping[str, str], speakers: Mapping[str, str],
               opening: Collection[str] = (), limit: int | None = None) -> list[str]:
    """The dia_ids of H and of the other episodes reached, best first. `texts`: dia_id -> text
    in transcript order (those turns and the turn before each); `speakers`: dia_id -> speaker;
    `opening`: the dia_ids of turns of a session's opening exchange (OPENING_TURNS); only the
    first `limit` are in order (the rest follow unspread: the greedy spread is quadratic)."""
    order = list(texts)
    before = {d: order[i - 1] for i, d in enumerate(order) if i}
    asked = asked_speakers(state.question, sorted(set(speakers.values())))
    episode: dict[str, tuple[float, str]] = {}  # dia_id -> (relevance, episode key)
    for event in state.evidence.events.values():
        for dia_id in event["dia_ids"]:
            if float(event["relevance"]) > episode.get(dia_id, (-1.0, ""))[0]:
                episode[dia_id] = (float(event["relevance"]), str(event["id"]))
    for turn in state.evidence.turns.values():
        dia_id = str(turn["dia_id"])
        if float(turn["relevance"]) > episode.get(dia_id, (-1.0, ""))[0]:
            episode[dia_id] = (float(turn["relevance"]), f"turn:{dia_id}")
    for dia_id, reached in _reached(state).items():
        episode.setdefault(dia_id, reached)
    several = asks_several(state.question)
    weight = SEVERAL_EPISODE if several else EPISODE
    own = {d: _own(state, d, texts, speakers, before) + ASKED * (speakers.get(d) in asked)
           + OPENING * (several and d in opening) for d in episode}
    ranked = sorted(episode, key=lambda d: (-(own[d] + weight * episode[d][0]), dia_order(d)))
    return _spread(ranked, own, episode, weight, limit) if several else ranked


def _reached(state: State) -> dict[str, tuple[float, str]]:
    """dia_id -> (relevance, episode id) over every episode a call returned (search ranking,
    hop results, a belief's episodes): routing's relevance if it ranked the episode, else its
    search share, else 0; an H episode's own entry wins over these (`setdefault`)."""
    found: dict[str, tuple[float, str]] = {}
    for event in reached_episodes(state):
        event_id = str(event["id"])
        ranked = state.candidates.get(event_id)
        relevance = float(ranked["relevance"]) if ranked else state.event_q.get(event_id, 0.0)
        for dia_id in event["dia_ids"]:
            if relevance > found.get(dia_id, (-1.0, ""))[0]:
                found[dia_id] = (relevance, event_id)
    return found


def _episodes(outcome: Outcome) -> list[Record]:
    """The episodes a call returned: an event tool's records, a belief's episodes."""
    records = outcome.result.records if outcome.result else ()
    if outcome.action.tool == "personal_aspect":
        return [e for belief in records for e in belief.get("episodes", ())]
    return list(records) if outcome.action.tool in EPISODE_TOOLS else []


def _own(state: State, dia_id: str, texts: Mapping[str, str], speakers: Mapping[str, str],
         before: Mapping[str, str]) -> float:
    share = state.q_share(_tokens(texts.get(dia_id, "")))
    asked = before.get(dia_id, "")  # the turn before: a question by someone else?
    if asked and texts[asked].rstrip().endswith("?") \
            and speakers.get(asked) != speakers.get(dia_id):
        share = max(share, REPLY * state.q_share(_tokens(texts[asked])))
    return share


# a conversation's turns are ranked again for every question: tokenise each text once
@functools.lru_cache(maxsize=50_000)
def _tokens(text: str) -> frozenset[str]:
    return frozenset(tokenize(text))


def _spread(ranked: list[str], own: Mapping[str, float],
            episode: Mapping[str, tuple[float, str]], weight: float,
            limit: int | None = None) -> list[str]:
    """Greedy: the best turn next (ties: the first ranked), its episode's part discounted by
    SPREAD per turn taken; after `limit` turns, the rest as ranked. Lazily: a turn's score
    only falls as its episode's turns are taken, so a stale entry of the heap is scored again
    and pushed back (the same order as scoring every turn left at each step)."""
    if any(episode[d][0] < 0 for d in ranked):  # a negative part would rise: score them all
        return _spread_all(ranked, own, episode, weight, limit)
    taken: dict[str, int] = {}

    def score(d: str) -> float:
        return own[d] + weight * episode[d][0] * SPREAD ** taken.get(episode[d][1], 0)

    heap = [(-score(d), at, d, 0) for at, d in enumerate(ranked)]
    heapq.heapify(heap)
    out: list[str] = []
    while heap and (limit is None or len(out) < limit):
        _, at, d, seen = heapq.heappop(heap)
        now = taken.get(episode[d][1], 0)
        if seen != now:  # its episode gave turns since: score it again
            heapq.heappush(heap, (-score(d), at, d, now))
            continue
        out.append(d)
        taken[episode[d][1]] = now + 1
    chosen = set(out)
    return out + [d for d in ranked if d not in chosen]


def _spread_all(ranked: list[str], own: Mapping[str, float],
                episode: Mapping[str, tuple[float, str]], weight: float,
                limit: int | None = None) -> list[str]:
    """`_spread` scoring every turn left at each step."""
    taken: dict[str, int] = {}
    left, out = list(ranked), list[str]()
    while left and (limit is None or len(out) < limit):
        best = max(left, key=lambda d: own[d] + weight * episode[d][0]
                   * SPREAD ** taken.get(episode[d][1], 0))  # max: the first of equals
        left.remove(best)
        out.append(best)
        taken[episode[best][1]] = taken.get(episode[best][1], 0) + 1
    return out + left
