// mode: read
// params: $ns, $calls
// returns: i (the call's index), rows, a list of maps of tag, count (episodes the cue reaches
// under the tag; unordered: the caller sorts, since Neo4j orders strings by UTF-16 unit and
// Python by code point)
// For every call of $calls = [{i, cue_id}].
CYPHER replan=skip
UNWIND $calls AS call
CALL (call) {
  MATCH (c:Cue {id: call.cue_id})-[r:CUE_OF]->() USING INDEX SEEK c:Cue(id)
  WHERE c.ns = $ns AND r.tag IS NOT NULL
  RETURN r.tag AS tag, count(*) AS count
}
RETURN call.i AS i, collect({tag: tag, count: count}) AS rows
