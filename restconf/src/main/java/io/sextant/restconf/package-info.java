/**
 * The RESTCONF northbound (RFC 8040): the service that assembles the server and its HTTP transport.
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.restconf;

import org.eclipse.jdt.annotation.NonNullByDefault;
