"""Keeping secrets out of what mrgraph prints, stores, caches and traces.

`public_uri` shows a URI without its `user:password@` part.

Secrets (the API key, the Neo4j password, a URI's password) are remembered when they enter the
process (`remember_secret`: Settings, an OpenAI-compatible endpoint, a Neo4j store) and `scrub`
replaces each with "***" in every form a model, a page or a log can give it:
  * plain;
  * JSON escapes (`\\u0073`, `\\/`) and `\\x73`, of any of its characters or all of them;
  * URL-encoding (`%73`, `+` for a space), of any or all characters;
  * HTML character references (`&#115;`, `&#x73;`, `&amp;`...);
  * base64 of the key (standard or URL-safe alphabet), also inside a longer encoded text: the
    part of the encoding that only the key's bytes decide is matched at each of the 3 offsets;
and then decodes the text (URL, HTML, JSON escapes; up to 3 layers, e.g. a URL-encoded JSON
escape) and scrubs the decoded form too: when only a decoded form holds a secret, the decoded,
scrubbed form replaces the part holding it (a run without spaces, quotes or angle brackets: the
rest of a page keeps its escapes, its script its "+"), or the whole text when a form spans parts. `scrub_value` does this to every string of a decoded JSON value
(keys too): callers decode first, then scrub, so nothing a decoding reveals survives.

A secret shorter than MIN_SECRET_CHARS is not remembered: scrubbing a short common word from
every transcript would corrupt memories (and such a password is no secret anyway).
The registry is per process and only grows (a server keeps its one key).
"""

from __future__ import annotations

import base64
import json
import re
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, TypeVar
from urllib.parse import unquote_plus, urlsplit

MASK = "***"
MIN_SECRET_CHARS = 8
_LAYERS = 3  # decodings tried in turn (a URL-encoded JSON escape is two)
_T = TypeVar("_T")

_USERINFO = re.compile(r"//[^/@\s]*@")
_JSON_ESCAPE = re.compile(r"\\u([0-9a-fA-F]{4})|\\x([0-9a-fA-F]{2})|\\([\"\\/])")
_PART = re.compile(r"[^\s\"'<>]+")
_NAMED = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;"}


def public_uri(uri: str | None) -> str:
    """`uri` without any `user:password@` part (bolt://, neo4j+s://, http://...)."""
    return _USERINFO.sub("//", uri or "")


# ------------------------------------------------------------------ the registry

@dataclass(frozen=True)
class _Known:
    secrets: tuple[str, ...]
    literals: tuple[str, ...]  # the forms without an escape: plain and base64
    pattern: re.Pattern[str]  # every form


_lock = threading.Lock()
_known: _Known | None = None
# The characters only an escaped form holds: text without any can only hold the literal forms,
# which `in` finds far faster than the regular expression.
_ESCAPES = ("\\", "%", "&", "+")


def remember_secret(value: str | None) -> None:
    """Scrub `value` from now on (ignored when empty or shorter than MIN_SECRET_CHARS)."""
    global _known
    if not value or len(value) < MIN_SECRET_CHARS or (_known and value in _known.secrets):
        return
    with _lock:
        held = _known.secrets if _known else ()
        if value not in held:
            secrets = (*held, value)
            literals = tuple(dict.fromkeys(f for s in secrets for f in (s, *base64_cores(s))))
            _known = _Known(secrets, literals, secret_pattern(secrets))


def remember_uri_password(uri: str | None) -> None:
    """Remember the password of a `scheme://user:password@host` URI, if it has one."""
    try:
        password = urlsplit(uri or "").password
    except ValueError:  # a malformed port: the URI is refused where it is used
        return
    remember_secret(password)


