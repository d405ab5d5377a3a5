// mode: read
// params: $ns, $entity
// returns: rows: aspect, statement, confidence, status, support, first_seen, last_seen,
// episodes, history (JSON): every candidate conclusion, not just the top one
// Neo4j Browser: paste the :param lines of this file's row in the README first (ns, entity)
MATCH (c:Cue {ns: $ns})
WHERE c.key = toLower(trim($entity)) OR c.name = $entity
MATCH (c)-[b:BELIEF]->(f:Fact)
OPTIONAL MATCH (f)-[:FROM_EPISODE]->(e:Episode)
WITH b, f, collect(e.date) AS dates
RETURN b.aspect AS aspect, coalesce(b.statement, f.statement) AS statement,
       b.confidence AS confidence, b.status AS status, b.support AS support,
       b.first_seen AS first_seen, b.last_seen AS last_seen, size(dates) AS episodes,
       b.history AS history
ORDER BY aspect, confidence DESC, statement
