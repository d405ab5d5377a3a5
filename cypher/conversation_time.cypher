// mode: read
// params: $ns, $event_id
// returns: id, started_at, date, date_end, dates
// When an episode happened and when its session started (the first session by id).
MATCH (e:Episode {id: $event_id})
WHERE e.ns = $ns
OPTIONAL MATCH (s)-[:HAS_EPISODE]->(e)
WITH e, s
ORDER BY s.id
LIMIT 1
RETURN e.id AS id, s.started_at AS started_at, e.date AS date, e.date_end AS date_end,
       e.dates AS dates
