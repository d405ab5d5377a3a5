// mode: read
// params: $ns, $calls
// returns: i (the call's index), rows, a list of maps of id, started_at, date, date_end, dates
// When an episode happened and when its session started (the first session by id), for every
// call of $calls = [{i, event_id}].
CYPHER replan=skip
UNWIND $calls AS call
CALL (call) {
  MATCH (e:Episode {id: call.event_id}) USING INDEX SEEK e:Episode(id)
  WHERE e.ns = $ns
  OPTIONAL MATCH (s)-[:HAS_EPISODE]->(e)
  WITH e, s
  ORDER BY s.id
  LIMIT 1
  RETURN e.id AS id, s.started_at AS started_at, e.date AS date, e.date_end AS date_end,
         e.dates AS dates
}
RETURN call.i AS i, collect({id: id, started_at: started_at, date: date, date_end: date_end,
                            dates: dates}) AS rows
