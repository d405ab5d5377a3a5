"""Prompt files: every shipped prompt renders with exactly its placeholders."""

from __future__ import annotations

from importlib import resources

import pytest

from mrgraph.errors import PromptError
from mrgraph.prompts import Prompt, list_prompts, load_prompt

SHIPPED = list_prompts()


def test_list_prompts_finds_every_markdown_file() -> None:
    on_disk = sorted(f.name.removesuffix(".md") for f in resources.files("mrgraph.prompts").iterdir()
                     if f.name.endswith(".md"))
    assert SHIPPED == on_disk


@pytest.mark.parametrize("name", SHIPPED)
def test_each_shipped_prompt_renders_with_exactly_its_placeholders(name: str) -> None:
    prompt = load_prompt(name)
    values = {p: f"<{p}-value>" for p in prompt.placeholders}
    rendered = prompt.render(**values)
    for value in values.values():
        assert value in rendered
    assert rendered.count("$") == prompt.text.count("$$")  # only escaped dollars remain
    if values:
        missing = dict(values)
        missing.pop(sorted(values)[0])
        with pytest.raises(PromptError, match="needs"):
            prompt.render(**missing)
    with pytest.raises(PromptError, match="no placeholder for \\$surely_unused"):
        prompt.render(**values, surely_unused="x")


def test_render_is_strict_both_ways() -> None:
    prompt = Prompt("t", "Question: $question\nEvidence:\n${evidence}\nCost: $$5")
    assert prompt.placeholders == {"question", "evidence"}
    assert prompt.render(question="Q?", evidence="E") == "Question: Q?\nEvidence:\nE\nCost: $5"
    with pytest.raises(PromptError, match="prompt 't' needs \\$evidence"):
        prompt.render(question="Q?")
    with pytest.raises(PromptError, match="no placeholder for \\$extra"):
        prompt.render(question="Q", evidence="E", extra="x")
    with pytest.raises(PromptError, match="must be text or a number, not list"):
        prompt.render(question="Q", evidence=["E"])  # type: ignore[arg-type]


def test_values_are_data_not_templates() -> None:
    prompt = Prompt("t", "Turn: $turn")
    assert prompt.render(turn="I paid $question and ${x}") == "Turn: I paid $question and ${x}"


def test_invalid_placeholder_is_reported_with_its_line() -> None:
    with pytest.raises(PromptError, match="invalid placeholder at line 2"):
        Prompt("bad", "fine $ok\ncosts $5")


def test_unknown_and_unsafe_names() -> None:
    with pytest.raises(PromptError, match="no prompt named 'nope'"):
        load_prompt("nope")
    with pytest.raises(PromptError, match="invalid prompt name"):
        load_prompt("../errors")
