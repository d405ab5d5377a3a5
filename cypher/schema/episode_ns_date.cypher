// mode: write
// params: none
// returns: nothing timeline(): the episodes of one namespace in a date range, a seek on (ns,
// date) rather than a range over every namespace's dates.
CREATE INDEX mrgraph_episode_ns_date IF NOT EXISTS
FOR (n:Episode) ON (n.ns, n.date)
