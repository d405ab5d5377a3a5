// mode: write
// params: $ns, $rows
// returns: written (rows created)
// write_batch, for DateMention nodes known new: the namespace held no node when the write
// unit first sent nodes, and the unit has not sent these ids (neo4j_write.flush), so
// CREATE skips MERGE's lookup. The rows are unique per id (the caller folds repeats).
// An id another namespace holds fails the id constraint, and the unit rolls back.
// The rest of the DateMention rows go to merge_date_mentions.cypher.
CYPHER replan=skip
UNWIND $rows AS row
CREATE (n:DateMention {id: row.id, ns: $ns})
SET n += row.props
RETURN count(n) AS written
