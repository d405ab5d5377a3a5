"""English lexical knowledge from WordNet 3.0: irregular lemmas and the kind bridge.

The resource is Princeton WordNet 3.0, shipped inside the package (mrgraph/wordnet/: what
this module reads of Debian's `wordnet-base`, derived by tools/build_wordnet_data.py, which
describes the format; WordNet's license beside it), so every install has the same memory.
It is read lazily, on first use:
  * lemmas: verb.exc and noun.exc map irregular forms to their base ("went" -> "go",
    "broken" -> "break", "children" -> "child"); regular forms are left to the stemmer. A form
    that is itself a noun ("saw", "left") or whose -s form is a verb's ("lives") stays as it is:
    its reading is ambiguous. ~6,000 lines, read in a millisecond.
  * kinds: a noun that names a kind ("instruments", "countries", "food") -> the one-word lemmas
    of every synset below it (hyponyms and instances, transitively): "instrument" -> guitar,
    violin, clarinet... An index file is binary-searched in memory and a synset's line read
    by byte offset, so one look-up costs microseconds and nothing is loaded up front.
nltk's WordNet reader needs the full database (downloaded separately) and loads every index at
start (seconds per process); this module reads only what a look-up needs.

A missing data file (a broken install) raises PackageDataError on first use: there is no
weaker fallback.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from mrgraph.errors import PackageDataError

DATA_DIR = Path(__file__).with_name("wordnet")
FILES = ("index.noun", "index.verb", "index.adj", "index.adv", "data.noun", "data.verb",
         "noun.exc", "verb.exc")
MAX_DEPTH = 8  # hyponym levels followed below a kind (WordNet's noun tree is ~20 deep)
MAX_MEMBERS = 5000  # synsets visited per kind: "entity" or "act" would reach most of WordNet
MIN_MEMBERS = 10  # fewer members than this: the kind borrows its hypernym's


@dataclass(eq=False)  # hashed by identity: its look-ups are cached per lexicon
class Lexicon:
    """Look-ups into one directory of shipped WordNet data (DATA_DIR)."""

    root: Path
    verb_exc: dict[str, str] = field(default_factory=dict)
    noun_exc: dict[str, str] = field(default_factory=dict)
    _index: dict[str, SortedLines] = field(default_factory=dict)  # pos -> its index file
    _data: dict[str, bytes] = field(default_factory=dict)  # pos -> its data file

    @classmethod
    def open(cls, root: Path = DATA_DIR) -> Lexicon:
        """The lexicon of `root`; PackageDataError when a file is missing (checked here, so a
        broken install fails on first use rather than mid-answer)."""
        for name in FILES:
            if not (root / name).is_file():
                raise PackageDataError(f"mrgraph's WordNet data is incomplete ({name} is "
                                       "missing from the installed package): reinstall mrgraph")
        return cls(root, _exceptions(root / "verb.exc"), _exceptions(root / "noun.exc"))

    # ------------------------------------------------------------ lemmas

    def lemma(self, word: str) -> str:
        """The base form of an irregular verb or noun form; other words as they are."""
        base = self.verb_exc.get(word)
        if base is not None and not self.offsets(word, "noun"):
            return base
        base = self.noun_exc.get(word)
        if base is not None and not (word.endswith("s") and self.offsets(word[:-1], "verb")):
            return base
        return word

    @lru_cache(maxsize=100_000)  # noqa: B019
    def base(self, word: str, pos: str) -> str:
        """WordNet's morphy: the base form of `word` as a `pos` ("noun", "verb") - exceptions
        first, then its detachment rules ("adopted" -> "adopt", "puppies" -> "puppy"), the
        first candidate WordNet lists; `word` itself when none is."""
        table = self.verb_exc if pos == "verb" else self.noun_exc
        if word in table:
            return table[word]
        if self.offsets(word, pos):
            return word
        for suffix, ending in _DETACH[pos]:
            if word.endswith(suffix) and len(word) > len(suffix) + 1:
                candidate = word[: len(word) - len(suffix)] + ending
                if self.offsets(candidate, pos):
                    return candidate
        return word

    @lru_cache(maxsize=100_000)  # noqa: B019 - asked for every candidate tag word
    def mostly_noun(self, word: str) -> bool:
        """Whether WordNet has at least as many noun senses of `word` as adjective or adverb
        senses ("painting", "dance" yes; "small", "crazy" no)."""
        nouns = len(self.offsets(word, "noun"))
        return nouns > 0 and nouns >= max(len(self.offsets(word, "adj")),
                                          len(self.offsets(word, "adv")))

    @lru_cache(maxsize=100_000)  # noqa: B019
    def mostly_verb(self, word: str) -> bool:
        """Whether WordNet knows lowercase `word` (any inflection) in more verb senses than
        noun senses ("hit", "came", "leaving"; not "house", "morning")."""
        return len(self.offsets(self.base(word, "verb"), "verb")) > \
            len(self.offsets(self.base(word, "noun"), "noun"))

    @lru_cache(maxsize=100_000)  # noqa: B019
    def mostly_adjective(self, word: str) -> bool:
        """Whether an -ing or -ed word is an adjective in at least half as many WordNet senses
        as its verb has ("amazing", "stunning"; not "leaving", "reading")."""
        return 2 * len(self.offsets(word, "adj")) >= \
            len(self.offsets(self.base(word, "verb"), "verb"))

    def kinds(self, words: list[str], skip: frozenset[str] = frozenset()
              ) -> dict[str, tuple[str, ...]]:
        """The words of a question (lowercase, in order) that name a kind of thing -> the
        things of that kind. A kind is a noun right after what / which / favorite / any /
        kind of / type of ("what food", "which countries"), or a plural noun right after a
        possessive ("his hobbies"); "who plays" is a verb. Two asked words WordNet names as one
        ("what martial arts", "which European countries", "what musical instruments") are
        that kind, keyed by the second word. `skip`: words never a kind (stopwords)."""
        found: dict[str, tuple[str, ...]] = {}
        for i, word in enumerate(words):
            if word in skip or word in _KIND_NOUNS or not i:
                continue
            noun = self.base(word, "noun")
            before = words[i - 1]
            asked = before in _KIND_MARKERS or (before == "of" and i > 1
                                                and words[i - 2] in _KIND_NOUNS)
            owned = before in _POSSESSIVES and noun != word
            compound = self.compound(word, words[i + 1]) if asked and i + 1 < len(words) else ""
            if compound:  # "martial arts", "european countries": the kind the two words name
                found[self.base(words[i + 1], "noun")] = self.members(compound)
            elif (asked or owned) and noun not in found and self.offsets(noun, "noun"):
                members = self.members(noun)
                if members:
                    found[noun] = members
        return found

    def compound(self, word: str, following: str) -> str:
        """The WordNet noun `word following` names ("martial_art" of "martial arts"), if it has
        members; else ""."""
        if following in _SKIP_COMPOUND or not following.isalpha():
            return ""
        # "arts" is a noun of its own, so morphy leaves it: its -s form is tried too
        singular = following[:-1] if following.endswith("s") else following
        for second in dict.fromkeys((following, self.base(following, "noun"), singular)):
            lemma = f"{word}_{second}"
            if self.offsets(lemma, "noun") and self.members(lemma):
                return lemma
        return ""

    # ------------------------------------------------------------ index and data

    @lru_cache(maxsize=100_000)  # noqa: B019 - one process-wide lexicon (`default`)
    def offsets(self, lemma: str, pos: str) -> tuple[int, ...]:
        """Synset ids of `lemma` (lowercase, spaces as _) in `pos` ("noun", "verb", "adj",
        "adv"), most frequent first: a noun's or verb's id is where its synset's line starts
        in data.noun / data.verb; an adjective's or adverb's is WordNet's own offset (their
        senses are only counted)."""
        if not lemma or _SPACE.search(lemma) or pos not in _POS:  # no key has a space
            return ()
        line = self._index_of(pos).find(lemma.encode())
        return () if line is None else tuple(map(int, line.split()[1:]))

    def _index_of(self, pos: str) -> SortedLines:
        found = self._index.get(pos)
        if found is None:
            found = self._index[pos] = SortedLines.of((self.root / f"index.{pos}").read_bytes())
        return found

    def synset(self, offset: int) -> tuple[tuple[str, ...], tuple[int, ...]]:
        """(lemmas, hyponym and instance ids) of the noun synset `offset`."""
        lemmas, below, _ = self._line("noun", offset).split(b"|")
        return tuple(lemmas.decode().split()), tuple(map(int, below.split()))

    def above(self, offset: int) -> tuple[int, ...]:
        """The hypernyms (and instance hypernyms) of the noun synset `offset`."""
        return tuple(map(int, self._line("noun", offset).rsplit(b"|", 1)[1].split()))

    @lru_cache(maxsize=10_000)  # noqa: B019
    def hypernyms(self, offset: int) -> frozenset[int]:
        """Every hypernym of the noun synset `offset`, transitively (`above`, then theirs)."""
        seen: set[int] = set()
        level = [offset]
        while level:
            level = [up for o in level for up in self.above(o) if up not in seen]
            seen.update(level)
        return frozenset(seen)

    def verb_lemmas(self, offset: int) -> tuple[str, ...]:
        """The lemmas of the verb synset `offset` (lowercase, spaces as _)."""
        return tuple(self._line("verb", offset).decode().split())

    def _line(self, pos: str, offset: int) -> bytes:
        data = self._data.get(pos)
        if data is None:
            data = self._data[pos] = (self.root / f"data.{pos}").read_bytes()
        return data[offset: data.find(b"\n", offset)]

    @lru_cache(maxsize=1024)  # noqa: B019
    def members(self, kind: str) -> tuple[str, ...]:
        """One-word lemmas of every synset below any noun sense of `kind` (not `kind` itself),
        nearest first, that are things rather than doings: a member with more verb senses
        than noun senses ("work", "play", "watch") would match most of a conversation. A kind
        WordNet barely fills ("pet": the animals are not filed under it) borrows the members
        of what it is a kind of (pet -> animal)."""
        roots = self.offsets(kind, "noun")
        found = self._members(roots)
        if len(found) < MIN_MEMBERS:
            found += self._members(tuple(up for root in roots[:1] for up in self.above(root)))
        return tuple(w for w in dict.fromkeys(found) if w != kind and self._not_mostly_verb(w))

    def _not_mostly_verb(self, word: str) -> bool:
        """At least as many noun senses as verb senses; the verb index first, since most
        members are no verb at all (then the noun count does not matter)."""
        verbs = self.offsets(word, "verb")
        return not verbs or len(self.offsets(word, "noun")) >= len(verbs)

    def _members(self, roots: tuple[int, ...]) -> list[str]:
        return [lemma for lemmas in self._below(roots) for lemma in lemmas if lemma.isalpha()]

    def _below(self, roots: tuple[int, ...]) -> Iterator[tuple[str, ...]]:
        seen: set[int] = set(roots)
        level = [below for root in roots for below in self.synset(root)[1]]
        for _ in range(MAX_DEPTH):
            following: list[int] = []
            for offset in level:
                if offset in seen or len(seen) >= MAX_MEMBERS:
                    continue
                seen.add(offset)
                lemmas, below = self.synset(offset)
                yield lemmas
                following.extend(below)
            level = following
            if not level:
                return


_SPACE = re.compile(r"\s")  # exactly the characters str.isspace() accepts (tested)
_POS = frozenset({"noun", "verb", "adj", "adv"})
_KIND_MARKERS = frozenset({"what", "which", "favorite", "favourite", "any"})
_POSSESSIVES = frozenset({"his", "her", "their", "my", "your", "our"})
_KIND_NOUNS = frozenset({"kind", "kinds", "type", "types", "sort", "sorts"})
_SKIP_COMPOUND = frozenset({"of", "and", "or", "to", "in", "for"})

# morphy(7WN)'s detachment rules, in its order
_DETACH: dict[str, tuple[tuple[str, str], ...]] = {
    "noun": (("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"),
             ("shes", "sh"), ("men", "man"), ("ies", "y")),
    "verb": (("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""),
             ("ing", "e"), ("ing", "")),
}


def _exceptions(path: Path) -> dict[str, str]:
    """inflected form -> its base (the shipped lines are `form base`)."""
    pairs = (line.partition(" ") for line in path.read_text(encoding="ascii").splitlines())
    return {form: base for form, _, base in pairs}


STRIDE = 4096  # bytes between the sampled lines of SortedLines (~600 samples for index.noun)


@dataclass(frozen=True)
class SortedLines:
    """A sorted index file (`lemma id...` lines) with every line that starts after a
    STRIDE-byte step sampled:
    a look-up bisects the samples (in C) and searches the few kilobytes between two of them,
    several times cheaper than a binary search over the whole file in Python, and the samples
    cost about a millisecond to take (a dict of every lemma would cost ~0.1 s per process)."""

    data: bytes
    starts: list[int]  # byte offsets of the sampled lines, ascending; the first line is one
    lines: list[bytes]  # the sampled lines, in file (= sorted) order

    @classmethod
    def of(cls, data: bytes) -> SortedLines:
        starts: list[int] = []
        lines: list[bytes] = []
        start = 0
        while start < len(data):
            end = data.find(b"\n", start)
            end = len(data) if end < 0 else end
            starts.append(start)
            lines.append(data[start:end])
            start = data.find(b"\n", max(end, start + STRIDE))
            if start < 0:
                break
            start += 1
        return cls(data, starts, lines)

    def find(self, key: bytes) -> bytes | None:
        """The line starting with `key` + space, as _find_line finds it. That line is the
        first one above `key` + space, so it lies between the last sample at or below it and
        the first sample above it (inclusive)."""
        if not key:  # " " starts the license lines: the binary search's answer, junk or not
            return _find_line(self.data, key)
        probe = key + b" "
        at = bisect.bisect_right(self.lines, probe)
        if at < len(self.lines) and self.lines[at].startswith(probe):
            return self.lines[at]
        if at == 0:
            return None  # below every line (the first line is a sample)
        low = self.starts[at - 1]
        if self.lines[at - 1].startswith(probe):
            return self.lines[at - 1]
        high = self.starts[at] if at < len(self.starts) else len(self.data)
        found = self.data.find(b"\n" + probe, low, high)
        if found < 0:
            return None
        end = self.data.find(b"\n", found + 1)
        return self.data[found + 1: len(self.data) if end < 0 else end]


def _find_line(index: bytes, key: bytes) -> bytes | None:
    """The line of a sorted wndb index starting with `key` + space (license lines, which
    start with a space, sort first and never match): a plain binary search, the reference
    SortedLines.find is tested against."""
    lo, hi = 0, len(index)
    probe = key + b" "
    while lo < hi:
        mid = (lo + hi) // 2
        start = index.rfind(b"\n", 0, mid) + 1
        end = index.find(b"\n", start)
        end = len(index) if end < 0 else end
        line = index[start:end]
        if line.startswith(probe):
            return line
        if line[:1] == b" " or line < probe:
            lo = end + 1
        else:
            hi = start
    return None


@lru_cache(maxsize=1)
def default() -> Lexicon:
    """The process's lexicon, opened on first use from the package's data (DATA_DIR)."""
    return Lexicon.open(DATA_DIR)
