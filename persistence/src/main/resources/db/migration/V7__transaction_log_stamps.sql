-- Every controller instance shows the commits made through the others in its transaction log:
-- each log row is stamped with the transaction that wrote it, read as the rows of V6 are (rows
-- stamped at or after the reader's horizon), and writing one sends the UniConfig hint (only
-- while more than one instance is live, see sextant_hint in V6).

ALTER TABLE transaction_log ADD COLUMN logged_xid xid8 NOT NULL DEFAULT pg_current_xact_id();
CREATE INDEX transaction_log_logged ON transaction_log (logged_xid);

CREATE TRIGGER transaction_log_hint AFTER INSERT ON transaction_log
    FOR EACH STATEMENT EXECUTE FUNCTION sextant_hint('sextant_nodes');
