"""Who and where on a date: the phrase English grammar puts the answer in.

  who_with   "Who did X <do Y> with (on <date>)?": "with" stands stranded at the question's
             end (or before its time), so the answer is the object of "with" in the
             sentence telling the act ("Went sailing at the bay *with Dana and two friends
             from work*"): a person - a name, a relation ("my cousin Lee") or people ("a
             group of *friends*") - cut at the clause's end or an adverb, in a clause that
             denies nothing ("I didn't go with Tomas" names no company);
  who_placed a "who" answer that names a place ("off to *the coast*") gives way to the
             object of "with" naming people ("the cat stays *with my cousin Lee*");
  who_whose  the speaker's "my" in that object is theirs: "my cousin Lee" said by Omar is
             "Omar's cousin Lee";
  who_named  a "who" answer that lists a thing and a person ("a plum tart and Dana")
             keeps the people: "who" asks for persons;
  who_people a list answer to "who" keeps the items naming people (`people_only`): a
             relation ("my aunt"), or a capitalised name, common word or not ("Bill",
             "Grace"), and the word after a title ("Mrs Lee"), cut to the names ("called
             Dana" -> "Dana"); "Who have been the coaches ...?" asks for several
             (reader.question.asks_people);
  where_dated  "Where was X <on a date>?", "Where did X spend <a holiday / year>?": the places
             of the first of the best sentences that names one ("a robotics fair in Derby":
             *robotics fair, Derby*; reader.phrases.places), not the best sentence's phrase
             when that names none ("It's 4-6 October" only dates it); a name in a nearly as
             good sentence over a place without one;
  where_within the other asking "Where in <it>?" ("Whereabouts?", "Which part?") right after
             the place is told asks for a place inside it, and the speaker's reply opens
             with its name ("Orvieto."): both answer, the narrower first ("Orvieto, Umbria").
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from mrgraph.lexicon import default as lexicon
from mrgraph.reader.evidence import REACH, Sentence, exchange, split_sentences, turn_of
from mrgraph.reader.forms import negated
from mrgraph.reader.items import split_and
from mrgraph.reader.phrases import places
from mrgraph.reader.places import GOING
from mrgraph.reader.tokens import tokens
from mrgraph.reader.question import Question
from mrgraph.reader.when import SAME_STORY  # a sentence this near the best tells the same thing
from mrgraph.reader.words import (CALENDAR, CLAUSE, DETERMINERS, FEASTS, POSSESSIVES,
                                  PREPOSITIONS, RELATIONS, SUBJECTS, TIME_WORDS, adverb_only,
                                  dates_named, is_function_word, lemma)
from mrgraph.text import words
from mrgraph.toolkit import Record

MAX_WITH = 9  # words of a "with" object: "Dana and a crowd of people from the office"
# words naming people without a name, beside the RELATIONS: "a crowd of *people*", "a *group*"
_PEOPLE = frozenset("""people folks guys group crew team everyone colleagues coworkers
                    classmates teammates neighbours neighbors""".split())
# what may follow a stranded "with": the question's end, a preposition starting its time or
# place ("with on Easter Sunday", "with at the fair"), a time ("with last week"); "this" /
# "that" / "the" only before a time ("with this weekend", "with the night before", not "with
# this project", "with the move")
_AFTER_STRANDED = frozenset({"on", "in", "at", "during", "before", "after", "over",
                             "for"}) | TIME_WORDS
_DEICTIC = frozenset({"this", "that", "the"})
# a "with" object ends at a clause word, a subject, punctuation, or a preposition of time or
# place that starts another phrase ("with Dana *at* the beach"), an adverb of time
# ("with Dana *yesterday*") or any adverb ("with Dana *afterwards*": words.adverb_only)
_ENDS = (CLAUSE | SUBJECTS | PREPOSITIONS) - {"of", "from"}
_TIME_ADVERBS = frozenset({"yesterday", "today", "tonight", "tomorrow", "later", "earlier",
                           "soon", "ago", "now", "then"})
_PERSONS = POSSESSIVES - {"its"}  # a person's: "my", "their"
_THIRD = frozenset({"he", "she", "they"})
_FIRST = frozenset({"i", "me", "we", "us", "myself"})
# clauses a denial splits: "I didn't go to Rome, I went to the lake instead"
_CLAUSES = re.compile(r"[,;:]|\s[-–]\s|\bbut\b", re.IGNORECASE)
# a denial's word, and the subject opening a clause of its own after it ("I can't believe
# *I* went ..."): a denial covers the words after it up to such a subject
_DENIAL = re.compile(r"\b(?:not|no|never|nothing|none|nobody|neither|nor|cannot)\b|n['’]t\b",
                     re.IGNORECASE)
_SUBJECT = re.compile(r"\b(?:I|[Ww]e|[Hh]e|[Ss]he|[Tt]hey)\b")
# "from" takes a place after a word of coming back: "got *back* from the beach", "came *home*
# from the hospital", "*returned* from the coast"; not a cause ("recovered from the flu")
_BACK = frozenset({"back", "home", "away"})


def dated(question: Question) -> bool:
    """The question holds a date: a month, a weekday, a year, a feast (words.dates_named)."""
    return bool(dates_named(question.text))


def asks_with(question: Question) -> bool:
    """"Who did X do Y with (on <date>)?": "who" first, "with" with no object of its own."""
    said = words(question.text)
    if question.kind != "who" or "with" not in said:
        return False
    rest = said[len(said) - said[::-1].index("with"):]
    return not rest or rest[0] in _AFTER_STRANDED or \
        (rest[0] in _DEICTIC and len(rest) > 1 and rest[1] in TIME_WORDS | CALENDAR)


def company(question: Question, found: list[Sentence]) -> tuple[str, tuple[str, ...]] | None:
    """The object of "with" naming people in the first of the best REACH sentences of the
    person's (when the question names one) that holds one."""
    for sentence in found[:REACH]:
        if question.person is not None and not sentence.own:
            continue
        said = with_whom(sentence.text)
        if said:
            # the speaker's own "my": "Dana and my cousin" is "Dana and <speaker>'s cousin"
            said = re.sub(r"\bmy\b", f"{sentence.speaker}'s", said, flags=re.IGNORECASE) \
                if question.on("who_whose") else said
            return said, (sentence.dia_id,)
    return None


