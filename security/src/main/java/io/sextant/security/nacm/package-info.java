/**
 * NETCONF access control (RFC 8341): the NACM configuration, its rules and the decisions on reads and writes.
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.security.nacm;

import org.eclipse.jdt.annotation.NonNullByDefault;
