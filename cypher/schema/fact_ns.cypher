// mode: write
// params: none
// returns: nothing
// Every query filters on the namespace.
CREATE INDEX mrgraph_fact_ns IF NOT EXISTS
FOR (n:Fact) ON (n.ns)
