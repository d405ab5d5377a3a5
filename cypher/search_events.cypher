// mode: read
// params: $ns, $queries, $weights, $limit
// returns: raw, episode (map: id, conversation_id, session, date, date_end, summary, tag,
// dia_ids, tokens)
// Episodes holding any weighted token. $queries are Lucene queries of quoted tokens ("a" OR "b"),
// split so no query exceeds Lucene's clause limit; full-text only finds candidates, the score is
// recomputed exactly from `tokens`. raw = the weight sum here; the caller recomputes the score
// exactly as base.py defines it and sorts, so this returns the rows that can reach the top
// $limit: every row scoring at least the $limit-th best, minus a margin for rounding.
UNWIND $queries AS query
CALL db.index.fulltext.queryNodes('mrgraph_episode_tokens', query) YIELD node
WITH DISTINCT node WHERE node.ns = $ns
WITH node, [t IN split(node.tokens, ' ') WHERE $weights[t] IS NOT NULL] AS held
WHERE size(held) > 0
WITH node, reduce(s = 0.0, t IN held | s + $weights[t]) AS raw
ORDER BY raw DESC
WITH collect({node: node, raw: raw}) AS hits
WITH hits, hits[(CASE WHEN $limit < size(hits) THEN $limit ELSE size(hits) END) - 1].raw AS cut
UNWIND hits AS hit
WITH hit.node AS e, hit.raw AS raw, cut
WHERE raw >= cut - 0.00001 - abs(cut) * 0.000000001
RETURN raw, e {.id, .conversation_id, .session, .date, .date_end, .summary, .tag, .dia_ids,
               .tokens} AS episode
