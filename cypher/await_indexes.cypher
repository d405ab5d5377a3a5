// mode: read
// params: $seconds
// returns: nothing
// ensure_schema: a new index fills in the background; wait until every index is online, so the
// first search after creating them sees all the data.
CALL db.awaitIndexes($seconds)
