// mode: read
// params: $ns
// returns: label, count (labels with no node are absent)
MATCH (n:Conversation|Session|Turn|Episode|Cue|Tag|Fact|Topic|Experience|Proposal|PracticeRound|DateMention)
WHERE n.ns = $ns
RETURN head(labels(n)) AS label, count(*) AS count
