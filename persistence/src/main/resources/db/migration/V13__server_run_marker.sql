-- One row per controller start that wrote a commit's end without waiting for the WAL flush
-- (CommitRepository.endUnflushed). The table is unlogged: PostgreSQL empties it in the recovery
-- from a crash (and a promoted standby has it empty), so a controller that finds its row gone
-- knows that ends written shortly before may have been lost, and records them again. A clean
-- restart of the server keeps the rows. Rows are tiny and one per controller start; never read
-- by anything but the start that wrote them.
CREATE UNLOGGED TABLE server_run_marker (
    token      text PRIMARY KEY,
    written_at timestamptz NOT NULL DEFAULT now()
);
