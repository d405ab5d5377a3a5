// mode: write
// params: none
// returns: nothing
// fact_observations: the facts about an entity.
CREATE INDEX mrgraph_fact_entity IF NOT EXISTS
FOR (n:Fact) ON (n.entity)
