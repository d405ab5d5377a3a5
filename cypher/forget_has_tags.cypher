// mode: write
// params: $ns, $ids
// returns: nothing (summary counters: relationships deleted)
// HAS_TAG edges of the cues $ids whose tag no longer tags an episode the cue reaches.
UNWIND $ids AS id
MATCH (c:Cue {id: id})-[h:HAS_TAG]->(g)
WHERE c.ns = $ns AND NOT EXISTS { (c)-[:CUE_OF]->(e)<-[:TAGS]-(g) }
DELETE h
