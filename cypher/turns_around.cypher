// mode: read
// params: $ns, $ids, $window
// returns: turn (map: id, dia_id, speaker, text, blip_caption, session, index, date,
// conversation_id), own (true for a turn asked by id), session_date, event_id, dates (the
// turn's DateMention property maps, in the turn's order)
// The turns with these ids and, with $window > 0, every turn of the same session (the asked
// turn's session of least id) whose index is within $window of it. A turn may come twice (own
// and not): the caller keeps own, dedupes and sorts. session_date and event_id as in
// search_turns.cypher.
UNWIND $ids AS id
MATCH (t:Turn {id: id})
WHERE t.ns = $ns
CALL (t) {
  OPTIONAL MATCH (s:Session)-[:HAS_TURN]->(t)
  RETURN s
  ORDER BY s.id
  LIMIT 1
}
CALL (s, t) {
  WITH s, t WHERE s IS NOT NULL AND $window > 0
  MATCH (s)-[:HAS_TURN]->(o:Turn)
  WHERE o <> t AND abs(coalesce(o.index, 0) - coalesce(t.index, 0)) <= $window
  RETURN collect(o) AS around
}
UNWIND [{turn: t, own: true}] + [o IN around | {turn: o, own: false}] AS item
WITH DISTINCT item.turn AS turn, item.own AS own
CALL (turn) {
  OPTIONAL MATCH (s:Session)-[:HAS_TURN]->(turn)
  RETURN s.date AS session_date
  ORDER BY s.id
  LIMIT 1
}
CALL (turn) {
  OPTIONAL MATCH (e:Episode)-[:FROM_TURN]->(turn)
  RETURN e.id AS event_id
  ORDER BY e.id
  LIMIT 1
}
CALL (turn) {
  OPTIONAL MATCH (turn)-[:MENTIONS_DATE]->(m)
  WITH m ORDER BY m.index
  RETURN collect(properties(m)) AS dates
}
RETURN turn {.id, .dia_id, .speaker, .text, .blip_caption, .session, .index, .date,
             .conversation_id} AS turn, own, session_date, event_id, dates
