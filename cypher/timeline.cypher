// mode: read
// params: $ns, $start, $end, $limit
// returns: episode (map: id, conversation_id, session, date, date_end, summary, tag, dia_ids)
// Episodes whose [date, date_end or date] overlaps [$start, $end] (ISO dates compare as
// strings), by date then id.
MATCH (e:Episode)
WHERE e.ns = $ns AND e.date <= $end AND e.date <> ''
  AND (CASE WHEN e.date_end IS NULL OR e.date_end = '' THEN e.date ELSE e.date_end END) >= $start
RETURN e {.id, .conversation_id, .session, .date, .date_end, .summary, .tag, .dia_ids} AS episode
ORDER BY e.date, e.id
LIMIT $limit
