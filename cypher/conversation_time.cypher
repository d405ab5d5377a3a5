// mode: read
// params: $ns, $calls
// returns: i (the call's index), rows, a list of maps of id, started_at, date, mentions (a
// list of DateMention property maps, in turn order)
// When an episode's session started (the first session by id), its date (the session's day)
// and every date its turns mention, for every call of $calls = [{i, event_id}].
CYPHER replan=skip
UNWIND $calls AS call
CALL (call) {
  MATCH (e:Episode {id: call.event_id}) USING INDEX SEEK e:Episode(id)
  WHERE e.ns = $ns
  CALL (e) {
    OPTIONAL MATCH (s)-[:HAS_EPISODE]->(e)
    RETURN s
    ORDER BY s.id
    LIMIT 1
  }
  CALL (e) {
    OPTIONAL MATCH (e)-[:FROM_TURN]->(t)-[:MENTIONS_DATE]->(m)
    WITH t, m ORDER BY coalesce(t.index, 0), t.id, m.index
    RETURN collect(properties(m)) AS mentions
  }
  RETURN e.id AS id, s.started_at AS started_at, e.date AS date, mentions
}
RETURN call.i AS i, collect({id: id, started_at: started_at, date: date,
                            mentions: mentions}) AS rows
