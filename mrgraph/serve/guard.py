"""What `mrgraph serve` (and `mrgraph mcp --http`) checks before a request reaches the API (an
ASGI middleware).

A server on 127.0.0.1 is still reachable from any web page the user opens: the page's own
JavaScript cannot read a cross-origin answer (CORS stays off: no Access-Control-* header is
ever sent), but a page can rebind its own host name to 127.0.0.1 (DNS rebinding) and then talk
to the server as a same-origin client. Such a request carries the page's host name in `Host`
(and `Origin`), so only loopback names (and those `--allow-host` adds) are accepted: a foreign
`Host` is refused with 421, a foreign `Origin` with 403, as the MCP SDK's transport does (whose
own check knows loopback names only: the MCP server uses this one instead). The Host check stops
browsers, not a client that writes a loopback Host itself: `exposure_warning` says so.

An API token (`Authorization: Bearer TOKEN`), when the server has one, is needed for the
writing endpoints (ingest, forget; on the MCP server every call: all are POSTs to /mcp) and
checked wherever it is sent (401). A server bound beyond loopback always has one
(MRGRAPH_API_TOKEN, or one the CLI makes and prints).

Request bodies are read up to `max_body` bytes and no further (413), and any exception that
escapes the API becomes a one-line JSON 500, logged in one line (its type, never its text).
Every refusal is `{"error": "<one line>"}`.
"""

from __future__ import annotations

import hmac
import ipaddress
import json
import logging
from collections.abc import Iterable
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

WILDCARDS = frozenset({"0.0.0.0", "::", ""})  # every address: no name a Host can hold
log = logging.getLogger("mrgraph.serve")


def is_loopback(host: str) -> bool:
    """`host` (a name or an address to bind) is this machine only."""
    if host.lower().rstrip(".") == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


@dataclass(frozen=True)
class Access:
    """Who may call: `hosts` (names accepted in Host and Origin besides loopback), `token`
    (None: no token), `writes` (paths that need the token when there is one)."""

    hosts: frozenset[str] = frozenset()
    token: str | None = field(default=None, repr=False)
    writes: frozenset[str] = frozenset()

    @classmethod
    def of(cls, hosts: Iterable[str] = (), token: str | None = None,
           writes: Iterable[str] = ()) -> "Access":
        return cls(frozenset(h.lower().strip("[]") for h in hosts), token, frozenset(writes))

    def allows(self, name: str | None) -> bool:
        return name is not None and (is_loopback(name) or name.lower() in self.hosts)

    def refusal(self, method: str, path: str, headers: Headers) -> tuple[int, str] | None:
        """(status, message) if the request must be refused, else None."""
        host = headers.get("host")
        if not self.allows(_hostname("//" + (host or ""))):
            return 421, (f"host {_cut(host)} is not served here: this server answers "
                         "loopback names only (127.0.0.1, localhost, [::1]) and those given "
                         "with --allow-host")
        origin = headers.get("origin")
        if origin is not None and not (origin.startswith(("http://", "https://"))
                                       and self.allows(_hostname(origin))):
            return 403, (f"origin {_cut(origin)} may not call this server (a web page of "
                         "another site; --allow-host names the ones that may)")
        return self._token_refusal(method, path, headers.get("authorization"))

    def _token_refusal(self, method: str, path: str, sent: str | None) -> tuple[int, str] | None:
        if self.token is None:
            return None
        if sent is None:
            if method != "GET" and path in self.writes:
                return 401, ("this server needs its API token to write: send 'Authorization: "
                             "Bearer TOKEN' (MRGRAPH_API_TOKEN, or the token the server "
                             "printed)")
            return None
        scheme, _, given = sent.partition(" ")
        if scheme.lower() != "bearer" or not hmac.compare_digest(
                given.strip().encode("utf-8", "replace"), self.token.encode("utf-8")):
            return 401, "invalid API token (send 'Authorization: Bearer TOKEN')"
        return None


def exposure_warning(host: str, port: int, allowed: Iterable[str],
                     guarded: str = "writes") -> str | None:
    """The warning for a server bound to `host` beyond loopback (None on loopback); `guarded`:
    what needs the token ("ingest and forget", "every call"). A
    wildcard address (0.0.0.0, ::) is no name a client can send: until --allow-host names the
    machine, a client that names it is refused (421); but Host is the client's to write, so any
    client that reaches the port can still send a loopback name and read."""
    if is_loopback(host):
        return None
    where = f"warning: serving on {host}, beyond this machine"
    if host in WILDCARDS and not list(allowed):
        where += (": clients that name this machine are refused (421) until --allow-host "
                  "names it (its address or name), yet any client that reaches port "
                  f"{port} and sends a loopback Host can read the memory")
    else:
        where += f": anyone who reaches port {port} can read the memory"
    return f"{where}; {guarded} need the API token"


def _hostname(url: str) -> str | None:
    try:
        parts = urlsplit(url)
        _ = parts.port  # a malformed port is a malformed host
        return parts.hostname
    except ValueError:
        return None


def _cut(value: str | None) -> str:
    if value is None:
        return "(none)"
    return repr(value if len(value) <= 60 else value[:60] + "…")


class GuardMiddleware:
    """The checks above, then the app; see the module's docstring."""

    def __init__(self, app: ASGIApp, access: Access, max_body: int) -> None:
        self.app, self.access, self.max_body = app, access, max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        refused = self.access.refusal(scope["method"], scope["path"], headers)
        if refused is not None:
            await error(send, *refused)
            return
        body = await self._body(headers, receive)
        if body is None:
            await error(send, 413, f"the request body is over the limit of {self.max_body:,} "
                                   "bytes (a transcript of MRGRAPH_MAX_INPUT_MB, and 64 KiB)")
            return
        await self._app(scope, _replay(body, receive), send)

    async def _body(self, headers: Headers, receive: Receive) -> list[Message] | None:
        """The request's body messages, or None past max_body."""
        declared = headers.get("content-length", "")
        if declared.isdigit() and int(declared) > self.max_body:
            return None
        messages, size = [], 0
        while True:
            message = await receive()
            messages.append(message)
            if message["type"] != "http.request":
                return messages
            size += len(message.get("body", b""))
            if size > self.max_body:
                return None
            if not message.get("more_body", False):
                return messages

    async def _app(self, scope: Scope, receive: Receive, send: Send) -> None:
        started = False

        async def sending(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)
        try:
            await self.app(scope, receive, sending)
        except Exception as exc:  # noqa: BLE001 - the last line of defence: one line, no trace
            log.error("mrgraph serve: internal error in %s %s: %s", scope["method"],
                      scope["path"], type(exc).__name__)
            if not started:
                await error(send, 500, f"internal error: {type(exc).__name__}")


def _replay(messages: list[Message], receive: Receive) -> Receive:
    pending = list(messages)

    async def replayed() -> Message:
        return pending.pop(0) if pending else await receive()
    return replayed


async def error(send: Send, status: int, message: str) -> None:
    """An error response: `{"error": message}` on one line."""
    body = json.dumps({"error": one_line(message)}).encode("utf-8")
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if status == 401:
        headers.append((b"www-authenticate", b"Bearer"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def one_line(message: str, limit: int = 600) -> str:
    """A message as one line of at most `limit` characters (the README's rule for errors)."""
    flat = " ".join(message.split())
    return flat if len(flat) <= limit else flat[:limit - 1] + "…"
