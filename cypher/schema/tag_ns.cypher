// mode: write
// params: none
// returns: nothing
// Every query filters on the namespace.
CREATE INDEX mrgraph_tag_ns IF NOT EXISTS
FOR (n:Tag) ON (n.ns)
