/**
 * TLS for the northbound: PEM files, a self-signed certificate and the server's TLS setup.
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.security.tls;

import org.eclipse.jdt.annotation.NonNullByDefault;
