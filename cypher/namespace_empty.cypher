// mode: read
// params: $ns
// returns: empty (true when the namespace holds no node of any graph-model label)
// neo4j_write.flush, once a write unit: nodes of a namespace that held none before the unit
// are created rather than merged (create_*.cypher). One index seek per label, stopping at the
// first node found.
CYPHER replan=skip
RETURN NOT (
  EXISTS { MATCH (n:Conversation) USING INDEX SEEK n:Conversation(ns) WHERE n.ns = $ns }
  OR EXISTS { MATCH (n:Session) USING INDEX SEEK n:Session(ns) WHERE n.ns = $ns }
  OR EXISTS { MATCH (n:Turn) USING INDEX SEEK n:Turn(ns) WHERE n.ns = $ns }
  OR EXISTS { MATCH (n:Episode) USING INDEX SEEK n:Episode(ns) WHERE n.ns = $ns }
  OR EXISTS { MATCH (n:Cue) USING INDEX SEEK n:Cue(ns) WHERE n.ns = $ns }
  OR EXISTS { MATCH (n:Tag) USING INDEX SEEK n:Tag(ns) WHERE n.ns = $ns }
  OR EXISTS { MATCH (n:Fact) USING INDEX SEEK n:Fact(ns) WHERE n.ns = $ns }
  OR EXISTS { MATCH (n:Topic) USING INDEX SEEK n:Topic(ns) WHERE n.ns = $ns }
  OR EXISTS { MATCH (n:Experience) USING INDEX SEEK n:Experience(ns) WHERE n.ns = $ns }
  OR EXISTS { MATCH (n:Proposal) USING INDEX SEEK n:Proposal(ns) WHERE n.ns = $ns }
  OR EXISTS { MATCH (n:PracticeRound) USING INDEX SEEK n:PracticeRound(ns) WHERE n.ns = $ns }
  OR EXISTS { MATCH (n:DateMention) USING INDEX SEEK n:DateMention(ns) WHERE n.ns = $ns }
) AS empty
