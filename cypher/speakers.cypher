// mode: read
// params: $ns
// returns: conversation_id, speakers (the Conversation node's list; the caller sorts)
MATCH (c:Conversation)
WHERE c.ns = $ns
RETURN c.conversation_id AS conversation_id, c.speakers AS speakers
