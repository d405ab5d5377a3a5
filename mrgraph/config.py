"""Settings: the only place mrgraph reads environment variables.

Read once, explicitly, by the CLI (`Settings.from_env()`); the library takes a Settings (or plain
arguments) and never looks at the environment itself. Secrets are kept out of repr.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field
from typing import Mapping

from mrgraph.errors import ConfigError
from mrgraph.limits import shorten
from mrgraph.redact import remember_secret, remember_uri_password

DEFAULT_STORE = "file:.mrgraph/graph"
DEFAULT_MODEL = "gpt-4o-mini"
DEFAULT_EMBED_MODEL = "text-embedding-3-small"
# The ranges of the numeric variables: anything outside is a typo, not a setting.
MAX_INPUT_MB = 1024.0 * 1024  # 1 TB
MAX_SECONDS = 7.0 * 24 * 3600  # a week
MAX_THREADS = 4096


@dataclass(frozen=True)
class Settings:
    store: str = field(default=DEFAULT_STORE, repr=False)  # a URI may carry user:password@
    ns: str = "default"
    neo4j_user: str = "neo4j"
    neo4j_password: str | None = field(default=None, repr=False)
    neo4j_database: str | None = None
    openai_api_key: str | None = field(default=None, repr=False)
    openai_base_url: str | None = field(default=None, repr=False)
    model: str = DEFAULT_MODEL
    extract_model: str = DEFAULT_MODEL
    embed_model: str = DEFAULT_EMBED_MODEL
    llm_timeout: float = 60.0
    max_input_bytes: int = 20 * 1024 * 1024
    local_model: str | None = None  # a GGUF for --llm local (None: mrgraph.llm.local's default)
    local_threads: int = 0  # 0: half the cores (mrgraph.llm.local.default_threads)
    llm_budget: float = 300.0  # seconds of model calls per question with --llm local
    ingest_workers: int = 0  # processes extracting an ingest's conversations; 0: one per core
    api_token: str | None = field(default=None, repr=False)  # serve's token (MRGRAPH_API_TOKEN)

    def __post_init__(self) -> None:
        # the secrets this process may meet again in model output, pages or logs: scrubbed
        # from everything stored, cached, traced or printed (mrgraph.redact)
        remember_secret(self.openai_api_key)
        remember_secret(self.neo4j_password)
        remember_secret(self.api_token)
        remember_uri_password(self.store)
        remember_uri_password(self.openai_base_url)

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> "Settings":
        """Settings from the environment; a number that is not a finite value in its range
        (nan, inf, 1e308, -1, abc) is a ConfigError naming the variable and its range."""
        e = os.environ if env is None else env
        model = e.get("MRGRAPH_MODEL") or DEFAULT_MODEL
        return cls(
            store=e.get("MRGRAPH_STORE") or DEFAULT_STORE,
            ns=e.get("MRGRAPH_NS") or "default",
            neo4j_user=e.get("NEO4J_USER") or "neo4j",
            neo4j_password=e.get("NEO4J_PASSWORD") or None,
            neo4j_database=e.get("NEO4J_DATABASE") or None,
            openai_api_key=e.get("OPENAI_API_KEY") or None,
            openai_base_url=e.get("OPENAI_BASE_URL") or None,
            model=model,
            extract_model=e.get("MRGRAPH_EXTRACT_MODEL") or model,
            embed_model=e.get("MRGRAPH_EMBED_MODEL") or DEFAULT_EMBED_MODEL,
            llm_timeout=_number(e, "MRGRAPH_LLM_TIMEOUT", 60.0, MAX_SECONDS),
            # rounded up: a tiny limit above 0 is a byte, not 0 (which refuses every file)
            max_input_bytes=math.ceil(_number(e, "MRGRAPH_MAX_INPUT_MB", 20.0, MAX_INPUT_MB)
                                      * 1024 * 1024),
            local_model=e.get("MRGRAPH_LOCAL_MODEL") or None,
            local_threads=_whole(e, "MRGRAPH_LOCAL_THREADS", "0: half the cores", MAX_THREADS),
            llm_budget=_number(e, "MRGRAPH_LLM_BUDGET", 300.0, MAX_SECONDS),
            ingest_workers=_whole(e, "MRGRAPH_INGEST_WORKERS", "0: one per core", MAX_THREADS),
            api_token=e.get("MRGRAPH_API_TOKEN") or None,
        )

    @property
    def has_llm(self) -> bool:
        """An LLM endpoint is usable: a key, or a local OpenAI-compatible server (no key needed)."""
        return bool(self.openai_api_key or self.openai_base_url)


def _number(env: Mapping[str, str], name: str, default: float, maximum: float) -> float:
    """A finite number above 0 and at most `maximum`, or `default` when unset or empty."""
    raw = env.get(name)
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and 0 < value <= maximum):
        raise ConfigError(f"{name} must be a number above 0 and at most {maximum:,.0f}, got "
                          f"{shorten(raw)}")
    return value


def _whole(env: Mapping[str, str], name: str, zero: str, maximum: int) -> int:
    """A whole number from 0 to `maximum` (`zero` says what 0 means), 0 when unset or empty."""
    raw = (env.get(name) or "0").strip()
    if not raw.isascii() or not raw.isdigit() or int(raw) > maximum:
        raise ConfigError(f"{name} must be a whole number from 0 to {maximum:,} ({zero}), got "
                          f"{shorten(raw)}")
    return int(raw)
