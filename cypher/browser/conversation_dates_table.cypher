// mode: read
// params: $ns, $conversation
// returns: rows: session, dia_id, speaker, phrase (as said), when (as precise as it was said),
// precision, source, value, statement (the clause it belongs to), said (the session's day)
// Every date the conversation's turns mention, in reading order: what "when did X happen" reads.
// Neo4j Browser: paste the :param lines of this file's row in the README first (ns, conversation)
MATCH (c:Conversation {ns: $ns, conversation_id: $conversation})-[:HAS_SESSION]->(s:Session)
MATCH (s)-[:HAS_TURN]->(t:Turn)-[:MENTIONS_DATE]->(m:DateMention)
RETURN s.number AS session, t.dia_id AS dia_id, t.speaker AS speaker, m.phrase AS phrase,
       m.when AS when, m.precision AS precision, m.source AS source, m.value AS value,
       m.statement AS statement, m.said AS said
ORDER BY session, t.index, m.index
