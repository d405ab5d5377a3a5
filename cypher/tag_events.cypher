// mode: read
// params: $ns, $cue_id, $tag, $limit
// returns: episode (map: id, conversation_id, session, date, date_end, summary, tag, dia_ids)
// phi (c,g)->v: the episodes a cue reaches under a tag, by date then id (ISO dates and hex ids
// order the same in Cypher and Python).
MATCH (c:Cue {id: $cue_id})-[r:CUE_OF]->(e:Episode)
WHERE c.ns = $ns AND r.tag = $tag
RETURN e {.id, .conversation_id, .session, .date, .date_end, .summary, .tag, .dia_ids} AS episode
ORDER BY coalesce(e.date, ''), e.id
LIMIT $limit
