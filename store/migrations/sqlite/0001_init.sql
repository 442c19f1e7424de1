-- Core tables. Times are Unix milliseconds (0 = none); grids are 81
-- characters '0'-'9'; pencil marks are 81 groups of 3 hex digits (bit d
-- set = candidate d).
CREATE TABLE puzzles (
    id         INTEGER PRIMARY KEY,
    grid       TEXT    NOT NULL UNIQUE CHECK (length(grid) = 81),
    solution   TEXT    NOT NULL CHECK (length(solution) = 81),
    score      REAL    NOT NULL DEFAULT 0,
    level      TEXT    NOT NULL DEFAULT '',
    techniques TEXT    NOT NULL DEFAULT '',
    origin     TEXT    NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL
);

CREATE TABLE games (
    id          INTEGER PRIMARY KEY,
    user_id     TEXT    NOT NULL,
    guild_id    TEXT    NOT NULL DEFAULT '',
    puzzle_id   INTEGER NOT NULL REFERENCES puzzles (id),
    context     TEXT    NOT NULL,
    day         TEXT    NOT NULL DEFAULT '',
    entries     TEXT    NOT NULL CHECK (length(entries) = 81),
    pencil      TEXT    NOT NULL CHECK (length(pencil) = 243),
    started_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL,
    finished_at INTEGER NOT NULL DEFAULT 0,
    duration_ms INTEGER NOT NULL DEFAULT 0,
    hints1      INTEGER NOT NULL DEFAULT 0,
    hints2      INTEGER NOT NULL DEFAULT 0,
    hints3      INTEGER NOT NULL DEFAULT 0,
    mistakes    INTEGER NOT NULL DEFAULT 0,
    gave_up     BOOLEAN NOT NULL DEFAULT 0 CHECK (gave_up IN (0, 1)),
    solved      BOOLEAN NOT NULL DEFAULT 0 CHECK (solved IN (0, 1)),
    version     INTEGER NOT NULL DEFAULT 1,
    UNIQUE (user_id, puzzle_id, context)
);
CREATE INDEX games_current ON games (user_id, guild_id, finished_at, updated_at);
CREATE INDEX games_daily ON games (guild_id, context, solved, duration_ms);

CREATE TABLE dailies (
    day        TEXT    NOT NULL,
    level      TEXT    NOT NULL,
    puzzle_id  INTEGER NOT NULL REFERENCES puzzles (id),
    created_at INTEGER NOT NULL,
    PRIMARY KEY (day, level)
);

CREATE TABLE daily_posts (
    guild_id   TEXT    NOT NULL,
    day        TEXT    NOT NULL,
    claimed_at INTEGER NOT NULL DEFAULT 0,
    posted_at  INTEGER NOT NULL DEFAULT 0,
    channel_id TEXT    NOT NULL DEFAULT '',
    message_id TEXT    NOT NULL DEFAULT '',
    thread_id  TEXT    NOT NULL DEFAULT '',
    error      TEXT    NOT NULL DEFAULT '',
    attempts   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, day)
);

CREATE TABLE guild_settings (
    guild_id   TEXT    NOT NULL PRIMARY KEY,
    channel_id TEXT    NOT NULL DEFAULT '',
    post_time  TEXT    NOT NULL DEFAULT '',
    time_zone  TEXT    NOT NULL DEFAULT '',
    level      TEXT    NOT NULL DEFAULT '',
    enabled    BOOLEAN NOT NULL DEFAULT 0 CHECK (enabled IN (0, 1)),
    threads    BOOLEAN NOT NULL DEFAULT 0 CHECK (threads IN (0, 1)),
    updated_by TEXT    NOT NULL DEFAULT '',
    updated_at INTEGER NOT NULL DEFAULT 0,
    error      TEXT    NOT NULL DEFAULT ''
);