def with_whom(sentence: str) -> str | None:
    """The words after "with" up to the clause's end, when they name people: a name, a
    relation or people ("with *my cousin Lee*", "with *Dana and a crowd of people from the
    office*"); None otherwise ("with a smile")."""
    for clause in affirmed(sentence):
        toks = [t.text for t in tokens(clause)]
        for at, word in enumerate(toks):
            if word.lower() != "with":
                continue
            run: list[str] = []
            for tok in toks[at + 1:at + 1 + MAX_WITH]:
                if not tok[:1].isalnum() or _ends(tok):
                    break
                run.append(tok)
            while run and is_function_word(run[-1]):
                run.pop()
            if run and _people(run):
                return " ".join(run)
    return None


def _ends(word: str) -> bool:
    """`word` ends the object of "with" (`_ENDS`, an adverb; a capitalised word is a name)."""
    lowered = word.lower()
    return lowered in _ENDS or lowered in _TIME_ADVERBS or \
        (word[:1].islower() and adverb_only(lowered))


def affirmed(sentence: str) -> list[str]:
    """The parts of `sentence` that deny nothing (forms.negated): the sentence itself when
    it denies nothing; of a clause that denies, what comes before its denial and after a
    subject opening a clause of its own: "I didn't go with Dana, I went with Lee" -> ["I went
    with Lee"]; "I went to Rome and didn't see the Pope" -> ["I went to Rome and"]; "I can't
    believe I went with Dana" -> ["I went with Dana"]."""
    if not negated(sentence):
        return [sentence]
    kept = []
    for clause in _CLAUSES.split(sentence):
        rest = clause
        while (denial := _DENIAL.search(rest)) is not None:
            kept.append(rest[:denial.start()])
            subject = _SUBJECT.search(rest, denial.end())
            rest = rest[subject.start():] if subject else ""
        kept.append(rest)
    return [c.strip() for c in kept if c.strip() and not negated(c)]


