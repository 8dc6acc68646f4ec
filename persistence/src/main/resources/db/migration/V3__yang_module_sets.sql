-- The module sets NETCONF schemas were built for: one row per schema, however many nodes use it
-- (uniconfig_node.schema_key names it). With the sources in yang_source (V1), a controller can
-- build a kept node's schema again without its device and without the schema cache of its data
-- directory. Sources are shared the same way: one row per module and revision.
CREATE TABLE yang_module_set (
    schema_id    text PRIMARY KEY,      -- hash of the set's modules and revisions
    capabilities text[] NOT NULL,       -- what a device of the set advertised in its hello
    unavailable  text[] NOT NULL,       -- those of its modules that did not make it into the schema
    kept_at      timestamptz NOT NULL DEFAULT now()
);
