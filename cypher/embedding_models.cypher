// mode: read
// params: $ns
// returns: model, episodes (one row per model; the caller sorts)
// Episodes holding an embedding, counted per `embedding_model`; a missing or non-string name
// counts as '' (the embedded store's rule), so every embedded episode is counted once.
MATCH (e:Episode)
WHERE e.ns = $ns AND e.embedding IS NOT NULL
WITH CASE WHEN e.embedding_model IS :: STRING NOT NULL THEN e.embedding_model ELSE '' END AS model
RETURN model, count(*) AS episodes
