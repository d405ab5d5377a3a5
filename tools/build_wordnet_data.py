"""Derive the WordNet data mrgraph ships (mrgraph/wordnet/) from Debian's `wordnet-base`.

Run once per WordNet release, on a machine with `apt-get install wordnet-base`:

    python tools/build_wordnet_data.py            # (re)writes mrgraph/wordnet/, then verifies it
    python tools/build_wordnet_data.py --check    # rebuilds into a temporary directory: same bytes?

Only what mrgraph.lexicon reads is kept, in the wndb(5WN) layout made smaller: sorted index
lines, data lines found by byte offset. From Princeton WordNet 3.0 (/usr/share/wordnet):
  * index.noun, index.verb: `lemma id id ...` (its synsets, most frequent sense first), the id
    of a synset being the byte offset of its line in the shipped data.noun / data.verb;
  * index.adj, index.adv: the same with WordNet's own synset offsets: adjective and adverb
    senses are only counted, their synsets are not shipped;
  * data.noun: one line per noun synset, `lemma lemma ...|hyponym ids|hypernym ids` (lemmas
    lowercased, in WordNet's order; hyponyms and instances below, hypernyms and instance
    hypernyms above, in WordNet's pointer order);
  * data.verb: one line per verb synset, its lowercased lemmas;
  * noun.exc, verb.exc: `form base` for each one-word irregular form and its first base;
  * LICENSE: WordNet 3.0's license, as the Debian files carry it; manifest.json: the inputs'
    and outputs' sha256 and sizes; README.md: this description and the sizes.
After writing, every lemma, synset, pointer and exception is read back through
mrgraph.lexicon and compared with the Debian files (the build fails on any difference).
"""

from __future__ import annotations

import argparse
import filecmp
import hashlib
import json
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SOURCE = Path("/usr/share/wordnet")
OUT = ROOT / "mrgraph" / "wordnet"
POS = ("noun", "verb", "adj", "adv")
INPUTS = tuple(f"index.{pos}" for pos in POS) + ("data.noun", "data.verb", "noun.exc",
                                                  "verb.exc")
DOWN, UP = (b"~", b"~i"), (b"@", b"@i")  # hyponym + instance; hypernym + instance


@dataclass(frozen=True)
class NounSynset:
    lemmas: tuple[str, ...]
    down: tuple[int, ...]  # WordNet offsets
    up: tuple[int, ...]


def _entries(path: Path) -> Iterable[bytes]:
    """The lines of a wndb file after its license header (lines starting with a space)."""
    for line in path.read_bytes().split(b"\n"):
        if line and not line.startswith(b" "):
            yield line


def read_index(path: Path) -> dict[str, tuple[int, ...]]:
    """lemma -> its synsets' WordNet offsets (index(5WN): lemma pos synset_cnt p_cnt
    [ptr_symbol...] sense_cnt tagsense_cnt synset_offset...)."""
    found: dict[str, tuple[int, ...]] = {}
    for line in _entries(path):
        fields = line.split()
        synsets, pointers = int(fields[2]), int(fields[3])
        found[fields[0].decode("ascii")] = tuple(
            int(f) for f in fields[6 + pointers: 6 + pointers + synsets])
    return found


def _synset_fields(line: bytes) -> tuple[int, tuple[str, ...], list[bytes], int]:
    """(offset, lowercased lemmas, the fields, the index of the pointer count) of a data line
    (data(5WN): offset lex_filenum ss_type w_cnt(hex) word lex_id ... p_cnt ptr...)."""
    fields = line.split(b" | ", 1)[0].split()
    count = int(fields[3], 16)
    lemmas = tuple(fields[4 + 2 * i].decode("ascii").lower() for i in range(count))
    return int(fields[0]), lemmas, fields, 4 + 2 * count


def _pointers(fields: list[bytes], at: int, symbols: tuple[bytes, ...]) -> tuple[int, ...]:
    count = int(fields[at])
    found = []
    for i in range(count):
        symbol, target, pos = fields[at + 1 + 4 * i: at + 4 + 4 * i]
        if symbol in symbols:
            assert pos == b"n", f"a noun pointer {symbol!r} to pos {pos!r}"
            found.append(int(target))
    return tuple(found)


