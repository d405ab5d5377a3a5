// mode: read
// params: $ns, $calls
// returns: i (the call's index), id, turn (map: dia_id, speaker, text, session, index, date),
// in_event, session_date
// The episode's own turns and every turn of its session (the first session by id, as a
// fallback there is exactly one); the caller keeps the window around the own turns. For every
// call of $calls = [{i, event_id}].
UNWIND $calls AS call
CALL (call) {
  MATCH (e:Episode {id: call.event_id})
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
}
RETURN call.i AS i, id, turn, in_event, session_date
