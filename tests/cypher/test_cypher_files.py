"""The cypher/ query files, offline: headers, parameters, read-only-ness, and that the Neo4j store
and the files agree (every query the store names exists, every file is used)."""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path
from typing import Any

import pytest

from mrgraph.errors import CypherFileError
from mrgraph.store import cypher
from mrgraph.store import neo4j_read, neo4j_write
from mrgraph.store.base import GraphStore
from mrgraph.store.neo4j import Neo4jStore

ROOT = Path(__file__).resolve().parents[2]
STORE_MODULES = [ROOT / "mrgraph" / "store" / f"{name}.py"
                 for name in ("neo4j", "neo4j_methods", "neo4j_read", "neo4j_toolkit",
                              "neo4j_turns", "neo4j_write")]
ALL = cypher.names()
STORE_FILES = [n for n in ALL if not n.startswith(("browser/", "schema/"))]
HEADER_KEYS = ("mode", "params", "returns")


def _text(name: str) -> str:
    return (ROOT / "cypher" / f"{name}.cypher").read_text(encoding="utf-8")


def _string_constants(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.value for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str)}


def _named_queries(path: Path) -> set[str]:
    """String literals passed as the query name: rows(tx, "name", ...), cypher.run(tx, "name")."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or len(node.args) < 2:
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(
            func, ast.Attribute) else ""
        if name in ("rows", "run") and isinstance(node.args[1], ast.Constant):
            found.add(str(node.args[1].value))
    return found


# ------------------------------------------------------------------ the files themselves


def test_the_repository_has_the_query_files() -> None:
    assert cypher.root() == ROOT / "cypher" or str(cypher.root()).endswith("_cypher")
    assert len(STORE_FILES) >= 40 and len(cypher.names("schema")) >= 20
    assert len(cypher.names("browser")) >= 3


@pytest.mark.parametrize("name", ALL)
def test_every_file_has_a_complete_header(name: str) -> None:
    lines = _text(name).splitlines()
    header = lines[:len(HEADER_KEYS)]
    assert [line.split(":", 1)[0] for line in header] == [f"// {k}" for k in HEADER_KEYS], name
    query = cypher.load(name)
    assert query.mode in ("read", "write") and query.returns


@pytest.mark.parametrize("name", ALL)
def test_declared_params_are_the_params_the_body_uses(name: str) -> None:
    query = cypher.load(name)
    body = cypher.strip_comments_and_strings(_text(name))
    assert set(re.findall(r"\$([A-Za-z_]\w*)", body)) == set(query.params)
    raw = re.search(r"^// params: (.*)$", _text(name), flags=re.M)
    assert raw is not None
    if not query.params:
        assert raw.group(1).strip() == "none"


@pytest.mark.parametrize("name", [n for n in ALL if cypher.load(n).mode == "read"])
def test_read_files_contain_no_write_clause(name: str) -> None:
    body = cypher.strip_comments_and_strings(_text(name)).upper()
    for clause in ("CREATE", "MERGE", " SET ", "DELETE", "REMOVE", "DETACH", "DROP", "LOAD CSV",
                   "IN TRANSACTIONS", "FOREACH", "APOC."):
        assert clause not in body, (name, clause)


@pytest.mark.parametrize("name", ALL)
def test_every_store_query_is_scoped_to_a_namespace(name: str) -> None:
    query = cypher.load(name)
    # namespaces.cypher lists the namespaces themselves (the `namespaces` tool)
    if name.startswith("schema/") or name in ("list_indexes", "await_indexes", "namespaces"):
        assert "ns" not in query.params
    else:
        assert "ns" in query.params, name


@pytest.mark.parametrize("name", cypher.names("schema"))
def test_schema_files_are_idempotent_and_named_after_their_index(name: str) -> None:
    text = cypher.strip_comments_and_strings(_text(name))
    stem = name.split("/")[-1]
    assert re.search(rf"\bCREATE (CONSTRAINT|INDEX|FULLTEXT INDEX) mrgraph_{stem} IF NOT EXISTS\b",
                     text), name


def test_full_text_indexes_use_the_whitespace_analyzer_on_tokens() -> None:
    for label in ("episode", "cue", "tag", "topic", "turn"):
        text = _text(f"schema/{label}_tokens")
        assert "ON EACH [n.tokens]" in text and "'whitespace'" in text


# ------------------------------------------------------------------ the store and the files agree


def test_every_query_the_store_names_exists() -> None:
    named = set().union(*(_named_queries(p) for p in STORE_MODULES))
    named |= set(neo4j_write.NODE_FILES.values()) | set(neo4j_write.EDGE_FILES.values())
    named |= set(neo4j_read.TOKEN_DF_FILES.values())
    assert len(named) >= 40
    assert sorted(named - set(ALL)) == []


def test_every_store_file_is_used_by_the_store() -> None:
    used = set().union(*(_string_constants(p) for p in STORE_MODULES))
    assert sorted(set(STORE_FILES) - used) == []


def test_write_batch_has_a_file_per_label_and_relationship_type() -> None:
    labels = set(re.findall(r"^\| (\w+) \|", (ROOT / "docs" / "graph-model.md").read_text(),
                            flags=re.M)) - {"label", "relationship"}
    assert set(neo4j_write.NODE_FILES) | set(neo4j_write.EDGE_FILES) == labels
    for label, name in neo4j_write.NODE_FILES.items():
        assert f"MERGE (n:{label} {{id: row.id}})" in _text(name)
    for rtype, name in neo4j_write.EDGE_FILES.items():
        assert f"MERGE (a)-[r:{rtype}]->(b)" in _text(name)


def test_each_merge_file_has_a_create_twin_with_the_same_rows() -> None:
    """create_x.cypher writes the rows of merge_x.cypher known new (neo4j_write.flush): the same
    label or type, ends found the same way, the same params and count returned."""
    merges = [*neo4j_write.NODE_FILES.values(), *neo4j_write.EDGE_FILES.values()]
    assert sorted(neo4j_write.CREATE_FILES) == sorted(merges)
    for label, name in neo4j_write.NODE_FILES.items():
        create = neo4j_write.CREATE_FILES[name]
        assert create == name.replace("merge_", "create_", 1)
        assert f"CREATE (n:{label} {{id: row.id, ns: $ns}})" in _text(create)
    for rtype, name in neo4j_write.EDGE_FILES.items():
        create = neo4j_write.CREATE_FILES[name]
        merged, created = (cypher.strip_comments_and_strings(_text(n)).strip()
                           for n in (name, create))
        assert created == merged.replace(f"MERGE (a)-[r:{rtype}]->(b)",
                                         f"CREATE (a)-[r:{rtype}]->(b)")
        assert "MERGE" not in created
    for name in merges:
        assert cypher.load(neo4j_write.CREATE_FILES[name]).params == cypher.load(name).params


def test_neo4j_store_implements_the_whole_protocol() -> None:
    wanted = {n for n, v in vars(GraphStore).items() if not n.startswith("_") and callable(v)}
    wanted |= {"uri"}
    for name in wanted:
        assert hasattr(Neo4jStore, name), name
        if callable(getattr(GraphStore, name)):
            mine = inspect.signature(getattr(Neo4jStore, name))
            theirs = inspect.signature(getattr(GraphStore, name))
            assert list(mine.parameters) == list(theirs.parameters), name


def test_query_text_is_never_built_in_python() -> None:
    """Every `.run(...)` in the store modules takes a loaded file's text, never an f-string,
    a concatenation or a .format() call."""
    for path in [*STORE_MODULES, ROOT / "mrgraph" / "store" / "cypher.py"]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr in ("run", "execute_query") and node.args:
                query = node.args[0]
                assert not isinstance(query, (ast.JoinedStr, ast.BinOp, ast.Constant)), path
                assert not (isinstance(query, ast.Call) and isinstance(query.func, ast.Attribute)
                            and query.func.attr == "format"), path


# ------------------------------------------------------------------ the loader's checks


class _Recorder:
    """A stand-in for a driver transaction: records what it was asked to run."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, dict[str, Any]]] = []

    def run(self, query: Any, parameters: dict[str, Any] | None = None, **kw: Any) -> str:
        self.calls.append((query, dict(parameters or {})))
        return "result"


