// mode: read
// params: $ns, $conversation_id, $session, $first, $last
// returns: turn (map: id, dia_id, speaker, text, blip_caption, session, index, date,
// conversation_id), session_date, event_id, dates (the turn's DateMention property maps, in
// the turn's order)
// The turns of the Session with this conversation_id and number whose index is in
// [$first, $last] (unordered: the caller sorts). session_date and event_id as in
// search_turns.cypher.
MATCH (s:Session {conversation_id: $conversation_id})
WHERE s.ns = $ns AND s.number = $session
MATCH (s)-[:HAS_TURN]->(t:Turn)
WHERE $first <= coalesce(t.index, 0) <= $last
WITH DISTINCT t
CALL (t) {
  OPTIONAL MATCH (s:Session)-[:HAS_TURN]->(t)
  RETURN s.date AS session_date
  ORDER BY s.id
  LIMIT 1
}
CALL (t) {
  OPTIONAL MATCH (e:Episode)-[:FROM_TURN]->(t)
  RETURN e.id AS event_id
  ORDER BY e.id
  LIMIT 1
}
CALL (t) {
  OPTIONAL MATCH (t)-[:MENTIONS_DATE]->(m)
  WITH m ORDER BY m.index
  RETURN collect(properties(m)) AS dates
}
RETURN t {.id, .dia_id, .speaker, .text, .blip_caption, .session, .index, .date,
          .conversation_id} AS turn, session_date, event_id, dates
