// mode: read
// params: $ns, $queries, $weights, $required, $speakers, $said_start, $said_end, $limit, $cut
// returns: raw, turn (map: id, dia_id, speaker, text, blip_caption, session, index, date,
// conversation_id, tokens), session_date, event_id, dates (the turn's DateMention property
// maps, in the turn's order)
// Turns holding any weighted token ($weights: token -> weight; $queries: Lucene queries of
// quoted tokens, as in search_events.cypher), only those of $speakers when it is not null,
// only those whose date (their session's day, ISO) is in [$said_start, $said_end] when these
// are not null, and only those holding every token of $required (the quoted phrases' words:
// the caller then checks the phrases themselves). raw = the weight sum; with $cut, only the
// rows that can reach the top $limit (every row scoring at least the $limit-th best, minus a
// margin for rounding); without it (phrases to check) every candidate. The caller recomputes
// the exact score, checks the phrases and sorts. session_date: the date of the turn's session (least id);
// event_id: the least id of the episodes holding the turn.
CALL () {
  UNWIND $queries AS query
  CALL db.index.fulltext.queryNodes('mrgraph_turn_tokens', query) YIELD node
  RETURN DISTINCT node
}
WITH node WHERE node.ns = $ns AND ($speakers IS NULL OR node.speaker IN $speakers)
  AND ($said_start IS NULL OR $said_start <= coalesce(node.date, '') <= $said_end)
WITH node, split(node.tokens, ' ') AS tokens
WHERE all(t IN $required WHERE t IN tokens)
WITH node, [t IN tokens WHERE $weights[t] IS NOT NULL] AS held
WHERE size(held) > 0
WITH node, reduce(s = 0.0, t IN held | s + $weights[t]) AS raw
ORDER BY raw DESC
WITH collect({node: node, raw: raw}) AS hits
WITH hits, CASE WHEN $cut AND size(hits) > 0
  THEN hits[(CASE WHEN $limit < size(hits) THEN $limit ELSE size(hits) END) - 1].raw
  ELSE null END AS cut
UNWIND hits AS hit
WITH hit.node AS t, hit.raw AS raw, cut
WHERE cut IS NULL OR raw >= cut - 0.00001 - abs(cut) * 0.000000001
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
RETURN raw, t {.id, .dia_id, .speaker, .text, .blip_caption, .session, .index, .date,
               .conversation_id, .tokens} AS turn, session_date, event_id, dates
