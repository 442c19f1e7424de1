-- Sharing a solve. box_order lists the boxes (1-9) in the order the
-- player completed them correctly: the spoiler-free picture of a shared
-- result. shares records each shared game once, so a solve is posted to
-- a channel at most once.
ALTER TABLE games ADD COLUMN box_order TEXT NOT NULL DEFAULT '';
CREATE TABLE shares (
    game_id    BIGINT  NOT NULL PRIMARY KEY REFERENCES games (id),
    user_id    TEXT    NOT NULL,
    guild_id   TEXT    NOT NULL DEFAULT '',
    channel_id TEXT    NOT NULL DEFAULT '',
    shared_at  BIGINT  NOT NULL
);
