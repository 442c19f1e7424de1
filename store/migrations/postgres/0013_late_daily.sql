-- A daily played after its day (/sudoku daily date:, or a button of an
-- older post) is marked late: it counts as a solve but not for the streak
-- or that day's leaderboards.
ALTER TABLE games ADD COLUMN late BOOLEAN NOT NULL DEFAULT FALSE;
