// mode: write
// params: $ns, $conversation_id
// returns: topics, facts (list of {id, entity}), cues, tags: the ids of the nodes the deleted
// episodes touched, which the next forget_*.cypher steps delete if nothing else holds them.
// No row at all when the conversation does not exist (nothing is deleted).
// Deletes the conversation, its sessions, their turns (with the dates they mention) and
// episodes, with every relationship they have (the summary counters give the numbers).
MATCH (c:Conversation)
USING INDEX SEEK c:Conversation(conversation_id)
WHERE c.ns = $ns AND c.conversation_id = $conversation_id
WITH collect(c) AS roots
WHERE size(roots) > 0
CALL (roots) {
  UNWIND roots AS c
  MATCH (c)-[:HAS_SESSION]->(s)
  RETURN collect(DISTINCT s) AS sessions
}
CALL (sessions) {
  UNWIND sessions AS s
  MATCH (s)-[:HAS_EPISODE]->(e)
  RETURN collect(DISTINCT e) AS episodes
}
CALL (sessions) {
  UNWIND sessions AS s
  MATCH (s)-[:HAS_TURN]->(t)
  RETURN collect(DISTINCT t) AS turns
}
CALL (turns) {
  UNWIND turns AS t
  MATCH (t)-[:MENTIONS_DATE]->(m)
  RETURN collect(DISTINCT m) AS mentions
}
WITH roots + sessions + turns + mentions + episodes AS doomed, episodes
CALL (episodes, doomed) {
  UNWIND episodes AS e
  OPTIONAL MATCH (x)-[:GROUPS]->(e) WHERE NOT x IN doomed
  RETURN collect(DISTINCT x.id) AS topics
}
CALL (episodes, doomed) {
  UNWIND episodes AS e
  OPTIONAL MATCH (x)-[:FROM_EPISODE]->(e) WHERE NOT x IN doomed
  WITH DISTINCT x WHERE x IS NOT NULL
  OPTIONAL MATCH (believer)-[:BELIEF]->(x)
  RETURN collect(DISTINCT {id: x.id, entity: x.entity}) AS facts,
         collect(DISTINCT believer.id) AS believers
}
CALL (episodes, doomed) {
  UNWIND episodes AS e
  OPTIONAL MATCH (x)-[:CUE_OF]->(e) WHERE NOT x IN doomed
  RETURN collect(DISTINCT x.id) AS cues
}
CALL (episodes, doomed) {
  UNWIND episodes AS e
  OPTIONAL MATCH (x)-[:TAGS]->(e) WHERE NOT x IN doomed
  RETURN collect(DISTINCT x.id) AS tags
}
CALL (doomed) {
  UNWIND doomed AS n
  WITH DISTINCT n
  DETACH DELETE n
}
RETURN topics, facts, believers, cues, tags
