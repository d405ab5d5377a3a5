"""The one error tree. Every error mrgraph raises on purpose is a MrGraphError.

`UserError` subclasses are the user's to fix (bad input, locked store, unreachable server):
the CLI prints their one-line message and exits 1. Anything else exits 2.
Messages never contain secrets (API keys, passwords).
"""

from __future__ import annotations


class MrGraphError(Exception):
    """Root of every error mrgraph raises on purpose."""


class UserError(MrGraphError):
    """Something the user can fix; the CLI exits 1 with this message and no traceback."""


class ConfigError(UserError):
    """A setting or environment variable is missing or invalid."""


class InputError(UserError):
    """An input file is unreadable or malformed. Names the file, line and field."""

    def __init__(self, message: str, *, path: str | None = None, line: int | None = None,
                 field: str | None = None) -> None:
        where = ":".join(str(p) for p in (path, line) if p is not None)
        detail = f" (field '{field}')" if field else ""
        super().__init__(f"{where}: {message}{detail}" if where else f"{message}{detail}")
        self.path, self.line, self.field = path, line, field


class PackageDataError(UserError):
    """A data file shipped inside the mrgraph package is missing (a broken install)."""


class IngestWorkerError(UserError):
    """A process extracting conversations died (out of memory, killed): nothing was written."""


class StoreError(MrGraphError):
    """A store failed in a way that is not the user's doing."""


class StoreLockedError(UserError):
    """Another process holds the store's write lock."""


class StoreUnavailableError(UserError):
    """The store cannot be reached or opened (unreachable server, bad credentials, no database)."""


class StoreCorruptError(UserError):
    """The store file exists but cannot be read as a mrgraph store."""


class NotFoundError(UserError):
    """A node, conversation or entity asked for does not exist."""


class BusyError(UserError):
    """A server's namespace stayed busy with an earlier request for the whole time budget."""


class OvertimeError(UserError):
    """A server's request ran over its time budget and was stopped."""


class ToolArgumentError(UserError):
    """A toolkit call has an unknown tool name or invalid arguments."""


class CypherFileError(MrGraphError):
    """A cypher/ query file is missing, malformed or called with the wrong parameters."""


class LLMError(MrGraphError):
    """An LLM call failed after its retries, or its reply could not be repaired."""


class LLMConfigError(ConfigError):
    """The LLM cannot be used as configured (no API key, unknown model...)."""


class ScriptExhaustedError(LLMError):
    """ScriptedLLM was called more times than it has replies."""


class PromptError(MrGraphError):
    """A prompt template has a missing or unused placeholder."""


class LLMUnavailableError(LLMError, UserError):
    """The LLM endpoint could not be reached or kept timing out: the user's to fix (exit 1)."""


class LLMReplyError(LLMError, UserError):
    """The LLM endpoint answered, but never with anything usable: a body that is not JSON (or
    ends early), no choices, no valid JSON after the repairs, every extraction call failing.
    The endpoint or model is the user's to change (exit 1)."""


class LLMBudgetError(LLMError, UserError):
    """A question's time budget for model calls ran out (a slow local model): exit 1."""
