// mode: write
// params: none
// returns: nothing
// Every query filters on the namespace.
CREATE INDEX mrgraph_practice_round_ns IF NOT EXISTS
FOR (n:PracticeRound) ON (n.ns)
