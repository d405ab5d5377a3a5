// mode: write
// params: none
// returns: nothing
// Node ids are unique per label (MERGE target; community edition has uniqueness constraints).
CREATE CONSTRAINT mrgraph_proposal_id IF NOT EXISTS
FOR (n:Proposal) REQUIRE n.id IS UNIQUE
