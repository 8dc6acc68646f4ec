/**
 * CLI translation units: the unit contract and registry, the CLI devices they serve, and config coverage.
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.translation;

import org.eclipse.jdt.annotation.NonNullByDefault;
