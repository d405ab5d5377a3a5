// mode: read
// params: none
// returns: ns, conversations, episodes, turns (one row per namespace holding a Conversation;
// the caller sorts)
// Not scoped to one namespace: it lists them, for a client choosing one (the `namespaces`
// tool). Each namespace's episodes and turns are counted through its (label, ns) index.
MATCH (c:Conversation)
WHERE c.ns IS NOT NULL
WITH c.ns AS ns, count(c) AS conversations
CALL (ns) {
  MATCH (e:Episode)
  WHERE e.ns = ns
  RETURN count(e) AS episodes
}
CALL (ns) {
  MATCH (t:Turn)
  WHERE t.ns = ns
  RETURN count(t) AS turns
}
RETURN ns, conversations, episodes, turns
