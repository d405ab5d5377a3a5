// mode: write
// params: none
// returns: nothing
// Browser timelines: a session's turns.
CREATE INDEX mrgraph_turn_conversation_session IF NOT EXISTS
FOR (n:Turn) ON (n.conversation_id, n.session)
