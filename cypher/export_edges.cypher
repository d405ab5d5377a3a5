// mode: read
// params: $ns
// returns: type, src, dst, props (every relationship leaving a node of the namespace; the caller
// sorts by src, type, dst)
MATCH (a:Conversation|Session|Turn|Episode|Cue|Tag|Fact|Topic|Experience|Proposal|PracticeRound|DateMention)-[r]->(b)
WHERE a.ns = $ns
RETURN type(r) AS type, a.id AS src, b.id AS dst, properties(r) AS props
