// mode: read
// params: $ns, $queries, $weights, $limit
// returns: raw, id, label, summary, tokens, episodes
// Topics holding any weighted token; see search_events.cypher for $queries, raw and the cut.
UNWIND $queries AS query
CALL db.index.fulltext.queryNodes('mrgraph_topic_tokens', query) YIELD node
WITH DISTINCT node WHERE node.ns = $ns
WITH node, [t IN split(node.tokens, ' ') WHERE $weights[t] IS NOT NULL] AS held
WHERE size(held) > 0
WITH node, reduce(s = 0.0, t IN held | s + $weights[t]) AS raw
ORDER BY raw DESC
WITH collect({node: node, raw: raw}) AS hits
WITH hits, hits[(CASE WHEN $limit < size(hits) THEN $limit ELSE size(hits) END) - 1].raw AS cut
UNWIND hits AS hit
WITH hit.node AS t, hit.raw AS raw, cut
WHERE raw >= cut - 0.00001 - abs(cut) * 0.000000001
RETURN raw, t.id AS id, t.label AS label, t.summary AS summary, t.tokens AS tokens,
       count { (t)-[:GROUPS]->() } AS episodes
