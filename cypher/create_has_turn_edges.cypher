// mode: write
// params: $ns, $rows
// returns: written (rows whose two endpoints exist in the namespace)
// write_batch, for HAS_TURN edges known new: an end of each is a node the same flush
// creates (neo4j_write.flush), so no such edge can exist yet and CREATE skips MERGE's
// search of the pair. The rows are unique per pair (the caller folds repeats).
// The rest of the HAS_TURN rows go to merge_has_turn_edges.cypher.
CYPHER replan=skip
UNWIND $rows AS row
MATCH (a:Session {id: row.src}) USING INDEX SEEK a:Session(id) WHERE a.ns = $ns
MATCH (b:Turn {id: row.dst}) USING INDEX SEEK b:Turn(id) WHERE b.ns = $ns
CREATE (a)-[r:HAS_TURN]->(b)
SET r += row.props
RETURN count(r) AS written
