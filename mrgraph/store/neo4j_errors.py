"""Neo4jStore's handling of failures: driver errors as mrgraph errors that name the server but
never the password, the retry rule of auto-commit reads, and the URI without its secret."""

from __future__ import annotations

import time
from contextlib import contextmanager
from typing import Any, Callable, Iterator, TypeVar
from urllib.parse import urlsplit, urlunsplit

from neo4j import exceptions as nx

from mrgraph.errors import StoreError, StoreUnavailableError
from mrgraph.redact import scrub

T = TypeVar("T")
RETRY_SECONDS = 10.0  # as the driver's max_transaction_retry_time (Neo4jStore)


class ErrorTranslator:
    """Translates driver failures for one store (its public URI, user, secret and database)."""

    def __init__(self, uri: str, user: str, password: str | None, database: str | None) -> None:
        self._uri, self._user, self._password, self._database = uri, user, password, database

    @contextmanager
    def translated(self) -> Iterator[None]:
        """Translate driver failures into mrgraph errors that name the server, not the secret."""
        where = f"Neo4j at {self._uri}"
        try:
            yield
        except nx.AuthError:
            raise StoreUnavailableError(
                f"{where}: authentication failed for user {self._user!r} "
                "(check NEO4J_USER / NEO4J_PASSWORD)") from None
        except (nx.ServiceUnavailable, nx.SessionExpired) as exc:
            raise StoreUnavailableError(
                f"{where} is unreachable: {self.scrub(str(exc))}") from None
        except nx.ClientError as exc:
            if exc.code == "Neo.ClientError.Database.DatabaseNotFound":
                raise StoreUnavailableError(
                    f"{where}: database {self._database!r} does not exist") from None
            if exc.code == "Neo.ClientError.Security.AuthenticationRateLimit":
                raise StoreUnavailableError(
                    f"{where}: too many failed logins for user {self._user!r}; the server "
                    "refuses it for a few seconds (check NEO4J_USER / NEO4J_PASSWORD)") from None
            if exc.code.startswith("Neo.ClientError.Security."):
                raise StoreUnavailableError(
                    f"{where}: not allowed: {self.scrub(exc.message or '')}") from None
            raise StoreError(f"{where} rejected a query: {exc.code}: "
                             f"{self.scrub(exc.message or '')}") from None
        except (nx.Neo4jError, nx.DriverError) as exc:
            raise StoreError(f"{where} failed: {type(exc).__name__}: "
                             f"{self.scrub(str(exc))}") from None

    def scrub(self, message: str) -> str:
        if self._password:
            message = message.replace(self._password, "***")
        return scrub(message)  # any other secret, in any encoding (mrgraph.redact)


def public_uri(uri: str) -> str:
    """The URI without user:password@ (a password may be embedded in it)."""
    parts = urlsplit(uri)
    if parts.username is None and parts.password is None:
        return uri
    host = parts.hostname or ""
    netloc = f"{host}:{parts.port}" if parts.port else host
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))


def retrying(read: Callable[[], T], seconds: float = RETRY_SECONDS) -> T:
    """Run `read` again after a failure the driver calls retryable (a transient server error,
    a lost connection), with a growing pause, for up to `seconds`: the managed transactions'
    rule, for reads made of auto-commit statements (reads have no effect to undo)."""
    deadline, pause = time.monotonic() + seconds, 0.05
    while True:
        try:
            return read()
        except (nx.Neo4jError, nx.DriverError) as exc:
            if not exc.is_retryable() or time.monotonic() + pause > deadline:
                raise
        time.sleep(pause)
        pause = min(pause * 2, 1.0)


def quietly(action: Callable[[], Any]) -> None:
    """Cleanup after a failure must not mask the failure itself."""
    try:
        action()
    except Exception:  # noqa: BLE001 - the original error is being raised
        pass

