// mode: write
// params: none
// returns: nothing
// Every query filters on the namespace.
CREATE INDEX mrgraph_session_ns IF NOT EXISTS
FOR (n:Session) ON (n.ns)
