"""Neo4jStore's reads: each runs its `cypher/<method>.cypher` file and shapes the records.

Results must equal the embedded store's (memory_reads.py, memory_toolkit.py) record for
record, so:
  * final ordering happens here in Python. Neo4j compares strings by UTF-16 code unit, Python by
    code point (they disagree for characters above U+FFFF against U+E000-U+FFFF), and Cypher's
    round() rounds half-up on the decimal form while Python's rounds the binary value.
    A query's own ORDER BY / LIMIT is only used where the keys are ISO dates and hex ids.
  * token scores are recomputed here exactly as base.py defines them (tokens summed in sorted
    order, then rounded to 6 places); the search files return every row that can reach the
    top `limit` (see search_events.cypher) and this module picks the final ones.
  * missing properties read as "" / 0 / () exactly as the embedded store reads them.
"""

from __future__ import annotations

import heapq
import re
from typing import Any, Callable, Generator, Mapping, Sequence, TypeVar

from mrgraph.errors import NotFoundError, StoreError
from mrgraph.store import cypher
from mrgraph.store.base import BeliefEdge, EventRecord, FactObservation
from mrgraph.text import normalize_key
from mrgraph.types import EdgeRecord, NodeRecord, NodeView, Stats

Row = dict[str, Any]
Runner = cypher.Runner
T = TypeVar("T")
# A grouped read in two halves around its statement: it yields the (file, calls) requests it
# needs answered (grouped's arguments) and gets back each request's rows, then returns its
# answers. So the requests of several kinds can travel in one statement (run_step).
Request = tuple[str, list[dict[str, Any]]]
Query = Generator[list[Request], list[list[list[Row]]], T]
# The grouped files read_many.cypher holds as branches (a request of any other file runs alone).
STEP_FILES = frozenset({
    "search_events", "search_events_scan", "search_cues", "search_cues_scan", "search_topics",
    "search_topics_scan", "find_cues", "entity_beliefs", "cue_tags", "tag_events", "topic_events",
    "timeline", "timeline_of_cue", "event_keywords", "event_context", "conversation_time"})

TOKEN_LABELS = ("Cue", "Episode", "Tag", "Topic", "Turn")
TOKEN_DF_FILES = {"Episode": "token_df_episode", "Cue": "token_df_cue", "Tag": "token_df_tag",
                   "Topic": "token_df_topic", "Turn": "token_df_turn"}
LABELS = ("Conversation", "Session", "Turn", "Episode", "Cue", "Tag", "Fact", "Topic", "Experience",
          "Proposal", "PracticeRound", "DateMention")
# Lucene's default limit is 1024 clauses per boolean query; stay well below it.
_CLAUSES_PER_QUERY = 500
# A search with more tokens than this (a kind word bridged to its members: thousands) reads
# the namespace's nodes (search_*_scan.cypher) instead of running a Lucene query per 500
# tokens: on the dev file such a query hits most nodes anyway and costs 15-40 ms, the scan
# ~30 ms in all (RESULTS.md@c29e350 section 16).
SCAN_TOKENS = 500
SCAN_FILES = {"search_events": "search_events_scan", "search_cues": "search_cues_scan",
              "search_topics": "search_topics_scan"}
_WHITESPACE = re.compile(r"\s")


def rows(tx: Runner, name: str, **params: Any) -> list[Row]:
    """Run query file `name` and return its records as dicts (consumed inside the transaction)."""
    data: list[Row] = cypher.run(tx, name, params).data()
    return data


def grouped(tx: Runner, name: str, ns: str, calls: Sequence[Mapping[str, Any]]) -> list[list[Row]]:
    """Run a file that answers many calls at once (`UNWIND $calls AS call`, one record per call
    with rows: its index `i` and its rows as a list of maps, so a call costs one record, not
    one per row): the rows of each call, in the order of `calls`. No calls, no statement."""
    found: list[list[Row]] = [[] for _ in calls]
    if calls:  # the rows are maps of plain values already: no Record.data() walk over them
        result = cypher.run(tx, name, {"ns": ns, "calls": [{**c, "i": i}
                                                           for i, c in enumerate(calls)]})
        for record in result:
            found[record["i"]] = list(record["rows"])
    return found


def drive(tx: Runner, ns: str, query: Query[T]) -> T:
    """One query's answers: its requests go out as `run_step` sends a step (of one kind, the
    kind's own file; of several, `read_many.cypher`)."""
    answer: T = run_step(tx, ns, [query])[0]
    return answer


