"""The WordNet data ships inside the package and is the only WordNet mrgraph reads."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

from mrgraph.lexicon import DATA_DIR, FILES

ROOT = Path(__file__).resolve().parents[2]

# A fresh process with an audit hook that sees every file opened: any WordNet other than the
# package's (e.g. Debian's /usr/share/wordnet) is refused, so a code path that reads it fails
# loudly; the demo then runs as a user runs it, and every lexicon look-up kind is asked once.
PROBE = r"""
import json, os, sys
shipped, here = os.path.realpath(sys.argv[1]), os.path.realpath(os.getcwd())
seen, refused = set(), []

def hook(event, args):
    if event == "open" and isinstance(args[0], (str, bytes, os.PathLike)):
        path = os.path.realpath(os.fsdecode(args[0]))
        folder, name = os.path.split(path.lower())
        data = "wordnet" in folder or ("wordnet" in name and not name.endswith((".py", ".pyc")))
        mine = path.startswith((shipped + os.sep, here + os.sep))  # the demo writes in here
        if data and not mine:  # nltk's wordnet.py is code, not data
            refused.append(path)
            raise PermissionError(f"the test refuses {path}")
        seen.add(path)

sys.addaudithook(hook)
from mrgraph.cli import run
from mrgraph.lexicon import default
from mrgraph.reader.words import kind_of
try:
    sys.argv = ["mrgraph", "demo"]
    run()
except SystemExit as done:
    assert not done.code, done.code
lex = default()  # the verbs filed with "symbolize" (data.verb)
verbs = sorted(v for o in lex.offsets(lex.base("symbolize", "verb"), "verb")[:1]
               for v in lex.verb_lemmas(o))
instrument = set(lex.offsets(lex.base("instrument", "noun"), "noun"))
level, below = set(lex.offsets(lex.base("harp", "noun"), "noun")), set()
while level and not level & instrument:  # up the hypernyms of "harp" to an instrument
    below |= level
    level = {up for o in level for up in lex.above(o)} - below
looked = [sorted(kind_of("instruments"))[:3], verbs, bool(level & instrument)]
print(json.dumps({"opened": sorted(p for p in seen if p.startswith(shipped)),
                  "refused": refused, "looked": looked}))
"""


def test_every_file_the_lexicon_reads_ships_with_its_license_and_checksum() -> None:
    manifest = json.loads((DATA_DIR / "manifest.json").read_text(encoding="ascii"))
    assert set(FILES) | {"LICENSE"} <= set(manifest["files"])
    for name, entry in manifest["files"].items():
        data = (DATA_DIR / name).read_bytes()
        assert (len(data), hashlib.sha256(data).hexdigest()) == (entry["bytes"], entry["sha256"])
    license_ = (DATA_DIR / "LICENSE").read_text(encoding="ascii")
    assert "WordNet 3.0 Copyright 2006 by Princeton University" in license_
    assert "wordnet-base" in manifest["source"] and "WordNet 3.0" in manifest["source"]


def test_no_code_reads_a_wordnet_other_than_the_shipped_one(tmp_path: Path) -> None:
    """The demo and every kind of look-up read the package's files and nothing else; nothing
    reaches stderr (no RuntimeWarning, no path)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="100")
    done = subprocess.run([sys.executable, "-c", PROBE, str(DATA_DIR)], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stderr == ""
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["refused"] == []
    assert sorted(Path(p).name for p in report["opened"]) == sorted(FILES)
    kinds, verbs, harp = report["looked"]
    assert len(kinds) == 3 and "stand_for" in verbs and harp is True


def test_no_source_names_a_system_wordnet() -> None:
    offenders = [str(p.relative_to(ROOT)) for p in (ROOT / "mrgraph").rglob("*.py")
                 if "share/wordnet" in p.read_text(encoding="utf-8")]
    assert offenders == []
