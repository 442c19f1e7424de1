-- The climbs of the technique library's background jobs (jobs kind
-- technique-climb, issue 34): for each technique no puzzle trains yet, the
-- hill climb towards one, saved between rounds (engine.Climb.String) so
-- that any process goes on where the last one stopped. A round is saved
-- only over the state it started from: two processes never both advance
-- one climb.
CREATE TABLE technique_climbs (
    technique  TEXT    NOT NULL PRIMARY KEY,
    state      TEXT    NOT NULL,
    updated_at BIGINT  NOT NULL
);
