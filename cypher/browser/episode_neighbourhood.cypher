// mode: read
// params: $ns, $episode
// returns: a graph: one episode with its turns (and the dates they mention), cues, tag, topics,
// facts and timeline neighbours (the reverse hop, Pi v->(c,g), as a picture). $episode is an
// episode id (ep-...).
// Neo4j Browser: paste the :param lines of this file's row in the README first (ns, episode)
MATCH (e:Episode {ns: $ns, id: $episode})
OPTIONAL MATCH p = (e)-[:FROM_TURN]->(:Turn)
OPTIONAL MATCH m = (e)-[:FROM_TURN]->(:Turn)-[:MENTIONS_DATE]->(:DateMention)
OPTIONAL MATCH q = (:Cue)-[:CUE_OF]->(e)
OPTIONAL MATCH r = (:Tag)-[:TAGS]->(e)
OPTIONAL MATCH s = (:Topic)-[:GROUPS]->(e)
OPTIONAL MATCH t = (:Fact)-[:FROM_EPISODE]->(e)
OPTIONAL MATCH u = (:Episode)-[:NEXT]-(e)
RETURN e, collect(DISTINCT p) AS turns, collect(DISTINCT m) AS dates, collect(DISTINCT q) AS cues,
       collect(DISTINCT r) AS tags,
       collect(DISTINCT s) AS topics, collect(DISTINCT t) AS facts,
       collect(DISTINCT u) AS neighbours
