// mode: read
// params: $ns, $calls
// returns: i (the call's index), rows, a list of maps of raw, id, label, summary, tokens,
// episodes
// Topics holding any weighted token, for every call of $calls = [{i, queries, weights, limit}];
// see search_events.cypher for the queries, raw and the cut.
CYPHER replan=skip
UNWIND $calls AS call
CALL (call) {
  UNWIND call.queries AS query
  CALL db.index.fulltext.queryNodes('mrgraph_topic_tokens', query) YIELD node
  WITH DISTINCT call, node WHERE node.ns = $ns
  WITH call, node, [t IN split(node.tokens, ' ') WHERE call.weights[t] IS NOT NULL] AS held
  WHERE size(held) > 0
  WITH call, node, reduce(s = 0.0, t IN held | s + call.weights[t]) AS raw
  ORDER BY raw DESC
  WITH call, collect({node: node, raw: raw}) AS hits
  WITH hits, hits[(CASE WHEN call.limit < size(hits) THEN call.limit ELSE size(hits) END) - 1].raw
    AS cut
  UNWIND hits AS hit
  WITH hit.node AS t, hit.raw AS raw, cut
  WHERE raw >= cut - 0.00001 - abs(cut) * 0.000000001
  RETURN raw, t.id AS id, t.label AS label, t.summary AS summary, t.tokens AS tokens,
         count { (t)-[:GROUPS]->() } AS episodes
}
RETURN call.i AS i, collect({raw: raw, id: id, label: label, summary: summary, tokens: tokens,
                            episodes: episodes}) AS rows
