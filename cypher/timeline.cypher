// mode: read
// params: $ns, $calls
// returns: i (the call's index), rows, a list of {episode} (a map: id, conversation_id,
// session, date, summary, tag, dia_ids, mentions)
// Episodes of [start, end] (ISO days compare as strings): those whose session day is in it and
// those with a turn mentioning a date whose days [start, end] overlap it. By date then id, the
// first `limit`, for every call of $calls = [{i, start, end, limit}].
CYPHER replan=skip
UNWIND $calls AS call
CALL (call) {
  CALL (call) {
    MATCH (e:Episode) USING INDEX SEEK e:Episode(ns, date)
    WHERE e.ns = $ns AND call.start <= e.date <= call.end
    RETURN e
    UNION
    MATCH (m:DateMention) USING INDEX SEEK m:DateMention(ns, start)
    WHERE m.ns = $ns AND m.start <= call.end AND m.end >= call.start
    MATCH (m)<-[:MENTIONS_DATE]-(:Turn)<-[:FROM_TURN]-(e)
    RETURN e
  }
  WITH call, e ORDER BY e.date, e.id
  WITH call, collect(e {.id, .conversation_id, .session, .date, .summary, .tag,
                    .dia_ids, .mentions}) AS found
  RETURN [e IN found[..call.limit] | {episode: e}] AS rows
}
RETURN call.i AS i, rows
