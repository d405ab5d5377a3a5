// mode: read
// params: $ns, $calls
// returns: i (the call's index), rows, a list of maps of id, turn (map: dia_id, speaker, text,
// session, index, date, blip_caption, conversation_id), in_event, session_date, dates (the
// turn's DateMention property maps)
// The episode's own turns and every turn of its session (the first session by id, as a
// fallback there is exactly one), within `window` turns of the own ones. For every call of
// $calls = [{i, event_id, window}].
CYPHER replan=skip
UNWIND $calls AS call
CALL (call) {
  MATCH (e:Episode {id: call.event_id}) USING INDEX SEEK e:Episode(id)
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
  WITH call, s, [t IN own | t.id] AS own_ids, own + pool AS turns,
       [t IN own | coalesce(t.index, 0)] AS own_index
  WHERE size(own_index) > 0
  // only the window around the own turns travels (the caller applies the same bounds)
  WITH s, own_ids, turns, CASE WHEN call.window > 0 THEN call.window ELSE 0 END AS w,
       reduce(m = own_index[0], x IN own_index | CASE WHEN x < m THEN x ELSE m END) AS first,
       reduce(m = own_index[0], x IN own_index | CASE WHEN x > m THEN x ELSE m END) AS last
  UNWIND turns AS t
  WITH DISTINCT s, own_ids, t, first - w AS lo, last + w AS hi
  WHERE lo <= coalesce(t.index, 0) <= hi
  CALL (t) {
    OPTIONAL MATCH (t)-[:MENTIONS_DATE]->(m)
    WITH m ORDER BY m.index
    RETURN collect(properties(m)) AS dates
  }
  RETURN t.id AS id, t {.dia_id, .speaker, .text, .session, .index, .date, .blip_caption,
                           .conversation_id} AS turn,
         t.id IN own_ids AS in_event, s.date AS session_date, dates
}
RETURN call.i AS i, collect({id: id, turn: turn, in_event: in_event,
                            session_date: session_date, dates: dates}) AS rows
