/**
 * The transport-agnostic RESTCONF server API: requests, typed results and errors as data.
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.restconf.api;

import org.eclipse.jdt.annotation.NonNullByDefault;
