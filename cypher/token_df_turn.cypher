// mode: read
// params: $ns, $tokens
// returns: total (Turn nodes in the namespace), dfs (list of {token, df}: the Turn nodes
// holding the token)
// $tokens = [{token, query}]: query is the token quoted for Lucene; the full-text hit is only a
// candidate, the exact test is membership in the node's space-separated tokens (as a padded
// substring: the same test as `item.token IN split(node.tokens, ' ')` for a token without
// spaces, ~1.5 ms less a question's first statement on the dev file).
CYPHER replan=skip
MATCH (n:Turn) USING INDEX SEEK n:Turn(ns)
WHERE n.ns = $ns
WITH count(n) AS total
CALL () {
  UNWIND $tokens AS item
  CALL (item) {
    CALL db.index.fulltext.queryNodes('mrgraph_turn_tokens', item.query) YIELD node
    WITH node WHERE node.ns = $ns AND (' ' + node.tokens + ' ') CONTAINS (' ' + item.token + ' ')
    RETURN count(node) AS df
  }
  RETURN collect({token: item.token, df: df}) AS dfs
}
RETURN total, dfs
