// mode: read
// params: $ns, $start, $end, $cue_id, $limit
// returns: episode (map: id, conversation_id, session, date, date_end, summary, tag, dia_ids)
// timeline() restricted to the episodes a cue reaches: starts from the cue, not the date index.
MATCH (c:Cue {id: $cue_id})-[:CUE_OF]->(e:Episode)
WHERE c.ns = $ns AND e.date <= $end AND e.date <> ''
  AND (CASE WHEN e.date_end IS NULL OR e.date_end = '' THEN e.date ELSE e.date_end END) >= $start
RETURN DISTINCT e {.id, .conversation_id, .session, .date, .date_end, .summary, .tag, .dia_ids}
  AS episode
ORDER BY episode.date, episode.id
LIMIT $limit
