// mode: write
// params: $ns, $rows
// returns: written (rows whose two endpoints exist in the namespace)
// write_batch, for MENTIONS_DATE edges known new: an end of each is a node the same flush
// creates (neo4j_write.flush), so no such edge can exist yet and CREATE skips MERGE's
// search of the pair. The rows are unique per pair (the caller folds repeats).
// The rest of the MENTIONS_DATE rows go to merge_mentions_date_edges.cypher.
CYPHER replan=skip
UNWIND $rows AS row
MATCH (a:Turn {id: row.src}) USING INDEX SEEK a:Turn(id) WHERE a.ns = $ns
MATCH (b:DateMention {id: row.dst}) USING INDEX SEEK b:DateMention(id) WHERE b.ns = $ns
CREATE (a)-[r:MENTIONS_DATE]->(b)
SET r += row.props
RETURN count(r) AS written
