// mode: read
// params: $ns, $cue_id, $limit
// returns: episode (map: id, conversation_id, session, date, summary, tag, dia_ids, mentions)
// The episodes a cue reaches under any tag, dated or not, by date then id (ISO dates and hex
// ids order the same in Cypher and Python), the first $limit.
MATCH (c:Cue {id: $cue_id})-[:CUE_OF]->(e:Episode)
WHERE c.ns = $ns
WITH DISTINCT e
ORDER BY coalesce(e.date, ''), e.id
LIMIT $limit
RETURN e {.id, .conversation_id, .session, .date, .summary, .tag, .dia_ids,
               .mentions} AS episode
