// mode: read
// params: $ns, $asked
// returns: rows of label, total (the label's nodes in the namespace), dfs (list of {token, df}:
// the label's nodes holding the token), one row for each label asked
// token_df of several labels in one statement (a question's first step asks Episode, Cue and
// Tag at once): the token_df_<label> files' queries as branches of a UNION, each taken only
// for its own label. $asked = [{label, tokens}], a label at most once; tokens = [{token,
// query}] as in token_df_episode.cypher.
CYPHER replan=skip
UNWIND $asked AS asked
CALL (asked) {
  WITH asked WHERE asked.label = 'Episode'
  CALL () {
    MATCH (n:Episode) USING INDEX SEEK n:Episode(ns)
    WHERE n.ns = $ns
    RETURN count(n) AS total
  }
  CALL (asked) {
    UNWIND asked.tokens AS item
    CALL (item) {
      CALL db.index.fulltext.queryNodes('mrgraph_episode_tokens', item.query) YIELD node
      WITH node WHERE node.ns = $ns AND (' ' + node.tokens + ' ') CONTAINS (' ' + item.token + ' ')
      RETURN count(node) AS df
    }
    RETURN collect({token: item.token, df: df}) AS dfs
  }
  RETURN total, dfs
  UNION ALL
  WITH asked WHERE asked.label = 'Cue'
  CALL () {
    MATCH (n:Cue) USING INDEX SEEK n:Cue(ns)
    WHERE n.ns = $ns
    RETURN count(n) AS total
  }
  CALL (asked) {
    UNWIND asked.tokens AS item
    CALL (item) {
      CALL db.index.fulltext.queryNodes('mrgraph_cue_tokens', item.query) YIELD node
      WITH node WHERE node.ns = $ns AND (' ' + node.tokens + ' ') CONTAINS (' ' + item.token + ' ')
      RETURN count(node) AS df
    }
    RETURN collect({token: item.token, df: df}) AS dfs
  }
  RETURN total, dfs
  UNION ALL
  WITH asked WHERE asked.label = 'Tag'
  CALL () {
    MATCH (n:Tag) USING INDEX SEEK n:Tag(ns)
    WHERE n.ns = $ns
    RETURN count(n) AS total
  }
  CALL (asked) {
    UNWIND asked.tokens AS item
    CALL (item) {
      CALL db.index.fulltext.queryNodes('mrgraph_tag_tokens', item.query) YIELD node
      WITH node WHERE node.ns = $ns AND (' ' + node.tokens + ' ') CONTAINS (' ' + item.token + ' ')
      RETURN count(node) AS df
    }
    RETURN collect({token: item.token, df: df}) AS dfs
  }
  RETURN total, dfs
  UNION ALL
  WITH asked WHERE asked.label = 'Topic'
  CALL () {
    MATCH (n:Topic) USING INDEX SEEK n:Topic(ns)
    WHERE n.ns = $ns
    RETURN count(n) AS total
  }
  CALL (asked) {
    UNWIND asked.tokens AS item
    CALL (item) {
      CALL db.index.fulltext.queryNodes('mrgraph_topic_tokens', item.query) YIELD node
      WITH node WHERE node.ns = $ns AND (' ' + node.tokens + ' ') CONTAINS (' ' + item.token + ' ')
      RETURN count(node) AS df
    }
    RETURN collect({token: item.token, df: df}) AS dfs
  }
  RETURN total, dfs
  UNION ALL
  WITH asked WHERE asked.label = 'Turn'
  CALL () {
    MATCH (n:Turn) USING INDEX SEEK n:Turn(ns)
    WHERE n.ns = $ns
    RETURN count(n) AS total
  }
  CALL (asked) {
    UNWIND asked.tokens AS item
    CALL (item) {
      CALL db.index.fulltext.queryNodes('mrgraph_turn_tokens', item.query) YIELD node
      WITH node WHERE node.ns = $ns AND (' ' + node.tokens + ' ') CONTAINS (' ' + item.token + ' ')
      RETURN count(node) AS df
    }
    RETURN collect({token: item.token, df: df}) AS dfs
  }
  RETURN total, dfs
}
RETURN asked.label AS label, total, dfs
