// mode: read
// params: $ns
// returns: a graph: the namespace's experiences from practice (pattern and calibration, active
// and demoted), the person cue a pattern hangs from (HAS_EXPERIENCE), the turns each rests on
// (EXPERIENCE_FROM) and the proposals consensus counted for it (SUPPORTS)
//   :param ns => 'default'
MATCH (x:Experience)
WHERE x.ns = $ns
OPTIONAL MATCH (c:Cue)-[h:HAS_EXPERIENCE]->(x)
OPTIONAL MATCH (x)-[f:EXPERIENCE_FROM]->(t:Turn)
OPTIONAL MATCH (p:Proposal)-[s:SUPPORTS]->(x)
RETURN x, c, h, f, t, p, s
