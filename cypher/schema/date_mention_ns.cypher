// mode: write
// params: none
// returns: nothing
// Every query filters on the namespace.
CREATE INDEX mrgraph_date_mention_ns IF NOT EXISTS
FOR (n:DateMention) ON (n.ns)
