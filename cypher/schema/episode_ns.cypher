// mode: write
// params: none
// returns: nothing
// Every query filters on the namespace.
CREATE INDEX mrgraph_episode_ns IF NOT EXISTS
FOR (n:Episode) ON (n.ns)
