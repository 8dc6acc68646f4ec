/**
 * The RESTCONF server: paths, bodies, edits and queries on the controller's datastores.
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.restconf.server;

import org.eclipse.jdt.annotation.NonNullByDefault;
