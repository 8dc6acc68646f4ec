/**
 * What a unit is built from: handlers, readers, writers, configuration lines and the contexts they run in.
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.translation.spi;

import org.eclipse.jdt.annotation.NonNullByDefault;
