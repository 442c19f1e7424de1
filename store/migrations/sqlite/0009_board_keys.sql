-- The keys that sign board links (HMAC-SHA256). The newest key with
-- retired_at = 0 signs; a retired key still verifies the links it signed
-- until they expire (7 days after it was retired), so a rotation breaks
-- no link a player was just given. secret is hex.
CREATE TABLE board_keys (
    id         INTEGER PRIMARY KEY,
    secret     TEXT    NOT NULL,
    created_at BIGINT  NOT NULL,
    retired_at BIGINT  NOT NULL DEFAULT 0
);
