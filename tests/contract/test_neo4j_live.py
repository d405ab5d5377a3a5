"""Neo4j-only tests against a live server: what the shared contract tests cannot say.

* the server agrees that every read file is read-only (EXPLAIN reports query type 'r');
* hostile text and arguments are data: stored and searched verbatim, changing nothing else;
* driver failures become StoreUnavailableError without the password;
* the Browser queries in cypher/browser/ run on an ingested graph;
* copy_store (mrgraph push) copies the embedded graph record for record.

They need MRGRAPH_TEST_NEO4J_URI (+ NEO4J_USER / NEO4J_PASSWORD); without it they skip, unless
MRGRAPH_REQUIRE_NEO4J=1, which makes them fail.
"""

from __future__ import annotations

import functools
import os
import socket
import threading
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from mrgraph.config import Settings
from mrgraph.errors import StoreUnavailableError
from mrgraph.ids import node_id
from mrgraph.ingest.extract import HeuristicExtractor
from mrgraph.ingest.pipeline import ingest_file
from mrgraph.reconstruct import ask
from mrgraph.store import cypher
from mrgraph.store import neo4j_batch as nb
from mrgraph.store import neo4j_read
from mrgraph.store.base import ReadAhead
from mrgraph.store.copy import copy_store
from mrgraph.store.memory import MemoryStore
from mrgraph.store.neo4j import Neo4jStore
from mrgraph.neo4j_warmup import warm_up
from mrgraph.text import normalize_key, token_set
from mrgraph.toolkit import run_tool
from mrgraph.types import EdgeRecord, GraphBatch, NodeRecord
from tests.contract.conftest import NEO4J_URI_ENV, World, neo4j_uri, write_an_experience

pytestmark = pytest.mark.neo4j
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


@pytest.fixture(scope="module")
def settings() -> Settings:
    neo4j_uri("run the live Neo4j tests")
    return Settings.from_env()


@pytest.fixture(scope="module")
def uri(settings: Settings) -> str:
    return os.environ[NEO4J_URI_ENV]


class Namespaces:
    """Fresh namespaces on the live server, deleted afterwards."""

    def __init__(self, uri: str, settings: Settings) -> None:
        self.uri, self.settings = uri, settings
        self.prefix = f"live{uuid.uuid4().hex[:10]}"
        self.stores: list[Neo4jStore] = []

    def open(self, name: str = "main", **options: Any) -> Neo4jStore:
        s = self.settings
        store = Neo4jStore(self.uri, f"{self.prefix}-{name}", s.neo4j_user, s.neo4j_password,
                           s.neo4j_database, **options)
        self.stores.append(store)
        return store

    def cleanup(self) -> None:
        for store in self.stores:
            store.close()
        if not self.stores:
            return
        import neo4j

        try:
            self.wipe(*{s.ns for s in self.stores})
        except neo4j.exceptions.ServiceUnavailable:
            pass

    def wipe(self, *namespaces: str) -> None:
        """Delete everything in these namespaces (checkpoints included)."""
        # The protocol has no "drop namespace"; the statement is a constant. Few retries: an
        # unreachable server has already failed the test, cleanup need not wait 30 s for it.
        with _driver(self.uri, self.settings, max_transaction_retry_time=1.0) as driver:
            for ns in sorted(namespaces):
                driver.execute_query("MATCH (n) WHERE n.ns = $ns DETACH DELETE n",
                                     {"ns": ns}, database_=self.settings.neo4j_database)


@pytest.fixture
def spaces(uri: str, settings: Settings) -> Iterator[Namespaces]:
    spaces = Namespaces(uri, settings)
    try:
        yield spaces
    finally:
        spaces.cleanup()


@pytest.fixture
def loaded(spaces: Namespaces) -> tuple[Neo4jStore, World]:
    store = spaces.open()
    world = World(store.ns)
    with store.writing():
        store.write_batch(world.c1())
        store.write_batch(world.c2())
    return store, world


