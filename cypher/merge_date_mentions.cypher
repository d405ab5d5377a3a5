// mode: write
// params: $ns, $rows
// returns: written (rows merged)
// write_batch: one statement per label, because a label cannot be a parameter.
// row = {id, props}; props hold neither id nor ns (the namespace is the store's). A node of
// another namespace with the same id (ids hash the namespace: only a forged batch) is left
// alone and not counted, so the caller sees the mismatch.
CYPHER replan=skip
UNWIND $rows AS row
MERGE (n:DateMention {id: row.id})
ON CREATE SET n.ns = $ns
WITH n, row WHERE n.ns = $ns
SET n += row.props
RETURN count(n) AS written
