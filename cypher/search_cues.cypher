// mode: read
// params: $ns, $calls
// returns: i (the call's index), rows, a list of maps of raw, id, name, kind, tokens, episodes
// (kind 'tag' for a Tag; name = its label)
// Cues and tags holding any weighted token, for every call of $calls = [{i, queries, weights,
// limit}]; see search_events.cypher for the queries, raw and the cut.
CYPHER replan=skip
UNWIND $calls AS call
CALL (call) {
  CALL (call) {
    UNWIND call.queries AS query
    CALL db.index.fulltext.queryNodes('mrgraph_cue_tokens', query) YIELD node
    RETURN node
    UNION
    UNWIND call.queries AS query
    CALL db.index.fulltext.queryNodes('mrgraph_tag_tokens', query) YIELD node
    RETURN node
  }
  WITH call, node WHERE node.ns = $ns
  WITH call, node, [t IN split(node.tokens, ' ') WHERE call.weights[t] IS NOT NULL] AS held
  WHERE size(held) > 0
  WITH call, node, reduce(s = 0.0, t IN held | s + call.weights[t]) AS raw
  ORDER BY raw DESC
  WITH call, collect({node: node, raw: raw}) AS hits
  WITH hits, hits[(CASE WHEN call.limit < size(hits) THEN call.limit ELSE size(hits) END) - 1].raw
    AS cut
  UNWIND hits AS hit
  WITH hit.node AS n, hit.raw AS raw, cut
  WHERE raw >= cut - 0.00001 - abs(cut) * 0.000000001
  RETURN raw, n.id AS id, n.tokens AS tokens,
         CASE WHEN n:Tag THEN n.label ELSE n.name END AS name,
         CASE WHEN n:Tag THEN 'tag' ELSE n.kind END AS kind,
         CASE WHEN n:Tag THEN count { (n)-[:TAGS]->() } ELSE count { (n)-[:CUE_OF]->() } END
           AS episodes
}
RETURN call.i AS i, collect({raw: raw, id: id, name: name, kind: kind, tokens: tokens,
                            episodes: episodes}) AS rows
