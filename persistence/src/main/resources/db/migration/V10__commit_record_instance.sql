-- Which controller instance runs a commit, and which start of it: a commit left pending by an
-- instance that is no longer live in that start is orphaned, and settled by the instance that
-- takes its nodes (or by the instance itself at its next start). Null for commits recorded before
-- this migration and by a controller without an instance id: pending, they are interrupted ones.
ALTER TABLE commit_record ADD COLUMN instance_id text, ADD COLUMN instance_started timestamptz;
CREATE INDEX commit_record_pending_nodes ON commit_record USING gin (node_ids) WHERE state = 'pending';
