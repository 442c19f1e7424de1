-- What the game's rules remember between actions (package game):
-- hint_key and hint_level are the step of the last hint and the deepest
-- level shown for it, so a hint counts once per step however many levels
-- the player opens; wrong_seen holds, per cell, the wrong digits already
-- counted as mistakes (81 groups of 3 hex digits, as pencil), so a mistake
-- counts once however often it is checked; cell_versions holds, per cell,
-- the game version that last changed its entry (comma-separated, '' for
-- none), so a co-op move is refused only when its own cells changed.
ALTER TABLE games ADD COLUMN hint_key TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN hint_level INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN wrong_seen TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN cell_versions TEXT NOT NULL DEFAULT '';
