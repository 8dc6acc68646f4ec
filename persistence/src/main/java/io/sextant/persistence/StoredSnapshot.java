package io.sextant.persistence;

import java.time.Instant;
import java.util.List;

/** A snapshot as stored: its name, when it was taken, and its nodes sorted by id. */
public record StoredSnapshot(String name, Instant created, List<SnapshotNode> nodes) {
    public StoredSnapshot {
        nodes = List.copyOf(nodes);
    }
}
