// mode: write
// params: $ns, $ids
// returns: nothing (summary counters: nodes and relationships deleted)
// Topics among $ids that no longer group any episode.
UNWIND $ids AS id
MATCH (t:Topic {id: id}) USING INDEX SEEK t:Topic(id)
WHERE t.ns = $ns AND NOT (t)-[:GROUPS]->()
DETACH DELETE t