def _driver(uri: str, settings: Settings, **config: Any) -> Any:
    import neo4j

    auth = (settings.neo4j_user, settings.neo4j_password) \
        if settings.neo4j_password is not None else None
    return neo4j.GraphDatabase.driver(uri, auth=auth, **config)


# ------------------------------------------------------------------ EXPLAIN: read files are reads

DUMMY: dict[str, Any] = {
    "ns": "x", "limit": 10, "weights": {"a": 1.0}, "queries": ['"a"'], "key": "a", "id": "x",
    "cue_id": "x", "tag": "x", "event_id": "x", "topic_id": "x", "start": "2023-01-01",
    "end": "2023-12-31", "ids": ["x"], "entities": ["x"], "aspect": None, "seconds": 1,
    "tokens": [{"token": "a", "query": '"a"'}], "keys": ["x"], "fact_ids": ["x"],
    "conversation_id": "x", "conversation": "x", "cue": "x", "entity": "x", "episode": "x",
    "text": "x", "rows": [], "vector": [1.0, 0.0], "done": 1, "total": 2,
    "conversations": ["x"], "source": "x", "model": "x", "labels": ["x"], "version": 2,
    "required": ["a"], "speakers": ["x"], "cut": True, "window": 1, "session": 1, "first": 0,
    "last": 9, "ahead": 2, "said_start": "2023-01-01", "said_end": "2023-12-31",
}
DUMMY["asked"] = [{"label": "Episode", "tokens": DUMMY["tokens"]}]  # token_df_labels
# Files answering a round's calls at once take `calls`, each call a map of the values above.
DUMMY["calls"] = [{"i": 0, **{k: DUMMY[k] for k in (
    "limit", "weights", "queries", "key", "cue_id", "tag", "event_id", "topic_id", "start", "end",
    "aspect")}, "window": 1}]
READ_FILES = [n for n in cypher.names() if cypher.load(n).mode == "read"]
WRITE_FILES = [n for n in cypher.names() if cypher.load(n).mode == "write"
               and not n.startswith("schema/")]


def _explain(uri: str, settings: Settings, name: str) -> str:
    query = cypher.load(name)
    params = {p: DUMMY[p] for p in query.params}
    with _driver(uri, settings) as driver, driver.session(database=settings.neo4j_database) as s:
        summary = s.run("EXPLAIN " + query.text, params).consume()
    return str(summary.query_type)


@contextmanager
def _statements_sent() -> Iterator[list[str]]:
    """The names of the Cypher files the store runs meanwhile (the real statements, counted on
    their way to the server)."""
    statements: list[str] = []
    run = cypher.run

    def counted(runner: Any, name: str, params: Any) -> Any:
        statements.append(name)
        return run(runner, name, params)

    cypher.run = counted
    try:
        yield statements
    finally:
        cypher.run = run


@pytest.mark.parametrize("name", READ_FILES)
def test_the_server_plans_every_read_file_as_read_only(uri: str, settings: Settings,
                                                       spaces: Namespaces, name: str) -> None:
    spaces.open().search_events({"a": 1.0}, 1)  # the full-text indexes must exist to plan
    assert _explain(uri, settings, name) == "r", name


@pytest.mark.parametrize("name", WRITE_FILES)
def test_write_files_are_planned_as_writes(uri: str, settings: Settings, spaces: Namespaces,
                                           name: str) -> None:
    spaces.open().search_events({"a": 1.0}, 1)
    assert _explain(uri, settings, name) in ("w", "rw"), name


# ------------------------------------------------------------------ hostile text is data

HOSTILE = [
    "it's \"quoted\" and `back`ticked",
    "}) DETACH DELETE n //",
    "'}) MATCH (m) DETACH DELETE m WITH 1 AS x MATCH (n {id: '",
    "+ - && || ! ( ) { } [ ] ^ \" ~ * ? : \\ / AND OR NOT TO",
    "$ns $weights ${x} \\u0027 \x00 null",
    "ünïcødé 😀 \uFF21 \u202e",
]
BIG = "paint " + "x" * 100_000  # a 100 kB transcript text with a 100 kB word in it


