// mode: read
// params: $ns, $calls
// returns: i (the call's index), rows, a list of maps of entity, fact_id, fact_statement,
// belief (the BELIEF edge's properties), episodes (list of {id, dia_ids}: the fact's
// provenance). Unordered: the caller sorts.
// For every call of $calls = [{i, key, aspect}]; aspect null = every aspect.
CYPHER replan=skip
UNWIND $calls AS call
CALL (call) {
  MATCH (c:Cue) USING INDEX SEEK c:Cue(key)
  WHERE c.ns = $ns AND c.key = call.key
  MATCH (c)-[b:BELIEF]->(f)
  WHERE call.aspect IS NULL OR b.aspect = call.aspect
  CALL (f) {
    MATCH (f)-[:FROM_EPISODE]->(e)
    RETURN collect(e {.id, .dia_ids}) AS episodes
  }
  RETURN c.name AS entity, f.id AS fact_id, f.statement AS fact_statement,
         properties(b) AS belief, episodes
}
RETURN call.i AS i, collect({entity: entity, fact_id: fact_id, fact_statement: fact_statement,
                            belief: belief, episodes: episodes}) AS rows
