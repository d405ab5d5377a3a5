// mode: read
// params: $ns, $conversation
// returns: a graph: the conversation, its sessions, their episodes and the NEXT timeline
// Neo4j Browser: paste the :param lines of this file's row in the README first (ns, conversation)
// Double-click an episode to expand its turns (FROM_TURN), cues (CUE_OF) and tag (TAGS).
MATCH (c:Conversation {ns: $ns, conversation_id: $conversation})-[hs:HAS_SESSION]->(s:Session)
OPTIONAL MATCH (s)-[he:HAS_EPISODE]->(e:Episode)
OPTIONAL MATCH (e)-[nx:NEXT]->(later:Episode)
RETURN c, hs, s, he, e, nx, later
