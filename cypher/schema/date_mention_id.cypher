// mode: write
// params: none
// returns: nothing
// Node ids are unique per label (MERGE target; community edition has uniqueness constraints).
CREATE CONSTRAINT mrgraph_date_mention_id IF NOT EXISTS
FOR (n:DateMention) REQUIRE n.id IS UNIQUE
