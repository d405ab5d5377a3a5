// mode: read
// params: $ns, $calls
// returns: i (the call's index), rows, a list of maps of raw, episode (map: id,
// conversation_id, session, date, summary, tag, dia_ids, mentions, tokens)
// Episodes holding any weighted token, for every call of $calls = [{i, queries, weights,
// limit}]. `queries` are Lucene queries of quoted tokens ("a" OR "b"), split so no query
// exceeds Lucene's clause limit; full-text only finds candidates, the score is recomputed
// exactly from `tokens`. raw = the weight sum here; the caller recomputes the score exactly as
// base.py defines it and sorts, so this returns the rows that can reach the top `limit`: every
// row scoring at least the `limit`-th best, minus a margin for rounding.
CYPHER replan=skip
UNWIND $calls AS call
CALL (call) {
  UNWIND call.queries AS query
  CALL db.index.fulltext.queryNodes('mrgraph_episode_tokens', query) YIELD node
  WITH DISTINCT call, node WHERE node.ns = $ns
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