def test_run_passes_the_file_text_and_exactly_the_declared_params() -> None:
    tx = _Recorder()
    assert cypher.run(tx, "checkpoint", {"ns": "n", "key": "alice"}) == "result"
    assert tx.calls == [(cypher.load("checkpoint").text, {"ns": "n", "key": "alice"})]


@pytest.mark.parametrize("params", [{"ns": "n"}, {"ns": "n", "key": "k", "extra": 1}, {}])
def test_run_refuses_wrong_params(params: dict[str, Any]) -> None:
    tx = _Recorder()
    with pytest.raises(CypherFileError, match="checkpoint.cypher"):
        cypher.run(tx, "checkpoint", params)
    assert tx.calls == []


def test_missing_and_badly_named_files_are_errors() -> None:
    with pytest.raises(CypherFileError, match="missing"):
        cypher.load("no_such_query")
    with pytest.raises(CypherFileError, match="invalid"):
        cypher.load("../pyproject")


HEAD = "// mode: read\n// params: $ns\n// returns: x\n"


@pytest.mark.parametrize("body", [
    "MATCH (n) WHERE n.ns = $ns SET n.x = 1",
    "MATCH (n) WHERE n.ns = $ns DETACH DELETE n",
    "MATCH (n) WHERE n.ns = $ns CREATE (m)",
    "MATCH (n) WHERE n.ns = $ns merge (m {id: 1})",
    "MATCH (n) WHERE n.ns = $ns REMOVE n.x",
    "MATCH (n) WHERE n.ns = $ns FOREACH (x IN [1] | CREATE ())",
    "LOAD CSV FROM 'file:///x' AS row MATCH (n {ns: $ns}) RETURN n",
    "MATCH (n {ns: $ns}) CALL (n) { RETURN 1 AS x } IN TRANSACTIONS RETURN n",
    "MATCH (n {ns: $ns}) CALL apoc.create.node(['X'], {}) YIELD node RETURN node",
    "MATCH (n {ns: $ns}) CALL apoc.periodic.iterate('a', 'b', {}) YIELD batches RETURN batches",
    "DROP INDEX x // $ns",
])
def test_a_read_file_with_a_write_clause_is_refused(body: str) -> None:
    text = HEAD + body if "$ns" in cypher.strip_comments_and_strings(body) else \
        "// mode: read\n// params: none\n// returns: x\n" + body
    with pytest.raises(CypherFileError, match="a read file contains"):
        cypher.parse("bad", text)


