-- Races: one puzzle, several players, each on a private board. A racer's
-- board is an ordinary game whose context is 'race:<id>', so moves, hints
-- and finishing work as for any game; the race row holds what is shared:
-- where the public card is, who may join, and its deadlines.
CREATE TABLE races (
    id          INTEGER PRIMARY KEY,
    guild_id    TEXT    NOT NULL DEFAULT '',
    channel_id  TEXT    NOT NULL DEFAULT '',
    message_id  TEXT    NOT NULL DEFAULT '',
    host_id     TEXT    NOT NULL,
    opponent_id TEXT    NOT NULL DEFAULT '',
    puzzle_id   INTEGER NOT NULL REFERENCES puzzles (id),
    created_at  INTEGER NOT NULL,
    join_by     INTEGER NOT NULL,
    ends_at     INTEGER NOT NULL
);
CREATE INDEX games_context ON games (context);
