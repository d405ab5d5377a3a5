"""Contract-test fixtures: every test in tests/contract runs against every backend.

`backend` is parametrised: "memory" always (an embedded store in a temp directory); "neo4j" when
MRGRAPH_TEST_NEO4J_URI is set (credentials from NEO4J_USER / NEO4J_PASSWORD via Settings). With
MRGRAPH_REQUIRE_NEO4J=1 a missing URI fails the Neo4j tests instead of skipping them, and an
unreachable server fails them too (the store raises; nothing here catches it).

Each Neo4j test gets fresh namespaces (`ct<hex>`) and deletes them afterwards.

`World` is the hand-built graph the tests share: two conversations that share cues, a tag and a
fact, so forgetting one must keep exactly what the other still needs. Ids are derived from the
namespace (`mrgraph.ids.node_id`) as ingest derives them: Neo4j ids are unique database-wide.
"""

from __future__ import annotations

import json
import os
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from mrgraph.config import Settings
from mrgraph.dates import DateValue
from mrgraph.engine import Memory
from mrgraph.ids import node_id
from mrgraph.ingest.loaders import load
from mrgraph.ingest.pipeline import refresh_beliefs
from mrgraph.ingest.sample import sample_path
from mrgraph.store.base import GraphStore
from mrgraph.store.uri import open_store
from mrgraph.text import token_set
from mrgraph.types import EdgeRecord, GraphBatch, NodeRecord, Props

NEO4J_URI_ENV = "MRGRAPH_TEST_NEO4J_URI"
REQUIRE_ENV = "MRGRAPH_REQUIRE_NEO4J"


def neo4j_uri(purpose: str) -> str:
    """The live Neo4j's URI; where none is set the test is skipped (`purpose`: what it would
    do, "run the ... tests against Neo4j"), or fails under MRGRAPH_REQUIRE_NEO4J=1."""
    uri = os.environ.get(NEO4J_URI_ENV)
    if not uri:
        if os.environ.get(REQUIRE_ENV) == "1":
            pytest.fail(f"{REQUIRE_ENV}=1 but {NEO4J_URI_ENV} is not set: cannot {purpose}")
        pytest.skip(f"set {NEO4J_URI_ENV} to {purpose}")
    return uri


# ------------------------------------------------------------------ backends


class Backend:
    """Opens stores of one backend, each in a namespace of its own, and cleans up after."""

    def __init__(self, kind: str, tmp_path: Path) -> None:
        self.kind = kind
        self._tmp = tmp_path
        self._prefix = f"ct{uuid.uuid4().hex[:12]}"
        self._opened: list[GraphStore] = []
        self.settings = Settings.from_env() if kind == "neo4j" else Settings()

    @property
    def uri(self) -> str:
        if self.kind == "memory":
            return f"file:{self._tmp / 'graph'}"
        return os.environ[NEO4J_URI_ENV]

    def ns(self, name: str = "main") -> str:
        return f"{self._prefix}-{name}"

    def open(self, name: str = "main") -> GraphStore:
        """A store on the same database/directory: same `name` = same namespace."""
        store = open_store(self.uri, self.ns(name), self.settings)
        self._opened.append(store)
        return store

    def cleanup(self) -> None:
        if self.kind == "neo4j":
            _wipe_neo4j(self.uri, {s.ns for s in self._opened}, self.settings)
        for store in self._opened:
            store.close()


@contextmanager
def sample_namespace(uri: str, prefix: str, *,
                     also: Callable[[GraphStore], None] | None = None) -> Iterator[str]:
    """A fresh namespace (`prefix` + hex) of the live Neo4j at `uri` holding the demo's sample
    transcript (and what `also` writes into its store), deleted on exit."""
    settings = Settings.from_env()
    ns = f"{prefix}{uuid.uuid4().hex[:12]}"
    with Memory.open(settings, store=uri, ns=ns) as memory:
        memory.ingest([sample_path()])
        if also is not None:
            also(memory.store)
    try:
        yield ns
    finally:
        _wipe_neo4j(uri, {ns}, settings)


