// mode: write
// params: $ns
// returns: nothing
// The first statement of every write transaction of the namespace (Neo4jStore._writing/_write):
// writing the namespace's lock node takes its exclusive lock until the transaction ends, so two
// writers of one namespace (two ingests at once) take turns instead of locking the same cues and
// tags in different orders and dying of DeadlockDetected. Namespaces do not wait on each other.
// The node has no graph-model label: exports, stats and the toolkit never see it.
CYPHER replan=skip
MERGE (l:NamespaceLock {id: $ns})
ON CREATE SET l.ns = $ns
SET l.locked_at = timestamp()
