"""The offline reader: the answer step every mode uses when no LLM is configured
(mrgraph.policies.answer.extractive_answer calls `read.read`). It reads what the walk found, a
frozen value (mrgraph.found.Found), and imports no policy.

  question    what the question asks for (kind, person, head noun, verb)
  evidence    the sentences of the turns read, scored; whom a sentence is about
  phrases     the answer phrase inside a sentence; lists, durations, counts, negation
  ranker      which phrase answers what/who/where: fitted weights (benchmarks/fit_ranker.py)
  words       closed English word classes, irregular verbs, `lemma` (where a lemma table plugs in)
  dates       dates as people say them
  confidence  P(correct), a logistic model fitted by benchmarks/calibration.py
  lists       the items of a list question, gathered across turns
  choice      the option of "A or B" the evidence mentions most
  read        the answer step itself
"""