def _wipe_neo4j(uri: str, namespaces: set[str], settings: Settings) -> None:
    """Delete the test namespaces. The protocol has no 'drop namespace' (nothing in the product
    needs one), so the fixture asks the driver directly; the statement is a constant."""
    import neo4j

    auth = (settings.neo4j_user, settings.neo4j_password) \
        if settings.neo4j_password is not None else None
    with neo4j.GraphDatabase.driver(uri, auth=auth) as driver:
        for ns in sorted(namespaces):
            driver.execute_query("MATCH (n) WHERE n.ns = $ns DETACH DELETE n", {"ns": ns},
                                 database_=settings.neo4j_database)


def _backend_params() -> list[object]:
    return ["memory", pytest.param("neo4j", marks=pytest.mark.neo4j)]


@pytest.fixture(params=_backend_params())
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Backend]:
    kind = str(request.param)
    if kind == "neo4j":
        neo4j_uri("run the contract tests against Neo4j")
    b = Backend(kind, tmp_path)
    try:
        yield b
    finally:
        b.cleanup()


@pytest.fixture
def store(backend: Backend) -> GraphStore:
    return backend.open()


@pytest.fixture
def world(store: GraphStore) -> World:
    return World(store.ns)


@pytest.fixture
def loaded(store: GraphStore, world: World) -> GraphStore:
    """The store holding both conversations of `world` (no BELIEF edges yet)."""
    world.write_into(store)
    return store


# ------------------------------------------------------------------ the shared graph


@dataclass
class _Builder:
    ns: str
    conversation_id: str
    nodes: dict[str, NodeRecord] = field(default_factory=dict)
    edges: list[EdgeRecord] = field(default_factory=list)

    def node(self, label: str, key: tuple[str | int, ...], /, **props: object) -> str:
        nid = node_id(self.ns, label, *key)
        self.nodes[nid] = NodeRecord(label, nid, _props(props))
        return nid

    def edge(self, etype: str, src: str, dst: str, /, **props: object) -> None:
        self.edges.append(EdgeRecord(etype, src, dst, _props(props)))

    def batch(self) -> GraphBatch:
        return GraphBatch(self.conversation_id, tuple(self.nodes.values()), tuple(self.edges))


def _props(props: dict[str, object]) -> Props:
    return {k: v for k, v in props.items()}  # type: ignore[misc]


@dataclass(frozen=True)
class EpisodeSpec:
    key: str  # the test's name for it: "e11"
    session: int
    index: int
    turns: tuple[int, ...]  # turn indexes in the session
    date: str  # its session's day (an episode is dated by its session)
    tag: str
    cues: tuple[str, ...]  # cue keys
    tokens: str


