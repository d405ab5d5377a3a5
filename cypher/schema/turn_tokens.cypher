// mode: write
// params: none
// returns: nothing
// Token search over turns (search_turns). `tokens` is already normalised by mrgraph.text
// (space-joined [a-z0-9]+ stems of the text and image caption), so the whitespace analyzer
// indexes it as is: Lucene never sees user syntax.
CREATE FULLTEXT INDEX mrgraph_turn_tokens IF NOT EXISTS
FOR (n:Turn) ON EACH [n.tokens]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'whitespace'}}
