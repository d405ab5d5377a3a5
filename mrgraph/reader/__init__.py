"""The offline reader: the answer step every mode uses when no LLM is configured
(mrgraph.policies.answer.extractive_answer calls `read.read`). It reads what the walk found, a
frozen value (mrgraph.found.Found), and imports no policy.

  question    what the question asks for (kind, person, head noun, verb)
  evidence    the sentences of the turns read, scored; whom a sentence is about
  phrases     the answer phrase inside a sentence
  forms       answers of a fixed form: a span of time, a frequency, a denial
  feelings    how someone felt or describes a thing: the words of feeling said
  ranker      which phrase answers what/who/where: fitted weights (benchmarks/fit_ranker.py)
  words       closed English word classes, irregular verbs, `lemma` (where a lemma table plugs in)
  dates       dates as people say them
  confidence  P(correct), a logistic model fitted by benchmarks/calibration.py
  read        the answer step itself
"""
