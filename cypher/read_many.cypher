// mode: read
// params: $ns, $calls
// returns: i (the call's index), rows (the rows of the call's own file, as that file returns them)
// A step of the reasoning loop in one statement (Neo4jStore.read_many): the calls of several
// kinds of read together. $calls = [{i, file, ...the arguments of that file's calls}]. Each
// branch is the body of the grouped file it names, verbatim, taking only the calls naming it
// (tests/cypher checks each branch against its file): a call is answered exactly as its own
// file would answer it. One list parameter, not one per file, so the plan cache keeps one plan
// per size of the step, not one per combination of sizes.
CYPHER replan=skip
UNWIND $calls AS call
WITH call WHERE call.file = 'search_events'
CALL (call) {
  UNWIND call.queries AS query
  CALL db.index.fulltext.queryNodes('mrgraph_episode_tokens', query) YIELD node
  WITH DISTINCT call, node WHERE node.ns = $ns
  WITH call, node, [t IN split(node.tokens, ' ') WHERE call.weights[t] IS NOT NULL] AS held
  WHERE size(held) > 0
  WITH call, node, reduce(s = 0.0, t IN held | s + call.weights[t]) AS raw
  ORDER BY raw DESC
  WITH call, collect({node: node, raw: raw}) AS hits
  WITH hits, hits[(CASE WHEN call.limit < size(hits) THEN call.limit ELSE size(hits) END) - 1].raw
    AS cut
  UNWIND hits AS hit
  WITH hit.node AS e, hit.raw AS raw, cut
  WHERE raw >= cut - 0.00001 - abs(cut) * 0.000000001
  RETURN raw, e {.id, .conversation_id, .session, .date, .summary, .tag, .dia_ids, .mentions,
                 .tokens} AS episode
}
RETURN call.i AS i, collect({raw: raw, episode: episode}) AS rows
UNION ALL
UNWIND $calls AS call
WITH call WHERE call.file = 'search_events_scan'
CALL (call) {
  MATCH (node:Episode) USING INDEX SEEK node:Episode(ns)
  WHERE node.ns = $ns
  WITH call, node, [t IN split(node.tokens, ' ') WHERE call.weights[t] IS NOT NULL] AS held
  WHERE size(held) > 0
  WITH call, node, reduce(s = 0.0, t IN held | s + call.weights[t]) AS raw
  ORDER BY raw DESC
  WITH call, collect({node: node, raw: raw}) AS hits
  WITH hits, hits[(CASE WHEN call.limit < size(hits) THEN call.limit ELSE size(hits) END) - 1].raw
    AS cut
  UNWIND hits AS hit
  WITH hit.node AS e, hit.raw AS raw, cut
  WHERE raw >= cut - 0.00001 - abs(cut) * 0.000000001
  RETURN raw, e {.id, .conversation_id, .session, .date, .summary, .tag, .dia_ids, .mentions,
                 .tokens} AS episode
}
RETURN call.i AS i, collect({raw: raw, episode: episode}) AS rows
UNION ALL
UNWIND $calls AS call
WITH call WHERE call.file = 'search_cues'
CALL (call) {
  CALL (call) {
    UNWIND call.queries AS query
    CALL db.index.fulltext.queryNodes('mrgraph_cue_tokens', query) YIELD node
    RETURN node
    UNION
    UNWIND call.queries AS query
    CALL db.index.fulltext.queryNodes('mrgraph_tag_tokens', query) YIELD node
    RETURN node
  }
  WITH call, node WHERE node.ns = $ns
  WITH call, node, [t IN split(node.tokens, ' ') WHERE call.weights[t] IS NOT NULL] AS held
  WHERE size(held) > 0
  WITH call, node, reduce(s = 0.0, t IN held | s + call.weights[t]) AS raw
  ORDER BY raw DESC
  WITH call, collect({node: node, raw: raw}) AS hits
  WITH hits, hits[(CASE WHEN call.limit < size(hits) THEN call.limit ELSE size(hits) END) - 1].raw
    AS cut
  UNWIND hits AS hit
  WITH hit.node AS n, hit.raw AS raw, cut
  WHERE raw >= cut - 0.00001 - abs(cut) * 0.000000001
  RETURN raw, n.id AS id, n.tokens AS tokens,
         CASE WHEN n:Tag THEN n.label ELSE n.name END AS name,
         CASE WHEN n:Tag THEN 'tag' ELSE n.kind END AS kind,
         CASE WHEN n:Tag THEN count { (n)-[:TAGS]->() } ELSE count { (n)-[:CUE_OF]->() } END
           AS episodes
}
RETURN call.i AS i, collect({raw: raw, id: id, name: name, kind: kind, tokens: tokens,
                            episodes: episodes}) AS rows
