// mode: write
// params: none
// returns: nothing
// Every query filters on the namespace.
CREATE INDEX mrgraph_conversation_ns IF NOT EXISTS
FOR (n:Conversation) ON (n.ns)