def _hostile_batch(world: World) -> tuple[GraphBatch, list[str]]:
    ns = world.ns
    nodes, edges, ids = [], [], []
    for i, text in enumerate([*HOSTILE, BIG]):
        ep = node_id(ns, "Episode", "hostile", 1, i)
        tokens = " ".join(token_set(text))
        nodes.append(NodeRecord("Episode", ep, {
            "conversation_id": "c1", "session": 1, "index": 100 + i, "text": text,
            "summary": text, "tag": text, "date": "2024-01-01", "dates": (text,),
            "dia_ids": (text,), "tokens": tokens}))
        cue = node_id(ns, "Cue", "hostile", i)
        nodes.append(NodeRecord("Cue", cue, {"name": text[:200], "key": normalize_key(text[:200]),
                                             "kind": "keyword", "tokens": tokens}))
        edges.append(EdgeRecord("CUE_OF", cue, ep, {"tag": text}))
        ids.append(ep)
    return GraphBatch("c1", tuple(nodes), tuple(edges)), ids


def test_hostile_text_is_stored_verbatim_and_changes_nothing_else(
        loaded: tuple[Neo4jStore, World]) -> None:
    store, world = loaded
    before_nodes, before_edges = store.export()
    batch, ids = _hostile_batch(world)
    store.write_batch(batch)
    for ep, text in zip(ids, [*HOSTILE, BIG]):
        node = store.get_node(ep)
        assert node is not None and node.props["text"] == text and node.props["dia_ids"] == (text,)
        cue = store.event_keywords(ep)[0]
        assert cue.name == text[:200] and cue.tag == text
        assert [e.id for e in store.tag_events(cue.cue_id, text, 5)] == [ep]
    nodes, edges = store.export()
    written = {n.id for n in batch.nodes}
    assert [n for n in nodes if n.id not in written] == before_nodes
    assert [e for e in edges if e.src not in written] == before_edges
    assert store.stats().conversations == ("c1", "c2")


def test_hostile_tokens_and_arguments_find_nothing_and_break_nothing(
        loaded: tuple[Neo4jStore, World]) -> None:
    store, world = loaded
    before = store.export()
    for text in HOSTILE:
        weights = {text: 1.0, text.upper(): 2.0, "": 1.0, "*": 1.0, "\\": 1.0}
        assert store.search_events(weights, 10) == []
        assert store.search_cues(weights, 10) == []
        assert store.search_topics(weights, 10) == []
        assert store.token_df("Episode", [text, "*"]) == (6, {text: 0, "*": 0})
        assert store.find_cues(text) == []
        assert store.cue_tags(text, 10) == [] and store.tag_events(text, text, 10) == []
        assert store.event_keywords(text) == [] and store.event_context(text, 2) == []
        assert store.conversation_time(text) is None and store.get_node(text) is None
        assert store.entity_beliefs(text, text) == [] and store.topic_events(text, 5) == []
        assert store.timeline(text, text, text, 5) == [] and store.get_events([text]) == []
        assert store.fact_observations([text]) == []
    assert store.export() == before


def test_a_100kb_text_and_token_are_searchable(loaded: tuple[Neo4jStore, World]) -> None:
    store, world = loaded
    batch, ids = _hostile_batch(world)
    store.write_batch(batch)
    huge = "x" * 100_000
    assert [e.id for e in store.search_events({huge: 1.0}, 5)] == [ids[-1]]
    hits = store.search_events({"paint": 1.0, huge: 0.5}, 3)
    assert hits[0].id == ids[-1] and hits[0].score == 1.5
    assert store.token_df("Episode", [huge])[1] == {huge: 1}
    assert store.search_events({huge[:-1]: 1.0}, 5) == []  # a prefix is not the token


