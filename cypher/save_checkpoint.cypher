// mode: write
// params: $ns, $key, $done, $total, $conversations, $entities, $source
// returns: nothing
// Runs in the transaction of the write batch it counts, so data and checkpoint commit together.
// $key hashes the whole ingest plan (mrgraph.ingest.plan), namespace included.
MERGE (k:IngestCheckpoint {ns: $ns, id: $key})
SET k.done = $done, k.total = $total, k.conversations = $conversations,
    k.entities = $entities, k.source = $source, k.updated_at = toString(datetime())
