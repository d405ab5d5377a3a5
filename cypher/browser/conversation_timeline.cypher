// mode: read
// params: $ns, $conversation
// returns: a graph: the conversation, its sessions, their episodes and the NEXT timeline
// Paste into Neo4j Browser (http://127.0.0.1:7474/browser/) after setting the parameters:
//   :param ns => 'default'
//   :param conversation => 'conv-26'
// Double-click an episode to expand its turns (FROM_TURN), cues (CUE_OF) and tag (TAGS).
MATCH (c:Conversation {ns: $ns, conversation_id: $conversation})-[hs:HAS_SESSION]->(s:Session)
OPTIONAL MATCH (s)-[he:HAS_EPISODE]->(e:Episode)
OPTIONAL MATCH (e)-[nx:NEXT]->(later:Episode)
RETURN c, hs, s, he, e, nx, later