RAW_TOKENS = ["c++", "a&&b", "(x)", "AND", "OR", "NOT", "TO", "x:y", "q?", "st*r", "back\\slash",
              'quo"te', "ünï", "😀", "-neg", "/re/", "[a TO b]", "x" * 300]


def test_stored_tokens_with_lucene_syntax_match_exactly_like_the_embedded_store(
        spaces: Namespaces, tmp_path: Path) -> None:
    """Tokens written by hand (not by mrgraph.text) may hold Lucene syntax: the full-text query
    quotes them, so each matches itself only, exactly as the embedded store's token sets."""
    store = spaces.open()
    reference = MemoryStore(tmp_path / "graph", store.ns)
    world = World(store.ns)
    cues = tuple(world.lone("Cue", f"raw{i}", name=t, key=f"raw {i}", kind="keyword",
                            tokens=f"common {t}") for i, t in enumerate(RAW_TOKENS))
    for s in (store, reference):
        s.write_batch(GraphBatch("c", cues, ()))
    for token in RAW_TOKENS:
        found = store.search_cues({token: 1.0}, 5)
        assert found == reference.search_cues({token: 1.0}, 5)
        assert {h.name for h in found} == {t for t in RAW_TOKENS if token in t.split()}
        assert store.token_df("Cue", [token]) == reference.token_df("Cue", [token])
    everything = {t: 1.0 for t in RAW_TOKENS}
    assert store.search_cues(everything, 50) == reference.search_cues(everything, 50)


def test_a_token_longer_than_an_index_term_counts_only_nodes_holding_it_whole(
        spaces: Namespaces, tmp_path: Path) -> None:
    """The full-text analyzers cut a token at 255 characters: a 256-character token is
    searched as the phrase of its two pieces, which a node holding the pieces as two tokens
    matches, and a node holding it is found by its pieces ("z"). The index only finds
    candidates; each is checked against the node's own tokens, as embedded."""
    store = spaces.open()
    reference = MemoryStore(tmp_path / "graph", store.ns)
    world = World(store.ns)
    long = "z" * 256
    cues = (world.lone("Cue", "pieces", name="pieces", key="pieces", kind="keyword",
                       tokens=f"{long[:255]} z"),
            world.lone("Cue", "whole", name="whole", key="whole", kind="keyword",
                       tokens=f"{'y' * 127} {long}"))
    for s in (store, reference):
        s.write_batch(GraphBatch("c", cues, ()))
    for token in (long, long[:255], "z", "y" * 127):
        assert store.token_df("Cue", [token]) == reference.token_df("Cue", [token])
    assert store.token_df("Cue", [long]) == (2, {long: 1})
    assert store.token_df("Cue", ["z", "y" * 127]) == (2, {"z": 1, "y" * 127: 1})


def test_token_counts_of_several_labels_in_one_statement_are_each_labels_own(
        spaces: Namespaces, tmp_path: Path) -> None:
    """read_many sends every token_df of a step as one statement (token_df_labels.cypher, a
    branch per label): each answer is the one-label read's and the embedded store's."""
    store = spaces.open()
    reference = MemoryStore(tmp_path / "graph", store.ns)
    ingest_file(store, FIXTURES / "ana_ben_benchmark_format.json", HeuristicExtractor())
    ingest_file(reference, FIXTURES / "ana_ben_benchmark_format.json", HeuristicExtractor())
    words = sorted(token_set("where did Ana go to the lake with Ben and her dog")) + ["zzz"]
    reads = [("token_df", (label, tuple(words[k:]))) for k, label in
             enumerate(["Episode", "Cue", "Tag", "Topic", "Cue"])]
    assert nb.statements(reads) == [[0, 1, 2, 3, 4]]
    got = store.read_many(reads)
    assert got == [store.token_df(*args) for _, args in reads]
    assert got == [reference.token_df(*args) for _, args in reads]
    assert all(total > 0 for total, _ in got[:3]) and any(any(df.values()) for _, df in got)
    assert store.read_many([("token_df", ("Tag", ())), ("token_df", ("Cue", ()))]) == [
        reference.token_df("Tag", ()), reference.token_df("Cue", ())]


