// mode: read
// params: $ns, $calls
// returns: i (the call's index), rows, a list of {episode} (a map: id, conversation_id,
// session, date, summary, tag, dia_ids, mentions)
// The episodes a topic groups, by date then id, the first `limit`, for every call of
// $calls = [{i, topic_id, limit}].
CYPHER replan=skip
UNWIND $calls AS call
CALL (call) {
  MATCH (t:Topic {id: call.topic_id})-[:GROUPS]->(e:Episode) USING INDEX SEEK t:Topic(id)
  WHERE t.ns = $ns
  WITH call, e ORDER BY coalesce(e.date, ''), e.id
  WITH call, collect(e {.id, .conversation_id, .session, .date, .summary, .tag,
                    .dia_ids, .mentions}) AS found
  RETURN [e IN found[..call.limit] | {episode: e}] AS rows
}
RETURN call.i AS i, rows
