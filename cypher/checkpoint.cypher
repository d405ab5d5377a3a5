// mode: read
// params: $ns, $key
// returns: props (the checkpoint's properties; no row when there is no checkpoint)
// The progress an interrupted ingest committed (see save_checkpoint.cypher). A checkpoint is an
// :IngestCheckpoint node, outside the graph model: exports, stats and the toolkit never see it.
// properties(k) rather than k.done etc.: on a database where no checkpoint was ever saved those
// property keys do not exist yet, and naming them would log a server notification.
MATCH (k:IngestCheckpoint)
WHERE k.ns = $ns AND k.id = $key
RETURN properties(k) AS props
