// mode: write
// params: $ns, $ids
// returns: nothing (summary counters: nodes and relationships deleted)
// Facts among $ids with no remaining FROM_EPISODE evidence (their BELIEF edges go with them).
UNWIND $ids AS id
MATCH (f:Fact {id: id}) USING INDEX SEEK f:Fact(id)
WHERE f.ns = $ns AND NOT (f)-[:FROM_EPISODE]->()
DETACH DELETE f
