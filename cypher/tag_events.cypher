// mode: read
// params: $ns, $calls
// returns: i (the call's index), rows, a list of {episode} (a map: id, conversation_id,
// session, date, summary, tag, dia_ids, mentions)
// phi (c,g)->v: the episodes a cue reaches under a tag, by date then id (ISO dates and hex ids
// order the same in Cypher and Python), the first `limit`, for every call of $calls = [{i,
// cue_id, tag, limit}] (LIMIT cannot read a variable: the list is sliced).
CYPHER replan=skip
UNWIND $calls AS call
CALL (call) {
  MATCH (c:Cue {id: call.cue_id})-[r:CUE_OF]->(e:Episode) USING INDEX SEEK c:Cue(id)
  WHERE c.ns = $ns AND r.tag = call.tag
  WITH call, e ORDER BY coalesce(e.date, ''), e.id
  WITH call, collect(e {.id, .conversation_id, .session, .date, .summary, .tag,
                    .dia_ids, .mentions}) AS found
  RETURN [e IN found[..call.limit] | {episode: e}] AS rows
}
RETURN call.i AS i, rows
