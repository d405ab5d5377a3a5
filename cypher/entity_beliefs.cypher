// mode: read
// params: $ns, $key, $aspect
// returns: entity, fact_id, fact_statement, belief (the BELIEF edge's properties), episodes
// (list of {id, dia_ids}: the fact's provenance). Unordered: the caller sorts.
// $aspect null = every aspect.
MATCH (c:Cue)
WHERE c.ns = $ns AND c.key = $key
MATCH (c)-[b:BELIEF]->(f)
WHERE $aspect IS NULL OR b.aspect = $aspect
CALL (f) {
  MATCH (f)-[:FROM_EPISODE]->(e)
  RETURN collect(e {.id, .dia_ids}) AS episodes
}
RETURN c.name AS entity, f.id AS fact_id, f.statement AS fact_statement,
       properties(b) AS belief, episodes
