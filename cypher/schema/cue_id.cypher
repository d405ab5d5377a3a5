// mode: write
// params: none
// returns: nothing
// Node ids are unique per label (MERGE target; community edition has uniqueness constraints).
CREATE CONSTRAINT mrgraph_cue_id IF NOT EXISTS
FOR (n:Cue) REQUIRE n.id IS UNIQUE