def _people(run: list[str]) -> bool:
    """The run names people: its first content word is a name, or a word of it is a relation
    or says people ("a bunch of *friends*")."""
    first = next((w for w in run if w.lower() not in DETERMINERS and
                  w.lower() not in _PERSONS), "")
    return first[:1].isupper() or any(w.lower() in _PEOPLE or w.lower() in RELATIONS
                                      for w in run)


_TITLES = frozenset({"mr", "mrs", "ms", "miss", "dr", "prof"})  # "Mrs Lee": the next word too
_FEASTS = frozenset(w for feast in FEASTS for w in feast.split())  # "Lee at *Easter*"


def people_only(listed: str) -> str:
    """Of a list answer to "who" ("Gwen, twenty, called Marcus"), the items naming people: a
    relation ("my aunt") or a word of people ("the team") keeps the item; else a name - a
    capitalised word (`_names`) - keeps it cut from its first name to its last ("called
    Marcus" -> "Marcus", "Dana and Lee"); the answer when none do."""
    kept = []
    for item in listed.split(", "):
        said = item.split()
        if _says_people(said):
            kept.append(item)
        elif named := _names(said):
            kept.append(" ".join(said[named[0]:named[-1] + 1]))
    return ", ".join(kept) if kept else listed


def _says_people(said: list[str]) -> bool:
    """A word of the item is a relation ("my *aunt*") or says people ("the *team*")."""
    return any(w.lower() in _PEOPLE or w.lower() in RELATIONS for w in said)


def _names(said: list[str]) -> list[int]:
    """Where the names are among an item's words: capitalised words but a month, a weekday, a
    feast ("Easter") or a function word ("I", "The", "That's", "Please"; a name that is one,
    "Will", is lost), and the word after a title ("Dr Patel", "Mrs. Lee").
    Common words are names too ("Bill", "Grace", "Mark"): a capital says so mid-sentence. Only the
    item's first word, when a lowercase word follows, may be a sentence's first: a word
    WordNet knows as a verb, adjective or adverb there is none ("Please come", "Thanks so
    much")."""
    names = []
    for i, word in enumerate(said):
        bare = re.split(r"['’]", word.lower().strip("'’.,!?"))[0]  # "That's": "that"
        titled = i > 0 and said[i - 1].lower().strip(".") in _TITLES
        if not titled and (not word[:1].isupper() or bare in CALENDAR or bare in _FEASTS or
                           is_function_word(bare) or
                           i == 0 and _opens_sentence(said)):
            continue
        names.append(i)
    return names


def _opens_sentence(said: list[str]) -> bool:
    """The item's first word opens a sentence rather than naming someone: a lowercase word
    follows it that is no function word ("Mark *from* work" is a name), and WordNet knows the
    first as a verb, adjective or adverb ("Please come")."""
    if len(said) < 2 or said[1][:1].isupper() or is_function_word(said[1].lower()):
        return False
    first, found = said[0].lower().strip("'’.,!?"), lexicon()
    return not first.isalpha() or any(found.offsets(first, pos) for pos in ("verb", "adj", "adv"))


def placed(question: Question, found: list[Sentence], phrase: str) -> bool:
    """`phrase` names a place in one of the best REACH sentences ("off to *the coast*")."""
    return any(phrase in places(s.text, question) for s in found[:REACH])


def persons(answer: str) -> str:
    """Of an answer listing things ("a plum tart and Dana"), the parts naming a person
    as `people_only` tells them (a relation, a word of people, a name); the answer when
    none or all do."""
    parts = split_and(answer)
    kept = [p for p in parts if _says_people(p.split()) or _names(p.split())]
    return " and ".join(kept) if kept and len(kept) < len(parts) else answer


# the other asking for a place inside the one just told: "Where in Norway?", "Whereabouts?",
# "Which part (of Wales / of the city)?" - not a part of what was done ("Which part did you
# like best?", "What part of the trip was best?")
_WITHIN = re.compile(r"\b(?:[Ww]here(?:abouts| exactly| in)\b|(?:[Ww]hich|[Ww]hat) part(?: of "
                     r"(?:[A-Z][\w'-]*(?: [A-Z][\w'-]*)*|the (?:city|town|country|island|coast"
                     r"|county|state|region)))?\s*\?)")


# words opening a reply that name nothing
_ANSWER_WORDS = frozenset("""yes yeah yep no nope oh ah ha haha well sure okay ok hmm um not
                          honestly actually somewhere everywhere nowhere""".split())


