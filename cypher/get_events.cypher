// mode: read
// params: $ns, $ids
// returns: episode (map: id, conversation_id, session, date, summary, tag, dia_ids, mentions)
// The episodes with these ids; the caller restores the asked order.
CYPHER replan=skip
UNWIND $ids AS id
MATCH (e:Episode {id: id}) USING INDEX SEEK e:Episode(id)
WHERE e.ns = $ns
RETURN e {.id, .conversation_id, .session, .date, .summary, .tag, .dia_ids, .mentions} AS episode
