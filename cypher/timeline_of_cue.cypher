// mode: read
// params: $ns, $calls
// returns: i (the call's index), rows, a list of {episode} (a map: id, conversation_id,
// session, date, date_end, summary, tag, dia_ids)
// timeline() restricted to the episodes a cue reaches: starts from the cue, not the date index;
// for every call of $calls = [{i, start, end, cue_id, limit}].
CYPHER replan=skip
UNWIND $calls AS call
CALL (call) {
  MATCH (c:Cue {id: call.cue_id})-[:CUE_OF]->(e:Episode) USING INDEX SEEK c:Cue(id)
  WHERE c.ns = $ns AND e.date <= call.end AND e.date <> ''
    AND (CASE WHEN e.date_end IS NULL OR e.date_end = '' THEN e.date ELSE e.date_end END)
        >= call.start
  WITH DISTINCT call, e
  ORDER BY e.date, e.id
  WITH call, collect(e {.id, .conversation_id, .session, .date, .date_end, .summary, .tag,
                    .dia_ids}) AS found
  RETURN [e IN found[..call.limit] | {episode: e}] AS rows
}
RETURN call.i AS i, rows
