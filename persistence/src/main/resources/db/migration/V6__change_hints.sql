-- Several controller instances cache what is kept here (the configuration datastore, UniConfig
-- nodes). Every write of those tables sends a NOTIFY (delivered only when its transaction
-- commits) as a hint to the others, and stamps the rows it writes with its transaction id, so an
-- instance reads what changed since the transactions it has seen: rows whose changed_xid is at
-- or after the oldest transaction that was still running when it last read (a transaction
-- below that had ended, so what it wrote was read then). Hints carry no data and may be lost;
-- the stamps decide what is read. Triggers do it, so every writer is covered.

ALTER TABLE config_entry ADD COLUMN changed_xid xid8 NOT NULL DEFAULT pg_current_xact_id();
CREATE INDEX config_entry_changed ON config_entry (changed_xid);

-- Rows of config_entry deleted, so an instance can delete them too (kept for a while, then
-- pruned; an instance behind by more than that compares everything instead).
CREATE TABLE config_entry_gone (
    entry_key text COLLATE "C" NOT NULL,
    path      bytea NOT NULL,
    gone_xid  xid8 NOT NULL DEFAULT pg_current_xact_id(),
    gone_at   timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX config_entry_gone_xid ON config_entry_gone (gone_xid);
CREATE INDEX config_entry_gone_at ON config_entry_gone (gone_at);

ALTER TABLE node_config ADD COLUMN changed_xid xid8 NOT NULL DEFAULT pg_current_xact_id();
CREATE INDEX node_config_changed ON node_config (changed_xid);

CREATE FUNCTION sextant_stamp_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.changed_xid := pg_current_xact_id();
    RETURN NEW;
END $$;

CREATE FUNCTION sextant_config_entry_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO config_entry_gone (entry_key, path) VALUES (OLD.entry_key, OLD.path);
    RETURN OLD;
END $$;

-- one hint per channel and transaction: PostgreSQL folds equal notifications of a transaction.
-- Only while more than one instance is live: a transaction that notifies holds a cluster-wide
-- lock until it has committed (so that notifications arrive in commit order), which would
-- serialize every write of a lone instance for no reader. An instance that joins later catches
-- up from its start anyway, and every instance reads again every few seconds without a hint.
CREATE FUNCTION sextant_hint() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF (SELECT count(*) FROM controller_instance
        WHERE NOT retired AND expires_at > clock_timestamp()) > 1 THEN
        PERFORM pg_notify(TG_ARGV[0], '');
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER config_entry_stamp BEFORE UPDATE ON config_entry
    FOR EACH ROW EXECUTE FUNCTION sextant_stamp_change();
CREATE TRIGGER config_entry_gone AFTER DELETE ON config_entry
    FOR EACH ROW EXECUTE FUNCTION sextant_config_entry_gone();
CREATE TRIGGER config_entry_hint AFTER INSERT OR UPDATE OR DELETE ON config_entry
    FOR EACH STATEMENT EXECUTE FUNCTION sextant_hint('sextant_config');

CREATE TRIGGER node_config_stamp BEFORE UPDATE ON node_config
    FOR EACH ROW EXECUTE FUNCTION sextant_stamp_change();
CREATE TRIGGER node_config_hint AFTER INSERT OR UPDATE OR DELETE ON node_config
    FOR EACH STATEMENT EXECUTE FUNCTION sextant_hint('sextant_nodes');
