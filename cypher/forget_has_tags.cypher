// mode: write
// params: $ns, $ids
// returns: nothing (summary counters: relationships deleted)
// HAS_TAG edges of the cues $ids whose tag no longer tags an episode the cue reaches.
// The backed tags are collected once per cue (one pass over its CUE_OF edges) rather than
// tested per HAS_TAG edge, which would walk a busy cue's episodes once per tag.
UNWIND $ids AS id
MATCH (c:Cue {id: id}) USING INDEX SEEK c:Cue(id)
WHERE c.ns = $ns
WITH c, COLLECT { MATCH (c)-[:CUE_OF]->()<-[:TAGS]-(g) RETURN DISTINCT g } AS backed
MATCH (c)-[h:HAS_TAG]->(g)
WHERE NOT g IN backed
DELETE h
