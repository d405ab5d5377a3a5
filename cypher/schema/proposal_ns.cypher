// mode: write
// params: none
// returns: nothing
// Every query filters on the namespace.
CREATE INDEX mrgraph_proposal_ns IF NOT EXISTS
FOR (n:Proposal) ON (n.ns)
