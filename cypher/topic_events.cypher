// mode: read
// params: $ns, $topic_id, $limit
// returns: episode (map: id, conversation_id, session, date, date_end, summary, tag, dia_ids)
// The episodes a topic groups, by date then id.
MATCH (t:Topic {id: $topic_id})-[:GROUPS]->(e:Episode)
WHERE t.ns = $ns
RETURN e {.id, .conversation_id, .session, .date, .date_end, .summary, .tag, .dia_ids} AS episode
ORDER BY coalesce(e.date, ''), e.id
LIMIT $limit
