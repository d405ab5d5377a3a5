// mode: read
// params: $ns, $calls
// returns: i (the call's index), rows, a list of {episode} (a map: id, conversation_id,
// session, date, summary, tag, dia_ids, mentions)
// timeline() restricted to the episodes a cue reaches: starts from the cue, not the date index;
// for every call of $calls = [{i, start, end, cue_id, limit}].
CYPHER replan=skip
UNWIND $calls AS call
CALL (call) {
  MATCH (c:Cue {id: call.cue_id})-[:CUE_OF]->(e:Episode) USING INDEX SEEK c:Cue(id)
  WHERE c.ns = $ns AND (call.start <= e.date <= call.end OR EXISTS {
    MATCH (e)-[:FROM_TURN]->(:Turn)-[:MENTIONS_DATE]->(m)
    WHERE m.start <= call.end AND m.end >= call.start
  })
  WITH DISTINCT call, e
  ORDER BY e.date, e.id
  WITH call, collect(e {.id, .conversation_id, .session, .date, .summary, .tag,
                    .dia_ids, .mentions}) AS found
  RETURN [e IN found[..call.limit] | {episode: e}] AS rows
}
RETURN call.i AS i, rows
