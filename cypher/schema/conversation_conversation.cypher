// mode: write
// params: none
// returns: nothing
// forget_conversation / conversations: a conversation by its conversation_id.
CREATE INDEX mrgraph_conversation_conversation IF NOT EXISTS
FOR (n:Conversation) ON (n.conversation_id)
