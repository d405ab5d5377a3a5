// mode: write
// params: none
// returns: nothing
// forget_conversation: a conversation's topics.
CREATE INDEX mrgraph_topic_conversation IF NOT EXISTS
FOR (n:Topic) ON (n.conversation_id)
