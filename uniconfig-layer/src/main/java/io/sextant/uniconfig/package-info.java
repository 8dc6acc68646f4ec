/**
 * The UniConfig layer: intended and actual configuration per node, diffs, commits across
 * devices, syncs, snapshots, transactions and what is kept of them.
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.uniconfig;

import org.eclipse.jdt.annotation.NonNullByDefault;
