// mode: read
// params: $ns, $vector, $model, $limit
// returns: approx, embedding, episode (map: id, conversation_id, session, date,
// summary, tag, dia_ids, mentions)
// Episodes by cosine similarity of their `embedding` to $vector, every episode of the namespace
// that the query's model embedded scored (no approximate vector index decides). Only episodes
// whose `embedding_model` is $model take part ('' stands for a missing or non-string name, as in
// embedding_models): two models' vectors are not comparable even when their sizes agree.
// Neo4j's vector.similarity.cosine is (1 + cos) / 2 in single precision, so approx = 2 * it - 1
// only picks the candidates: every episode within 0.0001 of the $limit-th best, returned with
// its embedding so the caller scores them exactly in float64 (base.py) and breaks ties by date
// and id.
// Only lists of numbers of the query's dimension with a non-zero norm take part; the CASE keeps
// size() and the similarity away from other values (a string's size is its length).
MATCH (e:Episode)
WHERE e.ns = $ns AND e.embedding IS NOT NULL
  AND CASE WHEN e.embedding_model IS :: STRING NOT NULL THEN e.embedding_model ELSE '' END
      = $model
WITH e
WHERE CASE
  WHEN e.embedding IS :: LIST<FLOAT NOT NULL> OR e.embedding IS :: LIST<INTEGER NOT NULL>
    THEN size(e.embedding) = size($vector) AND any(x IN e.embedding WHERE x <> 0)
  ELSE false
END
WITH e, 2 * vector.similarity.cosine(e.embedding, $vector) - 1 AS approx
ORDER BY approx DESC
WITH collect({e: e, approx: approx}) AS hits
WITH hits, hits[(CASE WHEN $limit < size(hits) THEN $limit ELSE size(hits) END) - 1].approx
  AS cut
UNWIND hits AS hit
WITH hit.e AS e, hit.approx AS approx, cut
WHERE approx >= cut - 0.0001
RETURN approx, e.embedding AS embedding,
       e {.id, .conversation_id, .session, .date, .summary, .tag, .dia_ids, .mentions} AS episode
