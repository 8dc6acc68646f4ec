-- Several controller instances on one database (scale-out): each instance registers itself and
-- renews its row by heartbeat; each mounted node's long-lived device session belongs to the one
-- instance holding the node's lease. Every time below is the database's clock
-- (clock_timestamp()), never an instance's: instances compare nothing but database times.
CREATE TABLE controller_instance (
    instance_id  text PRIMARY KEY,
    incarnation  text NOT NULL,            -- fresh per start: only this run renews the id while it is live
    address      text NOT NULL,            -- where other instances and operators reach it (host:port)
    started_at   timestamptz NOT NULL,     -- first heartbeat of this registration
    heartbeat_at timestamptz NOT NULL,     -- last heartbeat
    expires_at   timestamptz NOT NULL      -- live while expires_at > clock_timestamp()
);

-- One row per mounted node, unowned (owner_instance NULL) until an instance claims it. The lease
-- is held while expires_at > clock_timestamp(); a heartbeat of its owner moves expires_at on.
-- epoch grows by one on every claim, so an (owner, epoch) pair names one term of ownership and a
-- former owner's epoch never becomes current again (fencing).
CREATE TABLE node_lease (
    topology_id    text COLLATE "C" NOT NULL,   -- "C": claims take nodes in the same order as Java sorts them
    node_id        text COLLATE "C" NOT NULL,
    owner_instance text REFERENCES controller_instance (instance_id) ON DELETE SET NULL,
    epoch          bigint NOT NULL DEFAULT 0,
    acquired_at    timestamptz,            -- when the current owner claimed it
    expires_at     timestamptz,
    PRIMARY KEY (topology_id, node_id)
);
CREATE INDEX node_lease_owner ON node_lease (owner_instance);
