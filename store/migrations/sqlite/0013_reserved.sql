-- Reserved for another branch's migration 0013 (issue 29): this branch
-- numbers its own 0014. The integrator drops this file when the real
-- 0013 is merged.
SELECT 1;
