-- A point's full copy may be the node's configuration before the point's commit rather than after
-- it: the point then shares the bytes the node's actual configuration was stored with
-- (node_config_base, when that base is the configuration the commit started from), so that a
-- node's first point does not encode the whole configuration again. Reading such a point replays
-- its own diff onto the copy too.
ALTER TABLE node_history ADD COLUMN copy_before boolean NOT NULL DEFAULT false;
