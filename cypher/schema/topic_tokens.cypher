// mode: write
// params: none
// returns: nothing
// Token search. `tokens` is already normalised by mrgraph.text (space-joined [a-z0-9]+
// stems), so the whitespace analyzer indexes it as is: Lucene never sees user syntax.
CREATE FULLTEXT INDEX mrgraph_topic_tokens IF NOT EXISTS
FOR (n:Topic) ON EACH [n.tokens]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'whitespace'}}