def secret_pattern(secrets: Iterable[str]) -> re.Pattern[str]:
    """One regular expression matching every form of every secret (longest first). Each
    alternative begins with a literal character, so the engine skips ahead to the characters
    a form can begin with instead of trying every position."""
    forms: list[str] = []
    for secret in sorted(set(secrets), key=len, reverse=True):
        rest = "".join(f"(?:{'|'.join(_char_forms(c))})" for c in secret[1:])
        forms.extend(first + rest for first in _char_forms(secret[0]))
        forms.extend(re.escape(core) for core in base64_cores(secret))
    return re.compile("|".join(forms))


def _hex(number: int, width: int) -> str:
    """`number` in hexadecimal, at least `width` digits, either case of a-f."""
    return "".join(f"[{d}{d.upper()}]" if d.isalpha() else d for d in f"{number:0{width}x}")


def _char_forms(char: str) -> list[str]:
    """The regular expressions of `char`'s forms, each beginning with a literal character."""
    code = ord(char)
    units = [code] if code < 0x10000 else [0xD800 + ((code - 0x10000) >> 10),
                                           0xDC00 + ((code - 0x10000) & 0x3FF)]
    forms = [re.escape(char), "".join(r"\\u" + _hex(u, 4) for u in units),
             "".join("%" + _hex(b, 2) for b in char.encode("utf-8")),
             f"&#0*{code};", f"&#[xX]0*{_hex(code, 1)};"]
    if code < 0x100:
        forms.append(r"\\x" + _hex(code, 2))
    if char in "\"\\/":
        forms.append(re.escape("\\" + char))
    if char == " ":
        forms.append(r"\+")
    if char in _NAMED:
        forms.append(re.escape(_NAMED[char]))
    return forms


