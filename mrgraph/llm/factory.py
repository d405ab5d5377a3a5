"""Build an LLM by kind. Settings come in as explicit arguments: environment variables are
read only by mrgraph.config, which passes OPENAI_API_KEY / OPENAI_BASE_URL / MRGRAPH_MODEL here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from mrgraph.errors import LLMConfigError
from mrgraph.llm.base import LLM, Embedder, TokenLedger

if TYPE_CHECKING:  # each backend is imported by the branch that builds it
    from mrgraph.llm.local import LocalOptions
    from mrgraph.llm.scripted import ScriptEntry

DEFAULT_MODEL = "gpt-4o-mini"
DEFAULT_EMBED_MODEL = "text-embedding-3-small"
LLM_KINDS = ("local", "openai", "scripted")
EMBEDDER_KINDS = ("none", "openai")


def make_llm(kind: str, *, model: str | None = None, api_key: str | None = None,
             base_url: str | None = None, timeout: float = 60.0, max_retries: int = 4,
             max_repairs: int = 2, ledger: TokenLedger | None = None,
             script: Sequence[ScriptEntry] = (), local: LocalOptions | None = None) -> LLM:
    """An LLM of `kind`: 'openai' (any OpenAI-compatible endpoint), 'local' (a GGUF served by
    llama.cpp in this process, or the server at `base_url`; call its close() when done) or
    'scripted' (plays `script`). Raises LLMConfigError for an unknown kind, an openai LLM
    without a key/URL, or a local one without its model or extra."""
    if kind == "local":
        from mrgraph.llm.local import LocalOptions, default_model_path, local_chat

        chosen = local or LocalOptions(default_model_path(), timeout=timeout)
        return local_chat(chosen, base_url=base_url, ledger=ledger)[0]
    if kind == "openai":
        # Imported here so that using the scripted LLM never imports the openai SDK.
        from mrgraph.llm.openai import OpenAIChat

        return OpenAIChat(model or DEFAULT_MODEL, api_key, base_url, timeout=timeout,
                          max_retries=max_retries, max_repairs=max_repairs, ledger=ledger)
    if kind == "scripted":
        from mrgraph.llm.scripted import ScriptedLLM

        return ScriptedLLM(script, ledger=ledger)
    raise LLMConfigError(f"unknown LLM kind {kind!r}; choose one of: {', '.join(LLM_KINDS)}")


def make_embedder(kind: str, *, model: str | None = None, api_key: str | None = None,
                  base_url: str | None = None, timeout: float = 60.0,
                  ledger: TokenLedger | None = None) -> Embedder | None:
    """An Embedder of `kind`: 'openai' (any OpenAI-compatible embeddings endpoint) or 'none'
    (None: lexical search only, the offline default)."""
    if kind == "none":
        return None
    if kind == "openai":
        from mrgraph.llm.openai import OpenAIEmbedder

        return OpenAIEmbedder(model or DEFAULT_EMBED_MODEL, api_key, base_url, timeout=timeout,
                              ledger=ledger)
    raise LLMConfigError(f"unknown embedder {kind!r}; choose one of: {', '.join(EMBEDDER_KINDS)}")
