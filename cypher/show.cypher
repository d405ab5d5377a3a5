// mode: read
// params: $ns, $id
// returns: labels, props, out, inc (lists of {type, props, labels, node}: each edge with the
// neighbour's labels and properties; unordered: the caller sorts by type, then neighbour id)
CALL () {
  MATCH (n:Conversation {id: $id}) RETURN n
  UNION MATCH (n:Session {id: $id}) RETURN n
  UNION MATCH (n:Turn {id: $id}) RETURN n
  UNION MATCH (n:Episode {id: $id}) RETURN n
  UNION MATCH (n:Cue {id: $id}) RETURN n
  UNION MATCH (n:Tag {id: $id}) RETURN n
  UNION MATCH (n:Fact {id: $id}) RETURN n
  UNION MATCH (n:Topic {id: $id}) RETURN n
  UNION MATCH (n:DateMention {id: $id}) RETURN n
}
WITH n WHERE n.ns = $ns
CALL (n) {
  MATCH (n)-[r]->(m)
  RETURN collect({type: type(r), props: properties(r), labels: labels(m), node: properties(m)})
    AS out
}
CALL (n) {
  MATCH (n)<-[r]-(m)
  RETURN collect({type: type(r), props: properties(r), labels: labels(m), node: properties(m)})
    AS inc
}
RETURN labels(n) AS labels, properties(n) AS props, out, inc
