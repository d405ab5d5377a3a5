// mode: read
// params: $ns, $calls
// returns: i (the call's index), rows, a list of maps of raw, episode (map: id,
// conversation_id, session, date, summary, tag, dia_ids, mentions, tokens)
// search_events for calls with many tokens (over SCAN_TOKENS, e.g. a kind word bridged to
// thousands of member tokens): the same rows as search_events.cypher, found by reading the
// namespace's nodes instead of full-text queries. Measured on the dev file: one 500-token
// Lucene query costs 15-40 ms and hits most nodes anyway, so 9 of them cost ~200 ms where
// reading every node's tokens costs ~30 ms. $calls = [{i, weights, limit}]; raw and the cut
// as in search_events.cypher.
CYPHER replan=skip
UNWIND $calls AS call
CALL (call) {
  MATCH (node:Episode) USING INDEX SEEK node:Episode(ns)
  WHERE node.ns = $ns
  WITH call, node, [t IN split(node.tokens, ' ') WHERE call.weights[t] IS NOT NULL] AS held
  WHERE size(held) > 0
  WITH call, node, reduce(s = 0.0, t IN held | s + call.weights[t]) AS raw
  ORDER BY raw DESC
  WITH call, collect({node: node, raw: raw}) AS hits
  WITH hits, hits[(CASE WHEN call.limit < size(hits) THEN call.limit ELSE size(hits) END) - 1].raw
    AS cut
  UNWIND hits AS hit
  WITH hit.node AS e, hit.raw AS raw, cut
  WHERE raw >= cut - 0.00001 - abs(cut) * 0.000000001
  RETURN raw, e {.id, .conversation_id, .session, .date, .summary, .tag, .dia_ids, .mentions,
                 .tokens} AS episode
}
RETURN call.i AS i, collect({raw: raw, episode: episode}) AS rows