# Conversations: c1 (Alice, Bob; two sessions), c2 (Alice, Carol; one session).
ENTITIES = ("Alice", "Bob", "Carol")  # the people the facts are about
# Turn dia_ids repeat across conversations on purpose (D1:1 exists in both).
SESSIONS = {
    "c1": {1: ("2023-05-08T13:56:00", "2023-05-08", 6), 2: ("2023-06-10T09:00:00", "2023-06-10", 4)},
    "c2": {1: ("2023-07-01T18:30:00", "2023-07-01", 3)},
}
EPISODES = {
    "c1": (
        EpisodeSpec("e11", 1, 0, (0, 1), "2023-05-08", "career change", ("alice", "job"),
                    "alice career job leave"),
        EpisodeSpec("e12", 1, 1, (3, 4), "2023-05-08", "painting",
                    ("alice", "bob", "paint", "2023 05"), "alice bob paint week"),
        EpisodeSpec("e13", 1, 2, (5,), "2023-05-08", "career change", ("alice", "job", "2023 05"),
                    "alice job offer"),
        EpisodeSpec("e21", 2, 0, (0, 1, 2), "2023-06-10", "painting", ("bob", "paint", "paint class"),
                    "bob class gallery paint"),
    ),
    "c2": (
        EpisodeSpec("e31", 1, 0, (0, 1), "2023-07-01", "career change", ("alice", "carol", "job"),
                    "alice carol job"),
        EpisodeSpec("e32", 1, 1, (2,), "2023-07-01", "painting", ("carol", "paint"), "carol paint"),
    ),
}
CUES = {  # key -> (name, kind, tokens)
    "alice": ("Alice", "entity", "alice"),
    "bob": ("Bob", "entity", "bob"),
    "carol": ("Carol", "entity", "carol"),
    "job": ("job", "keyword", "job"),
    "paint": ("paint", "keyword", "paint"),
    "paint class": ("paint class", "keyword", "class paint"),
    "2023 05": ("2023-05", "date", "05 2023"),
}
# Dates turns mention: (conversation, session, turn index) -> (phrase, value, precision, start,
# end). "last week" said in e12 (session day 8 May 2023) is the week of 1-7 May.
MENTIONS = {
    ("c1", 1, 3): ("last week", "2023-W18", "week", "2023-05-01", "2023-05-07"),
    ("c2", 1, 2): ("last year", "2022", "year", "2022-01-01", "2022-12-31"),
}
TAGS = {"career change": ("Career change", "career change"), "painting": ("painting", "paint")}
Evidence = list[tuple[str, str, dict[str, object]]]  # (episode, date, extra FROM_EPISODE props)
FACTS: dict[str, tuple[str, str, str, Evidence]] = {  # name -> (entity, aspect, statement, evidence)
    "f1": ("Alice", "job", "Alice works as a teacher",
           [("e11", "2023-05-08", {}), ("e31", "2023-07-01", {"confidence": 0.85})]),
    "f2": ("Alice", "job", "Alice works as a nurse",
           [("e12", "2023-05-08", {"confidence": 0.8, "contradicts": True})]),
    "f3": ("Bob", "hobby", "Bob paints", [("e12", "2023-05-08", {}), ("e21", "2023-06-10", {})]),
    "f5": ("Bob", "hobby", "Bob likes galleries", [("e12", "2023-05-08", {"negated": True})]),
    "f4": ("Carol", "home", "Carol lives in Boston", [("e31", "2023-07-01", {})]),
}
# Turns with words of their own (search_turns); every other turn says "<cid> turn <dia_id>".
TURN_TEXTS: dict[tuple[str, str], tuple[str, str | None]] = {  # -> (text, image caption)
    ("c1", "D1:4"): ("I finished the lighthouse painting last week!",
                     "a painting of a lighthouse at dusk"),
    ("c1", "D1:5"): ("Lighthouse? The one by the harbour?", None),
    ("c1", "D2:1"): ("My pottery class starts on Monday.", None),
    ("c2", "D1:1"): ("Painting the fence took the whole weekend.", None),
    ("c2", "D1:2"): ("Here is the fence now.", "a white fence in a garden"),
}


def mentioned(cid: str, session: int, index: int) -> tuple[DateValue, ...]:
    """The dates the world's turn mentions (MENTIONS), as a store reads them back."""
    said = MENTIONS.get((cid, session, index))
    if said is None:
        return ()
    phrase, value, precision, start, end = said
    speaker = (("Alice", "Bob") if cid == "c1" else ("Alice", "Carol"))[index % 2]
    dia = f"D{session}:{index + 1}"
    return (DateValue(value, precision, "relative", start, end, phrase,  # type: ignore[arg-type]
                      SESSIONS[cid][session][1], False, dia, speaker, turn_text(cid, dia)[0]),)


def turn_text(cid: str, dia: str) -> tuple[str, str | None]:
    """(text, image caption) of a turn; a turn with a MENTIONS entry says its phrase too."""
    text, caption = TURN_TEXTS.get((cid, dia), (f"{cid} turn {dia}", None))
    session, _, number = dia[1:].partition(":")
    said = MENTIONS.get((cid, int(session), int(number) - 1))
    return (text if not said or said[0] in text else f"{text} {said[0]}"), caption


TOPICS = {  # name -> (conversation, label, summary, tokens, episodes)
    "t1": ("c1", "Art", "Bob and Alice paint", "art paint", ("e12", "e21")),
    "t2": ("c2", "Work", "Jobs and careers", "job work", ("e31",)),
}


