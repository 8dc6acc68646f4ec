-- The history of each UniConfig node's committed configuration (issue 17: revert and history).
-- One row per node and successful commit that changed it: the commit's diff of the node (each
-- change's path with its before and after images, binfmt, as in transaction_log_node) and, on
-- every N-th row of a node and whenever the rows before do not lead to this one (a sync, a
-- restart, another instance's commit in between), a full copy of the node's configuration after
-- the commit. Reading a point replays at most N-1 diffs onto the full copy before it. Trimmed
-- by age, keeping the newest full copy older than the cut and every row after it.
CREATE TABLE node_history (
    node_id      text NOT NULL,
    seq          bigint NOT NULL,          -- 1, 2, ... per node
    commit_id    text NOT NULL,
    committed_at timestamptz NOT NULL,
    schema_key   text NOT NULL,            -- the schema the data is in (as uniconfig_node.schema_key)
    diff         bytea NOT NULL,
    full_copy    bytea,                    -- the node's configuration after the commit, or null
    PRIMARY KEY (node_id, seq)
);

CREATE INDEX node_history_commit ON node_history (commit_id);
CREATE INDEX node_history_time ON node_history (node_id, committed_at);
