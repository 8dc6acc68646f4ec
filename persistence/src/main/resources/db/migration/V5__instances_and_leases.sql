-- Several controller instances on one database (scale-out): each instance registers itself and
-- renews its row by heartbeat; each mounted node's long-lived device session belongs to the one
-- instance holding the node's lease. Every time below is the database's clock
-- (clock_timestamp()), never an instance's: instances compare nothing but database times.
CREATE TABLE controller_instance (
    instance_id  text PRIMARY KEY,
    incarnation  text NOT NULL,            -- fresh per start: only this run renews the id while it is live
    address      text NOT NULL,            -- where other instances and operators reach it (host:port)
    started_at   timestamptz NOT NULL,     -- when this registration began (a lapsed one is begun anew)
    heartbeat_at timestamptz NOT NULL,     -- last heartbeat
    expires_at   timestamptz NOT NULL,     -- live while expires_at > clock_timestamp() and not retired
    retired      boolean NOT NULL DEFAULT false  -- expired, and its leases released by another instance's claim
);

-- One row per mounted node, unowned (owner_instance NULL) until an instance claims it. A lease is
-- held while its owner's registration is live: one heartbeat renews an instance and all its
-- leases by writing one row. A claim first retires expired registrations (releasing their
-- leases), and a registration never comes back to life: an instance whose registration lapsed
-- registers anew with nothing. epoch grows by one on every claim, so it names one term of
-- ownership and a former owner's epoch never becomes current again (fencing).
CREATE TABLE node_lease (
    topology_id    text COLLATE "C" NOT NULL,   -- "C": claims take nodes in the order Java sorts them
    node_id        text COLLATE "C" NOT NULL,
    owner_instance text REFERENCES controller_instance (instance_id) ON DELETE SET NULL,
    epoch          bigint NOT NULL DEFAULT 0,
    acquired_at    timestamptz,            -- when the current owner claimed it
    PRIMARY KEY (topology_id, node_id)
);
CREATE INDEX node_lease_owner ON node_lease (owner_instance);
CREATE INDEX node_lease_free ON node_lease (topology_id, node_id) WHERE owner_instance IS NULL;