class World:
    """Ids and batches of the shared graph in namespace `ns`."""

    def __init__(self, ns: str) -> None:
        self.ns = ns

    # ids ------------------------------------------------------------------------------

    def conv(self, cid: str) -> str:
        return node_id(self.ns, "Conversation", cid)

    def session(self, cid: str, number: int) -> str:
        return node_id(self.ns, "Session", cid, number)

    def turn(self, cid: str, session: int, index: int) -> str:
        return node_id(self.ns, "Turn", cid, f"D{session}:{index + 1}")

    def ep(self, name: str) -> str:
        cid, spec = self.episode_spec(name)
        return node_id(self.ns, "Episode", cid, spec.session, spec.index)

    def cue(self, key: str) -> str:
        return node_id(self.ns, "Cue", key)

    def tag(self, key: str) -> str:
        return node_id(self.ns, "Tag", key)

    def fact(self, name: str) -> str:
        entity, aspect, statement, _ = FACTS[name]
        return node_id(self.ns, "Fact", entity.lower(), aspect, statement.lower())

    def topic(self, name: str) -> str:
        cid, label = TOPICS[name][0], TOPICS[name][1]
        return node_id(self.ns, "Topic", cid, label.lower())

    @staticmethod
    def episode_spec(name: str) -> tuple[str, EpisodeSpec]:
        for cid, specs in EPISODES.items():
            for spec in specs:
                if spec.key == name:
                    return cid, spec
        raise KeyError(name)

    def dia_ids(self, name: str) -> tuple[str, ...]:
        _, spec = self.episode_spec(name)
        return tuple(f"D{spec.session}:{i + 1}" for i in spec.turns)

    # batches --------------------------------------------------------------------------

    def write_into(self, store: GraphStore, *, beliefs: bool = False) -> None:
        """Both conversations in one write unit; with `beliefs`, their BELIEF edges derived."""
        with store.writing():
            store.write_batch(self.c1())
            store.write_batch(self.c2())
            if beliefs:
                refresh_beliefs(store, ENTITIES)

    def c1(self) -> GraphBatch:
        return self.conversation("c1")

    def c2(self) -> GraphBatch:
        return self.conversation("c2")

    def conversation(self, cid: str) -> GraphBatch:
        b = _Builder(self.ns, cid)
        speakers = ("Alice", "Bob") if cid == "c1" else ("Alice", "Carol")
        conv = b.node("Conversation", (cid,), conversation_id=cid, speakers=speakers,
                      source=f"{cid}.json")
        for number, (started, date, count) in SESSIONS[cid].items():
            ses = b.node("Session", (cid, number), conversation_id=cid, number=number,
                         started_at=started, date=date)
            b.edge("HAS_SESSION", conv, ses)
            for index in range(count):
                dia = f"D{number}:{index + 1}"
                said = MENTIONS.get((cid, number, index))
                text, caption = turn_text(cid, dia)
                turn = b.node("Turn", (cid, dia), conversation_id=cid, dia_id=dia,
                              speaker=speakers[index % 2], text=text,
                              session=number, index=index, date=date,
                              tokens=" ".join(token_set(f"{text} {caption or ''}")),
                              **({"blip_caption": caption} if caption else {}))
                b.edge("HAS_TURN", ses, turn)
                if said:
                    phrase, value, precision, start, end = said
                    mention = b.node("DateMention", (cid, dia, 0), conversation_id=cid,
                                     session=number, index=0, value=value, precision=precision,
                                     source="relative", start=start, end=end, phrase=phrase,
                                     said=date, approximate=False, dia_id=dia,
                                     speaker=speakers[index % 2], statement=text, when=phrase)
                    b.edge("MENTIONS_DATE", turn, mention)
        self._episodes(b, cid)
        self._facts(b, cid)
        for name, (tcid, label, summary, tokens, episodes) in TOPICS.items():
            if tcid == cid:
                topic = b.node("Topic", (cid, label.lower()), conversation_id=cid, label=label,
                               key=label.lower(), summary=summary, tokens=tokens)
                for ep in episodes:
                    b.edge("GROUPS", topic, self.ep(ep))
        return b.batch()

    def _episodes(self, b: _Builder, cid: str) -> None:
        previous = None
        has_tag: set[tuple[str, str]] = set()
        for seq, spec in enumerate(EPISODES[cid]):
            dia = self.dia_ids(spec.key)
            mentions = tuple(MENTIONS[(cid, spec.session, i)][1] for i in spec.turns
                             if (cid, spec.session, i) in MENTIONS)
            ep = b.node("Episode", (cid, spec.session, spec.index), conversation_id=cid,
                        session=spec.session, index=spec.index, seq=seq,
                        text=f"episode {spec.key}", summary=f"summary of {spec.key}",
                        tag=TAGS[spec.tag][0], date=spec.date, mentions=mentions or None,
                        dia_ids=dia, tokens=spec.tokens)
            b.edge("HAS_EPISODE", self.session(cid, spec.session), ep)
            for i in spec.turns:
                b.edge("FROM_TURN", ep, self.turn(cid, spec.session, i))
            if previous is not None:
                b.edge("NEXT", previous, ep)
            previous = ep
            label, tokens = TAGS[spec.tag]
            tag = b.node("Tag", (spec.tag,), label=label, key=spec.tag, tokens=tokens)
            b.edge("TAGS", tag, ep)
            for key in spec.cues:
                name, kind, ctokens = CUES[key]
                cue = b.node("Cue", (key,), name=name, key=key, kind=kind, tokens=ctokens)
                b.edge("CUE_OF", cue, ep, tag=label)
                has_tag.add((cue, tag))
        for cue, tag in sorted(has_tag):
            b.edge("HAS_TAG", cue, tag)

    def _facts(self, b: _Builder, cid: str) -> None:
        mine = {s.key for s in EPISODES[cid]}
        for name, (entity, aspect, statement, evidence) in FACTS.items():
            here = [e for e in evidence if e[0] in mine]
            if not here:
                continue
            fact = b.node("Fact", (entity.lower(), aspect, statement.lower()), entity=entity,
                          aspect=aspect, statement=statement)
            assert fact == self.fact(name)
            for ep, date, extra in here:
                props: dict[str, object] = {"date": date, "negated": False, **extra}
                b.edge("FROM_EPISODE", fact, self.ep(ep), **props)

    def lone(self, label: str, key: str, /, **props: object) -> NodeRecord:
        """A node outside the shared graph (for write semantics tests)."""
        return NodeRecord(label, node_id(self.ns, label, key), _props(props))


