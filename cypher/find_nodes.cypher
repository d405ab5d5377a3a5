// mode: read
// params: $ns, $ids
// returns: id (those of $ids that are nodes of the namespace, whatever their label)
// write_batch: which edge ends outside the batch exist, checked before anything is written.
UNWIND $ids AS id
CALL (id) {
  MATCH (n:Conversation {id: id}) RETURN n
  UNION MATCH (n:Session {id: id}) RETURN n
  UNION MATCH (n:Turn {id: id}) RETURN n
  UNION MATCH (n:Episode {id: id}) RETURN n
  UNION MATCH (n:Cue {id: id}) RETURN n
  UNION MATCH (n:Tag {id: id}) RETURN n
  UNION MATCH (n:Fact {id: id}) RETURN n
  UNION MATCH (n:Topic {id: id}) RETURN n
}
WITH n WHERE n.ns = $ns
RETURN DISTINCT n.id AS id
