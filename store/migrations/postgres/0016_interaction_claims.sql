-- Interaction ids claimed by whichever process sees them first, shared by
-- every replica and kept across restarts, so a replayed interaction (the
-- same signed request sent to another replica or after a restart, a
-- gateway event delivered again after a resume) has one effect. done_at is
-- 0 while the first is in progress; response is the HTTP answer given (its
-- content type in content_type), sent again to a replay. Rows are pruned by
-- claimed_at once older than any interaction Discord could still send.
CREATE TABLE interaction_claims (
    id TEXT PRIMARY KEY,
    claimed_at BIGINT NOT NULL,
    done_at BIGINT NOT NULL DEFAULT 0,
    content_type TEXT NOT NULL DEFAULT '',
    response BYTEA
);
CREATE INDEX interaction_claims_claimed_at ON interaction_claims (claimed_at);
-- hint_version is the game version the last counted hint left, so a hint
-- asked again on that very board (a retry after a lost reply) is that hint
-- again, counted once (package game).
ALTER TABLE games ADD COLUMN hint_version BIGINT NOT NULL DEFAULT 0;