def test_keywords_in_strings_and_comments_are_not_clauses_or_params() -> None:
    text = HEAD + ("// CREATE $nope\nMATCH (n) WHERE n.ns = $ns AND n.text = 'SET $x DELETE'\n"
                   "  AND n.`weird CREATE` = \"MERGE \\\" $y\" /* DROP $z */\nRETURN n.created_at")
    query = cypher.parse("ok", text)
    assert query.params == frozenset({"ns"})


@pytest.mark.parametrize("text, message", [
    ("// mode: read\n// returns: x\nRETURN 1", "params"),
    ("// mode: maybe\n// params: none\n// returns: x\nRETURN 1", "mode must be"),
    ("// mode: read\n// params: $a\n// returns: x\nRETURN $b", "declared params"),
    ("// mode: read\n// params: a\n// returns: x\nRETURN $a", "bad params entry"),
])
def test_malformed_headers_are_refused(text: str, message: str) -> None:
    with pytest.raises(CypherFileError, match=message):
        cypher.parse("bad", text)


# ------------------------------------------------------------------ token queries


def test_lucene_queries_quote_every_token_and_drop_unholdable_ones() -> None:
    weights = {"paint": 1.0, 'a"b': 0.5, "c\\d": 0.5, "AND": 1.0, "": 1.0, "x y": 1.0}
    assert neo4j_read.lucene_queries(weights) == ['"AND" OR "a\\"b" OR "c\\\\d" OR "paint"']
    many = {f"t{i}": 1.0 for i in range(1200)}
    queries = neo4j_read.lucene_queries(many)
    assert len(queries) == 3 and sum(q.count(" OR ") + 1 for q in queries) == 1200


def test_scores_follow_base_py() -> None:
    weights = {"b": 0.1, "a": 0.2, "zz": 5.0}
    assert neo4j_read.score(weights, "a b c") == round(0.2 + 0.1, 6) == 0.3
    assert neo4j_read.score(weights, "c") == 0.0
    assert neo4j_read.score({"a": 1 / 3}, "a") == 0.333333


@pytest.mark.parametrize("name", STORE_FILES)
def test_files_that_keep_stale_plans_pin_their_start_nodes(name: str) -> None:
    """`CYPHER replan=skip` only where statistics cannot change the plan: each node pattern
    that starts a MATCH or MERGE is an index hint, a unique id, or a full-text query's node."""
    text = _text(name)
    if "replan=skip" not in text:
        return
    code = cypher.strip_comments_and_strings(text)
    for clause in re.finditer(r"\b(MATCH|MERGE)\s*\((\w+):(\w+)([^)]*)\)", code):
        var, label, rest = clause.group(2), clause.group(3), clause.group(4)
        pinned = "{id:" in rest.replace(" ", "") \
            or re.search(rf"USING INDEX SEEK {var}:{label}\(", code) is not None
        assert pinned, f"{name}: ({var}:{label}) is neither hinted nor a unique id"


def test_read_many_holds_each_step_file_verbatim_as_a_branch() -> None:
    """read_many.cypher answers a step's toolkit reads in one statement: a branch per file of
    neo4j_read.STEP_FILES, each that file's body taking only the calls naming it, so a call gets
    exactly what its own file gives (the two cannot drift apart)."""
    text = _text("read_many")
    body = text[text.index("CYPHER replan=skip\n") + len("CYPHER replan=skip\n"):]
    branches = body.rstrip("\n").split("\nUNION ALL\n")
    names = []
    for branch in branches:
        unwind, choose, rest = branch.split("\n", 2)
        name = re.fullmatch(r"WITH call WHERE call\.file = '(\w+)'", choose)
        assert unwind == "UNWIND $calls AS call" and name, branch[:80]
        names.append(name.group(1))
        own = _text(name.group(1))
        assert own.endswith("\nCYPHER replan=skip\nUNWIND $calls AS call\n" + rest + "\n")
    assert sorted(names) == sorted(neo4j_read.STEP_FILES) and len(set(names)) == len(names)
