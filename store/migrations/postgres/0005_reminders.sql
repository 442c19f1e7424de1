-- Opt-in streak reminders: one row per player and place (a guild, or ''
-- for DMs) who asked for them; hours_before 0 means turned off, so only
-- those who opted in are ever sent anything. last_sent_day (the place's
-- local date) makes a reminder go out at most once a day, across processes
-- and across turning it off and on.
CREATE TABLE reminders (
    user_id       TEXT    NOT NULL,
    guild_id      TEXT    NOT NULL DEFAULT '',
    hours_before  INTEGER NOT NULL,
    last_sent_day TEXT    NOT NULL DEFAULT '',
    updated_at    BIGINT  NOT NULL,
    PRIMARY KEY (user_id, guild_id)
);