def test_a_step_of_every_toolkit_kind_is_one_statement_answering_like_each_read(
        spaces: Namespaces, tmp_path: Path) -> None:
    """read_many sends a step's toolkit reads as ONE statement (read_many.cypher), a token
    count and get_events beside it in their own: each answer is the kind's own read's and the
    embedded store's, searches over the full-text index and over a scan alike."""
    store = spaces.open()
    reference = MemoryStore(tmp_path / "graph", store.ns)
    for s in (store, reference):
        ingest_file(s, FIXTURES / "ana_ben_benchmark_format.json", HeuristicExtractor())
    weights = {t: 1.0 for t in token_set("where did Ana go to the lake with Ben and her dog")}
    many = {f"x{n}": 0.5 for n in range(neo4j_read.SCAN_TOKENS)} | weights  # scanned
    cue = next(h for h in reference.search_cues(weights, 10) if h.kind != "tag")
    tag = reference.cue_tags(cue.id, 1)[0].tag
    event = reference.search_events(weights, 1)[0]
    topic = reference.search_topics(weights, 1)
    person = _an_entity(store)
    reads: list[nb.Read] = [
        ("search_events", (weights, 5)), ("search_events", (many, 3)),
        ("search_cues", (weights, 5)), ("search_cues", (many, 4)), ("search_topics", (weights, 3)),
        ("find_cues", (person,)), ("entity_beliefs", (person, None)), ("cue_tags", (cue.id, 10)),
        ("tag_events", (cue.id, tag, 5)), ("tag_events", (cue.id, tag, 0)),
        ("topic_events", (topic[0].id if topic else "tp-none", 5)),
        ("timeline", ("0000-01-01", "9999-12-31", None, 4)),
        ("timeline", ("0000-01-01", "9999-12-31", cue.id, 4)),
        ("event_keywords", (event.id,)), ("event_context", (event.id, 2)),
        ("conversation_time", (event.id,)), ("conversation_time", ("ep-none",)),
        ("get_events", ((event.id,),)), ("token_df", ("Episode", ("lake", "zzz")))]
    with _statements_sent() as statements:
        got = store.read_many(reads)
    assert sorted(statements) == ["get_events", "read_many", "token_df_episode"]
    assert got == [getattr(store, method)(*args) for method, args in reads]
    assert got == [getattr(reference, method)(*args) for method, args in reads]
    assert all(got[n] for n in (0, 1, 2, 3, 5, 7, 8, 11, 12, 13, 14, 15, 17))


def test_non_ascii_names_order_by_code_point_like_python(spaces: Namespaces) -> None:
    """Neo4j compares strings by UTF-16 unit; the store must still order like Python."""
    store = spaces.open()
    world = World(store.ns)
    names = ["\uFF21", "\U0001F600", "z", "é", "\uE000", "Ab"]
    cues = tuple(world.lone("Cue", n, name=n, key=f"k{i}", kind="keyword", tokens="same")
                 for i, n in enumerate(names))
    store.write_batch(GraphBatch("c", cues, ()))
    assert [h.name for h in store.search_cues({"same": 1.0}, 10)] == sorted(names)
    assert [h.name for h in store.search_cues({"same": 1.0}, 3)] == sorted(names)[:3]


# ------------------------------------------------------------------ driver errors


def test_a_wrong_password_is_a_clear_error_without_the_password(uri: str,
                                                                settings: Settings) -> None:
    secret = "wrong-" + uuid.uuid4().hex
    store = Neo4jStore(uri, "x", settings.neo4j_user, secret, settings.neo4j_database)
    with pytest.raises(StoreUnavailableError, match="authentication failed") as caught:
        store.stats()
    store.close()
    assert secret not in str(caught.value) and secret not in repr(caught.value)
    assert caught.value.__cause__ is None or secret not in str(caught.value.__cause__)


