// mode: write
// params: none
// returns: nothing
// timeline(): the date mentions of one namespace whose days reach a range, a seek on (ns,
// start) rather than a range over every namespace's mentions.
CREATE INDEX mrgraph_date_mention_ns_start IF NOT EXISTS
FOR (n:DateMention) ON (n.ns, n.start)
