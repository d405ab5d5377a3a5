"""What the command-line tests share: running `mrgraph` in-process, reading its one error line,
and the fake OpenAI-compatible endpoint set up as the CLI finds one (its environment)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from mrgraph.cli import main
from tests.fakes.openai_server import FakeOpenAIServer, serve_on_loopback


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of `mrgraph ARGV`, run in this process."""
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def one_error_line(err: str, *, warnings: bool = True) -> str:
    """The single `error: ` line of stderr, with no traceback; `warnings`: `warning:` lines
    may stand beside it (False: nothing else may)."""
    lines = [line for line in err.splitlines()
             if not (warnings and line.startswith("warning:"))]
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    assert "Traceback" not in err
    return lines[0]


def endpoint(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
             api_key: str) -> Iterator[FakeOpenAIServer]:
    """The fake endpoint on loopback as OPENAI_BASE_URL, with `api_key` as OPENAI_API_KEY, the
    test run from `tmp_path` (the LLM reply cache goes to ./.mrgraph/llm-cache)."""
    monkeypatch.chdir(tmp_path)
    for server in serve_on_loopback(monkeypatch):
        monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", api_key)
        yield server