def test_an_unreachable_server_is_a_clear_error() -> None:
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    store = Neo4jStore(f"bolt://127.0.0.1:{port}", "x", "neo4j", "pw-not-shown")
    with pytest.raises(StoreUnavailableError, match="unreachable") as caught:
        store.search_events({"a": 1.0}, 1)
    assert "pw-not-shown" not in str(caught.value)
    store.close()


def test_a_missing_database_is_a_clear_error(uri: str, settings: Settings) -> None:
    store = Neo4jStore(uri, "x", settings.neo4j_user, settings.neo4j_password, "nosuchdb")
    with pytest.raises(StoreUnavailableError, match="database 'nosuchdb' does not exist"):
        store.conversations()
    store.close()


def test_credentials_in_the_uri_are_the_auth_and_never_show(uri: str,
                                                             settings: Settings) -> None:
    wrong = uri.replace("://", "://neo4j:s3cret-in-uri@", 1)
    store = Neo4jStore(wrong, "x", settings.neo4j_user, settings.neo4j_password)
    assert "s3cret" not in store.uri and "s3cret" not in repr(store)
    with pytest.raises(StoreUnavailableError, match="authentication failed") as caught:
        store.conversations()
    assert "s3cret" not in str(caught.value)
    store.close()
    if settings.neo4j_password is not None:
        user = quote(settings.neo4j_user, safe="")
        password = quote(settings.neo4j_password, safe="")
        right = uri.replace("://", f"://{user}:{password}@", 1)
        store = Neo4jStore(right, "x", "nobody", None)
        assert store.conversations() == [] and password not in store.uri
        store.close()


# ------------------------------------------------------------------ ingest, Browser files, push


@pytest.fixture
def ingested(spaces: Namespaces) -> Neo4jStore:
    store = spaces.open("ingest")
    ingest_file(store, FIXTURES / "ana_ben_benchmark_format.json", HeuristicExtractor())
    return store


@pytest.mark.parametrize("name", cypher.names("browser"))
def test_browser_queries_run_on_an_ingested_graph(uri: str, settings: Settings,
                                                  ingested: Neo4jStore, name: str) -> None:
    conversation = ingested.conversations()[0]
    entity = _an_entity(ingested)
    episode = ingested.timeline("0000-01-01", "9999-12-31", None, 1)[0].id
    values = {"ns": ingested.ns, "conversation": conversation, "cue": entity, "entity": entity,
              "episode": episode, "text": "lake"}
    if name == "browser/experiences":  # the graph holds experiences only after practice
        write_an_experience(ingested)
    query = cypher.load(name)
    with _driver(uri, settings) as driver:
        records, _, _ = driver.execute_query(query.text, {p: values[p] for p in query.params},
                                             database_=settings.neo4j_database,
                                             routing_="r")
    assert records, name


def _an_entity(store: Neo4jStore) -> str:
    for name in ("Ana", "Ben"):
        if store.entity_beliefs(name, None):
            return name
    raise AssertionError("the fixture should give a speaker beliefs")


def test_copy_store_pushes_the_embedded_graph_record_for_record(spaces: Namespaces,
                                                                tmp_path: Path) -> None:
    dst = spaces.open("push")
    src = MemoryStore(tmp_path / "graph", dst.ns)  # same ns: ids and `ns` match exactly
    ingest_file(src, FIXTURES / "ana_ben_benchmark_format.json", HeuristicExtractor())
    result = copy_store(src, dst, batch_size=50)
    assert dst.export() == src.export()
    assert (result.nodes, result.edges) == tuple(len(x) for x in src.export())
    again = copy_store(src, dst)
    assert again.batches == 2 and dst.export() == src.export()
    question = {t: 1.0 for t in token_set("where did Ana go to the lake")}
    assert dst.search_events(question, 5) == src.search_events(question, 5)
    assert dst.search_cues(question, 5) == src.search_cues(question, 5)
    assert dst.stats() == src.stats()


