-- The confirm deadline of a gated commit while it waits for confirm-commit (null otherwise), so
-- that a read of sextant-gate:pending-commits through any controller instance lists the commits
-- the other live instances hold waiting, not only its own.
ALTER TABLE commit_record ADD COLUMN confirm_deadline timestamptz;
