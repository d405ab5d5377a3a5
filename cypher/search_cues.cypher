// mode: read
// params: $ns, $queries, $weights, $limit
// returns: raw, id, name, kind, tokens, episodes (kind 'tag' for a Tag; name = its label)
// Cues and tags holding any weighted token; see search_events.cypher for $queries, raw and the cut.
CALL () {
  UNWIND $queries AS query
  CALL db.index.fulltext.queryNodes('mrgraph_cue_tokens', query) YIELD node
  RETURN node
  UNION
  UNWIND $queries AS query
  CALL db.index.fulltext.queryNodes('mrgraph_tag_tokens', query) YIELD node
  RETURN node
}
WITH node WHERE node.ns = $ns
WITH node, [t IN split(node.tokens, ' ') WHERE $weights[t] IS NOT NULL] AS held
WHERE size(held) > 0
WITH node, reduce(s = 0.0, t IN held | s + $weights[t]) AS raw
ORDER BY raw DESC
WITH collect({node: node, raw: raw}) AS hits
WITH hits, hits[(CASE WHEN $limit < size(hits) THEN $limit ELSE size(hits) END) - 1].raw AS cut
UNWIND hits AS hit
WITH hit.node AS n, hit.raw AS raw, cut
WHERE raw >= cut - 0.00001 - abs(cut) * 0.000000001
RETURN raw, n.id AS id, n.tokens AS tokens,
       CASE WHEN n:Tag THEN n.label ELSE n.name END AS name,
       CASE WHEN n:Tag THEN 'tag' ELSE n.kind END AS kind,
       CASE WHEN n:Tag THEN count { (n)-[:TAGS]->() } ELSE count { (n)-[:CUE_OF]->() } END
         AS episodes