Opener = Callable[[str], GraphStore]


def expected_graph(*batches: GraphBatch) -> tuple[list[NodeRecord], list[EdgeRecord]]:
    """What export() must return after writing `batches` in order: nodes merged by id and edges
    by (src, type, dst) with `SET +=` semantics (None removes a key), `ns` on every node."""
    nodes: dict[str, tuple[str, dict[str, object]]] = {}
    edges: dict[tuple[str, str, str], dict[str, object]] = {}
    for batch in batches:
        for node in batch.nodes:
            _, props = nodes.setdefault(node.id, (node.label, {}))
            _merge(props, node.props)
        for edge in batch.edges:
            _merge(edges.setdefault((edge.src, edge.type, edge.dst), {}), edge.props)
    return ([NodeRecord(label, nid, props) for nid, (label, props) in sorted(nodes.items())],  # type: ignore[arg-type]
            [EdgeRecord(t, s, d, p) for (s, t, d), p in sorted(edges.items())])  # type: ignore[arg-type]


def _merge(target: dict[str, object], props: Props) -> None:
    for key, value in props.items():
        if value is None:
            target.pop(key, None)
        else:
            target[key] = tuple(value) if isinstance(value, list) else value


def with_ns(graph: tuple[list[NodeRecord], list[EdgeRecord]],
            ns: str) -> tuple[list[NodeRecord], list[EdgeRecord]]:
    nodes, edges = graph
    return [NodeRecord(n.label, n.id, {**n.props, "ns": ns}) for n in nodes], edges


def write_transcript(path: Path, moved_to: str = "Denver") -> Path:
    """The bundled sample as a JSONL file of three conversations sharing people and facts
    (c1: its sessions 1-2, c2: sessions 3-4, c3: all four), for multi-batch ingests.
    `moved_to` changes the content (where Maya moved)."""
    sessions = load(sample_path())[0].sessions
    lines = []
    for cid, numbers in (("c1", (1, 2)), ("c2", (3, 4)), ("c3", (1, 2, 3, 4))):
        for session in (s for s in sessions if s.number in numbers):
            for turn in session.turns:
                lines.append({"conversation": cid, "session": f"s{session.number}",
                              "timestamp": session.started_at, "speaker": turn.speaker,
                              "text": turn.text.replace("Denver", moved_to)})
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n", encoding="utf-8")
    return path


def write_an_experience(store: GraphStore) -> None:
    """One adopted calibration experience, as practice saves it (the Browser query for
    experiences returns rows only once practice has adopted one)."""
    from mrgraph.experience.records import Experience, RoundRecord
    from mrgraph.experience.storage import save_round
    exp = Experience("calibration", "calibration|when|context_window=2", "when",
                     "context_window=2", "For 'when' questions, read 2 turn(s) around each.",
                     3, 0, "active", (), (), 1, 12)
    save_round(store, RoundRecord(1, "", 0, 0, 0, 1, 0, 1, 12, 800), [exp], [], {}, {})
