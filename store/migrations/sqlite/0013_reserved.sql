-- Placeholder on branch wt-fresh: migration 0013 belongs to another branch
-- (issue 29/30 helpers). The integrator drops this file when merging theirs.
SELECT 1;
