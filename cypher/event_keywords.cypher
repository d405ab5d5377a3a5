// mode: read
// params: $ns, $calls
// returns: i (the call's index), rows, a list of maps of cue_id, name, kind, tag (unordered:
// the caller sorts by kind, name, id)
// Pi v->(c,g): the cues of an episode with the tag of each link (the reverse hop), for every
// call of $calls = [{i, event_id}] at once: a round of the loop sends its calls together.
CYPHER replan=skip
UNWIND $calls AS call
CALL (call) {
  MATCH (e:Episode {id: call.event_id}) USING INDEX SEEK e:Episode(id)
  WHERE e.ns = $ns
  MATCH (c)-[r:CUE_OF]->(e)
  RETURN c.id AS cue_id, c.name AS name, c.kind AS kind, r.tag AS tag
}
RETURN call.i AS i, collect({cue_id: cue_id, name: name, kind: kind, tag: tag}) AS rows
