// mode: read
// params: $ns
// returns: labels, props of every Experience, Proposal and PracticeRound node of the namespace
// experience_records: the experiential memory (mrgraph.experience.storage), read whole: it is
// kept small (a token budget) and the proposal pool grows by one practice round at a time.
MATCH (n:Experience|Proposal|PracticeRound)
WHERE n.ns = $ns
RETURN labels(n) AS labels, properties(n) AS props
