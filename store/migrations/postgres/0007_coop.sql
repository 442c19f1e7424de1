-- Co-op boards: one shared game (context 'coop:...') that anyone in its
-- channel may play; coop_players counts what each player did, for the
-- contributions shown when it is solved.
CREATE TABLE coop_players (
    game_id BIGINT  NOT NULL REFERENCES games (id),
    user_id TEXT    NOT NULL,
    placed  INTEGER NOT NULL DEFAULT 0,
    hints   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, user_id)
);
