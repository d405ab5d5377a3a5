// mode: read
// params: $ns, $event_id
// returns: id, turn (map: dia_id, speaker, text, session, index, date), in_event, session_date
// The episode's own turns and every turn of its session (the first session by id, as a
// fallback there is exactly one); the caller keeps the window around the own turns.
MATCH (e:Episode {id: $event_id})
WHERE e.ns = $ns
CALL (e) {
  MATCH (e)-[:FROM_TURN]->(t)
  RETURN collect(t) AS own
}
CALL (e) {
  OPTIONAL MATCH (s)-[:HAS_EPISODE]->(e)
  RETURN s
  ORDER BY s.id
  LIMIT 1
}
CALL (s) {
  OPTIONAL MATCH (s)-[:HAS_TURN]->(t)
  RETURN collect(t) AS pool
}
WITH s, own, [t IN own | t.id] AS own_ids, own + pool AS turns
UNWIND turns AS t
WITH DISTINCT s, own_ids, t
RETURN t.id AS id, t {.dia_id, .speaker, .text, .session, .index, .date} AS turn,
       t.id IN own_ids AS in_event, s.date AS session_date