def run_step(tx: Runner, ns: str, queries: Sequence[Query[Any]]) -> list[Any]:
    """The answers of `queries`, their requests of STEP_FILES in ONE statement (read_many.cypher:
    a step of the loop costs one round trip, whatever kinds of read it holds), any other
    request in a statement of its own. A file asked by a single request runs its own file."""
    asked = [next(q) for q in queries]
    found: list[list[list[list[Row]]]] = [[[] for _ in requests] for requests in asked]
    combined: list[tuple[int, int, int, dict[str, Any]]] = []  # query, request, call, call
    for n, requests in enumerate(asked):
        for r, (file, calls) in enumerate(requests):
            if file in STEP_FILES:
                combined += [(n, r, k, call) for k, call in enumerate(calls)]
            else:
                found[n][r] = grouped(tx, file, ns, calls)
    pairs = list(dict.fromkeys((n, r) for n, r, _, _ in combined))
    for n, r in pairs:
        found[n][r] = [[] for _ in asked[n][r][1]]
    if len(pairs) == 1:
        [(n, r)] = pairs
        found[n][r] = grouped(tx, asked[n][r][0], ns, asked[n][r][1])
    elif pairs:
        result = cypher.run(tx, "read_many", {"ns": ns, "calls": [
            {**call, "i": i, "file": asked[n][r][0]}
            for i, (n, r, _, call) in enumerate(combined)]})
        for record in result:
            n, r, k, _ = combined[record["i"]]
            found[n][r][k] = list(record["rows"])
    answers = []
    for query, rows_found in zip(queries, found):
        try:
            query.send(rows_found)
        except StopIteration as stop:
            answers.append(stop.value)
        else:
            raise RuntimeError("a grouped read yields its requests once")
    return answers


# ------------------------------------------------------------------ value helpers


