// mode: write
// params: none
// returns: nothing
// Every query filters on the namespace.
CREATE INDEX mrgraph_topic_ns IF NOT EXISTS
FOR (n:Topic) ON (n.ns)