UNION ALL
UNWIND $calls AS call
WITH call WHERE call.file = 'search_cues_scan'
CALL (call) {
  CALL () {
    MATCH (node:Cue) USING INDEX SEEK node:Cue(ns)
    WHERE node.ns = $ns
    RETURN node
    UNION
    MATCH (node:Tag) USING INDEX SEEK node:Tag(ns)
    WHERE node.ns = $ns
    RETURN node
  }
  WITH call, node, [t IN split(node.tokens, ' ') WHERE call.weights[t] IS NOT NULL] AS held
  WHERE size(held) > 0
  WITH call, node, reduce(s = 0.0, t IN held | s + call.weights[t]) AS raw
  ORDER BY raw DESC
  WITH call, collect({node: node, raw: raw}) AS hits
  WITH hits, hits[(CASE WHEN call.limit < size(hits) THEN call.limit ELSE size(hits) END) - 1].raw
    AS cut
  UNWIND hits AS hit
  WITH hit.node AS n, hit.raw AS raw, cut
  WHERE raw >= cut - 0.00001 - abs(cut) * 0.000000001
  RETURN raw, n.id AS id, n.tokens AS tokens,
         CASE WHEN n:Tag THEN n.label ELSE n.name END AS name,
         CASE WHEN n:Tag THEN 'tag' ELSE n.kind END AS kind,
         CASE WHEN n:Tag THEN count { (n)-[:TAGS]->() } ELSE count { (n)-[:CUE_OF]->() } END
           AS episodes
}
RETURN call.i AS i, collect({raw: raw, id: id, name: name, kind: kind, tokens: tokens,
                            episodes: episodes}) AS rows
UNION ALL
UNWIND $calls AS call
WITH call WHERE call.file = 'search_topics'
CALL (call) {
  UNWIND call.queries AS query
  CALL db.index.fulltext.queryNodes('mrgraph_topic_tokens', query) YIELD node
  WITH DISTINCT call, node WHERE node.ns = $ns
  WITH call, node, [t IN split(node.tokens, ' ') WHERE call.weights[t] IS NOT NULL] AS held
  WHERE size(held) > 0
  WITH call, node, reduce(s = 0.0, t IN held | s + call.weights[t]) AS raw
  ORDER BY raw DESC
  WITH call, collect({node: node, raw: raw}) AS hits
  WITH hits, hits[(CASE WHEN call.limit < size(hits) THEN call.limit ELSE size(hits) END) - 1].raw
    AS cut
  UNWIND hits AS hit
  WITH hit.node AS t, hit.raw AS raw, cut
  WHERE raw >= cut - 0.00001 - abs(cut) * 0.000000001
  RETURN raw, t.id AS id, t.label AS label, t.summary AS summary, t.tokens AS tokens,
         count { (t)-[:GROUPS]->() } AS episodes
}
RETURN call.i AS i, collect({raw: raw, id: id, label: label, summary: summary, tokens: tokens,
                            episodes: episodes}) AS rows
UNION ALL
UNWIND $calls AS call
WITH call WHERE call.file = 'search_topics_scan'
CALL (call) {
  MATCH (node:Topic) USING INDEX SEEK node:Topic(ns)
  WHERE node.ns = $ns
  WITH call, node, [t IN split(node.tokens, ' ') WHERE call.weights[t] IS NOT NULL] AS held
  WHERE size(held) > 0
  WITH call, node, reduce(s = 0.0, t IN held | s + call.weights[t]) AS raw
  ORDER BY raw DESC
  WITH call, collect({node: node, raw: raw}) AS hits
  WITH hits, hits[(CASE WHEN call.limit < size(hits) THEN call.limit ELSE size(hits) END) - 1].raw
    AS cut
  UNWIND hits AS hit
  WITH hit.node AS t, hit.raw AS raw, cut
  WHERE raw >= cut - 0.00001 - abs(cut) * 0.000000001
  RETURN raw, t.id AS id, t.label AS label, t.summary AS summary, t.tokens AS tokens,
         count { (t)-[:GROUPS]->() } AS episodes
}
RETURN call.i AS i, collect({raw: raw, id: id, label: label, summary: summary, tokens: tokens,
                            episodes: episodes}) AS rows
