// mode: write
// params: $ns, $rows
// returns: written (rows whose two endpoints exist in the namespace)
// write_batch: one statement per relationship type, because a type cannot be a parameter.
// The index hints keep the id lookups when the label's statistics are stale (a big unit's
// uncommitted nodes are not in them), which otherwise makes the planner scan the namespace.
// row = {src, dst, props}; at most one MENTIONS_DATE per pair of nodes, so MERGE on the pair alone.
CYPHER replan=skip
UNWIND $rows AS row
MATCH (a:Turn {id: row.src}) USING INDEX SEEK a:Turn(id) WHERE a.ns = $ns
MATCH (b:DateMention {id: row.dst}) USING INDEX SEEK b:DateMention(id) WHERE b.ns = $ns
MERGE (a)-[r:MENTIONS_DATE]->(b)
SET r += row.props
RETURN count(r) AS written
