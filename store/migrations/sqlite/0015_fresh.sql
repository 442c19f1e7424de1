-- Fresh puzzles (issue 30). canon is a puzzle's canonical form
-- (engine.CanonicalKey): equal for a puzzle and every disguise of it; ''
-- until the store's backfill computes it for older rows.
ALTER TABLE puzzles ADD COLUMN canon TEXT NOT NULL DEFAULT '';
CREATE INDEX puzzles_canon ON puzzles (canon);

-- One row per canonical form ever used as a daily, at any level: the
-- primary key is what makes "no daily ever repeats" hold across processes.
CREATE TABLE daily_canons (
    canon TEXT NOT NULL PRIMARY KEY,
    day   TEXT NOT NULL,
    level TEXT NOT NULL
);

-- The puzzle bank: fresh puzzles mined ahead for /sudoku new, claimed
-- (deleted) one per request. technique is the deciding (hardest) step,
-- for the variety quota.
CREATE TABLE bank (
    id         INTEGER PRIMARY KEY,
    level      TEXT    NOT NULL,
    puzzle_id  INTEGER NOT NULL REFERENCES puzzles (id),
    technique  TEXT    NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL
);
CREATE INDEX bank_level ON bank (level, id);