UNION ALL
UNWIND $calls AS call
WITH call WHERE call.file = 'find_cues'
CALL (call) {
  MATCH (c:Cue) USING INDEX SEEK c:Cue(key)
  WHERE c.ns = $ns AND c.key = call.key
  RETURN c.id AS id, c.name AS name, c.kind AS kind, count { (c)-[:CUE_OF]->() } AS episodes
}
RETURN call.i AS i, collect({id: id, name: name, kind: kind, episodes: episodes}) AS rows
UNION ALL
UNWIND $calls AS call
WITH call WHERE call.file = 'entity_beliefs'
CALL (call) {
  MATCH (c:Cue) USING INDEX SEEK c:Cue(key)
  WHERE c.ns = $ns AND c.key = call.key
  MATCH (c)-[b:BELIEF]->(f)
  WHERE call.aspect IS NULL OR b.aspect = call.aspect
  CALL (f) {
    MATCH (f)-[:FROM_EPISODE]->(e)
    RETURN collect(e {.id, .dia_ids}) AS episodes
  }
  RETURN c.name AS entity, f.id AS fact_id, f.statement AS fact_statement,
         properties(b) AS belief, episodes
}
RETURN call.i AS i, collect({entity: entity, fact_id: fact_id, fact_statement: fact_statement,
                            belief: belief, episodes: episodes}) AS rows
