// mode: write
// params: none
// returns: nothing
// Browser timelines: a conversation's sessions.
CREATE INDEX mrgraph_session_conversation IF NOT EXISTS
FOR (n:Session) ON (n.conversation_id)