def where(question: Question, found: list[Sentence],
          turns: Mapping[str, Record] | None = None) -> tuple[str, tuple[str, ...]] | None:
    """The places of the first of the best REACH sentences that names one (`said_places`),
    the person's own when the question names one, joined ("robotics fair, Derby"); when they
    name no place by name ("moved *to a bigger flat*"), those of a later one that does,
    scoring SAME_STORY of it and not told of another ("my sister moved to *Boston*": the
    best sentence's own place, "stayed *at home*", stands)."""
    told = [(said, s) for s in found[:REACH] if question.person is None or s.own
            if (said := said_places(s.text, question))]
    if not told:
        return None
    first = told[0]
    best = first if _named(first[0]) else next(
        ((said, s) for said, s in told if _named(said) and
         s.score >= SAME_STORY * first[1].score and not _of_another(s.text)), first)
    inside = within(turns, best[1]) if turns is not None and question.on("where_within") \
        else None
    if inside is not None:  # "Umbria" - "Where in Umbria?" - "Orvieto."
        return ", ".join([inside[0], *best[0]]), (inside[1], best[1].dia_id)
    return ", ".join(best[0]), (best[1].dia_id,)


def within(turns: Mapping[str, Record], told: Sentence) -> tuple[str, str] | None:
    """The place inside the one `told` names, and its turn: the name (capitalised words, up
    to three, past a preposition, up to a comma: "Near *Porto*, by the sea.") opening the
    speaker's reply when the other asks right after "Where in ...?" / "Whereabouts?" /
    "Which part?"; None otherwise."""
    turn = turn_of(turns, told)
    across = exchange(turns, turn) if turn is not None else None
    if across is None or not _WITHIN.search(str(across[0]["text"])):
        return None
    opening = re.split(r"[,;:!?.]", split_sentences(str(across[1]["text"]))[0])[0]
    names = opening.split()  # up to the first comma: "Near Fort William, hiking ..."
    while names and names[0].lower() in PREPOSITIONS:  # "Near Porto."
        names = names[1:]
    if not names or len(names) > 3 or not all(n[:1].isupper() and not is_function_word(n) and
                                              n.lower() not in _ANSWER_WORDS for n in names):
        return None  # "Yes.", "Oh!", "Not sure." open replies, name no place
    return " ".join(names), str(across[1]["dia_id"])


def _named(said: list[str]) -> bool:
    """One of the places is said by name (a capitalised word)."""
    return any(w[:1].isupper() for p in said for w in p.split())


def _of_another(sentence: str) -> bool:
    """The sentence opens with another's subject ("*My sister* moved to ...", "*She* flew
    ...") and says nothing of the speaker ("I", "me", "we")."""
    said = words(sentence)
    return bool(said) and said[0] in _PERSONS | _THIRD and not set(said) & _FIRST


def said_places(sentence: str, question: Question) -> list[str]:
    """The places the clauses of `sentence` that deny nothing name (reader.phrases.places),
    without the adverbs they end with ("the lake *instead*"); not a common noun after "from",
    a cause or a source more than a place ("recovered *from the flu*"; "back *from Rome*" is
    one)."""
    kept = []
    for clause in affirmed(sentence):
        for place in places(clause, question):
            said = place.split()
            while said and (said[-1].lower() in _TIME_ADVERBS or
                            (said[-1][:1].islower() and adverb_only(said[-1]))):
                said.pop()
            if said and (any(w[:1].isupper() for w in said) or not _after_from(clause, place)):
                kept.append(" ".join(said))
    return kept


def _after_from(clause: str, place: str) -> bool:
    """`place` follows "from" in `clause`, past its determiners ("from *his* knee"), and not
    a word of coming back (`_BACK`) or a verb of going but "come" ("flew back *from* the
    coast", "drove from the station")."""
    before = words(clause[:clause.find(place)])
    while before and (before[-1] in DETERMINERS or before[-1] in _PERSONS):
        before.pop()
    if not before or before[-1] != "from":
        return False
    went = before[-2] if len(before) > 1 else ""
    return not (went in _BACK or (lemma(went) in GOING and lemma(went) != "come"))