UNION ALL
UNWIND $calls AS call
WITH call WHERE call.file = 'cue_tags'
CALL (call) {
  MATCH (c:Cue {id: call.cue_id})-[r:CUE_OF]->() USING INDEX SEEK c:Cue(id)
  WHERE c.ns = $ns AND r.tag IS NOT NULL
  RETURN r.tag AS tag, count(*) AS count
}
RETURN call.i AS i, collect({tag: tag, count: count}) AS rows
UNION ALL
UNWIND $calls AS call
WITH call WHERE call.file = 'tag_events'
CALL (call) {
  MATCH (c:Cue {id: call.cue_id})-[r:CUE_OF]->(e:Episode) USING INDEX SEEK c:Cue(id)
  WHERE c.ns = $ns AND r.tag = call.tag
  WITH call, e ORDER BY coalesce(e.date, ''), e.id
  WITH call, collect(e {.id, .conversation_id, .session, .date, .summary, .tag,
                    .dia_ids, .mentions}) AS found
  RETURN [e IN found[..call.limit] | {episode: e}] AS rows
}
RETURN call.i AS i, rows
UNION ALL
UNWIND $calls AS call
WITH call WHERE call.file = 'topic_events'
CALL (call) {
  MATCH (t:Topic {id: call.topic_id})-[:GROUPS]->(e:Episode) USING INDEX SEEK t:Topic(id)
  WHERE t.ns = $ns
  WITH call, e ORDER BY coalesce(e.date, ''), e.id
  WITH call, collect(e {.id, .conversation_id, .session, .date, .summary, .tag,
                    .dia_ids, .mentions}) AS found
  RETURN [e IN found[..call.limit] | {episode: e}] AS rows
}
RETURN call.i AS i, rows
UNION ALL
UNWIND $calls AS call
WITH call WHERE call.file = 'timeline'
CALL (call) {
  CALL (call) {
    MATCH (e:Episode) USING INDEX SEEK e:Episode(ns, date)
    WHERE e.ns = $ns AND call.start <= e.date <= call.end
    RETURN e
    UNION
    MATCH (m:DateMention) USING INDEX SEEK m:DateMention(ns, start)
    WHERE m.ns = $ns AND m.start <= call.end AND m.end >= call.start
    MATCH (m)<-[:MENTIONS_DATE]-(:Turn)<-[:FROM_TURN]-(e)
    RETURN e
  }
  WITH call, e ORDER BY e.date, e.id
  WITH call, collect(e {.id, .conversation_id, .session, .date, .summary, .tag,
                    .dia_ids, .mentions}) AS found
  RETURN [e IN found[..call.limit] | {episode: e}] AS rows
}
RETURN call.i AS i, rows
UNION ALL
UNWIND $calls AS call
WITH call WHERE call.file = 'timeline_of_cue'
CALL (call) {
  MATCH (c:Cue {id: call.cue_id})-[:CUE_OF]->(e:Episode) USING INDEX SEEK c:Cue(id)
  WHERE c.ns = $ns AND (call.start <= e.date <= call.end OR EXISTS {
    MATCH (e)-[:FROM_TURN]->(:Turn)-[:MENTIONS_DATE]->(m)
    WHERE m.start <= call.end AND m.end >= call.start
  })
  WITH DISTINCT call, e
  ORDER BY e.date, e.id
  WITH call, collect(e {.id, .conversation_id, .session, .date, .summary, .tag,
                    .dia_ids, .mentions}) AS found
  RETURN [e IN found[..call.limit] | {episode: e}] AS rows
}
RETURN call.i AS i, rows
UNION ALL
UNWIND $calls AS call
WITH call WHERE call.file = 'event_keywords'
CALL (call) {
  MATCH (e:Episode {id: call.event_id}) USING INDEX SEEK e:Episode(id)
  WHERE e.ns = $ns
  MATCH (c)-[r:CUE_OF]->(e)
  RETURN c.id AS cue_id, c.name AS name, c.kind AS kind, r.tag AS tag
}
RETURN call.i AS i, collect({cue_id: cue_id, name: name, kind: kind, tag: tag}) AS rows
UNION ALL
UNWIND $calls AS call
WITH call WHERE call.file = 'event_context'
CALL (call) {
  MATCH (e:Episode {id: call.event_id}) USING INDEX SEEK e:Episode(id)
  WHERE e.ns = $ns
  CALL (e) {
    MATCH (e)-[:FROM_TURN]->(t)
    RETURN collect(t) AS own
  }
  CALL (e) {
    OPTIONAL MATCH (s)-[:HAS_EPISODE]->(e)
    RETURN s
    ORDER BY s.id
    LIMIT 1
  }
  CALL (s) {
    OPTIONAL MATCH (s)-[:HAS_TURN]->(t)
    RETURN collect(t) AS pool
  }
  WITH call, s, [t IN own | t.id] AS own_ids, own + pool AS turns,
       [t IN own | coalesce(t.index, 0)] AS own_index
  WHERE size(own_index) > 0
  // only the window around the own turns travels (the caller applies the same bounds)
  WITH s, own_ids, turns, CASE WHEN call.window > 0 THEN call.window ELSE 0 END AS w,
       reduce(m = own_index[0], x IN own_index | CASE WHEN x < m THEN x ELSE m END) AS first,
       reduce(m = own_index[0], x IN own_index | CASE WHEN x > m THEN x ELSE m END) AS last
  UNWIND turns AS t
  WITH DISTINCT s, own_ids, t, first - w AS lo, last + w AS hi
  WHERE lo <= coalesce(t.index, 0) <= hi
  CALL (t) {
    OPTIONAL MATCH (t)-[:MENTIONS_DATE]->(m)
    WITH m ORDER BY m.index
    RETURN collect(properties(m)) AS dates
  }
  RETURN t.id AS id, t {.dia_id, .speaker, .text, .session, .index, .date, .blip_caption,
                           .conversation_id} AS turn,
         t.id IN own_ids AS in_event, s.date AS session_date, dates
}
RETURN call.i AS i, collect({id: id, turn: turn, in_event: in_event,
                            session_date: session_date, dates: dates}) AS rows
UNION ALL
UNWIND $calls AS call
WITH call WHERE call.file = 'conversation_time'
CALL (call) {
  MATCH (e:Episode {id: call.event_id}) USING INDEX SEEK e:Episode(id)
  WHERE e.ns = $ns
  CALL (e) {
    OPTIONAL MATCH (s)-[:HAS_EPISODE]->(e)
    RETURN s
    ORDER BY s.id
    LIMIT 1
  }
  CALL (e) {
    OPTIONAL MATCH (e)-[:FROM_TURN]->(t)-[:MENTIONS_DATE]->(m)
    WITH t, m ORDER BY coalesce(t.index, 0), t.id, m.index
    RETURN collect(properties(m)) AS mentions
  }
  RETURN e.id AS id, s.started_at AS started_at, e.date AS date, mentions
}
RETURN call.i AS i, collect({id: id, started_at: started_at, date: date,
                            mentions: mentions}) AS rows
