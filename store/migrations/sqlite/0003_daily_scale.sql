-- The daily publisher at scale. post_rate is a shared rate limit: one row
-- per limit, holding the scheduler's state of it (the times of the latest
-- requests), which processes update in turn so that together they stay
-- under Discord's global limit. The index lets each process reload only the
-- guild settings saved since its last look.
CREATE TABLE post_rate (
    name    TEXT    NOT NULL PRIMARY KEY,
    state   TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX guild_settings_updated ON guild_settings (updated_at);
CREATE INDEX daily_posts_day ON daily_posts (day, message_id);
