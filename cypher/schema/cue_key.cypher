// mode: write
// params: none
// returns: nothing
// find_cues / entity_beliefs: a cue by normalised name.
CREATE INDEX mrgraph_cue_key IF NOT EXISTS
FOR (n:Cue) ON (n.key)
