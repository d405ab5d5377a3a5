// mode: write
// params: $ns, $conversation_id
// returns: entities (those the changed checkpoints held: their beliefs must be re-derived)
// forget_conversation: an interrupted ingest that had written part of this conversation no longer
// counts it: it restarts from its first batch when run again (its batches would be skipped, and
// they are gone), hands over the entities whose beliefs it still owed, and stops recording the
// conversation; a checkpoint left recording nothing is deleted. Properties are read through
// properties(k) (see checkpoint.cypher).
MATCH (k:IngestCheckpoint)
WHERE k.ns = $ns
WITH k, properties(k) AS p
WHERE $conversation_id IN p.conversations
WITH k, coalesce(p.entities, []) AS owed,
     [c IN p.conversations WHERE c <> $conversation_id] AS left
SET k.done = 0, k.entities = [], k.conversations = left
WITH k, owed, left
CALL (k, left) {
  WITH k, left WHERE size(left) = 0
  DELETE k
}
UNWIND owed AS entity
RETURN collect(DISTINCT entity) AS entities