# ------------------------------------------------------------------ steps of a question


class _Steps(Neo4jStore):
    """A real Neo4jStore that records each step of reads a round sends (read_many)."""

    steps: list[list[str]]

    def read_many(self, reads: Any) -> list[Any]:
        self.steps.append(sorted(method for method, _ in reads))
        return super().read_many(reads)


def test_a_question_reads_its_counts_then_both_first_searches_in_two_steps(
        spaces: Namespaces) -> None:
    """State.start's counts (episodes, cues, tags) are one step; the first round's search_cues
    and search_events, served those counts by the loop's memo, one more step together (with
    the reads ahead of round 2's personal_aspects). (A call
    whose token counts fork into a call per label gives its place back at once when they end:
    the other call's search does not go out as a step of its own meanwhile.)"""
    seed = spaces.open()
    ingest_file(seed, FIXTURES / "ana_ben_benchmark_format.json", HeuristicExtractor())
    s = spaces.settings
    store = _Steps(spaces.uri, seed.ns, s.neo4j_user, s.neo4j_password, s.neo4j_database)
    spaces.stores.append(store)
    for _ in range(5):  # a race would show in some of them
        store.steps = []
        ask(store, "Where did Ana go to the lake?")
        assert store.steps[0] == ["token_df"] * 3
        # beside the searches, the reads ahead of the person the question names ("Ana")
        assert store.steps[1] == ["entity_beliefs", "find_cues", "search_cues", "search_events"]


class _StepsNoAhead(_Steps):
    @property
    def prefetches(self) -> bool:
        return False


def test_an_asks_final_read_travels_with_the_round_before_it(spaces: Namespaces) -> None:
    """The heuristic's final read (event_context of the best episodes) is read ahead in the
    step of the round before it, and the aspects of the person the question names in the entry
    round's: an ask takes two steps less than without, answering the same."""
    seed = spaces.open()
    ingest_file(seed, FIXTURES / "ana_ben_benchmark_format.json", HeuristicExtractor())
    s = spaces.settings
    ahead, plain = (kind(spaces.uri, seed.ns, s.neo4j_user, s.neo4j_password,
                         s.neo4j_database) for kind in (_Steps, _StepsNoAhead))
    spaces.stores += [ahead, plain]
    ahead.steps, plain.steps = [], []
    got, want = (ask(store, "Where did Ana go to the lake?") for store in (ahead, plain))
    assert (got.answer, got.evidence, [(t.round, t.tool, t.arguments, t.result_ids)
                                       for t in got.trace]) == \
        (want.answer, want.evidence, [(t.round, t.tool, t.arguments, t.result_ids)
                                      for t in want.trace])
    assert plain.steps[-1] == ["event_context"] * len(plain.steps[-1])
    assert "event_context" not in ahead.steps[-1] or len(set(ahead.steps[-1])) > 1
    assert any("event_context" in step and len(set(step)) > 1 for step in ahead.steps)
    # the person's aspects are read ahead too: round 2 takes one step, not two
    assert len(ahead.steps) == len(plain.steps) - 2


def test_a_read_ahead_never_costs_a_step_of_its_own(spaces: Namespaces) -> None:
    """A ReadAhead's reads go out only with a step the round's own calls need: what it would
    read after the own calls have ended is never sent (it is unwound where it waits)."""
    seed = spaces.open()
    ingest_file(seed, FIXTURES / "ana_ben_benchmark_format.json", HeuristicExtractor())
    s = spaces.settings
    store = _Steps(spaces.uri, seed.ns, s.neo4j_user, s.neo4j_password, s.neo4j_database)
    spaces.stores.append(store)
    weights, reached = {"lake": 1.0}, []

    def ahead(reader: Any) -> None:
        reader.cue_tags("no-such-cue", 5)
        reached.append("first read answered")
        try:
            reader.search_events(weights, 2)
            reached.append("second read answered")
        finally:
            reached.append("unwound")

    store.steps = []
    got = store.run_calls([lambda reader: reader.search_events(weights, 3), ReadAhead(ahead)], 4)
    assert store.steps == [["cue_tags", "search_events"]]
    assert reached == ["first read answered", "unwound"]
    assert got[0] == seed.search_events(weights, 3) and got[0]