def read_nouns(path: Path) -> dict[int, NounSynset]:
    found: dict[int, NounSynset] = {}
    for line in _entries(path):
        offset, lemmas, fields, at = _synset_fields(line)
        found[offset] = NounSynset(lemmas, _pointers(fields, at, DOWN), _pointers(fields, at, UP))
    return found


def read_verbs(path: Path) -> dict[int, tuple[str, ...]]:
    return {offset: lemmas for offset, lemmas, _, _ in map(_synset_fields, _entries(path))}


def read_exceptions(path: Path) -> dict[str, str]:
    """inflected form -> its first base form, one-word alphabetic entries only (exc(5WN))."""
    table: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        parts = line.split()
        if len(parts) >= 2 and parts[0].isalpha() and parts[1].isalpha():
            table.setdefault(parts[0], parts[1])
    return table


def license_text(path: Path) -> str:
    """The license header every wndb data file starts with ("  1 This software..."), its line
    numbers and trailing spaces dropped."""
    lines = []
    for line in path.read_text(encoding="ascii").splitlines():
        if not line.startswith(" "):
            break
        lines.append((line.split(maxsplit=1)[1:] or [""])[0].rstrip())  # "  5   " is blank
    text = "\n".join(lines).strip() + "\n"
    assert "WordNet 3.0 Copyright 2006 by Princeton University" in text
    return text


def layout(keys: list[int], line_of: Callable[[int, dict[int, int]], str]
           ) -> tuple[str, dict[int, int]]:
    """The data file holding one line per key, in order, and key -> its line's byte offset.
    A line may name other keys' offsets, so its length depends on them: start from a guess
    and lay out again until no offset moves (two or three passes)."""
    where = {key: 0 for key in keys}
    for _ in range(10):
        lines = [line_of(key, where) + "\n" for key in keys]
        moved, at = {}, 0
        for key, line in zip(keys, lines):
            moved[key] = at
            at += len(line)
        if moved == where:
            return "".join(lines), where
        where = moved
    raise SystemExit("layout: offsets did not settle")


