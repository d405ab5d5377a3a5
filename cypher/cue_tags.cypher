// mode: read
// params: $ns, $cue_id
// returns: tag, count (episodes the cue reaches under the tag; unordered: the caller sorts,
// since Neo4j orders strings by UTF-16 unit and Python by code point)
MATCH (c:Cue {id: $cue_id})-[r:CUE_OF]->()
WHERE c.ns = $ns AND r.tag IS NOT NULL
RETURN r.tag AS tag, count(*) AS count
