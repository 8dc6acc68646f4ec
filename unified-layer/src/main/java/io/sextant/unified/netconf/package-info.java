/**
 * NETCONF devices as unified devices: candidate edits computed from a diff, and their reverse.
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.unified.netconf;

import org.eclipse.jdt.annotation.NonNullByDefault;
