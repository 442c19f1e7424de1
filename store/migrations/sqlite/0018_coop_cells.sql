-- Who placed each digit of a co-op board, so every board shows every
-- player's colour from the start and after a reload: one row per filled
-- cell, written in the move's transaction (store.EditCoop); a cleared
-- cell has none. seat is the order in which the players first acted on
-- the board (1 first; 0 for those who acted before it was kept), which
-- keeps each player's colour the same however many join later.
CREATE TABLE coop_cells (
    game_id INTEGER NOT NULL REFERENCES games (id),
    cell    INTEGER NOT NULL,
    user_id TEXT    NOT NULL,
    PRIMARY KEY (game_id, cell)
);
ALTER TABLE coop_players ADD COLUMN seat INTEGER NOT NULL DEFAULT 0;
