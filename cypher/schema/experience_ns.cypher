// mode: write
// params: none
// returns: nothing
// Every query filters on the namespace.
CREATE INDEX mrgraph_experience_ns IF NOT EXISTS
FOR (n:Experience) ON (n.ns)
