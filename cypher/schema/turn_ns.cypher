// mode: write
// params: none
// returns: nothing
// Every query filters on the namespace.
CREATE INDEX mrgraph_turn_ns IF NOT EXISTS
FOR (n:Turn) ON (n.ns)
