/**
 * A simulated IOS-like CLI device over SSH, for tests and benchmarks.
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.testing.cli;

import org.eclipse.jdt.annotation.NonNullByDefault;
