-- Devices' SSH host keys the controller trusts, per topology and node: learned on first use or
-- accepted by an operator (accept-host-key). Kept across restarts so that trust on first use
-- never trusts again a key it refused before.
CREATE TABLE known_host_key (
    topology_id text NOT NULL,
    node_id     text NOT NULL,
    public_key  text NOT NULL,          -- OpenSSH format: "ssh-ed25519 AAAA..."
    fingerprint text NOT NULL,          -- "SHA256:..." as ssh-keygen -l prints it
    since       timestamptz NOT NULL,
    PRIMARY KEY (topology_id, node_id)
);
