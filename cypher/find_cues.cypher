// mode: read
// params: $ns, $key
// returns: id, name, kind, episodes
// Cues whose normalised name (`key`) is $key; the caller normalises and orders.
MATCH (c:Cue)
WHERE c.ns = $ns AND c.key = $key
RETURN c.id AS id, c.name AS name, c.kind AS kind, count { (c)-[:CUE_OF]->() } AS episodes
