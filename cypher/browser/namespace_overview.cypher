// mode: read
// params: $ns
// returns: rows: label, nodes: how big each part of the memory of namespace $ns is
// Neo4j Browser: paste the :param lines of this file's row in the README first (ns)
MATCH (n)
WHERE n.ns = $ns
RETURN head(labels(n)) AS label, count(*) AS nodes
ORDER BY label
