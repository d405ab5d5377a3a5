// mode: read
// params: $ns
// returns: conversation_id (one row per conversation; the caller sorts)
MATCH (c:Conversation)
WHERE c.ns = $ns AND c.conversation_id IS NOT NULL
RETURN DISTINCT c.conversation_id AS conversation_id
