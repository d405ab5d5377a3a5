// mode: read
// params: $ns, $calls
// returns: i (the call's index), rows, a list of {episode} (a map: id, conversation_id,
// session, date, date_end, summary, tag, dia_ids)
// Episodes whose [date, date_end or date] overlaps [start, end] (ISO dates compare as
// strings), by date then id, the first `limit`, for every call of $calls = [{i, start, end,
// limit}].
CYPHER replan=skip
UNWIND $calls AS call
CALL (call) {
  MATCH (e:Episode) USING INDEX SEEK e:Episode(ns, date)
  WHERE e.ns = $ns AND e.date <= call.end AND e.date <> ''
    AND (CASE WHEN e.date_end IS NULL OR e.date_end = '' THEN e.date ELSE e.date_end END)
        >= call.start
  WITH call, e ORDER BY e.date, e.id
  WITH call, collect(e {.id, .conversation_id, .session, .date, .date_end, .summary, .tag,
                    .dia_ids}) AS found
  RETURN [e IN found[..call.limit] | {episode: e}] AS rows
}
RETURN call.i AS i, rows
