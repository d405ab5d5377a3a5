// mode: read
// params: $ns, $conversation
// returns: rows: session, started_at, episode index, date (its session's day), mentions (the dates
// its turns mention), tag, summary, dia_ids, id
// The same timeline as conversation_timeline.cypher, as a table in reading order.
// Neo4j Browser: paste the :param lines of this file's row in the README first (ns, conversation)
MATCH (c:Conversation {ns: $ns, conversation_id: $conversation})-[:HAS_SESSION]->(s:Session)
MATCH (s)-[:HAS_EPISODE]->(e:Episode)
RETURN s.number AS session, s.started_at AS started_at, e.index AS episode, e.date AS date,
       e.mentions AS mentions, e.tag AS tag, e.summary AS summary, e.dia_ids AS dia_ids,
       e.id AS id
ORDER BY session, episode
