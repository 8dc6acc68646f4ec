/**
 * The engine shared by all units: reading a device's configuration through the handler tree, and planning and
 * rendering the commands of a diff.
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.translation.engine;

import org.eclipse.jdt.annotation.NonNullByDefault;
