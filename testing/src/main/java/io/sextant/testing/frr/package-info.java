/**
 * FRRouting routers in network namespaces of their own, for CLI tests.
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.testing.frr;

import org.eclipse.jdt.annotation.NonNullByDefault;
