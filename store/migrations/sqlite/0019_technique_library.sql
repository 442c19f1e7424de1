-- The technique library mined by the background jobs (jobs kind
-- technique-mine, issue 34): puzzles found to train a technique, served
-- beside the library shipped in the binary. entry is the library line
-- (engine.LibraryEntry.String); a puzzle is kept once per technique, by
-- its canonical key, whichever process found it.
CREATE TABLE technique_library (
    technique  TEXT    NOT NULL,
    canon      TEXT    NOT NULL,
    entry      TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (technique, canon)
);
