// mode: read
// params: none
// returns: name, state (every index, constraint-backing ones included)
// ensure_schema: which of the schema/ files still need to run, and whether any index is still
// being populated.
SHOW INDEXES YIELD name, state
RETURN name, state
