// mode: write
// params: $ns, $ids
// returns: nothing (summary counters: nodes and relationships deleted)
// Cues among $ids that reach no episode (CUE_OF) and hold no belief (BELIEF) any more.
UNWIND $ids AS id
MATCH (c:Cue {id: id}) USING INDEX SEEK c:Cue(id)
WHERE c.ns = $ns AND NOT (c)-[:CUE_OF]->() AND NOT (c)-[:BELIEF]->()
DETACH DELETE c
