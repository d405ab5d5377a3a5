// mode: write
// params: none
// returns: nothing
// Every query filters on the namespace.
CREATE INDEX mrgraph_cue_ns IF NOT EXISTS
FOR (n:Cue) ON (n.ns)
