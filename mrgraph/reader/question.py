"""Question analysis: what kind of answer a question asks for, and whom it is about.

Rules on the project's tokenizer (no tagger: see the README, "How the reader answers"):

  kind      when      a date or a time ("when", "what year", "how long ago");
            duration  "how long" (has/have/did/was...): a span of time ("4 years"), else a date;
            count     "how many", "how much";
            who / where / why / how    by the question word;
            yes_no    an auxiliary first ("Did ...", "Is ...", "Has ...");
            choice    a yes/no form offering options ("... a lake or the seaside?");
            would     an inference ("Would ...", "... likely ...", "Might ..."): yes or no;
            list      "what"/"which" + a plural noun ("What instruments ..."), "What are
                      some ...", "What kinds/types of ..."; several names asked ("What are
                      her cats' names / her goats called?", family names: `asks_names`);
            what      anything else ("What did X donate ...", "Which song ..."); in the
                      present perfect ("What has X painted?", `over_time`) answered as a list.
  person    the one speaker of the conversation the question names (None for none or two);
  head      the noun after "what"/"which" (the thing asked for: "workshop", "instruments"),
            skipping "kind of", "type of", "sort of";
  verb      the word after the person when an auxiliary precedes them ("did Zofia *donate*"),
            past "need to", "want to"... ("did Zofia need to *sell*"); after a subject that
            names no speaker, the first base form WordNet knows mostly as a verb ("what does
            the bakery at the corner *sell*"); the verb "what" is the subject of ("what
            *inspired* her quilt") is no head noun.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from mrgraph.errors import UserError
from mrgraph.found import TIME_NOUN, is_temporal
from mrgraph.lexicon import default as lexicon
from mrgraph.reader.words import (DETERMINERS, IRREGULAR, NUMBERS, POSSESSIVES, PREPOSITIONS,
                                  base_verb, mostly_verb, noun_like)
from mrgraph.text import STOPWORDS, stem, words

Kind = Literal["when", "duration", "count", "who", "where", "why", "how", "yes_no", "choice",
               "would", "list", "what"]

# The reader's rule families, each switched off alone by benchmarks/reader_ablation.py (a
# Question's `off`): what the question asks; which sentences count and how they rank; the
# wrong-person test; the answer's forms; the phrase rules (reader.phrases).
FAMILIES = (
    "caused_by", "episode", "agrees", "prompt", "timed", "to_person", "handed", "threshold",
    "wrong_person", "wp_verb", "wp_turns", "wp_own_turns", "believed", "items", "span",
    "lengths", "thought", "did", "often", "negation", "feelings", "follow", "ranker",
    "ph_verb", "ph_after_word", "ph_head", "ph_describes", "ph_named", "ph_kind",
    "ph_noun_end", "ph_lone_verb", "ph_length", "ph_listed", "ph_count", "ph_place", "subject",
    "unseen_name", "replied", "reply", "ph_before_pp", "after_question", "item_kind", "photo",
    "wp_tie", "context", "manner", "year_month", "times", "span_freq", "perfect", "item_split",
    "perfect_share", "item_sentences", "ph_head_run", "story_span", "item_object",
    "where_dated", "wp_undated", "did_untimed", "told_on", "first_told", "asked_period",
    "wp_perfect", "ph_serial", "did_purpose", "refers_back", "onset_month", "fit_kind",
    "why_clause", "why_purpose", "happened", "count_given", "where_prep", "who_person", "names",
    "head_verb", "wp_dated_turns", "on_the_day")

_KNOWN = frozenset(FAMILIES)
AUXILIARIES = frozenset("""is are was were am do does did has have had can could will would
                        should shall may might must""".split())
_INFERENCE = frozenset({"would", "could", "might", "likely", "probably", "may"})
_CLASS_WORDS = frozenset({"kind", "kinds", "type", "types", "sort", "sorts", "form", "forms"})
# plural-looking words that are not plural nouns ("what does she *discuss*", "what *is*")
_NOT_PLURAL = frozenset({"is", "was", "has", "does", "this", "his", "hers", "its", "us",
                         "yes", "ss", "less", "news", "process", "class", "business",
                         "focus", "status", "bus", "gas", "plus", "bonus", "campus",
                         "christmas", "series", "species", "means"})
_CATENATIVES = frozenset({"need", "want", "have", "try", "plan", "hope"})
_VERB_STOPWORDS = frozenset({"like", "go", "get", "do"})  # stopwords that are the verb asked about
_PLURAL_CLASS = re.compile(r"\b(what|which) (kinds|types|sorts|forms) of\b")
_ADVERBS = frozenset({"likely", "probably", "still", "also", "ever", "both", "usually",
                      "often", "really", "recently", "currently", "first"})
_WH = r"who|whom|whose|what|which|where|why|how"
# a time asked: "what year", "during which season", "what was the date when ..."
_TIME_ASKED = re.compile(rf"\b(how long ago|since when|{TIME_NOUN}|what (is|was) the date)\b")
_LIST_OPENERS = re.compile(r"^\s*(what|which)\s+(are|were)\s+(some|the)\b", re.IGNORECASE)
# several names asked: "what are her cats' *names*", "what are the *names of* ...", "what are
# her goats *called*" (the question ends there: not "what were they called to do")
_NAMES = re.compile(r"^(?:what|which)\s+(?:are|were)\s+"
                    r"(?:the\s+names\s+of\b.*|.*\bnames|.*\bcalled)$")


@dataclass(frozen=True)
class Question:
    """What a question asks for. Words are lowercase; `stems` are search tokens of the
    question without the names of the people in it."""

    text: str
    kind: Kind
    person: str | None = None
    people: tuple[str, ...] = ()
    head: str | None = None
    verb: str | None = None
    stems: frozenset[str] = frozenset()
    # rule families switched off (FAMILIES; benchmarks/reader_ablation.py): none in production
    off: frozenset[str] = frozenset()

    def on(self, family: str) -> bool:
        """Whether the rule family `family` (one of FAMILIES) applies to this question."""
        return family not in self.off

    def said_by(self, speaker: str) -> bool:
        """`speaker` is the person asked about, or anyone when the question names nobody."""
        return self.person is None or speaker == self.person


def named_people(question: str, speakers: Iterable[str]) -> tuple[str, ...]:
    """The speakers whose name (every word of it, or its first word) the question holds;
    "Sam" names nobody, "Samantha's" names Samantha."""
    asked = set(words(question))
    named = []
    for speaker in sorted({s for s in speakers if s}):
        parts = words(speaker)
        if parts and (set(parts) <= asked or parts[0] in asked):
            named.append(speaker)
    return tuple(named)


def unknown_families(names: Iterable[str]) -> list[str]:
    """The names among `names` that are no rule family (FAMILIES), sorted."""
    return sorted(set(names) - _KNOWN)


def analyse(question: str, speakers: Iterable[str] = (),
            off: frozenset[str] = frozenset()) -> Question:
    """The kind, person, head noun and verb of `question` (see the module docstring); `off`:
    the rule families (FAMILIES) switched off; a name not among them is refused, so that a
    measurement or a test switching off a family that is gone cannot pass unnoticed."""
    if unknown := unknown_families(off):
        raise UserError(f"unknown reader families: {', '.join(unknown)}")
    people = named_people(question, speakers)
    names = {w for p in people for w in words(p)}
    said = words(question)
    head = _head(said, names, off)
    if "caused_by" not in off and _subject_verb(said, names):
        head = None  # "what *inspired* X": a verb, not the thing asked for
    kind = _kind(question, said, head)
    if "names" not in off and kind == "what" and _NAMES.search(" ".join(said)):
        kind = "list"  # "What are his cats' names?": several names
    stems = frozenset(stem(w) for w in said
                      if w not in names and w not in STOPWORDS and w not in AUXILIARIES
                      and w not in _ADVERBS and (len(w) > 1 or w.isdigit()))
    # a capitalised word after the first is a name ("colleague, *Abe*, invite"), no verb
    proper = {w.lower() for w in re.findall(r"\b[A-Z]\w*", question.strip().partition(" ")[2])}
    verb = _verb(said, names) or (_verb_after_subject(said, names | proper)
                                  if "subject" not in off else None)
    return Question(question, kind, people[0] if len(people) == 1 else None, people,
                    head, verb, stems, off)


def _subject_verb(said: list[str], names: set[str]) -> bool:
    """The verb when "what" is its subject: "what *makes* <name> a good coach", "what
    *inspired* her painting", "what *happened* two days after ..." (a verb form in -s / -ed
    that WordNet knows mostly as a verb, right after "what", before a name, a possessive, a
    determiner, a preposition or a number: what follows is its object or an adjunct, not a
    noun the question asks for)."""
    at = said.index("what") if "what" in said[:4] else -1
    if at < 0 or at + 2 >= len(said):
        return False
    word, after = said[at + 1], said[at + 2]
    if word in AUXILIARIES or word in STOPWORDS or \
            not (word.endswith(("s", "ed")) or word in IRREGULAR) or not mostly_verb(word):
        return False
    return after in names or after in POSSESSIVES or after == "s" or \
        after in DETERMINERS or after in PREPOSITIONS or after in NUMBERS


def _kind(question: str, said: list[str], head: str | None) -> Kind:
    first = said[0] if said else ""
    text = " ".join(said)
    if re.search(r"\bhow many (days|weeks|months|years|hours)\b", text):
        return "duration"
    if re.search(r"\bhow (many|much)\b", text):
        return "count"
    if re.search(r"\bhow long\b", text) and not re.search(r"\bhow long ago\b", text):
        return "duration"
    if is_temporal(question) and (first == "when" or _TIME_ASKED.search(text)
                                  or not re.fullmatch(_WH, first)):
        return "when"  # not "Who supports her *when* ..."
    if first in AUXILIARIES and re.search(r"\w \bor\b (?!not\b)\w", text):
        return "choice"  # "would she rather hike or swim": the options, not yes or no
    if first in ("would", "could", "might") or (first in AUXILIARIES and _INFERENCE & set(said)):
        return "would"
    if first in AUXILIARIES:
        return "yes_no"
    if first in ("who", "whom", "whose"):
        return "who"
    if first in ("where", "why", "how"):
        return first  # type: ignore[return-value]
    if _LIST_OPENERS.match(question) or _PLURAL_CLASS.search(text) or \
            (head is not None and _plural(head)):
        return "list"
    return "what"


def _head(said: list[str], names: frozenset[str] | set[str] = frozenset(),
          off: frozenset[str] = frozenset()) -> str | None:
    """The noun after the question word: "what *workshop* did", "which kind of *art*"; it
    ends where its verb begins ("what *animals* hide under ...": `_verb_of`, family
    head_verb)."""
    for i, word in enumerate(said[:-1]):
        if word == "how" and said[i + 1] in ("many", "much") and i + 2 < len(said):
            return said[i + 2] if said[i + 2] not in AUXILIARIES else None
        if word not in ("what", "which"):
            continue
        rest = said[i + 1:]
        if len(rest) > 2 and rest[0] in _CLASS_WORDS and rest[1] == "of":
            return rest[2]
        if rest[0] not in AUXILIARIES and rest[0] not in STOPWORDS:
            # an adjective may precede the noun: "what *classical musicians*", the noun is
            # the last word before the auxiliary
            run: list[str] = []
            for j, word in enumerate(rest):
                # the subject or the verb ends the noun: "what seasonal *illness* struck
                # <name>'s town", "what *sign* <name> saw"
                if word in AUXILIARIES or word in STOPWORDS or word in names or \
                        (run and word.endswith("ed")) or ("head_verb" not in off and run and
                                                          _verb_of(run[-1], word, rest[j + 1:])):
                    break
                run.append(word)
            return run[-1] if run else None
        return None
    return None


def asks_several(question: Question) -> bool:
    """Whether the question asks for several things - a list, or a plural noun ("What are
    his cats' *names*?") - which the turns answer over several sentences."""
    names = {w for p in question.people for w in words(p)}
    return question.kind == "list" or any(_plural(w) and noun_like(w) for w in words(question.text)
                                          if w not in names)  # not "always", "sometimes"


def asks_names(question: Question) -> bool:
    """"What / which are / were" asking several names: "What are her cats' *names*?", "What
    are the *names of* ...", "What are her goats *called*?" (plural: not "What is her goat
    called?"; the question ends there)."""
    return question.kind == "list" and bool(_NAMES.search(" ".join(words(question.text))))


def over_time(question: Question | str) -> bool:
    """"What / where / who + has / have + subject + participle" (no "both", "in common"): the
    present perfect asks what has been so over time, often several things said on several
    occasions ("What has she *painted*?", "Where have they *camped*?"); not "What has she
    *been* up to?", nor a thing two people share ("What have both *visited*?")."""
    said = words(question if isinstance(question, str) else question.text)
    if not said or said[0] not in ("what", "which", "where", "who") or \
            {"both", "common"} & set(said):
        return False
    at = next((i for i, w in enumerate(said) if w in AUXILIARIES), None)
    if at is None or said[at] not in ("has", "have"):
        return False
    return any(_participle(w) for w in said[at + 1:])


def _participle(word: str) -> bool:
    """A past participle: an -ed form WordNet reads as a verb's ("painted", "camped"), or an
    irregular verb form ("grown", "made"; not "children"), never "been"."""
    if word in IRREGULAR:
        return base_verb(IRREGULAR[word])
    return word.endswith("ed") and lexicon().base(word, "verb") != word


def _verb_of(noun: str, word: str, after: list[str]) -> bool:
    """`word` is the verb of the head `noun` it follows ("what *animals hide* under", "which
    *tune cheers* her up", "what *storms hit* the coast"): a word WordNet knows mostly as a
    verb, in a form agreeing with the noun (a past; an -s form after a singular noun, a base
    form after a plural), no auxiliary after it (not "which dance *class does*")."""
    if (after and after[0] in AUXILIARIES) or not mostly_verb(word):
        return False
    if word in IRREGULAR:
        return True
    plural = _plural(noun)
    if word.endswith("s") and not word.endswith("ss"):
        return not plural and lexicon().base(word, "verb") != word
    return plural and base_verb(word)


def _plural(word: str) -> bool:
    return len(word) > 3 and word.endswith("s") and not word.endswith("ss") and \
        word not in _NOT_PLURAL


def _verb_after_subject(said: list[str], names: set[str]) -> str | None:
    """The verb after a subject that names no speaker: "what does *Brightloom* make", "what did
    *the nurse at work* think", "what does *her necklace* symbolize" - with "do" before it, the
    verb is the first word after the subject in its base form that WordNet knows mostly as a
    verb, no name, and that no determiner, possessive or preposition ties to a noun ("at
    *work*", "the poetry *reading*")."""
    at = next((i for i, w in enumerate(said[:4]) if w in ("do", "does", "did")), None)
    if at is None or not said or said[0] not in ("what", "which"):
        return None
    for i in range(at + 2, len(said)):
        word, before = said[i], said[i - 1]
        tied = before in DETERMINERS or before in POSSESSIVES or before in PREPOSITIONS or \
            before == "s"
        if word in names or word in _ADVERBS or tied:
            continue
        if word in _VERB_STOPWORDS or (word not in STOPWORDS and mostly_verb(word) and
                                       base_verb(word)):  # after "do": its base form
            return word
    return None


def _verb(said: list[str], names: set[str]) -> str | None:
    """The word after the person, when an auxiliary comes before them ("does X *play*")."""
    for i, word in enumerate(said[1:-1], start=1):
        if word in names and said[i - 1] in AUXILIARIES:
            j = i + 1
            # "did A and B *start*", "would X likely *have*", "have X and her kids *made*"
            while j < len(said) and (said[j] in names or said[j] in _ADVERBS or said[j] == "and"):
                j += 3 if said[j] == "and" and said[j + 1:j + 2] and \
                    said[j + 1] in POSSESSIVES else 1
            if said[j:j + 1] and said[j] in _CATENATIVES and said[j + 1:j + 2] == ["to"] and \
                    j + 2 < len(said):
                j += 2  # "did X *need to help*": the verb after "to" is what was done
            if j < len(said) and (said[j] not in STOPWORDS or said[j] in _VERB_STOPWORDS):
                return said[j]
            return None
    return None
