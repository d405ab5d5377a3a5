// mode: write
// params: none
// returns: nothing
// Not used by mrgraph's queries: lets Neo4j Browser users search episode text in their own words,
// e.g. CALL db.index.fulltext.queryNodes('mrgraph_episode_text', 'camping')
CREATE FULLTEXT INDEX mrgraph_episode_text IF NOT EXISTS
FOR (n:Episode) ON EACH [n.text]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'standard'}}
