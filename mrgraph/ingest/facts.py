"""Semantic facts about a speaker, by rule patterns over first-person clauses.

Each rule reads one clause of a turn and yields (aspect, statement about the speaker):

  location             "I live in X", "I moved to X"          -> "Odile lives in X"
  origin               "I'm from X", "I come from X"           -> "Odile is from X"
  job                  "I work as/at X", "my job as/at X", "I got a job at X", "I'm a nurse";
                       "I lost/quit/left my job as/at X"       -> negated
  likes                "I love/like/enjoy/adore X"             -> "Odile likes X"
  pets / family        "I have a dog / two kids", "I adopted a kitten", "my dog", "my husband"
  plans                "I'm going/planning/hoping to X", "I plan to X", "gonna X"
  relationship_status  "I'm single/married/...", "I got married/engaged/divorced"
  activities           "I started/took up X-ing" -> "is into X-ing"; "I quit/stopped/gave up
                       X-ing" -> negated ("is no longer into X-ing");
                       "I/we went/go X-ing", "I took my kids X-ing" -> "goes X-ing";
                       "I signed up for X"; "I play (the) X"

Negation: "no longer", "don't/do not", "never", "not" after the subject, or "anymore", turn the
statement into a negated observation ("I don't live in Boston anymore" -> "Odile no longer
lives in Boston", negated=True): a Fact of its own, which the belief rules match against the
positive claim (same core words, opposite polarity) and demote it.
A negation reaches only its own clause (clauses end at punctuation and at but/so/because...).
Objects are cut at the first clause break or preposition; one longer than MAX_WORDS is cut where
a new phrase starts (before "to", "that", "of"...), never mid-phrase, or dropped; pronouns in
them are resolved ("my voice" -> "Odile's voice"). Only the first rule of an aspect that matches
a clause counts (specific rules first).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

from mrgraph.ingest.rewrite import resolve_pronouns
from mrgraph.text import stem, tokenize


@dataclass(frozen=True)
class FactMatch:
    aspect: str
    statement: str
    negated: bool
    confidence: float
    clause: str = ""  # the clause it was read from (the dates it mentions are the fact's)


_PETS = ("dog", "dogs", "cat", "cats", "puppy", "puppies", "kitten", "kittens", "hamster",
         "hamsters", "rabbit", "rabbits", "bunny", "bunnies", "bird", "birds", "parrot",
         "parrots", "fish", "horse", "horses", "turtle", "turtles", "snake", "snakes", "lizard",
         "lizards")
_KIN = ("kid", "kids", "children", "child", "son", "sons", "daughter", "daughters", "brother",
        "brothers", "sister", "sisters", "sibling", "siblings", "grandkids", "grandchildren")
_SPOUSE = ("husband", "wife", "partner", "boyfriend", "girlfriend", "fiance", "fiancee",
           "spouse")
_PARENTS = ("mom", "mother", "dad", "father", "parents", "grandma", "grandmother", "grandpa",
            "grandfather")
_JOBS = ("teacher", "nurse", "doctor", "engineer", "developer", "programmer", "designer",
         "artist", "writer", "musician", "student", "lawyer", "chef", "cook", "banker",
         "counselor", "therapist", "photographer", "accountant", "manager", "scientist",
         "researcher", "dancer", "painter", "firefighter", "mechanic", "pilot", "veteran",
         "entrepreneur", "consultant", "pharmacist", "architect", "carpenter", "electrician",
         "plumber", "farmer", "librarian", "journalist", "actor", "singer")
_STATUS = ("single", "married", "divorced", "engaged", "widowed", "separated",
           "in a relationship", "dating someone", "seeing someone")


def _any(words: Sequence[str]) -> str:
    return "(?:" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) + ")"


def _triggers(*groups: Sequence[str]) -> frozenset[str]:
    """The single words of which a clause must hold one for the rule to be tried."""
    return frozenset(w for group in groups for phrase in group for w in phrase.split()[-1:])


_ADV = (r"(?:(?:also|just|recently|finally|actually|really|currently|still|now|absolutely|"
        r"totally|truly|so|even) )*")
_OBJECT = r"(?P<x>[^,;:()\-–—]+)"
_N = r"(?P<n>a|an|one|two|three|four|five|\d+)"

# (trigger words, pattern, aspect, template, negated, confidence); a rule is tried only on a
# clause holding one of its trigger words, which keeps extraction fast.
# Template fields: {s} speaker, {x} object, {n} number, {a} article.
_RULE_SOURCES: tuple[tuple[frozenset[str], str, str, str, bool, float], ...] = (
    (_triggers(("live", "living")), r"\bI(?:'m| am)? " + _ADV + r"(?:live|living) in "
     + _OBJECT, "location", "{s} lives in {x}", False, 0.8),
    (_triggers(("moved", "relocated")), r"\bI(?:'ve)? " + _ADV
     + r"(?:moved|relocated) (?:back )?to " + _OBJECT, "location", "{s} lives in {x}", False,
     0.75),
    (_triggers(("from",)), r"\bI(?:'m| am) (?:originally )?from " + _OBJECT, "origin",
     "{s} is from {x}", False, 0.8),
    (_triggers(("from",)), r"\bI " + _ADV + r"come from " + _OBJECT, "origin",
     "{s} is from {x}", False, 0.8),
    (_triggers(("work", "working")), r"\bI(?:'m| am)? " + _ADV + r"work(?:ing)? as " + _OBJECT,
     "job", "{s} works as {x}", False, 0.8),
    (_triggers(("work", "working")), r"\bI(?:'m| am)? " + _ADV + r"work(?:ing)? (?:at|for) "
     + _OBJECT, "job", "{s} works at {x}", False, 0.8),
    (_triggers(("job",)), r"\b(?:lost|quit|left) my (?:old )?job as " + _OBJECT, "job",
     "{s} works as {x}", True, 0.8),
    (_triggers(("job",)), r"\b(?:lost|quit|left) my (?:old )?job (?:at|with) " + _OBJECT, "job",
     "{s} works at {x}", True, 0.8),
    (_triggers(("job",)), r"\b(?:got|have|my) (?:a |my )?(?:new )?job as " + _OBJECT, "job",
     "{s} works as {x}", False, 0.75),
    (_triggers(("job",)), r"\b(?:got|have|my) (?:a |my )?(?:new )?job (?:at|with) " + _OBJECT,
     "job", "{s} works at {x}", False, 0.75),
    (_triggers(_JOBS), r"\bI(?:'m| am) an? (?:\w+ )?(?P<x>" + _any(_JOBS) + r")\b", "job",
     "{s} is a {x}", False, 0.75),
    (_triggers(("love", "like", "enjoy", "adore")), r"\bI " + _ADV
     + r"(?:love|like|enjoy|adore) " + _OBJECT, "likes", "{s} likes {x}", False, 0.7),
    (_triggers(_PETS), r"\bI (?:have|'ve got|got|adopted|'ve adopted) " + _N + r" (?:\w+ )?(?P<x>"
     + _any(_PETS) + r")\b", "pets", "{s} has {n} {x}", False, 0.8),
    (_triggers(_PETS), r"\bmy (?:\w+ )?(?P<x>" + _any(_PETS) + r")\b", "pets", "{s} has {a}{x}",
     False, 0.7),
    (_triggers(_KIN), r"\bI (?:have|'ve got) " + _N + r" (?:\w+ )?(?P<x>" + _any(_KIN) + r")\b",
     "family", "{s} has {n} {x}", False, 0.8),
    (_triggers(_KIN, _SPOUSE, _PARENTS), r"\bmy (?P<x>" + _any((*_KIN, *_SPOUSE, *_PARENTS))
     + r")\b", "family", "{s} has {a}{x}", False, 0.7),
    (_triggers(("going", "planning", "hoping", "about")), r"\bI(?:'m| am) " + _ADV
     + r"(?:going|planning|hoping|about) to "
     + _OBJECT, "plans", "{s} plans to {x}", False, 0.7),
    (_triggers(("plan", "intend")), r"\b(?:I )?" + _ADV + r"(?:plan|intend) to " + _OBJECT,
     "plans", "{s} plans to {x}", False, 0.7),
    (_triggers(("gonna",)), r"(?:\bI(?:'m| am) |^\s*)" + _ADV + r"gonna " + _OBJECT, "plans",
     "{s} plans to {x}", False, 0.7),
    (_triggers(_STATUS), r"\bI(?:'m| am) " + _ADV + r"(?P<x>" + _any(_STATUS) + r")\b",
     "relationship_status", "{s} is {x}", False, 0.8),
    (_triggers(("married", "engaged", "divorced")), r"\bI " + _ADV
     + r"got (?P<x>married|engaged|divorced)\b", "relationship_status", "{s} is {x}", False,
     0.8),
    (_triggers(("started", "began", "up")), r"\bI(?:'ve)? " + _ADV
     + r"(?:started|began|took up) (?P<x>\w+ing\b[^,;:()]*)", "activities", "{s} is into {x}",
     False, 0.7),
    (_triggers(("quit", "stopped", "up")), r"\bI(?:'ve)? " + _ADV
     + r"(?:quit|stopped|gave up) (?P<x>\w+ing\b[^,;:()]*)", "activities", "{s} is into {x}",
     True, 0.75),
    # what people go and do: "we went fishing with my cousins", "I'm off to go swimming",
    # "I took my cousins fishing", "I signed up for a pottery class", "I play clarinet"
    (_triggers(("went", "go", "going", "gone")), r"\b(?:I|we)(?:'m|'ve| am| have| are)? "
     + _ADV + r"(?:off to )?(?:went|go|going|gone) (?P<x>\w+ing)\b", "activities",
     "{s} goes {x}", False, 0.7),
    (_triggers(("took", "take", "taking")), r"\b(?:I|we) " + _ADV
     + r"(?:took|take|taking) (?:my|our|the) \w+ (?P<x>\w+ing)\b", "activities",
     "{s} goes {x}", False, 0.7),
    (_triggers(("signed",)), r"\bI(?:'ve| have)? " + _ADV
     + r"signed up for (?:a |an |some )?" + _OBJECT, "activities", "{s} signed up for {x}",
     False, 0.7),
    (_triggers(("play", "playing")), r"\bI(?:'m| am)? " + _ADV + r"play(?:ing)? (?:the )?"
     r"(?!(?:with|it|a|an|around|along|outside|together|for|in|on|at|some|games?)\b)"
     r"(?P<x>[a-z]{3,})\b", "activities", "{s} plays {x}", False, 0.7),
)
_Rule = tuple[frozenset[str], re.Pattern[str], str, str, bool, float]
_RULES: tuple[_Rule, ...] = tuple(
    (triggers, re.compile(pattern, re.I), aspect, template, neg, conf)
    for triggers, pattern, aspect, template, neg, conf in _RULE_SOURCES)

_ALL_TRIGGERS = frozenset(word for rule in _RULES for word in rule[0])
_WORD = re.compile(r"[a-z0-9]+")
_FIRST_PERSON = frozenset({"i", "my", "me"})
_NO_SUBJECT = frozenset({"lost", "quit", "left", "got", "gonna"})  # "Lost my job as ..."
_ABBREVIATION = re.compile(r"\b(St|Mt|Dr|Mr|Mrs|Ms|Jr|Sr|Ft)\.")
_PUNCTUATION_BREAK = re.compile(r"[.!?;,:\n–—()]+|\s-\s")
_CONJUNCTIONS = frozenset({"but", "so", "because", "although", "though", "while"})
_CONJUNCTION_BREAK = re.compile(r"\s(?:but|so|because|although|though|while)\s", re.I)
_NEGATORS = frozenset({"no", "don", "not", "never", "anymore", "more"})
_NEGATION = re.compile(r"(?<=\bI )(?:no longer|don't|do not|never)\s+|(?<=\bI'm )(?:not|no "
                       r"longer)\s+|(?<=\bI am )(?:not|no longer)\s+|\s+any ?more\b", re.I)
_STOP_AT = re.compile(
    r"\s+(?:and|but|because|so|since|with|at|in|on|for|near|during|after|before|when|which|who|"
    r"while|though|although|if|or|yesterday|today|tonight|tomorrow|last|next|this|these days|"
    r"recently|right now|lately|(?:\w+ )?(?:days?|weeks?|months?|years?) ago)\b.*", re.I)
_BAD_OBJECT = re.compile(
    r"(?:it|that|this|these|those|you|your|how|what|when|where|the way|to hear|hearing|to see|"
    r"seeing|them|him|her|us|me|myself|yourself|so much|a lot|is|was|are|were|be|been|the idea|"
    r"the fact|there|here)\b", re.I)
# Likes, plans and activities are open-ended: their object must say something beyond these
# words ("I'm gonna make it happen", "I plan to keep going" are not plans worth a belief).
_VAGUE_WORDS = frozenset(stem(w) for w in (
    "make keep go be try get do let forget happen stay continue work hard awesome great good "
    "best sure well thing stuff lot big change come true shot take give back more better "
    "determined push pushing chase chasing moving forward focus fun dream dreams goal goals "
    "all much many everything anything nothing something best").split())
_OPEN_ENDED = frozenset({"likes", "plans", "activities"})
_TRAILING_WORDS = re.compile(
    r"(?:\s+(?:a|an|the|to|of|for|with|in|at|on|my|your|about|from|into|up|out|here|there))+$",
    re.I)
_PLURAL_ENDINGS = ("s", "children", "fish")
MAX_WORDS = 8  # an object phrase longer than this is cut where a new phrase starts, or dropped
_CUT_BEFORE = frozenset({"to", "that", "which", "who", "like", "of", "about", "from", "by",
                         "as", "than", "into", "through"})
# a light verb opening an activity says nothing itself: "looking into counseling"
_LIGHT_START = re.compile(r"^(?:looking into|going to|trying to|trying|getting into)\s+", re.I)
_GOING_TO_PLACE = re.compile(r"(?:the|a|an|my|our|some) ", re.I)


def find_facts(text: str, speaker: str, speakers: Sequence[str]) -> list[FactMatch]:
    """The facts `speaker` states about themself in `text`, in order; one per aspect and
    statement."""
    text = text.replace("’", "'")
    turn_words = set(_WORD.findall(text.lower()))
    triggered = turn_words & _ALL_TRIGGERS
    if not triggered or turn_words.isdisjoint(_FIRST_PERSON | _NO_SUBJECT):
        return []
    rules = [rule for rule in _RULES if not triggered.isdisjoint(rule[0])]
    found: dict[tuple[str, str], FactMatch] = {}
    for clause in _clauses(_ABBREVIATION.sub(r"\1", text), turn_words):  # "St. Wenna's"
        clause_words = _WORD.findall(clause.lower())
        present = set(clause_words)
        if present.isdisjoint(_FIRST_PERSON) and not (clause_words and
                                                      clause_words[0] in _NO_SUBJECT):
            continue
        active = [rule for rule in rules if not present.isdisjoint(rule[0])]
        negated = 0
        if active and not present.isdisjoint(_NEGATORS):
            clause, negated = _NEGATION.subn("", clause)
        for fact in _clause_facts(clause, active, speaker, speakers, negated > 0):
            found.setdefault((fact.aspect, fact.statement.lower()), fact)
    return list(found.values())


def _clauses(text: str, words: set[str]) -> list[str]:
    parts = _PUNCTUATION_BREAK.split(text)
    if words.isdisjoint(_CONJUNCTIONS):
        return parts
    return [piece for part in parts for piece in _CONJUNCTION_BREAK.split(part)]


def _clause_facts(clause: str, rules: Sequence[_Rule], speaker: str, speakers: Sequence[str],
                  negated: bool) -> list[FactMatch]:
    facts: list[FactMatch] = []
    done: set[str] = set()
    for _, pattern, aspect, template, rule_negated, confidence in rules:
        match = None if aspect in done else pattern.search(clause)
        obj = _clean_object(match.group("x"), speaker, speakers) if match else ""
        if match is None or not obj or (aspect in _OPEN_ENDED and _vague(obj)):
            continue
        if aspect == "activities":
            obj = obj.removeprefix("doing ")  # "started doing yoga"
        if aspect == "plans" and _GOING_TO_PLACE.match(obj):
            obj = f"go to {obj}"  # "I'm going to the beach"
        number = (match.groupdict().get("n") or "").lower()
        article = "" if obj.lower().endswith(_PLURAL_ENDINGS) else "a "
        statement = template.format(s=speaker, x=obj, n=number, a=article).replace("  ", " ")
        is_negated = negated != rule_negated
        if is_negated:  # its own Fact and BELIEF edge, so a reader never sees it as the claim
            statement = _negate(statement, speaker)
        facts.append(FactMatch(aspect, statement, is_negated, confidence, clause.strip()))
        done.add(aspect)
    return facts


def _negate(statement: str, speaker: str) -> str:
    """"Odile lives in X" -> "Odile no longer lives in X"; "is" -> "is no longer"."""
    if statement.startswith(f"{speaker} is "):
        return statement.replace(" is ", " is no longer ", 1)
    return statement.replace(f"{speaker} ", f"{speaker} no longer ", 1)


def _vague(obj: str) -> bool:
    return set(tokenize(obj)) <= _VAGUE_WORDS


def _clean_object(raw: str, speaker: str, speakers: Sequence[str]) -> str:
    """The object phrase cut at the first clause break, pronouns resolved; "" for objects
    that say nothing ("I love it", "I love how..."). A phrase longer than MAX_WORDS is cut
    before its last infinitive or linking word within them ("keep using my voice | to make a
    difference"), never mid-phrase; with no such place it is dropped."""
    obj = _STOP_AT.sub("", raw.strip())
    obj = _LIGHT_START.sub("", obj)  # "looking into counseling" -> "counseling"
    if not obj or _BAD_OBJECT.match(obj + " "):
        return ""
    tokens = obj.split()
    if len(tokens) > MAX_WORDS:
        cuts = [i for i, w in enumerate(tokens[:MAX_WORDS + 1]) if i >= 2
                and w.lower() in _CUT_BEFORE]
        if not cuts:
            return ""
        tokens = tokens[:cuts[-1]]
    obj = _TRAILING_WORDS.sub("", " ".join(tokens).rstrip(" '\"’"))
    return resolve_pronouns(obj, speaker, speakers)
