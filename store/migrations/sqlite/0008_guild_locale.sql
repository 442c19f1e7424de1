-- The server's language (Discord's guild_locale, saved when an admin runs
-- /sudoku-config), for the daily post everyone in the server reads. ''
-- means not known yet: the post is then in English.
ALTER TABLE guild_settings ADD COLUMN locale TEXT NOT NULL DEFAULT '';

-- A race card is public and redrawn long after the command that opened
-- it: it keeps the language it was opened in.
ALTER TABLE races ADD COLUMN locale TEXT NOT NULL DEFAULT '';

-- A reminder DM is in the language of the player who asked for it.
ALTER TABLE reminders ADD COLUMN locale TEXT NOT NULL DEFAULT '';
