// mode: read
// params: $ns
// returns: type, count (types with no relationship are absent)
MATCH (a:Conversation|Session|Turn|Episode|Cue|Tag|Fact|Topic|Experience|Proposal|PracticeRound|DateMention)-[r]->()
WHERE a.ns = $ns
RETURN type(r) AS type, count(*) AS count