def test_personal_aspects_reads_the_beliefs_and_the_persons_cue_in_one_step(
        spaces: Namespaces) -> None:
    seed = spaces.open()
    ingest_file(seed, FIXTURES / "ana_ben_benchmark_format.json", HeuristicExtractor())
    s = spaces.settings
    store = _Steps(spaces.uri, seed.ns, s.neo4j_user, s.neo4j_password, s.neo4j_database)
    spaces.stores.append(store)
    person = _an_entity(store)
    store.steps = []
    alone = run_tool(seed, "personal_aspects", {"entity": person, "query": "where does she go"})
    got = store.run_calls([functools.partial(run_tool, name="personal_aspects", args={
        "entity": person, "query": "where does she go"}), functools.partial(
            run_tool, name="event_keywords", args={"event_id": "ep-0000000000000000"})], 4)
    assert got[0] == alone and alone.records
    assert store.steps[0] == ["entity_beliefs", "event_keywords", "find_cues"]


def test_a_rounds_calls_run_on_the_calling_thread_and_read_in_one_step(
        spaces: Namespaces) -> None:
    """A round's calls are greenlets of the calling thread, no thread started (thread
    hand-offs cost ~10% of an ask's client CPU: RESULTS.md@c29e350 section 43), and their reads
    still go out together, a step for each read a call makes in turn; the answers stay the
    same round after round."""
    seed = spaces.open()
    ingest_file(seed, FIXTURES / "ana_ben_benchmark_format.json", HeuristicExtractor())
    s = spaces.settings
    store = _Steps(spaces.uri, seed.ns, s.neo4j_user, s.neo4j_password, s.neo4j_database)
    spaces.stores.append(store)
    seen: list[threading.Thread] = []
    weights = {"lake": 1.0, "trip": 0.5}

    def call(reader: Any) -> Any:
        seen.append(threading.current_thread())
        return reader.search_events(weights, 3), reader.cue_tags("no-such-cue", 5)

    answers = []
    for _ in range(3):
        store.steps = []
        before = threading.active_count()
        answers.append(store.run_calls([call] * 4, 4))
        assert threading.active_count() == before
        # each call's two reads in turn: two steps in all, the four calls' reads in each
        assert store.steps == [["search_events"] * 4, ["cue_tags"] * 4]
    assert answers[0] == answers[1] == answers[2] == [answers[0][0]] * 4 and answers[0][0][0]
    assert set(seen) == {threading.current_thread()}


def test_the_warm_up_runs_an_ingest_and_asks_and_leaves_nothing(spaces: Namespaces) -> None:
    """tools/neo4j/start.sh warms a fresh server (mrgraph.neo4j_warmup): the work is real
    (rows written, read back, asked about) but rolled back, so the server keeps none of it."""
    store = spaces.open("warm")
    with _statements_sent() as statements:
        done = warm_up(store, copies=(1, 2))
    assert done.turns[1] == 2 * done.turns[0] > 0 and len(done.seconds) == 2
    for name in ("merge_turns", "create_turns", "merge_cue_of_edges", "create_cue_of_edges",
                 "namespace_empty", "fact_observations", "search_events", "token_df_labels", "read_many",
                 "event_keywords", "forget_conversation", "save_checkpoint"):
        assert name in statements
    assert store.conversations() == [] and store.stats().nodes == {}
    assert store.checkpoint(f"warmup-{store.ns}") is None
