/**
 * Access control (RFC 8341) applied to RESTCONF data and operations.
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.restconf.nacm;

import org.eclipse.jdt.annotation.NonNullByDefault;
