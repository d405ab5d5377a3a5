// mode: read
// params: $ns, $event_id
// returns: cue_id, name, kind, tag (unordered: the caller sorts by kind, name, id)
// Pi v->(c,g): the cues of an episode with the tag of each link (the reverse hop).
MATCH (e:Episode {id: $event_id})
WHERE e.ns = $ns
MATCH (c)-[r:CUE_OF]->(e)
RETURN c.id AS cue_id, c.name AS name, c.kind AS kind, r.tag AS tag
