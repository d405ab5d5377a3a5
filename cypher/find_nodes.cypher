// mode: read
// params: $ns, $ids
// returns: id (those of $ids that are nodes of the namespace, whatever their label)
// write_batch: which edge ends outside the batch exist, checked before anything is written.
CYPHER replan=skip
UNWIND $ids AS id
CALL (id) {
  MATCH (n:Conversation {id: id}) USING INDEX SEEK n:Conversation(id) RETURN n
  UNION MATCH (n:Session {id: id}) USING INDEX SEEK n:Session(id) RETURN n
  UNION MATCH (n:Turn {id: id}) USING INDEX SEEK n:Turn(id) RETURN n
  UNION MATCH (n:Episode {id: id}) USING INDEX SEEK n:Episode(id) RETURN n
  UNION MATCH (n:Cue {id: id}) USING INDEX SEEK n:Cue(id) RETURN n
  UNION MATCH (n:Tag {id: id}) USING INDEX SEEK n:Tag(id) RETURN n
  UNION MATCH (n:Fact {id: id}) USING INDEX SEEK n:Fact(id) RETURN n
  UNION MATCH (n:Topic {id: id}) USING INDEX SEEK n:Topic(id) RETURN n
  UNION MATCH (n:Experience {id: id}) USING INDEX SEEK n:Experience(id) RETURN n
  UNION MATCH (n:Proposal {id: id}) USING INDEX SEEK n:Proposal(id) RETURN n
  UNION MATCH (n:DateMention {id: id}) USING INDEX SEEK n:DateMention(id) RETURN n
}
WITH n WHERE n.ns = $ns
RETURN DISTINCT n.id AS id
