// mode: read
// params: $ns, $cue
// returns: a graph: the cue, its tags (HAS_TAG) and the episodes it reaches under each tag
// A cue is found by its normalised name (lowercase words, single spaces) or its exact name.
// Neo4j Browser: paste the :param lines of this file's row in the README first (ns, cue)
MATCH (c:Cue {ns: $ns})
WHERE c.key = toLower(trim($cue)) OR c.name = $cue
OPTIONAL MATCH (c)-[ht:HAS_TAG]->(g:Tag)
OPTIONAL MATCH (g)-[t:TAGS]->(e:Episode)<-[co:CUE_OF]-(c)
RETURN c, ht, g, t, e, co
