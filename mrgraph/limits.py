"""What every store can hold, checked once before anything is written (both stores alike).

Neo4j refuses a string property longer than its range-index key limit in an indexed property,
and it does so when the transaction commits: an ingest committing batch by batch would keep the
earlier batches and fail the same way on every re-run. Measured against Neo4j 5.26: one string
of 8,164 UTF-8 bytes is the longest a range index takes (8,154 beside an integer in a composite
index); full-text indexes took 100,000 characters. The embedded store could hold anything, but
it refuses what Neo4j refuses so that the two stores stay identical.

Limits (documented in the README):
  * a namespace: 1 to 64 characters, no control characters, at most 80 bytes in UTF-8 (the
    embedded store names a file after it, percent-encoded, under the usual 255-byte limit);
  * a conversation id or speaker name: 1 to 256 characters;
  * a value in an indexed property (a cue's key, i.e. any word or name the extractor keys on,
    a date, a fact's entity, an id): at most MAX_INDEXED_BYTES bytes in UTF-8;
  * every string: valid Unicode (no lone surrogates: JSON escapes and command-line bytes that
    are not UTF-8 produce them);
  * every integer (session numbers...): a signed 64-bit value; every float finite;
  * a list: of one kind (strings, booleans or numbers), without nulls;
  * a question: at most MAX_QUESTION_CHARS characters;
  * an HTTP request body (`mrgraph serve`): a transcript of the CLI's size limit
    (MRGRAPH_MAX_INPUT_MB) and BODY_ENVELOPE_BYTES for the JSON around it.
The HTTP API and the MCP server take these same values (a namespace of 65 characters is
refused everywhere).
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Iterable, Mapping
from typing import Any

from mrgraph.errors import ConfigError, InputError, UserError
from mrgraph.types import Conversation, GraphBatch

MAX_NS_CHARS = 64
MAX_NS_BYTES = 80
MAX_NAME_CHARS = 256  # conversation ids and speaker names
MAX_INDEXED_BYTES = 8000  # under Neo4j's measured 8,154 / 8,164-byte range-index key limit
MAX_QUESTION_CHARS = 4000
BODY_ENVELOPE_BYTES = 64 * 1024  # an HTTP body's JSON around its transcript
INT64 = (-(2 ** 63), 2 ** 63 - 1)
# Properties some Neo4j range index (or uniqueness constraint) covers (cypher/schema/).
INDEXED = frozenset({"id", "ns", "conversation_id", "key", "date", "entity"})
SHOWN = 40  # characters of a bad value quoted in an error
RESERVED_PROPERTY = "_label"  # the embedded store keeps a node's label under this name
_SCALAR = (str, int, float, bool)


def shorten(value: object, limit: int = SHOWN) -> str:
    """repr(value), cut to about `limit` characters with the full length said: error lines
    stay short whatever the user passed."""
    text = repr(value)
    if len(text) <= limit:
        return text
    size = f"{len(value):,} characters" if isinstance(value, str) else "long"
    return f"{text[:limit]}… ({size})"


def check_namespace(ns: str) -> str:
    """`ns` if it is a valid namespace, else ConfigError saying the rule."""
    bad = (not ns or len(ns) > MAX_NS_CHARS or len(ns.encode("utf-8", "replace")) > MAX_NS_BYTES
           or any(ord(c) < 32 or ord(c) == 127 for c in ns) or has_surrogate(ns))
    if bad:
        raise ConfigError(f"invalid namespace {shorten(ns)}: a namespace is 1 to {MAX_NS_CHARS} "
                          f"characters ({MAX_NS_BYTES} bytes in UTF-8), none of them a control "
                          "character")
    return ns


def http_body_limit(max_input_bytes: int) -> int:
    """The largest HTTP request body a server reads: a transcript of the CLI's limit, sent
    as UTF-8 JSON, and its envelope. (A client that escapes every non-ASCII character as
    \\uXXXX sends up to 6 bytes a character and meets this limit before the transcript's.)"""
    return max_input_bytes + BODY_ENVELOPE_BYTES


def check_question(question: str) -> None:
    if not question.strip():
        raise UserError("the question is empty")
    if len(question) > MAX_QUESTION_CHARS:
        raise UserError(f"the question has {len(question):,} characters, over the limit of "
                        f"{MAX_QUESTION_CHARS:,}")
    if has_surrogate(question):
        raise UserError("the question holds invalid Unicode (a lone surrogate)")


def check_conversations(conversations: Iterable[Conversation], path: str) -> None:
    """What the loaders produced, against the limits: an InputError naming the file and the
    conversation, before anything is extracted or written."""
    for c in conversations:
        where = f"conversation {shorten(c.id)}"
        _name(c.id, "conversation id", path)
        for speaker in c.speakers:
            _name(speaker, f"{where}: speaker name", path)
        for session in c.sessions:
            if not INT64[0] <= session.number <= INT64[1]:
                raise InputError(f"{where}: session number {shorten(session.number)} is out of "
                                 "range (at most 2^63 - 1)", path=path, field="session")
            for turn in session.turns:
                for value in (turn.text, turn.dia_id, turn.blip_caption or ""):
                    if has_surrogate(value):  # the message only for a bad value: ~10 ms a file
                        _unicode(value, f"{where}: turn {shorten(turn.dia_id)}", path)


def check_batch(batch: GraphBatch, path: str) -> None:
    """Every node and edge property of an ingest's batch against the limits (InputError).
    A batch that passes is remembered (`checked`) while it lives: the stores' write_batch skip
    the property checks of such a batch, so an ingest checks every value once."""
    where = f"conversation {shorten(batch.conversation_id)}"
    for node in batch.nodes:
        if found := node_problem(node.id, node.props):
            raise _error(f"{where}: {node.label} {shorten(node.id)}", *found, path)
    for edge in batch.edges:
        if found := props_problem(edge.props):
            raise _error(f"{where}: {edge.type} edge", *found, path)
    _CHECKED[id(batch)] = batch


# Batches check_batch passed, by identity, while they live. A batch's records must not change
# after the check (the ingest writes each batch right after checking it).
_CHECKED: weakref.WeakValueDictionary[int, GraphBatch] = weakref.WeakValueDictionary()


def mark_checked(batch: GraphBatch) -> None:
    """Remember `batch` as checked: check_batch passed on an equal batch in the process that
    built it (an ingest's worker, mrgraph.ingest.parallel), which sent it here."""
    _CHECKED[id(batch)] = batch


def checked(batch: GraphBatch) -> bool:
    """`batch` (this very object) passed check_batch: its properties need no other check."""
    return _CHECKED.get(id(batch)) is batch


def node_problem(node_id: str, props: Mapping[str, object]) -> tuple[str, str] | None:
    """props_problem of a node's id and properties."""
    if type(node_id) is not str or not node_id.isascii() or len(node_id) > MAX_INDEXED_BYTES:
        if problem := value_problem("id", node_id):
            return "id", f"property 'id' {problem}"
    return props_problem(props)


def props_problem(props: Mapping[str, object]) -> tuple[str, str] | None:
    """The first property no store can hold, as (its name, what is wrong, beginning with
    "property 'name'" or "invalid property name"), or None: names (non-empty strings, not the
    embedded store's reserved one), kinds (primitives or lists of primitives, None allowed:
    it removes a property) and values (`value_problem`). The one check of every write path;
    a short ASCII string, the common case, costs three tests."""
    for key, value in props.items():
        if not isinstance(key, str) or not key or key == RESERVED_PROPERTY:
            return str(key), f"invalid property name {key!r}"
        if type(value) is str and value.isascii() and (len(value) <= MAX_INDEXED_BYTES
                                                       or key not in INDEXED):
            continue
        ok = value is None or isinstance(value, _SCALAR) or (
            isinstance(value, (list, tuple)) and all(isinstance(v, _SCALAR) for v in value))
        if not ok:
            return key, (f"property {key!r} must be a primitive or a list of primitives, not "
                         f"{type(value).__name__}")
        if problem := value_problem(key, value):
            return key, f"property {key!r} {problem}"
    return None


def _error(where: str, key: str, problem: str, path: str | None) -> InputError:
    error = InputError(f"{where}: {problem}", path=path)
    error.field = key  # named in the message already
    return error


def value_problem(key: str, value: object) -> str | None:
    """What makes a property value unstorable in some store, or None. Runs on every value an
    ingest writes: the common case (a short ASCII string) returns at once."""
    if isinstance(value, str):
        if value.isascii() and (len(value) <= MAX_INDEXED_BYTES or key not in INDEXED):
            return None
        return _string_problem(key, value)
    if isinstance(value, (list, tuple)):
        return _list_problem(key, value)
    return _problem(key, value)


_MIXED = "is a list mixing types or holding null (Neo4j stores neither)"


def _list_problem(key: str, value: list[object] | tuple[object, ...]) -> str | None:
    """Neo4j stores a list of one kind only (strings, booleans, or numbers: ints and floats
    mix) and no null in it."""
    if value and type(value[0]) is float:  # an embedding: thousands of floats, checked in bulk
        numbers: Any = value
        try:
            total = sum(numbers)
        except TypeError:  # a string or null among them
            return _MIXED
        if not math.isfinite(total) and not all(map(math.isfinite, numbers)):
            return "holds a number that is not finite (the embedded store's JSON cannot keep it)"
        return None
    kinds = set(map(type, value))
    if len(kinds) > 1 and not kinds <= {int, float} or type(None) in kinds:
        return _MIXED
    for item in value:
        if problem := _problem(key, item):
            return problem
    return None


def _problem(key: str, value: object) -> str | None:
    if isinstance(value, str):
        return _string_problem(key, value)
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return None if INT64[0] <= value <= INT64[1] else \
            f"holds {shorten(value)}, outside the signed 64-bit range"
    if isinstance(value, float) and not math.isfinite(value):
        return f"holds {value}, not a finite number (the embedded store's JSON cannot keep it)"
    return None


def _string_problem(key: str, value: str) -> str | None:
    if has_surrogate(value):
        return f"holds invalid Unicode (a lone surrogate) in {shorten(value)}"
    if key in INDEXED and len(value) * 4 > MAX_INDEXED_BYTES:
        size = len(value.encode("utf-8"))
        if size > MAX_INDEXED_BYTES:
            return (f"holds {size:,} bytes, over the {MAX_INDEXED_BYTES:,}-byte limit of an "
                    "indexed value (a word, name or id that long cannot be indexed): "
                    f"{shorten(value)}")
    return None


def _name(value: str, what: str, path: str) -> None:
    _unicode(value, what, path)
    if len(value) > MAX_NAME_CHARS:
        raise InputError(f"{what} {shorten(value)} is over the limit of {MAX_NAME_CHARS} "
                         "characters", path=path)


def _unicode(value: str, what: str, path: str) -> None:
    if has_surrogate(value):
        raise InputError(f"{what}: text holds invalid Unicode (a lone surrogate, e.g. an "
                         f"escaped \\ud800 in JSON): {shorten(value)}", path=path)


def has_surrogate(text: str) -> bool:
    """The text holds a lone surrogate: not Unicode any store or terminal can encode (JSON
    escapes and command-line bytes that are not UTF-8 produce them)."""
    if text.isascii():  # most text, and far cheaper than encoding it
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False
