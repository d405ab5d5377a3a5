// mode: write
// params: none
// returns: nothing
// Node ids are unique per label (MERGE target; community edition has uniqueness constraints).
CREATE CONSTRAINT mrgraph_practice_round_id IF NOT EXISTS
FOR (n:PracticeRound) REQUIRE n.id IS UNIQUE
