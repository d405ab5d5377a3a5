// mode: write
// params: $ns, $ids
// returns: nothing (summary counters: nodes and relationships deleted)
// Tags among $ids that no longer tag any episode.
UNWIND $ids AS id
MATCH (g:Tag {id: id}) USING INDEX SEEK g:Tag(id)
WHERE g.ns = $ns AND NOT (g)-[:TAGS]->()
DETACH DELETE g
