-- The audit log in the database: every record of <data-dir>/audit/audit.log (which stays the
-- complete copy), written in batches by the controller, for operators to query. Rows older than
-- the retention (sextant.audit.retention-days, default 90) are deleted by the controller.
-- A row of type 'audit-gap' says how many records between two times are in the file only.
CREATE TABLE audit_event (
    id         bigserial PRIMARY KEY,
    event_id   uuid NOT NULL UNIQUE,       -- given by the controller: a batch written twice is kept once
    time       timestamptz NOT NULL,
    type       text NOT NULL,              -- login, login-failed, access-denied, write, rpc, device-connection,
                                           -- host-key, audit-gap
    user_name  text,
    source     text,                       -- the client's address
    request_id text,                       -- as in the Sextant-Request-Id header
    outcome    text NOT NULL,              -- success, failure, denied
    paths      text[] NOT NULL DEFAULT '{}',
    message    text NOT NULL DEFAULT '',
    details    jsonb NOT NULL DEFAULT '{}' -- secrets redacted as in the file
);
CREATE INDEX audit_event_time ON audit_event (time);
CREATE INDEX audit_event_user_time ON audit_event (user_name, time);
CREATE INDEX audit_event_type_time ON audit_event (type, time);