def base64_cores(secret: str) -> list[str]:
    """The base64 text only the secret's bytes decide, at each of the 3 byte offsets it can
    start at in a longer encoded text, in both alphabets (standard and URL-safe)."""
    data = secret.encode("utf-8")
    cores: list[str] = []
    for offset in range(3):
        encoded = base64.b64encode(b"\0" * offset + data).decode("ascii")
        first, end = -(-8 * offset // 6), 8 * (offset + len(data)) // 6
        core = encoded[first:end]
        for form in (core, core.translate(str.maketrans("+/", "-_"))):
            if len(form) >= MIN_SECRET_CHARS and form not in cores:
                cores.append(form)
    return cores


# ------------------------------------------------------------------ scrubbing


def _json_unescape(text: str) -> str:
    def one(match: re.Match[str]) -> str:
        if match.group(1):
            return chr(int(match.group(1), 16))
        return chr(int(match.group(2), 16)) if match.group(2) else match.group(3)

    decoded = _JSON_ESCAPE.sub(one, text)
    # escaped surrogate pairs come out as two surrogates: join them into their character
    return decoded.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def _decodings(text: str) -> list[str]:
    """`text` decoded each way that changes it (URL, HTML, JSON escapes)."""
    found = []
    if "%" in text or "+" in text:
        found.append(unquote_plus(text))
    if "&" in text:
        import html  # here: its entity table costs every command ~3 ms, and few texts hold "&"
        found.append(html.unescape(text))
    if "\\" in text:
        found.append(_json_unescape(text))
    return [d for d in found if d != text]


def _clean(text: str, known: _Known, layers: int = _LAYERS, parts: bool = True) -> str | None:
    """`text` without any form of a secret (None: nothing to remove); `parts`: a secret found
    only after decoding replaces the part holding it, where that suffices (`_parts_clean`)."""
    if not any(map(text.__contains__, _ESCAPES)):
        if not any(literal in text for literal in known.literals):
            return None
    elif not known.pattern.search(text):
        whole = _decoded_clean(text, known, layers)
        if whole is None or not parts:
            return whole
        return _parts_clean(text, known, layers) or whole
    scrubbed = known.pattern.sub(MASK, text)
    return _clean(scrubbed, known, layers, parts) or scrubbed


def _decoded_clean(text: str, known: _Known, layers: int) -> str | None:
    """The first decoding of `text` that holds a secret, scrubbed (None: none does)."""
    for decoded in _decodings(text) if layers else ():
        if (clean := _clean(decoded, known, layers - 1)) is not None:
            return clean
    return None


def _parts_clean(text: str, known: _Known, layers: int) -> str | None:
    """`text` with each part (`_PART`) whose decoding holds a secret replaced by that decoding,
    scrubbed; None when that leaves a secret (a form spanning parts) or changes nothing."""
    def part(match: re.Match[str]) -> str:
        return _decoded_clean(match.group(), known, layers) or match.group()

    local = _PART.sub(part, text)
    return local if local != text and _clean(local, known, layers, False) is None else None


def contains_secret(text: str) -> bool:
    """Some form of a remembered secret is in `text` (see the module docstring)."""
    known = _known
    return known is not None and bool(text) and _clean(text, known) is not None


def scrub(text: str) -> str:
    """`text` with every form of every remembered secret replaced by "***"."""
    known = _known
    if known is None or not text:
        return text
    clean = _clean(text, known)
    return text if clean is None else clean


_NUMBERS = frozenset({float, int, bool})
_ESCAPE_CHAR = re.compile("[" + re.escape("".join(_ESCAPES)) + "]")


def any_secret(texts: Iterable[str]) -> bool:
    """Some text of `texts` holds a form of a secret (= any(map(contains_secret, texts)), in
    one pass over their joined text: the literal forms are searched in it whole, and only the
    texts holding an escape character are looked at one by one). False at once while no secret
    is known."""
    known = _known
    if known is None:
        return False
    joined = "\0".join(texts)  # no form holds a NUL: no match spans two texts
    if any(literal in joined for literal in known.literals):
        return True
    looked = -1
    for match in _ESCAPE_CHAR.finditer(joined):
        if match.start() < looked:
            continue  # in the text looked at already
        start = joined.rfind("\0", 0, match.start()) + 1
        end = joined.find("\0", match.end())
        looked = len(joined) if end < 0 else end
        if _clean(joined[start:looked], known) is not None:
            return True
    return False


def remembered() -> bool:
    """Some secret is known (else scrubbing has nothing to do)."""
    return _known is not None


def scrub_value(value: _T) -> _T:
    """A decoded JSON value (or any nesting of dicts, lists and tuples) with every string,
    keys included, scrubbed. Returns `value` itself when it holds no secret."""
    if _known is None or not any_secret(strings_of(value)):
        return value
    return _scrubbed(value)  # type: ignore[no-any-return]


def _scrubbed(value: Any) -> Any:
    if isinstance(value, str):
        return scrub(value)
    if isinstance(value, dict):
        return {_scrubbed(k): _scrubbed(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        if set(map(type, value)) <= _NUMBERS:  # an embedding: nothing to scrub
            return value
        return type(value)(_scrubbed(v) for v in value)
    return value


def scrub_json_text(text: str) -> str:
    """JSON text (a tool call's arguments) without a secret: scrubbed as text, then decoded and
    its decoded strings scrubbed (re-encoded only when one held a secret). Text that is not JSON
    is scrubbed as text."""
    clean = scrub(text)
    if _known is None:
        return clean
    try:
        value = json.loads(clean)
    except ValueError:
        return clean
    scrubbed = scrub_value(value)
    return clean if scrubbed is value else json.dumps(scrubbed, ensure_ascii=False)


def strings_of(value: Any) -> Iterable[str]:
    """Every string in a nesting of dicts, lists and tuples, keys included."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from strings_of(key)
            yield from strings_of(item)
    elif isinstance(value, (list, tuple)):
        if set(map(type, value)) <= _NUMBERS:  # an embedding: thousands of numbers, no text
            return
        for item in value:
            yield from strings_of(item)


class ScrubbedStream:
    """A text stream (sys.stdout, sys.stderr) writing all text scrubbed: the CLI's last guard,
    so no secret reaches a terminal or a pipe whatever printed it (an answer, a trace, a log
    line, an error). Its binary `buffer` is the stream's own (the MCP stdio wire writes there:
    what it sends was scrubbed where it came from)."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(scrub(text))
        return len(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)