def build(source: Path, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    nouns = read_nouns(source / "data.noun")
    noun_text, noun_at = layout(sorted(nouns), lambda key, at: "|".join((
        " ".join(nouns[key].lemmas), " ".join(str(at[d]) for d in nouns[key].down),
        " ".join(str(at[u]) for u in nouns[key].up))))
    verbs = read_verbs(source / "data.verb")
    verb_text, verb_at = layout(sorted(verbs), lambda key, at: " ".join(verbs[key]))
    files = {"data.noun": noun_text, "data.verb": verb_text}
    for pos, ids in (("noun", noun_at), ("verb", verb_at), ("adj", None), ("adv", None)):
        index = read_index(source / f"index.{pos}")
        files[f"index.{pos}"] = "".join(
            f"{key} {' '.join(str(ids[o] if ids else o) for o in offsets)}\n"
            for key, offsets in sorted(index.items()))
    for pos in ("noun", "verb"):
        table = read_exceptions(source / f"{pos}.exc")
        files[f"{pos}.exc"] = "".join(f"{form} {base}\n" for form, base in sorted(table.items()))
    files["LICENSE"] = license_text(source / "data.noun")
    for name, text in files.items():
        (out / name).write_text(text, encoding="ascii", newline="\n")
    manifest: dict[str, Any] = {
        "source": f"Princeton WordNet 3.0, Debian package wordnet-base {_debian_version()}",
        "built_by": "tools/build_wordnet_data.py",
        "inputs": {name: _sha256((source / name).read_bytes()) for name in INPUTS},
        "files": {name: {"bytes": (out / name).stat().st_size,
                         "sha256": _sha256((out / name).read_bytes())} for name in sorted(files)},
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="ascii")
    (out / "README.md").write_text(_readme(manifest, source), encoding="ascii")


def _readme(manifest: dict[str, Any], source: Path) -> str:
    sizes = manifest["files"]
    total = sum(int(entry["bytes"]) for entry in sizes.values())
    used = sum((source / name).stat().st_size for name in INPUTS)
    rows = "\n".join(f"| `{name}` | {entry['bytes']:,} |" for name, entry in sizes.items())
    return (f"# WordNet data (generated: do not edit)\n\n"
            f"{manifest['source']}, reduced by `tools/build_wordnet_data.py` to what "
            f"`mrgraph/lexicon.py` reads;\nthe format is described in that script. "
            f"WordNet's license: `LICENSE`; the inputs' and files' sha256: `manifest.json`.\n\n"
            f"| file | bytes |\n|---|---|\n{rows}\n\n"
            f"{total:,} bytes in all (the {len(INPUTS)} Debian files read: {used:,} bytes).\n")


def _debian_version() -> str:
    try:
        return subprocess.run(["dpkg-query", "-W", "-f", "${Version}", "wordnet-base"],
                              capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "(version unknown)"


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def verify(source: Path, out: Path) -> int:
    """Read everything back through mrgraph.lexicon and compare with the Debian files;
    returns the number of look-ups compared."""
    sys.path.insert(0, str(ROOT))
    from mrgraph.lexicon import Lexicon

    lexicon = Lexicon.open(out)
    nouns = read_nouns(source / "data.noun")
    verbs = read_verbs(source / "data.verb")
    ours: dict[str, dict[int, int]] = {"noun": {}, "verb": {}}
    compared = 0
    for pos in POS:
        for key, offsets in read_index(source / f"index.{pos}").items():
            got = lexicon.offsets(key, pos)
            assert len(got) == len(offsets), (pos, key)
            if pos in ours:
                for theirs, mine in zip(offsets, got):
                    assert ours[pos].setdefault(theirs, mine) == mine, (pos, key)
            else:
                assert got == offsets, (pos, key)
            compared += 1
    assert set(ours["noun"]) == set(nouns) and set(ours["verb"]) == set(verbs)
    for offset, synset in nouns.items():
        mine = ours["noun"][offset]
        assert lexicon.synset(mine) == (synset.lemmas, tuple(ours["noun"][d] for d in synset.down))
        assert lexicon.above(mine) == tuple(ours["noun"][u] for u in synset.up)
        compared += 1
    for offset, lemmas in verbs.items():
        assert lexicon.verb_lemmas(ours["verb"][offset]) == lemmas
        compared += 1
    for pos in ("noun", "verb"):
        table = read_exceptions(source / f"{pos}.exc")
        assert (lexicon.noun_exc if pos == "noun" else lexicon.verb_exc) == table
        compared += len(table)
    return compared


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", type=Path, default=SOURCE)
    parser.add_argument("--check", action="store_true",
                        help="rebuild into a temporary directory and compare with mrgraph/wordnet")
    args = parser.parse_args()
    if not (args.source / "index.noun").is_file():
        raise SystemExit(f"no WordNet in {args.source}: apt-get install wordnet-base")
    if args.check:
        with tempfile.TemporaryDirectory() as tmp:
            build(args.source, Path(tmp))
            names = sorted(p.name for p in Path(tmp).iterdir())
            same, differ, missing = filecmp.cmpfiles(tmp, OUT, names, shallow=False)
            if differ or missing or sorted(p.name for p in OUT.iterdir()) != names:
                raise SystemExit(f"mrgraph/wordnet differs from a rebuild: {differ + missing}")
            print(f"mrgraph/wordnet is what {args.source} builds ({len(same)} files)")
        return
    build(args.source, OUT)
    compared = verify(args.source, OUT)
    total = sum(p.stat().st_size for p in OUT.iterdir())
    print(f"wrote {OUT.relative_to(ROOT)}: {total:,} bytes; {compared:,} look-ups verified")


if __name__ == "__main__":
    main()
