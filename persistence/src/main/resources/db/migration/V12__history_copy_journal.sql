-- A point whose full copy shares node_config_base's bytes (copy_before, V11) while the node's
-- actual configuration has journal entries after that base: those entries, up to the version the
-- point's commit started from, copied with the point. The copy, with them replayed in order, is
-- the configuration before the point's commit. They go with their point.
CREATE TABLE node_history_journal (
    node_id     text NOT NULL,
    seq         bigint NOT NULL,           -- the point's (node_history.seq)
    journal_seq bigint NOT NULL,           -- as in node_config_journal
    position    integer NOT NULL,
    operation   text NOT NULL CHECK (operation IN ('put', 'delete')),
    path        bytea NOT NULL,
    data        bytea,                     -- null for delete
    PRIMARY KEY (node_id, seq, journal_seq, position),
    FOREIGN KEY (node_id, seq) REFERENCES node_history ON DELETE CASCADE
);
