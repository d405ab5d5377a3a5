// mode: write
// params: $ns, $keys
// returns: nothing (summary counters: relationships deleted)
// Every BELIEF edge of the entity cues named by $keys (normalised names).
CYPHER replan=skip
UNWIND $keys AS key
MATCH (c:Cue)-[b:BELIEF]->() USING INDEX SEEK c:Cue(key)
WHERE c.ns = $ns AND c.key = key
DELETE b
