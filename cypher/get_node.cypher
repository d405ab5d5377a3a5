// mode: read
// params: $ns, $id
// returns: labels, props (all properties, id and ns included)
// A node by id whatever its label: one index seek per label (the id constraints), rather than a
// scan of every node.
CALL () {
  MATCH (n:Conversation {id: $id}) RETURN n
  UNION MATCH (n:Session {id: $id}) RETURN n
  UNION MATCH (n:Turn {id: $id}) RETURN n
  UNION MATCH (n:Episode {id: $id}) RETURN n
  UNION MATCH (n:Cue {id: $id}) RETURN n
  UNION MATCH (n:Tag {id: $id}) RETURN n
  UNION MATCH (n:Fact {id: $id}) RETURN n
  UNION MATCH (n:Topic {id: $id}) RETURN n
  UNION MATCH (n:Experience {id: $id}) RETURN n
  UNION MATCH (n:Proposal {id: $id}) RETURN n
  UNION MATCH (n:PracticeRound {id: $id}) RETURN n
  UNION MATCH (n:DateMention {id: $id}) RETURN n
}
WITH n WHERE n.ns = $ns
RETURN labels(n) AS labels, properties(n) AS props
