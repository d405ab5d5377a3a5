// mode: read
// params: $ns, $labels
// returns: labels, props of the namespace's Experience, Proposal and PracticeRound nodes
// whose label is in $labels
// experience_records: the experiential memory (mrgraph.experience.storage); `ask` reads only
// the Experience nodes, practice the proposal pool and the rounds too.
MATCH (n:Experience|Proposal|PracticeRound)
WHERE n.ns = $ns AND any(label IN labels(n) WHERE label IN $labels)
RETURN labels(n) AS labels, properties(n) AS props
