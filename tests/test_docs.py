"""The README stays true: every CLI command is documented, and CI runs the README's test command."""

from __future__ import annotations

import re
from pathlib import Path

import typer.main

from mrgraph.cli import app

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _commands(group: object, prefix: str = "") -> list[str]:
    names: list[str] = []
    for name, cmd in sorted(getattr(group, "commands", {}).items()):
        full = f"{prefix}{name}"
        sub = _commands(cmd, full + " ")
        names.extend(sub or [full])
    return names


def _bash_blocks(text: str) -> list[str]:
    return re.findall(r"```bash\n(.*?)```", text, flags=re.S)


def test_every_cli_command_is_in_the_readme() -> None:
    commands = _commands(typer.main.get_command(app))
    assert len(commands) >= 12
    missing = [c for c in commands if f"mrgraph {c}" not in README]
    assert missing == []


def test_readme_has_the_two_setup_commands_first() -> None:
    setup = README.split("## Set up", 1)[1].split("\n## ", 1)[0]
    blocks = [b.strip() for b in _bash_blocks(setup)]
    assert len(blocks) == 2
    assert "pip install -e ." in blocks[0] and blocks[0].endswith("mrgraph demo")
    assert "pytest" in blocks[1]


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    setup = README.split("## Set up", 1)[1]
    test_command = _bash_blocks(setup)[1].strip()
    ci_lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert test_command in [line.strip() for line in ci_lines]


def test_every_environment_variable_read_is_documented() -> None:
    config = (ROOT / "mrgraph" / "config.py").read_text(encoding="utf-8")
    names = set(re.findall(r'"((?:MRGRAPH|NEO4J|OPENAI)_[A-Z_]+)"', config))
    assert names and all(n in README for n in names), names - {n for n in names if n in README}


def test_environment_is_read_only_in_config() -> None:
    offenders = [str(p.relative_to(ROOT)) for p in (ROOT / "mrgraph").rglob("*.py")
                 if p.name != "config.py" and re.search(r"os\.environ|os\.getenv",
                                                         p.read_text(encoding="utf-8"))]
    assert offenders == []


RESULTS = (ROOT / "benchmarks" / "RESULTS.md").read_text(encoding="utf-8")
_CITING = ("README.md", "docs/**/*.md", "mrgraph/**/*.py", "tests/**/*.py", "benchmarks/*.py",
           "tools/**/*.sh", "tools/**/*.md")


def test_results_is_a_short_page_of_where_we_stand() -> None:
    assert len(RESULTS.splitlines()) <= 500  # issue 30: the history of passes lives in git


def test_results_sections_cited_elsewhere_exist() -> None:
    """A section is cited by its heading ("Neo4j store"); a numbered one only in the notebook kept
    in git (RESULTS.md@c29e350 section N), since the page's numbers move."""
    headings = [re.sub(r"^\d+\.\s*", "", h) for h in re.findall(r"^## (.+)$", RESULTS, flags=re.M)]
    texts = {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8")
             for pattern in _CITING for p in ROOT.glob(pattern) if p.name != "test_docs.py"}
    named = [(f, " ".join(n.split())) for f, t in texts.items()
             for n in re.findall(r'RESULTS\.md`?,?\s*\(?"([^"]+)"', t)]
    numbered = [f for f, t in texts.items()
                if re.search(r"RESULTS\.md(?!@c29e350)`?,?\s*\(?(?:sections?\s*)?\d", t)]
    assert named, "README names no RESULTS.md section"
    assert [(f, n) for f, n in named if not any(h.startswith(n) for h in headings)] == []
    assert numbered == []
