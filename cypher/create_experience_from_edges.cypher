// mode: write
// params: $ns, $rows
// returns: written (rows whose two endpoints exist in the namespace)
// write_batch, for EXPERIENCE_FROM edges known new: an end of each is a node the same flush
// creates (neo4j_write.flush), so no such edge can exist yet and CREATE skips MERGE's
// search of the pair. The rows are unique per pair (the caller folds repeats).
// The rest of the EXPERIENCE_FROM rows go to merge_experience_from_edges.cypher.
CYPHER replan=skip
UNWIND $rows AS row
MATCH (a:Experience {id: row.src}) USING INDEX SEEK a:Experience(id) WHERE a.ns = $ns
MATCH (b:Turn {id: row.dst}) USING INDEX SEEK b:Turn(id) WHERE b.ns = $ns
CREATE (a)-[r:EXPERIENCE_FROM]->(b)
SET r += row.props
RETURN count(r) AS written
