"""Semantic facts about a speaker, by rule patterns over first-person sentences.

Each rule reads one sentence of a turn and yields (aspect, statement about the speaker):

  location             "I live in X", "I moved to X"          -> "Caroline lives in X"
  origin               "I'm from X", "I come from X"           -> "Caroline is from X"
  job                  "I work as/at X", "my job as/at X", "I got a job at X", "I'm a nurse"
                       "I lost/quit/left my job (as/at X)"     -> negated
  likes                "I love/like/enjoy/adore X"             -> "Caroline likes X"
  pets / family        "I have a dog / two kids", "my dog", "my husband"
  plans                "I'm going/planning/hoping to X", "I plan to X", "gonna X"
  relationship_status  "I'm single/married/...", "I got married/engaged/divorced"
  activities           "I started/took up X-ing" ; "I quit/stopped/gave up X-ing" -> negated

Negation: "no longer", "don't/do not", "not", "never" after the subject, or "anymore", turn the
statement into a negated observation of the positive one ("I don't live in Boston anymore" ->
"Caroline lives in Boston", negated=True), so it lands on the same Fact as the positive claim.
Objects are cut at the first clause break and at 6 words, and pronouns in them are resolved.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

from mrgraph.ingest.preprocess import resolve_pronouns


@dataclass(frozen=True)
class FactMatch:
    aspect: str
    statement: str
    negated: bool
    confidence: float


# Rules read one clause at a time, so a negation only reaches its own clause ("I got a job at X,
# so I don't live in Y anymore": the job is not negated).
_ABBREVIATION = re.compile(r"\b(St|Mt|Dr|Mr|Mrs|Ms|Jr|Sr|Ft)\.")
_CLAUSE_BREAK = re.compile(r"[.!?;,:\n–—()]+|\s-\s|\s(?:but|so|because|although|though|while)\s",
                           re.I)
# Matched on lowercased text (case-sensitive matching is much faster than re.I).
_FIRST_PERSON = re.compile(r"\b(?:i|i'm|i've|my|me)\b|^\s*(?:lost|quit|left|got|gonna)\b")
_NEGATION = re.compile(r"(?<=\bI )(?:no longer|don't|do not|never)\s+|(?<=\bI'm )(?:not|no longer)\s+"
                       r"|(?<=\bI am )(?:not|no longer)\s+|\s+any ?more\b", re.I)
_ADV = r"(?:(?:also|just|recently|finally|actually|really|currently|still|now|absolutely|totally|truly|so) )*"
_OBJECT = r"(?P<x>[^,;:()\-–—]+)"
_STOP_AT = re.compile(
    r"\s+(?:and|but|because|so|since|with|at|in|on|for|near|during|after|before|when|which|who|while|though|although|if|or|yesterday|today|"
    r"tonight|tomorrow|last|next|this|these days|recently|right now|lately|"
    r"(?:\w+ )?(?:days?|weeks?|months?|years?) ago)\b.*", re.I)
_BAD_OBJECT = re.compile(
    r"(?:it|that|this|these|those|you|your|how|what|when|where|the way|to hear|hearing|to see|"
    r"seeing|them|him|her|us|me|myself|yourself|so much|a lot)\b", re.I)

_PETS = r"dogs?|cats?|pupp(?:y|ies)|kittens?|hamsters?|rabbits?|bunn(?:y|ies)|birds?|parrots?|fish|horses?|turtles?|guinea pigs?|snakes?|lizards?"
_KIN = r"kids?|children|child|sons?|daughters?|brothers?|sisters?|siblings?|grandkids|grandchildren"
_SPOUSE = r"husband|wife|partner|boyfriend|girlfriend|fianc[eé]e?|spouse"
_PARENT = r"mom|mother|dad|father|parents|grandma|grandmother|grandpa|grandfather|family"
_JOBS = r"teacher|nurse|doctor|engineer|developer|programmer|designer|artist|writer|musician|student|lawyer|chef|cook|banker|counselor|therapist|photographer|accountant|manager|scientist|researcher|dancer|painter|firefighter|police officer|mechanic|pilot|veteran|entrepreneur|consultant|social worker|pharmacist|architect|carpenter|electrician|plumber|farmer|librarian|journalist|actor|singer"
_PET_HINTS = ("dog", "cat", "pupp", "kitten", "hamster", "rabbit", "bunn", "bird", "parrot",
              "fish", "horse", "turtle", "guinea", "snake", "lizard")
_KIN_HINTS = ("kid", "child", "son", "daughter", "brother", "sister", "sibling", "grand",
              "husband", "wife", "partner", "friend", "fianc", "spouse", "mom", "mother",
              "dad", "father", "parent", "family")
_STATUS_HINTS = ("single", "married", "divorced", "engaged", "widowed", "separated",
                 "relationship", "dating", "seeing someone")
_STATUS = r"single|married|divorced|engaged|widowed|separated|in a relationship|dating someone|seeing someone"

# (hints, pattern, aspect, template, negated, confidence): a rule only runs on a sentence holding
# one of its hint substrings (lowercase), which keeps extraction fast.
# Template fields: {s} speaker, {x} object, {n} number, {a} article.
_Rule = tuple[frozenset[str], re.Pattern[str], str, str, bool, float]
_RULE_SOURCES: tuple[tuple[tuple[str, ...], str, str, str, bool, float], ...] = (
    (("liv",), r"\bI(?:'m| am)? " + _ADV + r"(?:live|living) in " + _OBJECT, "location",
     "{s} lives in {x}", False, 0.8),
    (("moved", "relocated"), r"\bI(?:'ve)? " + _ADV + r"(?:moved|relocated) (?:back )?to "
     + _OBJECT, "location", "{s} lives in {x}", False, 0.75),
    (("from",), r"\bI(?:'m| am) (?:originally )?from " + _OBJECT, "origin", "{s} is from {x}",
     False, 0.8),
    (("from",), r"\bI " + _ADV + r"come from " + _OBJECT, "origin", "{s} is from {x}",
     False, 0.8),
    (("work",), r"\bI(?:'m| am)? " + _ADV + r"work(?:ing)? as " + _OBJECT, "job",
     "{s} works as {x}", False, 0.8),
    (("work",), r"\bI(?:'m| am)? " + _ADV + r"work(?:ing)? (?:at|for) " + _OBJECT, "job",
     "{s} works at {x}", False, 0.8),
    (("job",), r"\b(?:lost|quit|left) my (?:old )?job as " + _OBJECT, "job",
     "{s} works as {x}", True, 0.8),
    (("job",), r"\b(?:lost|quit|left) my (?:old )?job (?:at|with) " + _OBJECT,
     "job", "{s} works at {x}", True, 0.8),
    (("job",), r"\b(?:got|have|my) (?:a |my )?(?:new )?job as " + _OBJECT, "job",
     "{s} works as {x}", False, 0.75),
    (("job",), r"\b(?:got|have|my) (?:a |my )?(?:new )?job (?:at|with) "
     + _OBJECT, "job", "{s} works at {x}", False, 0.75),
    (("i'm a", "i am a"), r"\bI(?:'m| am) (?:an? )(?:\w+ )?(?P<x>" + _JOBS + r")\b", "job",
     "{s} is a {x}", False, 0.75),
    (("love", "like", "enjoy", "adore"), r"\bI " + _ADV + r"(?:love|like|enjoy|adore) "
     + _OBJECT, "likes", "{s} likes {x}", False, 0.7),
    (_PET_HINTS, r"\bI (?:have|'ve got|got) (?P<n>a|an|one|two|three|four|five|\d+) "
     r"(?:\w+ )?(?P<x>" + _PETS + r")\b", "pets", "{s} has {n} {x}", False, 0.8),
    (("adopted",), r"\bI(?:'ve)? " + _ADV + r"adopted (?P<n>a|an|one|two|three|\d+) (?:\w+ )?(?P<x>"
     + _PETS + r")\b", "pets", "{s} has {n} {x}", False, 0.8),
    (_PET_HINTS, r"\bmy (?:\w+ )?(?P<x>" + _PETS + r")\b", "pets", "{s} has {a}{x}", False, 0.7),
    (_KIN_HINTS, r"\bI (?:have|'ve got) (?P<n>a|an|one|two|three|four|five|\d+) "
     r"(?:\w+ )?(?P<x>" + _KIN + r")\b", "family", "{s} has {n} {x}", False, 0.8),
    (_KIN_HINTS, r"\bmy (?P<x>" + _KIN + "|" + _SPOUSE + "|" + _PARENT + r")\b", "family",
     "{s} has {a}{x}", False, 0.7),
    (("going to", "planning to", "hoping to", "about to"),
     r"\bI(?:'m| am) " + _ADV + r"(?:going|planning|hoping|about) to " + _OBJECT,
     "plans", "{s} plans to {x}", False, 0.7),
    (("plan to", "intend to"), r"\b(?:I )?" + _ADV + r"(?:plan|intend) to " + _OBJECT, "plans",
     "{s} plans to {x}", False, 0.7),
    (("gonna",), r"(?:\bI(?:'m| am) |^\s*)" + _ADV + r"gonna " + _OBJECT, "plans",
     "{s} plans to {x}", False, 0.7),
    (_STATUS_HINTS, r"\bI(?:'m| am) " + _ADV + r"(?P<x>" + _STATUS + r")\b",
     "relationship_status", "{s} is {x}", False, 0.8),
    (("got",), r"\bI " + _ADV + r"got (?P<x>married|engaged|divorced)\b",
     "relationship_status", "{s} is {x}", False, 0.8),
    (("started", "began", "took up"), r"\bI(?:'ve)? " + _ADV
     + r"(?:started|began|took up) (?P<x>\w+ing\b[^,;:()]*)", "activities", "{s} does {x}",
     False, 0.7),
    (("quit", "stopped", "gave up"), r"\bI(?:'ve)? " + _ADV
     + r"(?:quit|stopped|gave up) (?P<x>\w+ing\b[^,;:()]*)", "activities", "{s} does {x}",
     True, 0.75),
)
_RULES: tuple[_Rule, ...] = tuple(
    (frozenset(hints), re.compile(pattern, re.I), aspect, template, neg, conf)
    for hints, pattern, aspect, template, neg, conf in _RULE_SOURCES)
# All hints in one pass (longest first); hints are chosen so that none hides inside another.
_HINTS = re.compile("|".join(re.escape(h) for h in sorted(
    {h for rule in _RULES for h in rule[0]}, key=lambda h: (-len(h), h))))
_NEGATION_HINTS = ("no longer", "don't", "do not", "not ", "never", "more")
_PLURAL_ENDINGS = ("s", "children", "family", "fish")
_GOING_TO_PLACE = re.compile(r"(?:the|a|an|my|our|some) ", re.I)


def find_facts(text: str, speaker: str, speakers: Sequence[str]) -> list[FactMatch]:
    """The facts `speaker` states about themself in `text`, in order; one per aspect and
    statement."""
    found: dict[tuple[str, str], FactMatch] = {}
    if not _FIRST_PERSON.search(text.lower()):
        return []
    text = _ABBREVIATION.sub(r"\1", text.replace("’", "'"))  # "St. Helen's" is one clause
    for sentence in _CLAUSE_BREAK.split(text):
        lowered = sentence.lower()
        if not _FIRST_PERSON.search(lowered):
            continue
        negated = 0
        if any(h in lowered for h in _NEGATION_HINTS):
            sentence, negated = _NEGATION.subn("", sentence)
        for fact in _sentence_facts(sentence, speaker, speakers, negated > 0):
            found.setdefault((fact.aspect, fact.statement.lower()), fact)
    return list(found.values())


def _sentence_facts(sentence: str, speaker: str, speakers: Sequence[str],
                    negated: bool) -> list[FactMatch]:
    facts: list[FactMatch] = []
    present = set(_HINTS.findall(sentence.lower()))
    for hints, pattern, aspect, template, rule_negated, confidence in _RULES:
        if present.isdisjoint(hints) or any(f.aspect == aspect for f in facts):
            continue  # one fact per aspect and sentence: rules run from specific to generic
        match = pattern.search(sentence)
        if match is None:
            continue
        obj = _clean_object(match.group("x"), speaker, speakers)
        if not obj:
            continue
        if aspect == "activities":
            obj = obj.removeprefix("doing ")  # "started doing yoga"
        if aspect == "plans" and _GOING_TO_PLACE.match(obj):
            obj = f"go to {obj}"  # "I'm going to the beach"
        groups = match.groupdict()
        number = (groups.get("n") or "").lower()
        article = "" if obj.lower().endswith(_PLURAL_ENDINGS) else "a "
        statement = template.format(s=speaker, x=obj, n=number, a=article).replace("  ", " ")
        facts.append(FactMatch(aspect, statement, negated != rule_negated, confidence))
    return facts


def _clean_object(raw: str, speaker: str, speakers: Sequence[str]) -> str:
    """The object phrase cut at the first clause break, at most 6 words, pronouns resolved;
    "" for objects that say nothing ("I love it", "I love how...")."""
    obj = _STOP_AT.sub("", raw.strip())
    if not obj or _BAD_OBJECT.fullmatch(obj.split()[0]) or _BAD_OBJECT.match(obj + " "):
        return ""
    obj = " ".join(obj.split()[:6]).rstrip(" '\"’")
    obj = re.sub(r"\s+(?:a|an|the|to|of|for|with|in|at|on|my|your)$", "", obj, flags=re.I)
    return resolve_pronouns(obj, speaker, speakers)
