// mode: read
// params: $ns
// returns: first_episode, last_episode, first_session, last_session (ISO dates, null if none)
// The span of the episodes' dates; the sessions' span is the fallback when no episode is dated.
CALL () {
  MATCH (e:Episode)
  WHERE e.ns = $ns AND e.date IS NOT NULL AND e.date <> ''
  RETURN min(e.date) AS first_episode, max(e.date) AS last_episode
}
CALL () {
  MATCH (s:Session)
  WHERE s.ns = $ns AND s.date IS NOT NULL AND s.date <> ''
  RETURN min(s.date) AS first_session, max(s.date) AS last_session
}
RETURN first_episode, last_episode, first_session, last_session
