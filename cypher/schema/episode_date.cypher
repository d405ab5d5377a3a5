// mode: write
// params: none
// returns: nothing
// timeline: episodes by date range.
CREATE INDEX mrgraph_episode_date IF NOT EXISTS
FOR (n:Episode) ON (n.date)
