-- A guild's last posting problem becomes a code that /sudoku-config words
-- in the admin's language (store.PostProblem: "no_access",
-- "missing_permissions[:perm,...]", "channel_gone", "refused"), instead of
-- an English sentence. Old sentences carry Discord's error text: read what
-- it tells, in the order the publisher decides (Missing Access before the
-- "missing permissions" every old 403 sentence said), and call the rest
-- refused.
ALTER TABLE guild_settings RENAME COLUMN error TO problem;
UPDATE guild_settings SET problem = CASE
    WHEN problem = '' THEN ''
    WHEN lower(problem) LIKE '%missing access%' THEN 'no_access'
    WHEN lower(problem) LIKE '%unknown channel%' OR lower(problem) LIKE '%not found%' THEN 'channel_gone'
    WHEN lower(problem) LIKE '%missing permissions%' THEN 'missing_permissions'
    ELSE 'refused'
END;
