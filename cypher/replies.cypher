// mode: read
// params: $ns, $ids, $ahead
// returns: asked, turn (map: id, dia_id, speaker, text, blip_caption, session, index, date,
// conversation_id), session_date, event_id, dates (the turn's DateMention property maps, in
// the turn's order)
// For each turn with one of these ids: the first turn after it in its session (the session
// of least id) whose index is greater by 1 to $ahead and whose speaker is not its own (least
// index, then least dia_id); turns with none give no row. asked: the asked turn's id.
// session_date and event_id as in search_turns.cypher.
UNWIND $ids AS id
MATCH (t:Turn {id: id})
WHERE t.ns = $ns
CALL (t) {
  MATCH (s:Session)-[:HAS_TURN]->(t)
  RETURN s
  ORDER BY s.id
  LIMIT 1
}
CALL (s, t) {
  MATCH (s)-[:HAS_TURN]->(o:Turn)
  WHERE 0 < coalesce(o.index, 0) - coalesce(t.index, 0) <= $ahead
    AND coalesce(o.speaker, '') <> coalesce(t.speaker, '')
  RETURN o
  ORDER BY coalesce(o.index, 0), o.dia_id
  LIMIT 1
}
CALL (o) {
  OPTIONAL MATCH (s:Session)-[:HAS_TURN]->(o)
  RETURN s.date AS session_date
  ORDER BY s.id
  LIMIT 1
}
CALL (o) {
  OPTIONAL MATCH (e:Episode)-[:FROM_TURN]->(o)
  RETURN e.id AS event_id
  ORDER BY e.id
  LIMIT 1
}
CALL (o) {
  OPTIONAL MATCH (o)-[:MENTIONS_DATE]->(m)
  WITH m ORDER BY m.index
  RETURN collect(properties(m)) AS dates
}
RETURN t.id AS asked, o {.id, .dia_id, .speaker, .text, .blip_caption, .session, .index, .date,
                         .conversation_id} AS turn, session_date, event_id, dates
