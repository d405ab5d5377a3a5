"""Prompt texts as files: `mrgraph/prompts/NAME.md` with `$placeholders` (string.Template).

Rendering is strict both ways: a placeholder left unfilled and a variable nobody asked for are
both errors, so a prompt and its caller cannot drift apart silently. A literal dollar sign is
written `$$`. Substitution is a single pass, so `$words` inside the values (transcript text is
data) are never expanded.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from string import Template

from mrgraph.errors import PromptError

_SUFFIX = ".md"
_NAME = re.compile(r"^[a-z0-9_]+$")  # also keeps names from reaching outside the package
Value = str | int | float


@dataclass(frozen=True)
class Prompt:
    """A prompt template. Construct with `load_prompt`, or directly for a text built in code."""

    name: str
    text: str

    def __post_init__(self) -> None:
        template = Template(self.text)
        if not template.is_valid():
            raise PromptError(f"prompt {self.name!r} has an invalid placeholder at line "
                              f"{self._invalid_line()}: use $name or ${{name}}, and $$ for '$'")

    def _invalid_line(self) -> int:
        for match in Template.pattern.finditer(self.text):
            if match.group("invalid") is not None:
                return self.text.count("\n", 0, match.start()) + 1
        return 0

    @property
    def placeholders(self) -> frozenset[str]:
        return frozenset(Template(self.text).get_identifiers())

    def render(self, **variables: Value) -> str:
        """The text with every placeholder filled. Raises PromptError on a missing or an unused
        variable, or a value that is not text or a number (serialise structures first)."""
        missing = self.placeholders - set(variables)
        if missing:
            raise PromptError(f"prompt {self.name!r} needs {_names(missing)}")
        unused = set(variables) - self.placeholders
        if unused:
            raise PromptError(f"prompt {self.name!r} has no placeholder for {_names(unused)}")
        for key, value in variables.items():
            # bool is an int subclass but "True" in a prompt is almost surely a mistake.
            if isinstance(value, bool) or not isinstance(value, (str, int, float)):
                raise PromptError(f"prompt {self.name!r}: ${key} must be text or a number, "
                                  f"not {type(value).__name__}")
        return Template(self.text).substitute({k: str(v) for k, v in variables.items()})


def _names(names: set[str] | frozenset[str]) -> str:
    return ", ".join(f"${n}" for n in sorted(names))


def list_prompts() -> list[str]:
    """Names of every prompt shipped in this package, sorted."""
    files = resources.files(__name__).iterdir()
    return sorted(f.name[: -len(_SUFFIX)] for f in files
                  if f.is_file() and f.name.endswith(_SUFFIX))


@lru_cache(maxsize=None)
def load_prompt(name: str) -> Prompt:
    """The prompt `name` (file `mrgraph/prompts/NAME.md`). Raises PromptError if unknown."""
    if not _NAME.match(name):
        raise PromptError(f"invalid prompt name {name!r}: use lowercase letters, digits and _")
    resource = resources.files(__name__).joinpath(name + _SUFFIX)
    if not resource.is_file():
        known = ", ".join(list_prompts()) or "none"
        raise PromptError(f"no prompt named {name!r} (known: {known})")
    return Prompt(name, resource.read_text(encoding="utf-8"))


__all__ = ["Prompt", "list_prompts", "load_prompt"]
