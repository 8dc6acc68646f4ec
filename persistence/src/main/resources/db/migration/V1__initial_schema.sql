-- Sextant's durable state. YANG data (NormalizedNode) and paths (YangInstanceIdentifier) are in
-- yangtools' binary format (yang-data-codec-binfmt), one self-contained stream per column value.

-- (a) The controller's configuration datastore, one row per entry: a top-level container, or a
-- list entry down to a configured depth (for example one row per topology node). A row holds its
-- subtree without the entries that have rows of their own. entry_key is a readable, stable text
-- form of the path; byte order ("C") makes "every row under a path" an index range.
CREATE TABLE config_entry (
    entry_key  text COLLATE "C" PRIMARY KEY,
    depth      integer NOT NULL,
    path       bytea NOT NULL,
    data       bytea NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
);

-- (b) UniConfig nodes: intended and actual configuration, each a base snapshot plus a journal of
-- changes since that base. Loading = base + replay of the journal in order.
CREATE TABLE uniconfig_node (
    node_id    text PRIMARY KEY,
    schema_key text NOT NULL,          -- which schema the data is in; opaque here
    created_at timestamptz NOT NULL DEFAULT now()
);

-- One small row per node and kind, updated by every change (counts decide compaction).
CREATE TABLE node_config (
    node_id         text NOT NULL REFERENCES uniconfig_node ON DELETE CASCADE,
    kind            text NOT NULL CHECK (kind IN ('intended', 'actual')),
    last_seq        bigint NOT NULL,   -- sequence number of the newest journal entry (or of the base)
    journal_entries integer NOT NULL,
    journal_bytes   bigint NOT NULL,
    compacted_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (node_id, kind)
);

-- The full tree as of the last compaction; rewritten only by compaction.
CREATE TABLE node_config_base (
    node_id text NOT NULL,
    kind    text NOT NULL,
    data    bytea NOT NULL,
    PRIMARY KEY (node_id, kind),
    FOREIGN KEY (node_id, kind) REFERENCES node_config ON DELETE CASCADE
);

-- Changes after the base, in order: put (replace the subtree at path with data) or delete.
CREATE TABLE node_config_journal (
    node_id   text NOT NULL,
    kind      text NOT NULL,
    seq       bigint NOT NULL,         -- one recorded update
    position  integer NOT NULL,        -- order of the changes within it
    operation text NOT NULL CHECK (operation IN ('put', 'delete')),
    path      bytea NOT NULL,
    data      bytea,                   -- null for delete
    PRIMARY KEY (node_id, kind, seq, position),
    FOREIGN KEY (node_id, kind) REFERENCES node_config ON DELETE CASCADE
);

-- (c) Commits: recorded as pending before any device is touched, then done or failed. After a
-- crash, the nodes of a commit still pending are the only ones in doubt.
CREATE TABLE commit_record (
    commit_id   text PRIMARY KEY,
    operation   text NOT NULL,
    user_name   text,
    node_ids    text[] NOT NULL,
    state       text NOT NULL CHECK (state IN ('pending', 'done', 'failed')),
    message     text,
    started_at  timestamptz NOT NULL DEFAULT now(),
    finished_at timestamptz
);
CREATE INDEX commit_record_pending ON commit_record (started_at) WHERE state = 'pending';

-- (d) The transaction log: one row per finished commit, one per node with its diff.
CREATE TABLE transaction_log (
    commit_id   text PRIMARY KEY,
    seq         bigserial UNIQUE,
    finished_at timestamptz NOT NULL,
    user_name   text,
    operation   text NOT NULL,
    status      text NOT NULL
);

CREATE TABLE transaction_log_node (
    commit_id  text NOT NULL REFERENCES transaction_log ON DELETE CASCADE,
    node_id    text NOT NULL,
    status     text NOT NULL,
    error_type text,
    message    text,
    diff       bytea,                  -- each change: path, before and after images (binfmt stream)
    PRIMARY KEY (commit_id, node_id)
);

-- (e) Snapshots of intended configuration.
CREATE TABLE snapshot (
    name       text PRIMARY KEY,
    created_at timestamptz NOT NULL
);

CREATE TABLE snapshot_node (
    snapshot   text NOT NULL REFERENCES snapshot ON DELETE CASCADE,
    node_id    text NOT NULL,
    schema_key text NOT NULL,
    data       bytea NOT NULL,
    PRIMARY KEY (snapshot, node_id)
);

-- (f) YANG sources fetched from devices with <get-schema>. revision '' = none.
CREATE TABLE yang_source (
    module     text NOT NULL,
    revision   text NOT NULL,
    source     text NOT NULL,
    fetched_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (module, revision)
);
