// mode: read
// params: $ns, $keys, $fact_ids
// returns: cues (list of {key, id}: the entity cues by normalised name), facts (ids of the
// Fact nodes among $fact_ids)
// replace_beliefs checks every belief's two ends exist before it deletes anything.
CYPHER replan=skip
CALL () {
  UNWIND $keys AS key
  MATCH (c:Cue) USING INDEX SEEK c:Cue(key)
  WHERE c.ns = $ns AND c.key = key
  RETURN collect({key: key, id: c.id}) AS cues
}
CALL () {
  UNWIND $fact_ids AS id
  MATCH (f:Fact {id: id}) USING INDEX SEEK f:Fact(id)
  WHERE f.ns = $ns
  RETURN collect(f.id) AS facts
}
RETURN cues, facts
