-- A puzzle saved before its grading ended (a paste graded over its time
-- budget) has no level. Earlier versions stored the made-up level
-- 'not graded' for it; graded says so instead, and level holds only real
-- level names, or '' when there is none.
ALTER TABLE puzzles ADD COLUMN graded BOOLEAN NOT NULL DEFAULT TRUE;
UPDATE puzzles SET graded = FALSE, level = '' WHERE level IN ('not graded', '');
