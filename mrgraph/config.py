"""Settings: the only place mrgraph reads environment variables.

Read once, explicitly, by the CLI (`Settings.from_env()`); the library takes a Settings (or plain
arguments) and never looks at the environment itself. Secrets are kept out of repr.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Mapping

from mrgraph.errors import ConfigError

DEFAULT_STORE = "file:.mrgraph/graph"
DEFAULT_MODEL = "gpt-4o-mini"
DEFAULT_EMBED_MODEL = "text-embedding-3-small"


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

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> "Settings":
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
            llm_timeout=_float(e, "MRGRAPH_LLM_TIMEOUT", 60.0),
            max_input_bytes=int(_float(e, "MRGRAPH_MAX_INPUT_MB", 20.0) * 1024 * 1024),
            local_model=e.get("MRGRAPH_LOCAL_MODEL") or None,
            local_threads=int(_float(e, "MRGRAPH_LOCAL_THREADS", 0.0)),
            llm_budget=_float(e, "MRGRAPH_LLM_BUDGET", 300.0),
            ingest_workers=_workers(e),
            api_token=e.get("MRGRAPH_API_TOKEN") or None,
        )

    @property
    def has_llm(self) -> bool:
        """An LLM endpoint is usable: a key, or a local OpenAI-compatible server (no key needed)."""
        return bool(self.openai_api_key or self.openai_base_url)


def _float(env: Mapping[str, str], name: str, default: float) -> float:
    raw = env.get(name)
    if not raw:
        return default
    try:
        return float(raw)
    except ValueError:
        raise ConfigError(f"{name} must be a number, got {raw!r}") from None


def _workers(env: Mapping[str, str]) -> int:
    raw = env.get("MRGRAPH_INGEST_WORKERS") or "0"
    try:
        value = int(raw)
    except ValueError:
        value = -1
    if value < 0:
        raise ConfigError("MRGRAPH_INGEST_WORKERS must be a whole number >= 0 (0: one per core), "
                          f"got {raw!r}")
    return value
