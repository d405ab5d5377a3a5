// mode: write
// params: none
// returns: nothing
// One lock node per namespace (lock_namespace.cypher): two write transactions creating it at
// once cannot create two, so they still take turns.
CREATE CONSTRAINT mrgraph_namespace_lock_id IF NOT EXISTS
FOR (n:NamespaceLock) REQUIRE n.id IS UNIQUE
