// mode: read
// params: $ns, $cue
// returns: rows: tag, episodes (how many), first, last (dates), sample (up to 5 summaries)
// What the cue is associated with, most frequent tag first (the cue_tags tool's view).
// Neo4j Browser: paste the :param lines of this file's row in the README first (ns, cue)
MATCH (c:Cue {ns: $ns})
WHERE c.key = toLower(trim($cue)) OR c.name = $cue
MATCH (c)-[r:CUE_OF]->(e:Episode)
WITH r.tag AS tag, e ORDER BY e.date
RETURN tag, count(e) AS episodes, min(e.date) AS first, max(e.date) AS last,
       collect(e.summary)[0..5] AS sample
ORDER BY episodes DESC, tag
