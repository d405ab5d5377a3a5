// mode: read
// params: $ns, $version
// returns: conversation_id (one row per conversation written with a graph model older than
// $version, or with none recorded: before mrgraph recorded it; the caller sorts)
MATCH (c:Conversation)
WHERE c.ns = $ns AND c.conversation_id IS NOT NULL AND coalesce(c.model_version, 1) < $version
RETURN DISTINCT c.conversation_id AS conversation_id
