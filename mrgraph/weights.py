"""Search weights: what a free-text argument's words weigh in a search.

Free-text arguments become search tokens (`mrgraph.text.tokenize`) weighted by
idf, w(t) = ln(1 + N / df(t)) with N the number of nodes of the searched label(s) and df(t) the
nodes holding t; tokens no node holds (df = 0) are dropped. The weights are computed here, once,
from `store.token_df`, so every backend ranks identically.
With the kind bridge, a word naming a kind ("instruments") also reaches the things of that kind
(WordNet, `mrgraph.lexicon`) at a share of its own weight.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Collection, Mapping, Sequence

from mrgraph import lexicon
from mrgraph.store.base import GraphStore
from mrgraph.text import STOPWORDS, stem, token_set, words

KIND_SHARE = 0.5  # weight of a kind's member relative to the kind word's own
BROAD_KIND = 1000  # members beyond which each member of a kind holds less of its weight


def search_weights(store: GraphStore, labels: Sequence[str], text: str, *,
                   unseen: bool = False, kinds: bool = False) -> dict[str, float]:
    """idf weights w(t) = ln(1 + N/df) of the distinct tokens of `text` over `labels`.

    Tokens no node holds are dropped (they cannot match), unless `unseen`: then they weigh
    ln(1 + N), as rare as a token can be. Relevance scoring uses that, so a question about
    something the graph never mentions cannot look well covered by the words it does know.
    With `kinds`, a word naming a kind also reaches the things of that kind (`kind_weights`)."""
    tokens = token_set(text)
    if not tokens:
        return {}
    return idf_weights(text, count_tokens(store, labels, tokens), unseen=unseen, kinds=kinds)


def count_tokens(store: GraphStore, labels: Sequence[str],
                 tokens: Sequence[str]) -> list[tuple[int, Mapping[str, int]]]:
    """store.token_df of `tokens` for each label, the labels at once (on Neo4j one step)."""
    return store.run_calls([functools.partial(_token_df, label, tokens) for label in labels], 1)


def idf_weights(text: str, counted: Sequence[tuple[int, Mapping[str, int]]], *,
                unseen: bool = False, kinds: bool = False) -> dict[str, float]:
    """search_weights of `text` from its tokens' counts (`count_tokens`) over the labels."""
    tokens = token_set(text)
    total, df = 0, dict.fromkeys(tokens, 0)
    for count, held in counted:
        total += count
        for token in tokens:
            df[token] += held.get(token, 0)
    weights = {t: math.log(1 + total / max(df[t], 1)) for t in tokens if df[t] > 0 or unseen}
    if kinds:
        weights.update(kind_weights(text, weights, total))
    return weights


def kind_weights(text: str, weights: Mapping[str, float], total: int) -> dict[str, float]:
    """The kind bridge: for each word of `text` naming a kind ("instruments", "what food"),
    the tokens of the things of that kind (`kind_members`), each at KIND_SHARE of the kind
    word's own weight. Tokens no node holds cost nothing: the stores match held tokens only."""
    bridged: dict[str, float] = {}
    for kind, members in kind_members(text, weights).items():
        weight = kind_share(members) * weights.get(kind, math.log(1 + max(total, 1)))
        for token in members:
            bridged[token] = max(bridged.get(token, 0.0), weight)
    return bridged


def kind_share(members: Collection[str]) -> float:
    """The share of a kind word's weight one of its members holds: KIND_SHARE, less for a
    kind so broad (WordNet's "activity", "event": thousands of members) that nearly every
    episode holds some member of it, so that holding one says little (an idf of kinds)."""
    return KIND_SHARE * min(1.0, BROAD_KIND / max(len(members), 1))


def kind_members(text: str, weights: Mapping[str, float]) -> dict[str, frozenset[str]]:
    """kind token -> the tokens of the things of that kind (WordNet: `mrgraph.lexicon`),
    leaving out `weights`' own tokens (the question's words weigh what they weigh)."""
    found: dict[str, frozenset[str]] = {}
    for kind, members in lexicon.default().kinds(words(text), STOPWORDS).items():
        tokens = frozenset(stem(m) for m in members) - set(weights)
        if tokens:
            found[stem(kind)] = tokens
    return found


def _token_df(label: str, tokens: Sequence[str],
              store: GraphStore) -> tuple[int, Mapping[str, int]]:
    return store.token_df(label, tokens)
