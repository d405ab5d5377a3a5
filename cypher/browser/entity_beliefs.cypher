// mode: read
// params: $ns, $entity
// returns: a graph: the entity cue, its BELIEF edges (confidence, status, history on the edge),
// the facts and the episodes each fact came from (FROM_EPISODE)
// Neo4j Browser: paste the :param lines of this file's row in the README first (ns, entity)
MATCH (c:Cue {ns: $ns})
WHERE c.key = toLower(trim($entity)) OR c.name = $entity
MATCH (c)-[b:BELIEF]->(f:Fact)
OPTIONAL MATCH (f)-[fe:FROM_EPISODE]->(e:Episode)
RETURN c, b, f, fe, e
