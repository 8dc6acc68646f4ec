package io.sextant.persistence;

import org.eclipse.jdt.annotation.Nullable;

/**
 * A node whose device another live controller instance connects, with the connection state that
 * instance last reported for it.
 *
 * @param holder the instance holding the node's lease
 * @param statusOrNull the connection status it reported (the topology's own words, for example
 *     {@code connected}); null when it has reported none since it took the node
 * @param message the message it reported with the status (empty for none)
 */
public record NodeStateElsewhere(String nodeId, LeaseHolder holder, @Nullable String statusOrNull, String message) {
}
