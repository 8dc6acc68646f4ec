-- The connection state of each node's device as the controller instance connecting it last
-- reported it (NodeStates), so that a read of a whole topology's state through any instance shows
-- every node: a node's own state is read through its holder, a list of nodes is not sent on.
-- A row is trusted only while its instance still holds the node's lease and is live; it goes with
-- the node's lease row (the node unmounted).
CREATE TABLE node_connection (
    topology_id text COLLATE "C" NOT NULL,
    node_id     text COLLATE "C" NOT NULL,
    instance_id text NOT NULL,
    status      text NOT NULL,
    message     text NOT NULL,
    reported_at timestamptz NOT NULL,
    PRIMARY KEY (topology_id, node_id),
    FOREIGN KEY (topology_id, node_id) REFERENCES node_lease ON DELETE CASCADE
);
