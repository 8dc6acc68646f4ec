package io.sextant.persistence;

import java.time.Instant;

/**
 * A point of a node's history as listed, without its data.
 *
 * @param fullCopy whether the point keeps a full copy of the configuration
 */
public record HistoryMark(long seq, String commitId, Instant committedAt, boolean fullCopy) {
}
