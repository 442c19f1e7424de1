-- The durable job queue: work deferred past a reply (grading a pasted
-- puzzle, making a daily on demand, ...) is kept here, so it survives a
-- restart or a crash, and any process sharing the database may run it.
-- A job is unique by kind and key: queuing work already queued does
-- nothing. A claimed job carries its claimer and a lease; a job whose
-- lease ran out (its process died) is claimed again. Times are Unix ms.
CREATE TABLE jobs (
    id           BIGSERIAL PRIMARY KEY,
    kind         TEXT    NOT NULL,
    dedupe_key   TEXT    NOT NULL,
    player       TEXT    NOT NULL DEFAULT '',
    payload      BYTEA   NOT NULL,
    attempts     INTEGER NOT NULL DEFAULT 0,
    max_attempts INTEGER NOT NULL,
    run_after    BIGINT  NOT NULL,
    claimed_by   TEXT    NOT NULL DEFAULT '',
    lease_until  BIGINT  NOT NULL DEFAULT 0,
    last_error   TEXT    NOT NULL DEFAULT '',
    dead         BOOLEAN NOT NULL DEFAULT FALSE,
    created_at   BIGINT  NOT NULL,
    UNIQUE (kind, dedupe_key)
);
CREATE INDEX jobs_ready ON jobs (dead, run_after);
CREATE INDEX jobs_player ON jobs (player, lease_until);
