"""The offline reader: the answer step every mode uses when no LLM is configured.

  question    what the question asks for (kind, person, head noun, verb)
"""
