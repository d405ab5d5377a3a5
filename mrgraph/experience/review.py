"""Review by rules (offline): groundedness by perturbation, generalisability by entity swap.

Calibration (a counterfactual on a question item):
  grounded  the variant's gain must come from this item's truth: both runs re-scored against a
            perturbed label (a same-kind item's answer turn and answer, swapped in) must not
            show the same gain - a variant that wins whatever is true is not grounded in it;
  general   the same change on the entity-swapped questions (SWAPS same-kind items about
            other words) must not do worse overall (fewer of them worse than better, no net
            loss), and the statement must not name the item's words.
Pattern:
  grounded  the person's cited statements are perturbed (swapped to another speaker); re-run
            on the perturbed turns, the derivation must stop holding;
  general   the statement must not name a word of the item's own turn that none of the cited
            turns say (which would single the item out)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from mrgraph.experience.items import PatternItem, QuestionItem, Utterance
from mrgraph.experience.records import Proposal
from mrgraph.experience.reflect import PATTERN_STATEMENT, Counterfactual, pattern_holds
from mrgraph.experience.trial import Score, score
from mrgraph.text import tokenize

SWAPPED = "\x00someone else"  # the speaker perturbed statements are given to


def perturbed_gain(cf: Counterfactual, distractor: QuestionItem) -> float:
    base = score(cf.base.answer, distractor.dia_ids, distractor.answer)
    variant = score(cf.variant.answer, distractor.dia_ids, distractor.answer)
    return variant.value - base.value


def review_calibration(cf: Counterfactual, item: QuestionItem,
                       distractor: QuestionItem | None,
                       swapped: Sequence[Callable[[], tuple[Score, Score]]]) -> Proposal:
    """`distractor`: a same-kind item of another turn (its label is the perturbed one);
    `swapped`: for each same-kind alternative, runs of the base and the variant knobs on its
    question. No alternative fails the review: nothing shows the change generalises."""
    gain = cf.variant.value - cf.base.value
    grounded = distractor is not None and perturbed_gain(cf, distractor) < gain
    general = bool(swapped) and not _names(cf.proposal.statement, item.entities)
    if general:
        runs = [run() for run in swapped]
        better = sum(v.value > b.value + 1e-9 for b, v in runs)
        worse = sum(v.value < b.value - 1e-9 for b, v in runs)
        general = worse == 0 or (worse < better and
                                 sum(v.value - b.value for b, v in runs) >= 0)
    return replace(cf.proposal, grounded=grounded, general=general)


def perturb(utterances: Sequence[Utterance], proposal: Proposal) -> list[Utterance]:
    """The cited statements of the proposal's person swapped to another speaker."""
    cited = set(zip(proposal.conversation_ids, proposal.dia_ids))
    return [replace(u, speaker=SWAPPED) if (u.conversation_id, u.dia_id) in cited
            and u.speaker == proposal.subject else u for u in utterances]


def review_pattern(proposal: Proposal, item: PatternItem,
                   utterances: Sequence[Utterance]) -> Proposal:
    holds = pattern_holds(utterances, item.person, item.conversation_id, item.session,
                          proposal.rule)
    after = pattern_holds(perturb(utterances, proposal), item.person, item.conversation_id,
                          item.session, proposal.rule)
    own = next((u for u in utterances if u.conversation_id == item.conversation_id
                and u.dia_id == item.dia_id), None)
    cited = {(c, d) for c, d in zip(proposal.conversation_ids, proposal.dia_ids)}
    said = {t for u in utterances if (u.conversation_id, u.dia_id) in cited
            for t in tokenize(u.text)}
    specific = set(tokenize(own.text)) - said if own is not None else set()
    template = set(tokenize(PATTERN_STATEMENT)) | set(tokenize(proposal.subject))
    general = not (set(tokenize(proposal.statement)) - template) & specific
    return replace(proposal, grounded=holds and not after, general=general)


def _names(statement: str, entities: Sequence[str]) -> bool:
    words = set(tokenize(statement))
    return any(set(tokenize(e)) and set(tokenize(e)) <= words for e in entities)
