// mode: read
// params: $ns, $text
// returns: rows: score (Lucene's), date, summary, text, id: episodes whose text matches $text
// Free-text search in your own words over the standard-analyzer index on Episode.text (Lucene
// syntax allowed: "exact phrase", paint*, camping AND beach).
// Neo4j Browser: paste the :param lines of this file's row in the README first (ns, text)
CALL db.index.fulltext.queryNodes('mrgraph_episode_text', $text) YIELD node, score
WHERE node.ns = $ns
RETURN score, node.date AS date, node.summary AS summary, node.text AS text, node.id AS id
ORDER BY score DESC
LIMIT 25
