"""The bundled sample transcript (`sample.txt`, plain-text format) used by `mrgraph demo`.

Written for mrgraph: two friends, Maya and Jonas, over four sessions in 2023. It exercises
relative dates, a change of belief (Maya moves from Boise to Denver), facts (job, pets,
location), topics across sessions and an image caption.
"""

from __future__ import annotations

from pathlib import Path

SAMPLE_NAME = "sample.txt"
# what `mrgraph demo` asks of the sample (and the Neo4j warm-up: mrgraph.neo4j_warmup)
QUESTIONS = (
    "When did Maya adopt the dog?",
    "Where does Maya live now?",
    "What did Jonas build for the community garden?",
    "What is Maya's job?",
)


def sample_path() -> Path:
    """Where the sample transcript is installed (a regular file inside the package)."""
    return Path(__file__).with_name(SAMPLE_NAME)
