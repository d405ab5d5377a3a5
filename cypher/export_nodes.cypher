// mode: read
// params: $ns
// returns: labels, props (every node of the namespace; the caller sorts by id)
MATCH (n:Conversation|Session|Turn|Episode|Cue|Tag|Fact|Topic|Experience|Proposal|PracticeRound|DateMention)
WHERE n.ns = $ns
RETURN labels(n) AS labels, properties(n) AS props