def _value(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def _props(props: Mapping[str, Any]) -> dict[str, Any]:
    """Node/edge properties as records carry them: no `id` (it is the record's), lists as tuples."""
    return {k: _value(v) for k, v in props.items() if k != "id"}


def text_of(data: Mapping[str, Any], key: str) -> str:
    value = data.get(key)
    return "" if value is None else str(value)


def _label(labels: Sequence[str]) -> str:
    return next((label for label in labels if label in LABELS), labels[0] if labels else "")


def _record(labels: Sequence[str], props: Mapping[str, Any]) -> NodeRecord:
    return NodeRecord(_label(labels), str(props["id"]), _props(props))


def event_record(a: Mapping[str, Any], score: float = 0.0) -> EventRecord:
    return EventRecord(
        id=str(a["id"]), conversation_id=text_of(a, "conversation_id"),
        session=int(a.get("session") or 0), date=text_of(a, "date"), summary=text_of(a, "summary"),
        tag=text_of(a, "tag"), dia_ids=tuple(str(d) for d in a.get("dia_ids") or ()), score=score,
        mentions=tuple(str(m) for m in a.get("mentions") or ()),
    )


def events_by_date(found: list[Row]) -> list[EventRecord]:
    events = [event_record(r["episode"]) for r in found]
    return sorted(events, key=lambda e: (e.date, e.id))


# ------------------------------------------------------------------ token scoring


def lucene_queries(weights: Mapping[str, float]) -> list[str]:
    """Full-text queries finding every node that holds a weighted token.

    Each token is a quoted Lucene phrase (quotes and backslashes escaped), so no token is ever
    read as query syntax, and a token the whitespace analyzer splits (over 255 characters) is
    still matched as a whole. Tokens that cannot be held (empty, containing whitespace) are
    dropped: stored tokens are split on whitespace."""
    quoted = [_phrase(t) for t in sorted(weights) if t and not _WHITESPACE.search(t)]
    return [" OR ".join(quoted[i:i + _CLAUSES_PER_QUERY])
            for i in range(0, len(quoted), _CLAUSES_PER_QUERY)]


def _phrase(token: str) -> str:
    return '"' + token.replace("\\", "\\\\").replace('"', '\\"') + '"'


def score(weights: Mapping[str, float], tokens: str | None) -> float:
    """round(sum of the weights of the tokens held, 6), summed in sorted token order (base.py).
    Only the held tokens are sorted: a kind-bridged query has thousands of weights."""
    total = 0.0
    for token in sorted(set((tokens or "").split()).intersection(weights)):
        total += float(weights[token])
    return round(total, 6)


def search_rows(name: str, asked: Sequence[tuple[Mapping[str, float], int]]
                ) -> Query[list[list[Row]]]:
    """The candidate rows of every (weights, limit) search of `asked`, each row with its exact
    `score`: one statement for the calls the full-text index serves, one (`SCAN_FILES`) for
    those with over SCAN_TOKENS tokens, which read the namespace's nodes instead."""
    indexed: dict[int, dict[str, Any]] = {}
    scanned: dict[int, dict[str, Any]] = {}
    for n, (weights, limit) in enumerate(asked):
        holdable = {t: float(w) for t, w in weights.items() if t and not _WHITESPACE.search(t)}
        if limit <= 0 or not holdable:  # no holdable token: no query either
            continue
        if len(holdable) > SCAN_TOKENS:  # no Lucene query is built: quoting thousands of
            scanned[n] = {"limit": limit, "weights": holdable}  # tokens cost ms a question
        else:
            indexed[n] = {"queries": lucene_queries(holdable), "limit": limit,
                          "weights": {t: float(w) for t, w in weights.items()}}
    found: list[list[Row]] = [[] for _ in asked]
    got_rows = yield [(name, list(indexed.values())), (SCAN_FILES[name], list(scanned.values()))]
    for calls, file_rows in zip((indexed, scanned), got_rows):
        for n, got in zip(calls, file_rows):
            weights = asked[n][0]
            for row in got:
                row["score"] = score(weights, row.get("tokens")
                                     or (row.get("episode") or {}).get("tokens"))
            found[n] = got
    return found


def top_rows(found: list[Row], limit: int, secondary: Callable[[Row], str],
         ident: Callable[[Row], str]) -> list[Row]:
    return heapq.nsmallest(limit, found, key=lambda r: (-r["score"], secondary(r), ident(r)))


# ------------------------------------------------------------------ inspection


def stats(tx: Runner, ns: str) -> Stats:
    nodes = {r["label"]: int(r["count"]) for r in rows(tx, "stats_nodes", ns=ns)}
    edges = {r["type"]: int(r["count"]) for r in rows(tx, "stats_edges", ns=ns)}
    dates = rows(tx, "stats_dates", ns=ns)[0]
    first, last = dates["first_episode"], dates["last_episode"]
    if first is None:  # no dated episode: fall back to the sessions' dates
        first, last = dates["first_session"], dates["last_session"]
    return Stats(nodes=dict(sorted(nodes.items())), edges=dict(sorted(edges.items())),
                 conversations=tuple(conversations(tx, ns)), first_date=first, last_date=last)


def get_node(tx: Runner, ns: str, node_id: str) -> NodeRecord | None:
    found = rows(tx, "get_node", ns=ns, id=node_id)
    return _record(found[0]["labels"], found[0]["props"]) if found else None


def show(tx: Runner, ns: str, node_id: str) -> NodeView:
    found = rows(tx, "show", ns=ns, id=node_id)
    if not found:
        raise NotFoundError(f"no node {node_id!r} in namespace {ns!r}")
    row = found[0]
    node = _record(row["labels"], row["props"])

    def edges(items: list[Row], outgoing: bool) -> tuple[tuple[EdgeRecord, NodeRecord], ...]:
        pairs = []
        for item in items:
            other = _record(item["labels"], item["node"])
            src, dst = (node.id, other.id) if outgoing else (other.id, node.id)
            pairs.append((EdgeRecord(item["type"], src, dst, _props(item["props"])), other))
        return tuple(sorted(pairs, key=lambda p: (p[0].type, p[1].id)))

    return NodeView(node=node, out_edges=edges(row["out"], True), in_edges=edges(row["inc"], False))


def export(tx: Runner, ns: str) -> tuple[list[NodeRecord], list[EdgeRecord]]:
    nodes = [_record(r["labels"], r["props"]) for r in rows(tx, "export_nodes", ns=ns)]
    nodes.sort(key=lambda n: n.id)
    edges = [EdgeRecord(r["type"], r["src"], r["dst"], _props(r["props"]))
             for r in rows(tx, "export_edges", ns=ns)]
    edges.sort(key=lambda e: (e.src, e.type, e.dst))
    return nodes, edges


def experience_records(tx: Runner, ns: str, labels: Sequence[str]) -> list[NodeRecord]:
    found = [_record(r["labels"], r["props"])
             for r in rows(tx, "experience_records", ns=ns, labels=list(labels))]
    return sorted(found, key=lambda r: (r.label, r.id))


def conversations(tx: Runner, ns: str) -> list[str]:
    return sorted(str(r["conversation_id"]) for r in rows(tx, "conversations", ns=ns))


def outdated_conversations(tx: Runner, ns: str, version: int) -> list[str]:
    return sorted(str(r["conversation_id"])
                  for r in rows(tx, "outdated_conversations", ns=ns, version=version))


def token_df(tx: Runner, ns: str, label: str, tokens: Sequence[str]) -> tuple[int, dict[str, int]]:
    return token_df_many(tx, ns, [(label, tokens)])[0]


def token_df_many(tx: Runner, ns: str, asked: Sequence[tuple[str, Sequence[str]]]
                  ) -> list[tuple[int, dict[str, int]]]:
    """token_df of every (label, tokens) of `asked`, for the union of each label's tokens (a
    token's count does not depend on the others asked with it): one statement, a label's own
    file when one label is asked, else token_df_labels (a question's first step asks three)."""
    by_label: dict[str, dict[str, None]] = {}
    for label, tokens in asked:
        if label not in TOKEN_DF_FILES:
            raise StoreError(f"token_df: label must be one of {sorted(TOKEN_LABELS)}, "
                             f"not {label!r}")
        by_label.setdefault(label, {}).update(dict.fromkeys(tokens))
    items = {label: [{"token": t, "query": _phrase(t)} for t in union
                     if t and not _WHITESPACE.search(t)] for label, union in by_label.items()}
    if not items:
        return []
    if len(items) == 1:
        [(only, quoted)] = items.items()
        found = [dict(rows(tx, TOKEN_DF_FILES[only], ns=ns, tokens=quoted)[0], label=only)]
    else:
        found = rows(tx, "token_df_labels", ns=ns,
                     asked=[{"label": label, "tokens": quoted} for label, quoted in items.items()])
    counts = {row["label"]: (int(row["total"]), {d["token"]: int(d["df"]) for d in row["dfs"]})
              for row in found}
    return [(counts[label][0], {t: counts[label][1].get(t, 0) for t in tokens})
            for label, tokens in asked]


# ------------------------------------------------------------------ beliefs


def fact_observations(tx: Runner, ns: str, entities: Sequence[str]) -> list[FactObservation]:
    found = []
    for r in rows(tx, "fact_observations", ns=ns, entities=sorted(set(entities))):
        evidence: Mapping[str, Any] = r["evidence"]
        confidence = evidence.get("confidence")
        found.append(FactObservation(
            entity=r["entity"], aspect="" if r["aspect"] is None else str(r["aspect"]),
            fact_id=r["fact_id"], statement="" if r["statement"] is None else str(r["statement"]),
            episode_id=r["episode_id"],
            date=str(evidence.get("date") or r["episode_date"] or ""),
            confidence=None if confidence is None else float(confidence),
            negated=bool(evidence.get("negated", False)), contradicts=evidence.get("contradicts"),
        ))
    found.sort(key=lambda o: (o.date, o.episode_id, o.fact_id))
    return found


def entity_beliefs(tx: Runner, ns: str, entity: str, aspect: str | None) -> list[BeliefEdge]:
    return drive(tx, ns, entity_beliefs_query([(entity, aspect)]))[0]



def entity_beliefs_query(asked: Sequence[tuple[str, str | None]]
                         ) -> Query[list[list[BeliefEdge]]]:
    calls = [{"key": normalize_key(entity), "aspect": aspect} for entity, aspect in asked]
    [found] = yield [("entity_beliefs", calls)]
    return [sorted((_belief(r) for r in got), key=lambda b: (b.aspect, -b.confidence, b.fact_id))
            for got in found]


def _belief(r: Row) -> BeliefEdge:
    d: Mapping[str, Any] = r["belief"]
    episodes = sorted(str(e["id"]) for e in r["episodes"])
    dia_ids = sorted({str(x) for e in r["episodes"] for x in e.get("dia_ids") or ()})
    return BeliefEdge(
        entity="" if r["entity"] is None else str(r["entity"]), aspect=text_of(d, "aspect"),
        fact_id=r["fact_id"],
        statement=text_of(d, "statement") or ("" if r["fact_statement"] is None
                                           else str(r["fact_statement"])),
        confidence=float(d.get("confidence") or 0.0), support=int(d.get("support") or 0),
        first_seen=text_of(d, "first_seen"), last_seen=text_of(d, "last_seen"),
        status=text_of(d, "status"), history=text_of(d, "history"),
        episode_ids=tuple(episodes), dia_ids=tuple(dia_ids),
    )
