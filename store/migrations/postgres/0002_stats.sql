-- Player statistics, kept per guild and across everything (guild_id = '').
CREATE TABLE player_stats (
    guild_id        TEXT    NOT NULL,
    user_id         TEXT    NOT NULL,
    current_streak  INTEGER NOT NULL DEFAULT 0,
    best_streak     INTEGER NOT NULL DEFAULT 0,
    last_solved_day TEXT    NOT NULL DEFAULT '',
    solves          INTEGER NOT NULL DEFAULT 0,
    gave_ups        INTEGER NOT NULL DEFAULT 0,
    daily_solves    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, user_id)
);
CREATE INDEX player_stats_streak ON player_stats (guild_id, current_streak);
CREATE INDEX player_stats_solves ON player_stats (guild_id, solves);

CREATE TABLE player_level_stats (
    guild_id  TEXT    NOT NULL,
    user_id   TEXT    NOT NULL,
    level     TEXT    NOT NULL,
    solves    INTEGER NOT NULL DEFAULT 0,
    gave_ups  INTEGER NOT NULL DEFAULT 0,
    best_ms   BIGINT  NOT NULL DEFAULT 0,
    median_ms BIGINT  NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, user_id, level)
);

-- Posted days per guild, for the streak rule "a day without a post does
-- not break a streak".
CREATE INDEX daily_posts_posted ON daily_posts (guild_id, day, message_id);
