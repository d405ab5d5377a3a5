// mode: read
// params: $ns, $entities
// returns: entity, fact_id, aspect, statement, episode_id, evidence (FROM_EPISODE properties),
// episode_date (unordered: the caller sorts by date, episode id, fact id)
CYPHER replan=skip
UNWIND $entities AS entity
MATCH (f:Fact) USING INDEX SEEK f:Fact(entity)
WHERE f.ns = $ns AND f.entity = entity
MATCH (f)-[r:FROM_EPISODE]->(e)
RETURN entity, f.id AS fact_id, f.aspect AS aspect, f.statement AS statement,
       e.id AS episode_id, properties(r) AS evidence, e.date AS episode_date
