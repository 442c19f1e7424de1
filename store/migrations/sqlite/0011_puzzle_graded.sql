-- A puzzle saved before its grading ended (a paste graded over its time
-- budget) has no level. Earlier versions stored the made-up level
-- 'not graded' for it; graded says so instead, and level holds only real
-- level names, or '' when there is none.
ALTER TABLE puzzles ADD COLUMN graded BOOLEAN NOT NULL DEFAULT 1 CHECK (graded IN (0, 1));
UPDATE puzzles SET graded = 0, level = '' WHERE level IN ('not graded', '');
