/**
 * RESTCONF over HTTP: the Netty pipeline, request parsing, status codes and response bodies.
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.restconf.http;

import org.eclipse.jdt.annotation.NonNullByDefault;
