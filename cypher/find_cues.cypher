// mode: read
// params: $ns, $calls
// returns: i (the call's index), rows, a list of maps of id, name, kind, episodes
// Cues whose normalised name (`key`) is the call's key, for every call of $calls = [{i, key}];
// the caller normalises and orders.
CYPHER replan=skip
UNWIND $calls AS call
CALL (call) {
  MATCH (c:Cue) USING INDEX SEEK c:Cue(key)
  WHERE c.ns = $ns AND c.key = call.key
  RETURN c.id AS id, c.name AS name, c.kind AS kind, count { (c)-[:CUE_OF]->() } AS episodes
}
RETURN call.i AS i, collect({id: id, name: name, kind: kind, episodes: episodes}) AS rows
