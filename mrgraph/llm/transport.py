"""The transport every OpenAI-compatible backend shares (`_Endpoint`): the secret key, the lazily
built client, our retries with backoff, and the mapping of SDK errors to mrgraph errors.

Retries are ours, not the SDK's (the client gets max_retries=0): we decide what is retryable,
honour Retry-After, add jitter, and take an injectable `sleep` so tests can assert the waits.
The API key is held in a `_Secret` (masked repr) and scrubbed from every message we build from
server text; errors are raised `from None` because the SDK's exceptions carry the request, whose
headers hold the key.
"""

from __future__ import annotations

import email.utils
import logging
import random
import re
import threading
import time
from collections.abc import Callable, Mapping
from typing import TypeVar

import openai

from mrgraph.errors import (LLMBudgetError, LLMConfigError, LLMError, LLMReplyError,
                            LLMUnavailableError)
from mrgraph.llm.base import TokenLedger
from mrgraph.redact import public_uri, remember_secret, remember_uri_password, scrub

log = logging.getLogger(__name__)

DEFAULT_BASE_URL = "https://api.openai.com/v1"
# A local server (Ollama, llama.cpp) needs no key, but the SDK insists on one.
_PLACEHOLDER_KEY = "no-key-required"
# A Retry-After longer than this is ignored in favour of backoff: blocking a question for
# minutes on one header is worse than failing after the usual retries.
_MAX_RETRY_AFTER = 120.0
_RETRYABLE_STATUS = frozenset({408, 409, 429})
_T = TypeVar("_T")

