"""What the embedded store keeps in memory beside its SQLite file, so that opening costs nothing
and a read touches only what it needs (mrgraph.store.persist has the file).

* `NodeCache`: node attributes by id, fetched from the file on first use (bounded: emptied when
  it outgrows `CACHE_LIMIT` entries, so a long-lived reader does not end up holding the graph).
* `GraphIndex`: node counts per label and edge counts per type (the file's `counts` table, kept
  current by every write), lookups by key through the file's (label, key) index, and three
  structures built from the file on first use:
  - a TokenTable per searchable label (Episode, Cue, Tag, Topic, Turn): the file's token postings,
    read per token (mrgraph.store.token_table);
  - the Timeline (episodes sorted by date, for bisecting a range), rebuilt after an episode change,
    and the mention timeline (the dates episodes' turns mention, sorted by their first day);
  - the VectorIndex (embedded episodes per model), rebuilt after an episode change.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Set
from typing import Any, Callable

from mrgraph.store.mention_index import MentionIndex
from mrgraph.store.persist import LABEL, Database, node_attrs
from mrgraph.store.token_table import TokenTable
from mrgraph.store.vector_index import VectorIndex
from mrgraph.text import normalize_key

Attrs = dict[str, Any]
CACHE_LIMIT = 200_000


def _text(key: str) -> Callable[[Attrs], str]:
    def secondary(attrs: Attrs) -> str:
        value = attrs.get(key)
        return "" if value is None else str(value)
    return secondary


# The secondary sort key of each searchable label, after the score (base.py's orders).
SECONDARY_KEY = {"Episode": "date", "Cue": "name", "Tag": "label", "Topic": "label",
                 "Turn": "date"}
SECONDARY: dict[str, Callable[[Attrs], str]] = {k: _text(v) for k, v in SECONDARY_KEY.items()}
TOKEN_LABELS = frozenset(SECONDARY)


def cue_key(attrs: Attrs) -> str:
    key = attrs.get("key")
    return key if isinstance(key, str) else normalize_key(str(attrs.get("name", "")))


def lookup_key(attrs: Attrs) -> str | None:
    """The `key` column of a node: what the reads look it up by, per label."""
    label = attrs[LABEL]
    if label == "Cue":
        return cue_key(attrs)
    value = attrs.get({"Fact": "entity", "Conversation": "conversation_id",
                       "Episode": "date"}.get(label, ""))
    return value if isinstance(value, str) and (value or label != "Episode") else None


class NodeCache:
    """Node attributes by id (None: no such node), read from the file on a miss."""

    def __init__(self, db: Database, ns: str) -> None:
        self._db = db
        self._ns = ns
        self._cache: dict[str, Attrs | None] = {}
        self._limit = CACHE_LIMIT

    def get(self, node_id: str, default: Attrs | None = None) -> Attrs | None:
        try:
            found = self._cache[node_id]
        except KeyError:
            rows = self._db.rows("SELECT label, props FROM nodes WHERE id = ?", (node_id,))
            found = node_attrs(rows[0][0], rows[0][1], self._ns) if rows else None
            self.put(node_id, found)
        return default if found is None else found

    def __getitem__(self, node_id: str) -> Attrs:
        found = self.get(node_id)
        if found is None:
            raise KeyError(node_id)
        return found

    def __contains__(self, node_id: object) -> bool:
        return isinstance(node_id, str) and self.get(node_id) is not None

    def prefetch(self, node_ids: list[str]) -> None:
        """Read the nodes not cached yet in a few queries (a batch's nodes, before writing)."""
        wanted = dict.fromkeys(node_ids)
        missing = [n for n in wanted if n not in self._cache]
        if len(self._cache) + len(missing) > CACHE_LIMIT:
            # Earlier batches' nodes go first: kept, they grew the cache by every unit written
            # (1M turns: ingest peak RSS 665 MiB -> 2,158 MiB, ~170 MiB per 100k-turn unit).
            self._cache = {n: self._cache[n] for n in wanted if n in self._cache}
        # A batch bigger than the limit is kept whole while it is written: reaching the limit
        # mid-batch would drop what was just read, then read it again node by node (a 200k-turn
        # session's 243k nodes cost 730k single-row queries, a third of its write time).
        self._limit = max(CACHE_LIMIT, len(self._cache) + len(missing) + CACHE_LIMIT // 10)
        for start in range(0, len(missing), 500):
            chunk = missing[start:start + 500]
            found = {r[0]: node_attrs(r[1], r[2], self._ns) for r in self._db.rows(
                f"SELECT id, label, props FROM nodes WHERE id IN ({','.join('?' * len(chunk))})",
                chunk)}
            for node_id in chunk:
                self.put(node_id, found.get(node_id))

    def put(self, node_id: str, attrs: Attrs | None) -> None:
        if len(self._cache) >= self._limit:
            self._cache.clear()
            self._limit = CACHE_LIMIT
        self._cache[node_id] = attrs

    def clear(self) -> None:
        self._cache.clear()


class Timeline:
    """Dated spans sorted by (start, id), with each one's end: episodes by their session day.

    `reach[i]` is the latest end among positions 0..i: episodes before the range's start can
    only overlap it through their end, and scanning backwards can stop once `reach` < start."""

    def __init__(self, rows: list[tuple[str, str, str]]) -> None:
        """`rows`: (start, id, end) of every dated span."""
        rows.sort()
        self.dates = [r[0] for r in rows]
        self.ids = [r[1] for r in rows]
        self.ends = [r[2] for r in rows]
        self.reach: list[str] = []
        self._start_of: dict[str, str] | None = None
        latest = ""
        for end in self.ends:
            latest = max(latest, end)
            self.reach.append(latest)

    def query(self, start: str, end: str, allowed: Set[str] | None, limit: int) -> list[str]:
        """Ids of spans with start <= end and their end >= start, by (start, id)."""
        hi = bisect_right(self.dates, end)
        lo = min(bisect_left(self.dates, start), hi)
        early = []  # date < start: only a range reaching into [start, end] overlaps
        i = lo - 1
        while i >= 0 and self.reach[i] >= start:
            if self.ends[i] >= start and (allowed is None or self.ids[i] in allowed):
                early.append(self.ids[i])
            i -= 1
        found = early[::-1][:limit]
        for j in range(lo, hi):
            if len(found) >= limit:
                break
            if self.ends[j] >= start and (allowed is None or self.ids[j] in allowed):
                found.append(self.ids[j])
        return found

    def start_of(self, span_id: str) -> str | None:
        """The (first) start of the span `span_id`, None when it has none: an episode's day
        read from memory, not from its node (the mention index orders episodes by it)."""
        if self._start_of is None:
            self._start_of = {}
            for date, span in zip(self.dates, self.ids):
                self._start_of.setdefault(span, date)
        return self._start_of.get(span_id)

    def span(self) -> tuple[str | None, str | None]:
        return (self.dates[0], self.dates[-1]) if self.dates else (None, None)


class GraphIndex:
    def __init__(self, db: Database) -> None:
        self._db = db
        self.node_counts, self.edge_counts = db.counts()
        self._tokens = {label: TokenTable(db, label, SECONDARY[label]) for label in SECONDARY}
        self._timeline: Timeline | None = None
        self._mentions: MentionIndex | None = None  # the dates episodes' turns mention
        self._vectors: VectorIndex | None = None

    # -------------------------------------------------------------- maintenance

    def add(self, node_id: str, attrs: Attrs) -> None:
        label = attrs[LABEL]
        self.node_counts[label] = self.node_counts.get(label, 0) + 1
        self._episode_changed(label)
        tokens = self._tokens.get(label)
        if tokens is not None:
            tokens.add(node_id, attrs)

    def remove(self, node_id: str, attrs: Attrs) -> None:
        label = attrs[LABEL]
        self.node_counts[label] -= 1
        self._episode_changed(label)
        tokens = self._tokens.get(label)
        if tokens is not None:
            tokens.remove(node_id, attrs)

    def replace(self, node_id: str, old: Attrs, new: Attrs) -> None:
        """The node's properties changed from `old` to `new` (same label)."""
        self._episode_changed(new[LABEL])
        tokens = self._tokens.get(new[LABEL])
        if tokens is not None:
            tokens.replace(node_id, old, new)

    def _episode_changed(self, label: str) -> None:
        if label == "Episode":
            self._timeline = None
            self._vectors = None
        if label in ("Episode", "DateMention"):
            self._mentions = None

    def edge_added(self, etype: str, count: int = 1) -> None:
        self.edge_counts[etype] = self.edge_counts.get(etype, 0) + count

    def edge_removed(self, etype: str) -> None:
        self.edge_counts[etype] -= 1

    def flush(self) -> None:
        """Write the postings queued by add() and replace()."""
        for table in self._tokens.values():
            table.flush()

    def save(self) -> None:
        """Write what is queued and the counts (inside the write unit's transaction)."""
        self.flush()
        self._db.save_counts(self.node_counts, self.edge_counts)

    # -------------------------------------------------------------- lookups

    def ids(self, label: str, key: str) -> list[str]:
        """Ids of the `label` nodes whose lookup key is `key`, sorted."""
        return [r[0] for r in self._db.rows(
            "SELECT id FROM nodes WHERE label = ? AND key = ? ORDER BY id", (label, key))]

    def keys(self, label: str) -> list[str]:
        """The distinct lookup keys of `label`, sorted."""
        return [r[0] for r in self._db.rows(
            "SELECT DISTINCT key FROM nodes WHERE label = ? AND key IS NOT NULL ORDER BY key",
            (label,))]

    def count(self, label: str) -> int:
        return self.node_counts.get(label, 0)

    def span(self) -> tuple[str | None, str | None]:
        """The first and last episode date."""
        rows = self._db.rows("SELECT min(key), max(key) FROM nodes WHERE label = 'Episode' "
                             "AND key > ''")
        return (rows[0][0], rows[0][1]) if rows else (None, None)

    def session_dates(self) -> list[str]:
        rows = self._db.rows("SELECT json_extract(props, '$.date') FROM nodes "
                             "WHERE label = 'Session'")
        return sorted(d for (d,) in rows if isinstance(d, str) and d)

    # -------------------------------------------------------------- lazy structures

    def tokens(self, label: str) -> TokenTable:
        """The token postings of `label` (one of TOKEN_LABELS)."""
        return self._tokens[label]

    def timeline(self) -> Timeline:
        if self._timeline is None:
            # an episode is dated by its session: one day, ending where it starts
            self._timeline = Timeline([(date, eid, date) for date, eid in self._db.rows(
                "SELECT key, id FROM nodes WHERE label = 'Episode' AND key > ''")])
        return self._timeline

    def mention_timeline(self) -> MentionIndex:
        """(start, episode id, end) of every date a turn of an episode mentions, the episodes
        in the order of their own days (the episode timeline's)."""
        if self._mentions is None:
            self._mentions = MentionIndex([
                (str(start), str(episode), str(end)) for start, episode, end in self._db.rows(
                    "SELECT json_extract(m.props, '$.start'), f.src, json_extract(m.props, '$.end') "
                    "FROM nodes m JOIN edges t ON t.dst = m.id AND t.type = 'MENTIONS_DATE' "
                    "JOIN edges f ON f.dst = t.src AND f.type = 'FROM_TURN' "
                    "WHERE m.label = 'DateMention'")], self.timeline().start_of)
        return self._mentions

    def vectors(self, ns: str) -> VectorIndex:
        if self._vectors is None:
            nodes = {r[0]: node_attrs("Episode", r[1], ns) for r in self._db.rows(
                "SELECT id, props FROM nodes WHERE label = 'Episode' "
                "AND json_type(props, '$.embedding') NOT IN ('null')")}
            self._vectors = VectorIndex(nodes, nodes)
        return self._vectors
