// mode: read
// params: $ns
// returns: rows: label, nodes: how big each part of the memory of namespace $ns is
//   :param ns => 'default'
MATCH (n)
WHERE n.ns = $ns
RETURN head(labels(n)) AS label, count(*) AS nodes
ORDER BY label
