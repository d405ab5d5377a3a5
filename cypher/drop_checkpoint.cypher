// mode: write
// params: $ns, $key
// returns: nothing
// The ingest is complete: runs in its last transaction, with the belief update.
MATCH (k:IngestCheckpoint)
WHERE k.ns = $ns AND k.id = $key
DELETE k
