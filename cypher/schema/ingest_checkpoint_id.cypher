// mode: write
// params: none
// returns: nothing
// One checkpoint per ingest plan (the id is the plan's key); two runs of the same ingest at once
// cannot create two. Also makes the label known, so checkpoint reads on a database that never
// held one raise no "label does not exist" notification.
CREATE CONSTRAINT mrgraph_ingest_checkpoint_id IF NOT EXISTS
FOR (n:IngestCheckpoint) REQUIRE n.id IS UNIQUE
