// mode: write
// params: none
// returns: nothing
// forget_conversation: a conversation's episodes.
CREATE INDEX mrgraph_episode_conversation IF NOT EXISTS
FOR (n:Episode) ON (n.conversation_id)
