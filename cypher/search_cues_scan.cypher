// mode: read
// params: $ns, $calls
// returns: i (the call's index), rows, a list of maps of raw, id, name, kind, tokens, episodes
// (kind 'tag' for a Tag; name = its label)
// search_cues for calls with many tokens (over SCAN_TOKENS, e.g. a kind word bridged to
// thousands of member tokens): the same rows as search_cues.cypher, found by reading the
// namespace's nodes instead of full-text queries. Measured on the dev file: one 500-token
// Lucene query costs 15-40 ms and hits most nodes anyway, so 9 of them cost ~200 ms where
// reading every node's tokens costs ~30 ms. $calls = [{i, weights, limit}]; raw and the cut
// as in search_cues.cypher.
CYPHER replan=skip
UNWIND $calls AS call
CALL (call) {
  CALL () {
    MATCH (node:Cue) USING INDEX SEEK node:Cue(ns)
    WHERE node.ns = $ns
    RETURN node
    UNION
    MATCH (node:Tag) USING INDEX SEEK node:Tag(ns)
    WHERE node.ns = $ns
    RETURN node
  }
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
