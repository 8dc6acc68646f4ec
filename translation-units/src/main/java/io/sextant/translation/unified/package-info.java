/**
 * CLI devices behind the unified device layer: the change of one commit on one CLI device.
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.translation.unified;

import org.eclipse.jdt.annotation.NonNullByDefault;