class _Retries:
    """How many requests every endpoint of this process retried, and the last reason: a
    command tells it in one line (mrgraph.cli) instead of a line per retry."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._count, self._last = 0, ""

    def note(self, reason: str) -> None:
        with self._lock:
            self._count, self._last = self._count + 1, reason

    def take(self) -> tuple[int, str]:
        """(retries, the last one's reason) since the last take."""
        with self._lock:
            found = self._count, self._last
            self._count, self._last = 0, ""
        return found


RETRIES = _Retries()


class _Secret:
    """A string that never shows itself in repr/str (so not in logs, tracebacks or vars())."""

    __slots__ = ("_value",)

    def __init__(self, value: str) -> None:
        self._value = value
        if value != _PLACEHOLDER_KEY:  # "no-key-required" is no key
            remember_secret(value)

    def reveal(self) -> str:
        return self._value

    def scrub(self, text: str) -> str:
        """`text` without the key (nor any other secret), in any of its encodings."""
        secret = self._value != _PLACEHOLDER_KEY and self._value
        return scrub(text.replace(self._value, "***") if secret else text)

    def __repr__(self) -> str:
        return "'***'"

    __str__ = __repr__


def retry_after_seconds(headers: Mapping[str, str] | None) -> float | None:
    """Seconds a 429/503 asks us to wait: `retry-after-ms`, `retry-after` in seconds, or an
    HTTP date. None when absent or unparsable (then exponential backoff applies)."""
    if not headers:
        return None
    lowered = {k.lower(): v for k, v in headers.items()}
    for header, divisor in (("retry-after-ms", 1000.0), ("retry-after", 1.0)):
        raw = lowered.get(header)
        if raw is None:
            continue
        try:
            return max(0.0, float(raw) / divisor)
        except ValueError:
            pass
        try:
            when = email.utils.parsedate_to_datetime(raw)
        except (TypeError, ValueError):
            continue
        return max(0.0, when.timestamp() - time.time())
    return None


class _Endpoint:
    """What every call to an OpenAI-compatible endpoint shares: the secret key, the lazily built
    client, our retries with backoff, and the mapping of SDK errors to mrgraph errors (with the
    key scrubbed). OpenAIChat and OpenAIEmbedder differ only in the request they send."""

    def __init__(self, model: str, api_key: str | None, base_url: str | None, timeout: float,
                 max_retries: int, ledger: TokenLedger | None, *,
                 sleep: Callable[[float], None], rng: random.Random | None,
                 backoff_base: float, backoff_cap: float) -> None:
        if not model:
            raise LLMConfigError("no model name given for the OpenAI-compatible LLM")
        if not api_key and base_url is None:
            raise LLMConfigError("no API key for the OpenAI endpoint: set OPENAI_API_KEY, or "
                                 "OPENAI_BASE_URL for a local server that needs none")
        self.model = model
        self.name = f"openai:{model}"
        self.base_url = base_url or DEFAULT_BASE_URL
        remember_uri_password(self.base_url)
        self._key = _Secret(api_key or _PLACEHOLDER_KEY)
        self.timeout, self.max_retries = timeout, max_retries
        self.ledger = ledger
        self._sleep, self._rng = sleep, rng or random.Random()
        self._backoff_base, self._backoff_cap = backoff_base, backoff_cap
        self.retry_timeouts = True
        self.question_seconds: float | None = None
        self._client: openai.OpenAI | None = None
        self._client_lock = threading.Lock()

    @property
    def endpoint(self) -> str:
        """Who answers: the base URL without its credentials (it keys the reply cache)."""
        return public_uri(self.base_url).rstrip("/")

    def __repr__(self) -> str:
        return (f"{type(self).__name__}(model={self.model!r}, "
                f"base_url={public_uri(self.base_url)!r}, api_key='***')")

    def _get_client(self) -> openai.OpenAI:
        # Built on first use so constructing a backend stays free of I/O. base_url is always
        # explicit so the SDK does not read OPENAI_BASE_URL itself (config.py owns the env).
        with self._client_lock:
            if self._client is None:
                self._client = openai.OpenAI(api_key=self._key.reveal(), base_url=self.base_url,
                                             timeout=self.timeout, max_retries=0)
            return self._client

    # -- transport: retries and error mapping ----------------------------------------------

    def _with_retries(self, call: Callable[[openai.OpenAI], _T],
                      deadline: float | None = None) -> _T:
        """`call(client)`, retried on what is worth retrying; errors mapped and scrubbed. With a
        `deadline` (time.monotonic()) no retry starts that could not finish before it."""
        attempts = self.max_retries + 1
        for attempt in range(attempts):
            try:
                return call(self._get_client())
            except openai.OpenAIError as err:
                delay = self._retry_delay(err, attempt)
                if deadline is not None and time.monotonic() + (delay or 0.0) >= deadline:
                    raise self._budget_error() from None
                if delay is None or attempt + 1 == attempts:
                    raise self._map_error(err, attempt + 1) from None
                described = self._describe(err)
                RETRIES.note(described)  # told once, before the command's result (cli)
                log.info("LLM request failed (%s); retry %d of %d in %.1fs", described,
                         attempt + 1, self.max_retries, delay)
                self._sleep(delay)
            except ValueError as err:  # the SDK decoding a body that is not JSON, or cut short
                raise LLMReplyError(f"the LLM endpoint {public_uri(self.base_url)} sent a reply "
                                    "that is not valid JSON (is OPENAI_BASE_URL an OpenAI-"
                                    f"compatible API?): {self._key.scrub(str(err))[:200]}"
                                    ) from None
        raise AssertionError("unreachable: the loop returns or raises")

    def _decoded(self, what: str, decode: Callable[[], _T]) -> _T:
        """`decode()` of a reply the SDK accepted; a reply of the wrong shape (an HTML page,
        `{"data": []}`, a choice without a message) is the endpoint's fault: LLMReplyError."""
        try:
            return decode()
        except (AttributeError, TypeError, ValueError, KeyError, IndexError) as err:
            raise LLMReplyError(f"the LLM endpoint {public_uri(self.base_url)} sent {what} that "
                                "is not in the OpenAI format (is OPENAI_BASE_URL an OpenAI-"
                                f"compatible API?): {self._key.scrub(str(err))[:200]}") from None

    def _retry_delay(self, err: openai.OpenAIError, attempt: int) -> float | None:
        """Seconds to wait before retrying `err`, or None when it is not worth retrying."""
        if isinstance(err, openai.APIStatusError):
            if err.status_code not in _RETRYABLE_STATUS and err.status_code < 500:
                return None
            asked = retry_after_seconds(dict(err.response.headers))
            if asked is not None and asked <= _MAX_RETRY_AFTER:
                return asked
        elif not isinstance(err, openai.APIConnectionError):  # includes APITimeoutError
            return None
        elif isinstance(err, openai.APITimeoutError) and not self.retry_timeouts:
            # A single-slot local server is still busy with the request that timed out:
            # sending it again only queues a second copy behind the first.
            return None
        # Exponential backoff with "equal jitter": half fixed, half random, so parallel
        # clients that failed together do not retry together.
        ceiling = min(self._backoff_cap, self._backoff_base * 2.0 ** attempt)
        return ceiling / 2 + self._rng.uniform(0, ceiling / 2)

    def _budget_error(self) -> LLMBudgetError:
        return LLMBudgetError(f"the model {self.model!r} at {public_uri(self.base_url)} ran out "
                              f"of its {self.question_seconds:g}s time budget for one question or "
                              "extraction call "
                              "(raise MRGRAPH_LLM_BUDGET, or use a faster model)")

    def _describe(self, err: openai.OpenAIError) -> str:
        if isinstance(err, openai.APITimeoutError):
            return f"timed out after {self.timeout}s"
        if isinstance(err, openai.APIConnectionError):
            return f"cannot connect to {public_uri(self.base_url)}"
        if isinstance(err, openai.APIStatusError):
            # The SDK's message repeats the status ("Error code: 429 - ..."); keep the detail.
            detail = re.sub(r"^Error code: \d+ - ", "", str(err.message))
            return self._key.scrub(f"HTTP {err.status_code}: {detail}"[:500])
        return self._key.scrub(f"{type(err).__name__}: {err}"[:500])

    def _map_error(self, err: openai.OpenAIError, attempts: int) -> Exception:
        if isinstance(err, openai.AuthenticationError):
            return LLMConfigError("authentication failed for the LLM endpoint "
                                  f"{public_uri(self.base_url)} (HTTP 401): check OPENAI_API_KEY")
        if isinstance(err, openai.PermissionDeniedError):
            return LLMConfigError(f"the LLM endpoint {public_uri(self.base_url)} refused access (HTTP 403) "
                                  f"to model {self.model!r}")
        if isinstance(err, openai.NotFoundError):
            return LLMConfigError(f"model {self.model!r} or its endpoint was not found at "
                                  f"{public_uri(self.base_url)} (HTTP 404)")
        if not isinstance(err, (openai.APIStatusError, openai.APIConnectionError)):
            return LLMConfigError(f"the OpenAI client cannot be used: {self._describe(err)}")
        tries = f" after {attempts} attempts" if attempts > 1 else ""
        unavailable = isinstance(err, openai.APIConnectionError) or (  # includes timeouts
            isinstance(err, openai.APIStatusError) and err.status_code >= 500)
        if unavailable:  # the endpoint is down or overloaded: the user's to fix, not our bug
            return LLMUnavailableError(f"LLM endpoint {public_uri(self.base_url)} is unavailable "
                                       f"(model {self.model!r}){tries}: {self._describe(err)}")
        if isinstance(err, openai.APIStatusError) and 400 <= err.status_code < 500:
            # the endpoint refused what was configured (model, parameters): fixable by the user
            return LLMConfigError(f"the LLM endpoint {public_uri(self.base_url)} rejected the "
                                  f"request (model {self.model!r}): {self._describe(err)}")
        return LLMReplyError(f"LLM request to {public_uri(self.base_url)} (model "
                             f"{self.model!r}) failed{tries}: {self._describe(err)}")
